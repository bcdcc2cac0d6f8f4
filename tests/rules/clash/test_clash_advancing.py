"""The Advance action and gaining advances (rules reference §3.1, §5.2, §5.3, §7; p.2, p.4,
p.5, p.7; open points C12-C20): each test names the rule it checks."""

from __future__ import annotations

from clash_map import board, events, play, prompt, refused, tokens

from rules.clash import GAME
from rules.clash.box.advances import BORDERS
from rules.clash.model.state import ClashState
from rules.core import Choice

START = ["farming", "mining"]


def choices(state: ClashState, *prefix: str) -> list[Choice]:
    return GAME.choices(state, GAME.pending(state)[0].seat, list(prefix))


def seat0(state):  # type: ignore[no-untyped-def]
    return state.seats[0]


def test_an_advance_costs_two_food_and_an_action_and_places_a_cube() -> None:
    state, kinds = events(board(), "advance irrigation")
    me = seat0(state)
    assert "irrigation" in me.advances and me.resources["food"] == 0
    assert kinds[0] == "clash.advance_bought" and state.turn_state.actions_left == 2


def test_the_first_advance_of_a_category_is_its_top_advance() -> None:
    err = refused(board(), "advance cartography")
    assert err.code == "top_advance_first" and err.params == {
        "advance": "cartography",
        "top": "fishing",
    }
    assert "cartography" not in tokens(board(), "advance")
    assert "fishing" in tokens(board(), "advance")


def test_red_prerequisites() -> None:
    state = board(ann={"resources": {"food": 2}})
    for advance, needs in (("roads", "engineering"), ("sanitation", "engineering")):
        err = refused(state, f"advance {advance}")
        assert err.code == "needs_advance" and err.params["needs"] == needs
    other = board(ann={"advances": [*START, "fishing", "bartering"]})
    assert refused(other, "advance navigation").params["needs"] == "cartography"
    assert refused(other, "advance taxation").params["needs"] == "currency"


def test_government_top_advances_need_their_prerequisite() -> None:
    """Nationalism needs Draft (p.7); Voting Philosophy and Dogma State Religion (C14 (a))."""
    state = board()
    for advance, needs in (
        ("nationalism", "draft"),
        ("voting", "philosophy"),
        ("dogma", "state_religion"),
    ):
        assert refused(state, f"advance {advance}").params["needs"] == needs
    ok = board(ann={"advances": [*START, "tactics", "draft"]})
    assert "nationalism" in seat0(play(ok, "advance nationalism")).advances


def test_an_advance_is_bought_once() -> None:
    assert refused(board(), "advance farming").code == "already_owned"


def test_gold_may_pay_instead_of_food_the_player_holds_c133() -> None:
    """p.7: Gold replaces any resource; the player names it (``gold`` once per Gold, C133)."""
    state = board(ann={"resources": {"food": 2, "gold": 2}})
    assert tokens(state, "advance", "storage") == ["gold"]
    plain = seat0(play(state, "advance storage")).resources
    assert (plain["food"], plain["gold"]) == (0, 2)  # without tokens: as before
    one = seat0(play(state, "advance storage gold")).resources
    assert (one["food"], one["gold"]) == (1, 1)
    kept = seat0(play(state, "advance storage gold gold")).resources
    assert (kept["food"], kept["gold"]) == (2, 0)
    err = refused(state, "advance storage gold gold gold")
    assert err.code == "too_much_gold"


def test_gold_keeps_food_then_ore_and_follows_ideas_c133() -> None:
    ann = {
        "advances": [*START, "tactics"],
        "resources": {"food": 1, "ore": 2, "ideas": 1, "gold": 3},
    }
    state = board(ann=ann)
    labels = [c.label for c in choices(state, "advance", "steel_weapons", "ideas")]
    assert labels == ["clash.choice.gold_for_food", "clash.choice.gold_for_ore"]
    assert tokens(state, "advance", "steel_weapons", "ideas") == ["gold", "gold_ore"]
    after = [c.label for c in choices(state, "advance", "steel_weapons", "ideas", "gold")]
    assert after == ["clash.choice.gold_for_ore"]
    me = seat0(play(state, "advance steel_weapons ideas gold gold")).resources
    assert (me["food"], me["ore"], me["ideas"], me["gold"]) == (1, 1, 0, 1)
    assert refused(state, "advance steel_weapons gold ideas").code == "too_many_tokens"


def test_the_player_says_which_resource_a_gold_keeps_c138() -> None:
    """``gold_ore`` keeps the Ore and the Food is paid; a Gold naming a resource the cost
    would not take from the player is refused, naming it."""
    # Steel Weapons costs 2 Food and 2 Ore: 2 Food and 2 Ore held, 2 Gold.
    ann = {"advances": [*START, "tactics"], "resources": {"food": 2, "ore": 2, "gold": 2}}
    state = board(ann=ann)
    me = seat0(play(state, "advance steel_weapons gold_ore")).resources
    assert (me["food"], me["ore"], me["gold"]) == (0, 1, 1)
    plain = seat0(play(state, "advance steel_weapons gold")).resources
    assert (plain["food"], plain["ore"], plain["gold"]) == (1, 0, 1)  # Food first
    both = seat0(play(state, "advance steel_weapons gold_ore gold")).resources
    assert (both["food"], both["ore"], both["gold"]) == (1, 1, 0)
    err = refused(state, "advance steel_weapons gold_wood")
    assert (err.code, err.params["resource"]) == ("gold_keeps_nothing", "wood")
    ann["resources"] = {"food": 2, "ore": 2, "gold": 3}
    richer = board(ann=ann)
    err = refused(richer, "advance steel_weapons gold_food gold_food gold_food")
    assert (err.code, err.params["resource"]) == ("gold_keeps_nothing", "food")


def test_gold_keeps_the_food_held_when_gold_also_pays_the_food_lacking_c138() -> None:
    """1 Food and 3 Gold: without ``gold`` the Food and 1 Gold pay; with it 2 Gold pay and
    the Food stays (before C138 the Gold named paid the Food lacking and kept nothing)."""
    state = board(ann={"resources": {"food": 1, "gold": 3}})
    plain = seat0(play(state, "advance storage")).resources
    assert (plain["food"], plain["gold"]) == (0, 2)
    kept = seat0(play(state, "advance storage gold")).resources
    assert (kept["food"], kept["gold"]) == (1, 1)
    assert refused(state, "advance storage gold gold").code == "too_much_gold"


def test_gold_is_not_offered_where_it_would_keep_nothing_c133() -> None:
    """Gold already pays what is lacking: a ``gold`` token would change nothing."""
    state = board(ann={"resources": {"food": 0, "gold": 2}})
    assert tokens(state, "advance", "storage") == []
    assert refused(state, "advance storage gold").code == "too_much_gold"


def test_ideas_may_replace_food_and_the_player_says_how_many() -> None:
    state = board(ann={"resources": {"food": 2, "ideas": 2}})
    assert tokens(state, "advance", "storage") == ["ideas"]
    one = seat0(play(state, "advance storage ideas")).resources
    assert (one["food"], one["ideas"]) == (1, 1)
    two = seat0(play(state, "advance storage ideas ideas")).resources
    assert (two["food"], two["ideas"]) == (2, 0)
    err = refused(state, "advance storage ideas ideas ideas")
    assert err.code == "too_many_ideas"


def test_gold_stands_in_for_what_is_lacking() -> None:
    state = board(ann={"resources": {"food": 1, "gold": 2}})
    me = seat0(play(state, "advance storage"))
    assert (me.resources["food"], me.resources["gold"]) == (0, 1)


def test_an_advance_nobody_can_pay_for_is_refused() -> None:
    state = board(ann={"resources": {"food": 1}})
    err = refused(state, "advance storage")
    assert err.code == "cannot_pay_advance" and err.params["food"] == 2
    assert "advance" not in tokens(state)


def test_steel_weapons_costs_two_ore_more_and_metallurgy_waives_both() -> None:
    state = board(ann={"advances": [*START, "tactics"], "resources": {"food": 2, "ore": 1}})
    assert refused(state, "advance steel_weapons").params == {
        "advance": "steel_weapons",
        "food": 2,
        "ore": 2,
    }
    free = ["tactics", "mathematics", "chemistry", "metallurgy"]
    state = board(ann={"advances": [*START, *free], "resources": {}})
    me = seat0(play(state, "advance steel_weapons"))
    assert "steel_weapons" in me.advances and state.turn_state.actions_left == 3


def test_waived_advances_cost_nothing_but_still_take_the_action() -> None:
    state = board(ann={"advances": [*START, "mathematics"], "resources": {}})
    state = play(state, "advance engineering")
    assert "engineering" in seat0(state).advances and state.turn_state.actions_left == 2


def test_priesthood_waives_the_food_of_one_science_advance_a_turn() -> None:
    ann = {"advances": [*START, "myths", "priesthood"], "resources": {"food": 2}}
    state = play(board(ann=ann), "advance mathematics")
    assert seat0(state).resources["food"] == 2 and "priesthood" in state.turn_state.used
    state = play(state, "advance astronomy")
    assert seat0(state).resources["food"] == 0


def test_a_bordered_advance_raises_its_level_and_gives_a_token() -> None:
    assert BORDERS["storage"] == "happiness" and BORDERS["tactics"] == "culture"
    state = board(ann={"resources": {"food": 2}})
    me = seat0(play(state, "advance storage"))
    assert (me.happiness_level, me.mood_tokens) == (1, 1)
    state = board(ann={"resources": {"food": 2}})
    me = seat0(play(state, "advance tactics"))
    assert (me.culture_level, me.culture_tokens) == (1, 1)
    plain = seat0(play(board(), "advance engineering"))
    assert (plain.culture_level, plain.happiness_level, plain.culture_tokens) == (0, 0, 0)


def test_at_level_eight_the_token_is_still_taken_and_tokens_stop_at_eight() -> None:
    ann = {"happiness_level": 8, "mood_tokens": 7, "resources": {"food": 2}}
    me = seat0(play(board(ann=ann), "advance storage"))
    assert (me.happiness_level, me.mood_tokens) == (8, 8)


def test_reaching_level_three_five_or_seven_draws_an_event_card() -> None:
    ann = {"happiness_level": 2, "resources": {"food": 2}}
    state = board(ann=ann, decks={"event": ["E07"]}, fill_decks=True)
    state, kinds = events(state, "advance storage")
    assert "clash.event_card" in kinds and state.cards.discards["event"] == ("E07",)
    ann = {"happiness_level": 3, "resources": {"food": 2}}
    _, kinds = events(board(ann=ann), "advance storage")
    assert "clash.event_card" not in kinds


def test_engineering_reveals_the_top_wonder() -> None:
    state = board(decks={"wonder": ["great_wall"]}, fill_decks=True)
    state, kinds = events(state, "advance engineering")
    assert state.cards.revealed == ("great_wall",) and "clash.wonder_revealed" in kinds


def test_monuments_reveals_a_wonder_and_reserves_one_for_its_owner() -> None:
    ann = {"advances": [*START, "art_sculptures"], "resources": {"food": 2}}
    one = board(ann=ann, decks={"wonder": ["great_statue"]}, fill_decks=True)
    state = play(one, "advance monuments")
    assert state.cards.reserved == {"great_statue": 0}
    two = board(
        ann=ann,
        decks={"wonder": ["great_statue"]},
        fill_decks=True,
        wonders={"revealed": ["great_wall"]},
    )
    state = play(two, "advance monuments")
    assert prompt(state) == "reserve_wonder" and tokens(state) == ["great_wall", "great_statue"]
    assert refused(state, "great_gardens").code == "not_a_revealed_wonder"
    state = play(state, "great_wall")
    assert state.cards.reserved == {"great_wall": 0} and prompt(state) == "turn"


def test_metallurgy_gives_two_ore_to_an_owner_of_steel_weapons() -> None:
    ann = {"advances": [*START, "tactics", "steel_weapons", "mathematics", "chemistry"]}
    me = seat0(play(board(ann=ann), "advance metallurgy"))
    assert me.resources["ore"] == 2


def test_philosophy_gives_an_idea_and_one_for_every_science_advance() -> None:
    ann = {"advances": [*START, "writing"], "resources": {"food": 2}}
    assert seat0(play(board(ann=ann), "advance philosophy")).resources["ideas"] == 1
    ann = {"advances": [*START, "writing", "philosophy"], "resources": {"food": 2}}
    assert seat0(play(board(ann=ann), "advance mathematics")).resources["ideas"] == 1


def test_writing_draws_cards_with_a_government_or_with_the_first_one() -> None:
    gov = {"advances": [*START, "tactics", "draft", "nationalism"], "resources": {"food": 2}}
    state, kinds = events(board(ann=gov), "advance writing")
    assert kinds.count("clash.card_drawn") == 2
    # A position deals no cards: the two drawn are the hand.
    assert len(seat0(state).actions) == 1 and len(seat0(state).objectives) == 1
    later = {"advances": [*START, "writing", "tactics", "draft"], "resources": {"food": 2}}
    state, kinds = events(board(ann=later), "advance nationalism")
    assert kinds.count("clash.card_drawn") == 2


def test_a_drawn_card_is_shown_only_to_its_owner() -> None:
    from rules.clash import GAME

    gov = {"advances": [*START, "tactics", "draft", "nationalism"], "resources": {"food": 2}}
    state = board(ann=gov)
    _, evs = GAME.apply(state, 0, "advance writing")
    private = [e for e in evs if e.visible_to is not None]
    assert private and all(e.visible_to == (0,) for e in private)
    assert all("card" not in e.params for e in evs if e.visible_to is None)


def test_switching_government_moves_every_cube_and_raises_nothing() -> None:
    """Three Autocracy advances become three Democracy advances, one of them Voting (p.7)."""
    autocracy = ["tactics", "draft", "nationalism", "totalitarianism", "forced_labor"]
    ann = {"advances": [*START, "writing", "philosophy", *autocracy], "resources": {"food": 2}}
    state = board(ann=ann)
    assert refused(state, "advance voting").code == "place_government_cubes"
    assert refused(state, "advance voting separation_of_power").code == "place_government_cubes"
    assert set(tokens(state, "advance", "voting")) == {
        "separation_of_power",
        "civil_liberties",
        "economic_liberty",
    }
    assert refused(state, "advance voting dogma devotion").code == "not_in_the_new_government"
    state, kinds = events(state, "advance voting civil_liberties economic_liberty")
    me = seat0(state)
    assert me.government == "democracy"
    assert {"voting", "civil_liberties", "economic_liberty"} <= me.advances
    assert not {"nationalism", "totalitarianism", "forced_labor"} & me.advances
    assert "clash.government_switched" in kinds and me.culture_level == 0


def test_dogma_caps_ideas_at_two() -> None:
    ann = {"advances": [*START, "myths", "state_religion"], "resources": {"food": 2, "ideas": 6}}
    me = seat0(play(board(ann=ann), "advance dogma"))
    assert me.resources["ideas"] == 2


def test_dogma_caps_ideas_at_two_when_it_switches_the_government() -> None:
    autocracy = [*START, "myths", "state_religion", "tactics", "draft"]
    autocracy += ["nationalism", "forced_labor"]
    ann = {"advances": autocracy, "resources": {"food": 2, "ideas": 8}}
    me = seat0(play(board(ann=ann), "advance dogma devotion"))
    assert {"dogma", "devotion"} <= me.advances and me.resources["ideas"] == 2


def test_free_education_gives_a_mood_token_for_an_advance_paid_with_ideas_and_gold() -> None:
    ann = {
        "advances": [*START, "writing", "free_education"],
        "resources": {"ideas": 1, "gold": 1},
    }
    me = seat0(play(board(ann=ann), "advance engineering ideas"))
    assert me.mood_tokens == 1
    paid_food = {"advances": [*START, "writing", "free_education"], "resources": {"food": 2}}
    assert seat0(play(board(ann=paid_food), "advance engineering")).mood_tokens == 0


def test_the_menu_lists_buyable_advances_with_their_price() -> None:
    from rules.clash import GAME

    choices = {c.token: c for c in GAME.choices(board(), 0, ["advance"])}
    assert choices["storage"].label == "clash.choice.advance"
    assert choices["storage"].params == {"advance": "storage", "food": 2}
    assert choices["storage"].complete and not choices["storage"].more
    assert "roads" not in choices and "farming" not in choices


def test_a_pending_decision_is_part_of_the_position() -> None:
    """Monuments' reservation waits on the prompt stack; the position format carries it."""
    import json

    from rules.clash import GAME
    from rules.clash.position.export import position_of

    ann = {"advances": [*START, "art_sculptures"], "resources": {"food": 2}}
    state = board(
        ann=ann,
        decks={"wonder": ["great_statue"]},
        fill_decks=True,
        wonders={"revealed": ["great_wall"]},
    )
    state = play(state, "advance monuments")
    pos = json.loads(json.dumps(position_of(state)))
    assert pos["prompts"] == [
        {
            "id": "reserve:1.1.0",
            "seat": "ann",
            "kind": "reserve_wonder",
            "params": {},
            "turn": "ann",
        }
    ]
    again = GAME.setup_position(["ann", "bob"], {}, 0, pos)
    assert again.prompts == state.prompts and prompt(again) == "reserve_wonder"
    pos["prompts"][0]["kind"] = "nonsense"
    import pytest

    from rules.core import IllegalAction

    with pytest.raises(IllegalAction) as bad:
        GAME.setup_position(["ann", "bob"], {}, 0, pos)
    assert bad.value.params["field"] == "prompts[0].kind"


def test_dogma_gives_a_free_theocracy_advance_for_each_new_temple() -> None:
    """p.2: the player picks among the open Theocracy advances; one left is given at once."""
    ann = {
        "advances": [*START, "myths", "state_religion", "dogma"],
        "resources": {"food": 1, "ore": 1, "wood": 1},
        "cities": [{"hex": "D2"}, {"hex": "B2"}],
    }
    state = play(board(ann=ann), "activate d2 grow temple mood")
    assert prompt(state) == "dogma_advance"
    assert tokens(state) == ["devotion", "conversion", "fanaticism"]
    assert refused(state, "voting").code == "not_a_theocracy_advance"
    state = play(state, "conversion")
    assert "conversion" in seat0(state).advances and prompt(state) == "turn"
    last = {
        **ann,
        "advances": [*START, "myths", "state_religion", "dogma", "devotion", "conversion"],
    }
    state, kinds = events(board(ann=last), "activate d2 grow temple mood")
    assert "fanaticism" in seat0(state).advances and "clash.dogma_advance" in kinds
