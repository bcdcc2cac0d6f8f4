"""The seven wonders (p.14, p.15, p.2, p.20; rules reference §6.4, §7.3; docs/clash-cards.md §6;
C27, C59, C60, C110-C117): the cards, building one (with Monuments' reservation), every
refusal, and the powers outside combat. The Great Statue's range and shield are tested with
Cultural Influence (``test_clash_influence.py``), the Great Pyramids' tie with the end of the
game (``test_clash_turns.py``).

On the base map (``clash_map``) ann's D2 has D3 (Sea) for a Port; bob's F3 is 2 spaces away.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from clash_map import board, events, play, prompt, random_walk, refused, tokens, with_needs
from test_clash_support import comparable, roundtrip

import locales
from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.box.cards import WONDERS
from rules.clash.checks import invariants
from rules.clash.dispatch import grammar
from rules.clash.model.state import City, ClashState
from rules.clash.rounds import objectives, scoring
from rules.clash.wonders.construction import WONDER
from rules.core import IllegalAction, Rng, act

JSON = Any
#: Every advance some wonder needs, and Storage for Food above 2.
ALL = (
    "engineering",
    "irrigation",
    "rituals",
    "philosophy",
    "monuments",
    "cartography",
    "siegecraft",
    "priesthood",
    "storage",
)
RICH = {"food": 8, "wood": 8, "ore": 8, "gold": 2}


def ann(
    cities: list[JSON] | None = None, advances: tuple[str, ...] = ALL, **keys: JSON
) -> dict[str, JSON]:
    out: dict[str, JSON] = {
        "advances": with_needs(["farming", "mining", *advances]),
        "cities": cities or [{"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"}],
        "resources": RICH if "storage" in advances else {**RICH, "food": 2},
        "culture_tokens": 5,
    }
    return {**out, **keys}


def game(
    revealed: tuple[str, ...] = WONDERS,
    reserved: dict[str, str] | None = None,
    a: dict[str, JSON] | None = None,
    b: dict[str, JSON] | None = None,
    **extra: JSON,
) -> ClashState:
    a = a or ann()
    b = b or {"cities": [{"hex": "D7"}]}
    built = {c.get("wonder") for seat in (a, b) for c in seat.get("cities", [])}
    face_up = [w for w in revealed if w not in built]
    wonders = {"revealed": face_up, "reserved": reserved or {}}
    return board(ann=a, bob=b, wonders=wonders, **extra)


def d2(state: ClashState, seat: int = 0) -> City:
    city = state.seats[seat].city_at(parse_hex("D2"))
    assert city is not None
    return city


def test_the_seven_wonder_cards() -> None:
    """p.14, p.15, docs/clash-cards.md §6: Engineering and one advance more; 12 resources and 5
    culture tokens each (Monumental's costs, C60); the Lighthouse needs a Port."""
    assert tuple(WONDER) == WONDERS
    needs = {w.id: w.requires for w in WONDER.values()}
    assert needs == {
        "great_gardens": "irrigation",
        "great_pyramids": "rituals",
        "great_library": "philosophy",
        "great_statue": "monuments",
        "great_lighthouse": "cartography",
        "great_wall": "siegecraft",
        "great_mausoleum": "priesthood",
    }
    for w in WONDER.values():
        assert w.advances[0] == "engineering" and sum(w.cost.values()) == 12 and w.culture == 5
        assert max(w.cost.values()) <= 8 and w.source.startswith("seed+monumental")
        assert w.port == (w.id == "great_lighthouse")
    assert WONDER["great_library"].source == "seed+monumental+designed"


@pytest.mark.parametrize("wonder", WONDERS)
def test_every_wonder_can_be_built(wonder: str) -> None:
    """p.14, p.20, C27: one action activates the city; the wonder goes into it and leaves
    the revealed ones; resources and culture tokens are paid."""
    state = game()
    state, kinds = events(state, f"wonder d2 {wonder}")
    assert kinds[0] == "clash.wonder_built"
    assert d2(state).wonder == wonder and d2(state).activations == 1
    assert wonder not in state.cards.revealed
    me = state.seats[0]
    cost = WONDER[wonder].cost
    assert {r: RICH[r] - me.resources[r] for r in cost} == dict(cost)
    assert me.culture_tokens == 0 and state.turn_state.actions_left == 2
    assert scoring.breakdown(state, 0)["wonders"] == 5
    assert invariants.check(state) == []
    assert comparable(roundtrip(state)) == comparable(state)


def test_the_choices_name_the_cities_wonders_and_what_is_paid() -> None:
    state = game(
        revealed=("great_statue", "great_gardens"),
        a=ann(resources={"wood": 8, "ore": 8, "food": 2, "gold": 8}),
    )
    assert tokens(state, "wonder") == ["d2"]
    choices = GAME.choices(state, 0, ["wonder", "d2"])
    assert [c.token for c in choices] == ["great_statue", "great_gardens"]
    # Gold pays what Food lacks (C6, C110): 2 Food and 3 Gold for the Gardens' 5 Food.
    assert choices[1].params["cost"] == ["food_2", "wood_5", "ore_2", "gold_3", "culture_5"]
    state = play(state, "wonder d2 great_gardens")
    assert state.seats[0].resources["gold"] == 5 and state.seats[0].resources["food"] == 0


def test_a_repeated_activation_lowers_the_mood() -> None:
    """C27: building is an activation; a second one this turn lowers the mood (p.6)."""
    city = {"hex": "D2", "mood": "happy", "activations": 1}
    state = play(game(a=ann(cities=[city])), "wonder d2 great_statue")
    assert d2(state).mood == "neutral" and d2(state).activations == 2


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", "In your city on D2 (activated again: happy → neutral)"),
        ("hu", "Ebben a városodban: D2 (újra aktiválod: boldog → semleges)"),
    ],
)
def test_the_city_choice_says_a_repeated_activation_lowers_the_mood(lang: str, shown: str) -> None:
    """The button says before the tap what the build will do to the city's mood."""
    city = {"hex": "D2", "mood": "happy", "activations": 1}
    (choice,) = GAME.choices(game(a=ann(cities=[city])), 0, ["wonder"])
    assert choice.label == "clash.choice.wonder_city_mood_drops"
    assert (choice.params["mood"], choice.params["after"]) == ("happy", "neutral")
    assert locales.t(lang, choice.label, **choice.params) == shown
    (fresh,) = GAME.choices(game(), 0, ["wonder"])
    assert fresh.label == "clash.choice.wonder_city" and "after" not in fresh.params


def _refusal(state: ClashState, action: str) -> tuple[str, dict[str, Any]]:
    err = refused(state, action)
    return err.code, dict(err.params)


def test_the_refusals() -> None:
    """Each condition of p.14, p.20 with its code."""
    plain = game(revealed=("great_statue",))
    assert _refusal(plain, "wonder d2")[0] == "wonder_incomplete"
    assert _refusal(plain, "wonder d4 great_statue") == ("not_your_city", {"space": "D4"})
    assert _refusal(plain, "wonder d2 great_nothing")[0] == "unknown_wonder"
    assert _refusal(plain, "wonder d2 great_wall") == (
        "wonder_not_revealed",
        {"wonder": "great_wall"},
    )
    reserved = game(revealed=("great_statue",), reserved={"great_statue": "bob"})
    assert _refusal(reserved, "wonder d2 great_statue") == (
        "wonder_reserved_by_another",
        {"wonder": "great_statue", "player": "bob"},
    )
    angry = game(a=ann(cities=[{"hex": "D2", "mood": "angry"}]))
    assert _refusal(angry, "wonder d2 great_statue") == ("wonder_city_angry", {"city": "D2"})
    built = game(a=ann(cities=[{"hex": "D2", "wonder": "great_wall"}]), revealed=("great_statue",))
    assert _refusal(built, "wonder d2 great_statue") == (
        "city_has_a_wonder",
        {"city": "D2", "wonder": "great_wall"},
    )
    no_monuments = game(a=ann(advances=("engineering",)))
    assert _refusal(no_monuments, "wonder d2 great_statue") == (
        "wonder_needs_advance",
        {"wonder": "great_statue", "needs": "monuments"},
    )
    no_port = game(a=ann(cities=[{"hex": "D2"}]))
    assert _refusal(no_port, "wonder d2 great_lighthouse") == (
        "wonder_needs_a_port",
        {"wonder": "great_lighthouse", "city": "D2"},
    )
    poor = game(a=ann(culture_tokens=4))
    code, params = _refusal(poor, "wonder d2 great_statue")
    assert code == "cannot_pay_wonder" and "culture_5" in params["cost"]
    short = game(a=ann(resources={"food": 8, "wood": 8, "ore": 4, "gold": 0}))
    assert _refusal(short, "wonder d2 great_statue")[0] == "cannot_pay_wonder"
    assert tokens(short, "wonder") == ["d2"]  # the Gardens cost 2 Ore only
    # Nothing to build: not offered.
    assert "wonder" not in tokens(game(revealed=()))
    assert "wonder" not in tokens(angry)


def test_only_engineering_builds() -> None:
    """p.20: building a wonder is Engineering's ability."""
    state = game(a=ann(advances=("monuments",)))
    assert _refusal(state, "wonder d2 great_statue") == (
        "wonder_needs_advance",
        {"wonder": "great_statue", "needs": "engineering"},
    )


def test_monuments_builds_its_reserved_wonder_without_an_action() -> None:
    """p.2, p.20, C27: no action for the reserver's own wonder (still an activation); any
    other wonder takes one, and none is offered without an action left."""
    state = game(reserved={"great_statue": "ann"}, actions_left=0)
    assert tokens(state) == ["wonder", "trade", "end"]
    assert tokens(state, "wonder", "d2") == ["great_statue"]
    (choice,) = GAME.choices(state, 0, ["wonder", "d2"])
    assert choice.label == "clash.choice.wonder_free"
    assert _refusal(state, "wonder d2 great_wall") == ("no_actions_left", {})
    state, evs = act(GAME, state, 0, "wonder d2 great_statue")
    kinds = [e.kind for e in evs]
    assert kinds[:2] == ["clash.monuments_no_action", "clash.wonder_built"]
    assert state.cards.reserved == {} and d2(state).wonder == "great_statue"
    # No action was left: the turn is over.
    assert state.active == 1


def test_the_reserver_with_actions_keeps_them() -> None:
    state = play(game(reserved={"great_statue": "ann"}), "wonder d2 great_statue")
    assert state.turn_state.actions_left == 3


# -- powers ------------------------------------------------------------------------------------


def gardens_city(mood: str = "neutral") -> JSON:
    return {"hex": "D2", "mood": mood, "wonder": "great_gardens"}


def test_the_great_gardens_add_a_food_after_their_city_collects() -> None:
    """p.15: after this city Collects, 1 Food more."""
    a = ann(cities=[gardens_city()], resources={"food": 0, "wood": 0, "ore": 0, "gold": 0})
    state, evs = act(GAME, game(a=a), 0, "activate d2 collect d2")
    assert state.seats[0].resources["food"] == 2
    bonus = evs[-1]
    assert bonus.kind == "clash.bonus" and bonus.params["why"] == "great_gardens"
    # Another city of the owner collects without it.
    two = ann(
        cities=[gardens_city(), {"hex": "D4"}],
        resources={"food": 0, "wood": 0, "ore": 0, "gold": 0},
    )
    state = play(game(a=two), "activate d4 collect d4")
    assert state.seats[0].resources["food"] == 1


def test_the_great_gardens_ability_raises_a_mood_for_a_mood_token() -> None:
    """p.15, C25: one action and 1 mood token, one step happier; a happy city is not offered."""
    a = ann(cities=[gardens_city("angry"), {"hex": "D4", "mood": "happy"}], mood_tokens=2)
    state = game(a=a)
    assert tokens(state, "gardens") == ["d2"]
    assert _refusal(state, "gardens d4") == ("city_already_happy", {"city": "D4"})
    assert _refusal(state, "gardens")[0] == "gardens_needs_a_city"
    state, kinds = events(state, "gardens d2")
    assert kinds == ["clash.gardens_mood"]
    assert d2(state).mood == "neutral" and state.seats[0].mood_tokens == 1
    assert state.turn_state.actions_left == 2
    state = play(state, "gardens d2")
    assert d2(state).mood == "happy" and "gardens" not in tokens(state)
    none = game(a=ann(cities=[gardens_city()], mood_tokens=0))
    assert _refusal(none, "gardens d2") == ("gardens_needs_a_mood_token", {"count": 1})
    other = game(a=ann(mood_tokens=2))
    assert _refusal(other, "gardens d2") == ("gardens_needs_the_wonder", {})


def pyramids_game(dice: list[int], culture: int = 5) -> ClashState:
    """ann builds the Great Pyramids in D2 (size 2); bob's F3 (size 2, a Temple) is 2 away."""
    city = {"hex": "D2", "pieces": ["settlement", "academy"]}
    bob = {"cities": [{"hex": "D7"}, {"hex": "F3", "pieces": ["settlement", "temple"]}]}
    a = ann(cities=[city], culture_tokens=culture)
    return game(revealed=("great_pyramids",), a=a, b=bob, dice=dice)


def test_the_great_pyramids_give_two_free_influence_attempts() -> None:
    """p.15, C111: when built, its city may make 2 attempts at once without an action."""
    state = play(pyramids_game([2, 6]), "wonder d2 great_pyramids")
    assert prompt(state) == "pyramids" and tokens(state) == ["f3", "done"]
    assert tokens(state, "f3") == ["temple"]
    state, kinds = events(state, "f3 temple")
    assert kinds == ["clash.pyramids_attempt", "clash.influence_rolled", "clash.influence_failed"]
    assert prompt(state) == "pyramids" and GAME.pending(state)[0].params["count"] == 1
    state, kinds = events(state, "f3 temple")
    assert kinds[-1] == "clash.influence_succeeded"
    assert prompt(state) == "turn" and state.turn_state.actions_left == 2


def test_a_pyramids_success_ends_the_attempts_and_done_declines() -> None:
    """C36: one success a turn, so a first success leaves nothing to attempt."""
    state = play(pyramids_game([5]), "wonder d2 great_pyramids", "f3 temple")
    assert prompt(state) == "turn" and state.turn_state.influenced
    state = play(pyramids_game([]), "wonder d2 great_pyramids", "done")
    assert prompt(state) == "turn" and not state.turn_state.influenced


def test_a_pyramids_attempt_may_be_boosted_and_the_next_one_follows() -> None:
    """p.10: culture tokens after the roll; the second attempt is asked after the boost."""
    state = play(pyramids_game([4, 3], culture=8), "wonder d2 great_pyramids", "f3 temple")
    assert prompt(state) == "influence"
    state = play(state, "0")
    assert prompt(state) == "pyramids"
    state = play(state, "f3 temple")
    assert prompt(state) == "influence"
    state = play(state, "2")
    assert prompt(state) == "turn" and state.turn_state.influenced


def test_a_pyramids_decision_beneath_a_boost_may_have_no_target_left() -> None:
    """The first attempt pays its range with ann's last culture token and rolls short;
    Propaganda (A04) could still make up the shortfall, so the boost is asked, with the second
    attempt waiting beneath it and nothing left in range. That is a sound position (self-play
    seed 1001145 found the check refusing it), and the second attempt goes once answered."""
    bob = {"cities": [{"hex": "D7"}, {"hex": "F3", "pieces": ["settlement", "temple"]}]}
    a = ann(cities=[{"hex": "D2"}], culture_tokens=6, actions=["A04"])
    state = play(
        game(revealed=("great_pyramids",), a=a, b=bob, dice=[4]), "wonder d2 great_pyramids"
    )
    state = play(state, "f3 temple")
    assert [d.kind for d in state.prompts.decisions] == ["pyramids", "influence"]
    assert state.seats[0].culture_tokens == 0 and tokens(state) == ["a04", "0"]
    assert invariants.check(state) == []
    assert comparable(roundtrip(state)) == comparable(state)
    state, kinds = events(state, "a04")
    assert kinds[-1] == "clash.influence_succeeded"
    assert prompt(state) == "turn" and state.prompts.decisions == ()


def test_no_pyramids_attempt_without_a_target() -> None:
    state = game(revealed=("great_pyramids",))
    state = play(state, "wonder d2 great_pyramids")
    assert prompt(state) == "turn"


def test_the_great_library_gives_3_ideas_when_built() -> None:
    """p.15, C59: 3 Ideas (the number is designed)."""
    state, kinds = events(game(), "wonder d2 great_library")
    assert state.seats[0].resources["ideas"] == 3 and "clash.bonus" in kinds


def library_game(**extra: JSON) -> ClashState:
    """bob's turn; ann, on bob's right, owns the Great Library."""
    a = ann(cities=[{"hex": "D2", "wonder": "great_library"}], advances=("engineering",))
    b = {"cities": [{"hex": "D7"}], "resources": {"food": 2, "gold": 6}}
    return game(a=a, b=b, active="bob", **extra)


def test_the_great_library_gives_an_idea_for_an_advance_of_the_player_on_the_left() -> None:
    """p.15, C113: once per their turn, for an advance its owner does not have."""
    state = library_game()
    state, evs = act(GAME, state, 1, "advance storage")
    bonus = [e for e in evs if e.kind == "clash.bonus"]
    assert [e.params["player"] for e in bonus] == ["ann"]
    assert state.seats[0].resources["ideas"] == 1
    state = play(state, "advance irrigation")
    assert state.seats[0].resources["ideas"] == 1


def test_the_great_library_ignores_advances_its_owner_has() -> None:
    state = play(library_game(), "advance engineering")
    assert state.seats[0].resources["ideas"] == 0
    assert "great_library" not in state.turn_state.used
    state = play(state, "advance storage")
    assert state.seats[0].resources["ideas"] == 1


def test_the_great_library_ignores_its_owners_own_advances() -> None:
    a = ann(cities=[{"hex": "D2", "wonder": "great_library"}], advances=("engineering",))
    state = play(game(a=a), "advance storage")
    assert state.seats[0].resources["ideas"] == 0


def test_the_great_library_counts_only_the_player_on_the_left() -> None:
    """Three players seated ann, bob, cid: bob is on ann's left, cid is not."""
    players = ["ann", "bob", "cid"]
    base = {
        "seating": players,
        "first": "ann",
        "seats": {
            "ann": {
                "cities": [{"hex": "D2", "wonder": "great_library"}],
                "advances": with_needs(["farming", "mining", "engineering"]),
            },
            "bob": {"resources": {"food": 2}},
            "cid": {"resources": {"food": 2}},
        },
    }
    cid = GAME.setup_position(players, {}, 1, {**base, "active": "cid"})
    seat = GAME.pending(cid)[0].seat
    cid, _ = act(GAME, cid, seat, "advance storage")
    assert cid.seats[0].resources["ideas"] == 0
    bob = GAME.setup_position(players, {}, 1, {**base, "active": "bob"})
    bob, _ = act(GAME, bob, GAME.pending(bob)[0].seat, "advance storage")
    assert bob.seats[0].resources["ideas"] == 1


def lighthouse_city(**keys: JSON) -> JSON:
    city = {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"}
    return {**city, **keys}


def test_the_great_lighthouse_gives_a_ship_on_the_port_space() -> None:
    """p.15: a free ship in the city's Port space when built."""
    state, kinds = events(game(), "wonder d2 great_lighthouse")
    assert "clash.ship_launched" in kinds
    assert [(s.id, s.hex) for s in state.seats[0].ships] == [(1, parse_hex("D3"))]
    # No ship left in the box: none.
    full = ann(ships=[{"hex": "C4"}] * 4)
    state, kinds = events(game(a=full), "wonder d2 great_lighthouse")
    assert "clash.lighthouse_no_ship" in kinds and len(state.seats[0].ships) == 4


def test_the_lighthouse_ship_attacks_a_foreign_ship_on_the_port_space() -> None:
    """C44, C115: as a ship built there does."""
    state = game(b={"cities": [{"hex": "D7"}], "ships": [{"hex": "D3"}]}, dice=[1, 1])
    state, kinds = events(state, "wonder d2 great_lighthouse")
    assert "clash.battle_began" in kinds


def test_after_each_activation_of_the_lighthouse_city_a_ship_may_move() -> None:
    """p.15, C115: a may-decision after the activation, a sail without an action."""
    a = ann(cities=[lighthouse_city(wonder="great_lighthouse")], ships=[{"hex": "D3"}])
    state = play(game(a=a), "activate d2 collect d2")
    assert prompt(state) == "lighthouse"
    assert tokens(state) == ["d3", "done"]
    assert "c4" in tokens(state, "d3")
    assert tokens(state, "d3", "c4") == ["ship1"]
    err = refused(state, "d3 c4 army")
    assert err.code in ("lighthouse_moves_one_ship", "unknown_unit", "not_that_many")
    state, kinds = events(state, "d3 c4 ship1")
    assert kinds == ["clash.lighthouse_used", "clash.ships_sailed"]
    assert state.seats[0].ships[0].hex == parse_hex("C4")
    assert state.turn_state.actions_left == 2 and prompt(state) == "turn"
    assert state.turn_state.marks == ()
    # Declined.
    state = play(game(a=a), "activate d2 collect d2", "done")
    assert state.seats[0].ships[0].hex == parse_hex("D3") and prompt(state) == "turn"


def test_no_lighthouse_move_without_a_ship_or_elsewhere() -> None:
    a = ann(cities=[lighthouse_city(wonder="great_lighthouse")])
    assert prompt(play(game(a=a), "activate d2 collect d2")) == "turn"
    b = ann(cities=[lighthouse_city()], ships=[{"hex": "D3"}])
    assert prompt(play(game(a=b), "activate d2 collect d2")) == "turn"


def test_the_great_mausoleum_temple_does_not_activate() -> None:
    """p.15, C116: adding a Temple does not activate a city of the Mausoleum's owner."""
    cities = [{"hex": "D2", "activations": 1, "mood": "happy"}, {"hex": "D4"}]
    cities[1]["wonder"] = "great_mausoleum"
    a = ann(cities=cities, advances=(*ALL, "myths"))
    state, kinds = events(game(a=a), "activate d2 grow temple mood")
    assert kinds[-1] == "clash.mausoleum_no_activation"
    assert d2(state).activations == 1 and d2(state).mood == "happy"
    # Without it the same Temple activates the city again.
    cities[1].pop("wonder")
    state = play(
        game(a=ann(cities=cities, advances=(*ALL, "myths"))), "activate d2 grow temple mood"
    )
    assert d2(state).activations == 2 and d2(state).mood == "neutral"


def test_wonders_score_5_and_go_with_their_city() -> None:
    """p.4, p.14: 5 per wonder in a city one owns."""
    a = ann(cities=[{"hex": "D2", "wonder": "great_wall"}, {"hex": "D4", "wonder": "great_statue"}])
    state = game(a=a, revealed=())
    assert scoring.breakdown(state, 0)["wonders"] == 10
    assert scoring.wonders_of(state, 0) == ["great_wall", "great_statue"]


# -- positions and texts -------------------------------------------------------------------


def test_positions_hold_the_wonder_decisions() -> None:
    """The Pyramids' and the Lighthouse's decisions round-trip; one that cannot stand is a
    position error."""
    state = play(pyramids_game([]), "wonder d2 great_pyramids")
    assert comparable(roundtrip(state)) == comparable(state)
    a = ann(cities=[lighthouse_city(wonder="great_lighthouse")], ships=[{"hex": "D3"}])
    state = play(game(a=a), "activate d2 collect d2")
    assert comparable(roundtrip(state)) == comparable(state)
    bad = {"id": "lighthouse:1", "seat": "ann", "kind": "lighthouse", "params": {"city": "D2"}}
    with pytest.raises(IllegalAction):
        game(a=ann(), prompts=[{**bad, "turn": "ann"}])
    bad = {
        "id": "pyramids:1",
        "seat": "ann",
        "kind": "pyramids",
        "params": {"city": "D2", "count": 2},
    }
    with pytest.raises(IllegalAction):
        game(a=ann(), prompts=[{**bad, "turn": "ann"}])


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_the_wonder_texts_render(lang: str) -> None:
    """Every event, prompt and choice these tests meet reads as a sentence in both languages."""
    from host import text

    shown: list[str] = []
    a = ann(cities=[lighthouse_city(wonder="great_lighthouse")], ships=[{"hex": "D3"}])
    for state, action in (
        (game(reserved={"great_statue": "ann"}), "wonder d2 great_statue"),
        (game(a=a), "activate d2 collect d2"),
        (pyramids_game([2]), "wonder d2 great_pyramids"),
        (game(a=ann(cities=[gardens_city()], mood_tokens=1)), "gardens d2"),
    ):
        for prefix in ([], action.split()[:1], action.split()[:2]):
            shown += [text.choice_label(lang, c) for c in GAME.choices(state, 0, prefix)]
        state, evs = act(GAME, state, 0, action)
        shown += [locales.event_text(lang, e.kind, dict(e.params)) for e in evs]
        shown += [text.prompt_what(lang, "clash", p) for p in GAME.pending(state)]
        seat = GAME.pending(state)[0].seat
        shown += [text.choice_label(lang, c) for c in GAME.choices(state, seat, [])]
    assert shown and all("clash." not in s and "{" not in s for s in shown), shown


# -- random play ---------------------------------------------------------------------------

#: Turn actions of this step (building, the Gardens, activating for the Lighthouse and the
#: Mausoleum, influence for the Pyramids) and ``end``.
HEADS = ("wonder", "gardens", "activate", "influence", "end")


def _rich(hex_: str, **keys: JSON) -> JSON:
    return {"hex": hex_, "pieces": ["settlement", "port", "academy"], "port_faces": "D3", **keys}


def test_random_play_with_wonders_keeps_every_invariant() -> None:
    """Both players can build every wonder, with ships and targets for their powers."""
    seen: Counter[str] = Counter()
    everything = (*ALL, "myths", "tactics")
    # Walks until the powers have been met, twelve at most: each new choice on the way (Gold
    # named instead of resources, C138; the Lighthouse exploring, C134; Forced Labor, C137)
    # spreads the same number of random steps over more of them.
    for variant in range(12):
        if seen["clash.wonder_built"] >= 3 and seen["clash.gardens_mood"]:
            break
        a = ann(
            cities=[_rich("D2"), {"hex": "D4", "pieces": ["settlement", "temple"]}],
            advances=everything,
            ships=[{"hex": "D3"}],
            mood_tokens=4,
            culture_tokens=8,
        )
        b = {
            "cities": [{"hex": "D7"}, {"hex": "F3", "pieces": ["settlement", "temple"]}],
            "advances": with_needs(["farming", "mining", *everything]),
            "resources": RICH,
            "culture_tokens": 8,
            "mood_tokens": 4,
        }
        state = game(a=a, b=b, reserved={"great_statue": "bob"})
        rng = Rng(variant)
        for _ in range(60):
            if state.outcome is not None:
                break
            seat = GAME.pending(state)[0].seat
            action = random_walk(state, seat, rng, HEADS)
            state, evs = act(GAME, state, seat, action)
            seen.update(e.kind for e in evs)
            assert GAME.check_invariants(state) == [], action
            for decision in state.prompts.decisions:
                check = grammar.DECISIONS[decision.kind].problem
                assert check is None or check(state, decision) is None, decision
            assert comparable(roundtrip(state)) == comparable(state)
    assert seen["clash.wonder_built"] >= 3
    assert seen["clash.lighthouse_used"] and seen["clash.gardens_mood"]


def test_a_great_statue_built_shields_its_city_from_the_other_players() -> None:
    """p.15: built with the action, the Statue keeps bob's influence off ann's D2 (the rest
    of its power is tested with Cultural Influence)."""
    bob = {"cities": [{"hex": "D7"}, {"hex": "F3", "pieces": ["settlement", "academy"]}]}
    bob["culture_tokens"] = 2
    state = play(game(revealed=("great_statue",), b=bob), "end")
    assert tokens(state, "influence", "f3") == ["d2"]
    state = play(game(revealed=("great_statue",), b=bob), "wonder d2 great_statue", "end")
    assert "influence" not in tokens(state)


def test_building_a_wonder_offers_the_wonderful_objective() -> None:
    """O32 top (Wonderful, docs/clash-cards.md §5.3): the objectives follow the wonder actually
    built through the engine, not only a made-up event."""
    state = game(a=ann(objectives=["O32"]))
    state, kinds = events(state, "wonder d2 great_wall")
    assert "clash.objective_offered" in kinds
    assert objectives.offered(state, 0) == [("O32", "top")]
    assert GAME.pending(state)[0].kind == "objective"


# -- the Great Engineer (E37, docs/clash-cards.md §4.2, C86) ---------------------------------------

#: ann keeps the Great Engineer; the Statue costs 3 Food, 4 Wood, 5 Ore and 5 culture tokens.
#: She lacks a Wood and all Gold: without the discount she cannot build it.
ENGINEER_ANN = {"kept_events": ["E37"], "resources": {"food": 3, "wood": 3, "ore": 5, "gold": 0}}


def engineer_game(resources: dict[str, int] | None = None, **keys: JSON) -> ClashState:
    a = ann(**{**ENGINEER_ANN, **({"resources": resources} if resources else {}), **keys})
    return game(revealed=("great_statue",), a=a)


def test_the_great_engineer_discount_is_offered_when_it_makes_a_wonder_buildable() -> None:
    """§4.2: "pay 3 fewer resources for a Wonder you build this turn": offered only while
    some wonder could be built with it now (C86); the plain wonder action is not."""
    state = engineer_game()
    assert "wonder" not in tokens(state)
    assert tokens(state, "event") == ["e37"]
    (choice,) = GAME.choices(state, 0, ["event", "e37"])
    assert (choice.token, choice.label, choice.params) == (
        "wonder",
        "clash.choice.engineer_wonder",
        {"count": 3},
    )
    # No Wood at all: three off leave one to pay and no Gold stands in, so the card is not
    # offered for a wonder (nor for a piece: one city of size 2 cannot grow).
    poor = engineer_game({"food": 3, "wood": 0, "ore": 5, "gold": 0})
    assert "event" not in tokens(poor)
    assert refused(poor, "event e37 wonder").code == "not_a_kept_event"
    # No wonder revealed: nothing to take resources off (the city-size use still stands).
    city_size = game(revealed=(), a=ann(**ENGINEER_ANN, cities=[{"hex": "D2"}, {"hex": "D4"}]))
    assert "wonder" not in tokens(city_size, "event", "e37")
    err = refused(city_size, "event e37 wonder")
    assert err.code == "not_an_event_use" and "e37 d2 temple mood" in err.params["allowed"]


def test_the_great_engineer_takes_three_resources_off_the_next_wonder() -> None:
    """The card is used without an action and waits for the turn's next wonder; the wonder's
    choices name the full price, then the three resources, the last with what is paid."""
    state = engineer_game()
    state, kinds = events(state, "event e37 wonder")
    assert kinds == ["clash.event_used", "clash.engineer_discount"]
    assert state.turn_state.card_modifiers == ("E37",) and state.turn_state.actions_left == 3
    assert state.seats[0].kept_events == () and state.cards.discards["event"] == ("E37",)
    assert tokens(state, "wonder") == ["d2"]
    (statue,) = GAME.choices(state, 0, ["wonder", "d2"])
    assert (statue.label, statue.complete, statue.more) == (
        "clash.choice.wonder_engineer",
        False,
        True,
    )
    assert statue.params["cost"] == ["food_3", "wood_4", "ore_5", "culture_5"]
    # One Wood must come off (she has 3 of 4): Ore alone is no way to start, in cost order.
    assert tokens(state, "wonder", "d2", "great_statue") == ["food", "wood"]
    # After two Food the third must be Wood (three Food off leave the Wood short).
    assert tokens(state, "wonder", "d2", "great_statue", "food", "food") == ["wood"]
    last = GAME.choices(state, 0, ["wonder", "d2", "great_statue", "wood", "wood"])
    assert [(c.token, c.label, c.params["cost"]) for c in last] == [
        ("wood", "clash.choice.engineer_saves_last", ["food_3", "wood_1", "ore_5", "culture_5"]),
        ("ore", "clash.choice.engineer_saves_last", ["food_3", "wood_2", "ore_4", "culture_5"]),
    ]
    # Any order is accepted when typed.
    state, evs = act(GAME, state, 0, "wonder d2 great_statue ore wood food")
    saved = [e for e in evs if e.kind == "clash.engineer_saved"]
    assert [dict(e.params) for e in saved] == [
        {"player": "ann", "wonder": "great_statue", "saved": ["food_1", "wood_1", "ore_1"]}
    ]
    built = next(e for e in evs if e.kind == "clash.wonder_built")
    assert built.params["paid"] == ["food_2", "wood_3", "ore_4", "culture_5"]
    me = state.seats[0]
    assert (me.resources["food"], me.resources["wood"], me.resources["ore"]) == (1, 0, 1)
    assert d2(state).wonder == "great_statue" and state.turn_state.card_modifiers == ()
    assert state.turn_state.actions_left == 2
    assert invariants.check(state) == []


def test_the_great_engineer_discount_serves_one_wonder_only_and_saves_gold_too() -> None:
    """ "A Wonder": the next one built, not a second. A resource taken off that would have
    been paid in Gold saves the Gold (C6, C110)."""
    a = ann(
        cities=[{"hex": "D2"}, {"hex": "D4"}],
        kept_events=["E37"],
        resources={"food": 8, "wood": 8, "ore": 5, "gold": 8},
        culture_tokens=8,
    )
    state = game(revealed=("great_wall", "great_pyramids"), a=a)
    (wall, _) = GAME.choices(state, 0, ["wonder", "d2"])
    assert wall.params["cost"] == ["food_3", "wood_2", "ore_5", "gold_2", "culture_5"]
    state = play(state, "event e37 wonder")
    last = GAME.choices(state, 0, ["wonder", "d2", "great_wall", "ore", "ore"])
    assert [c.params["cost"] for c in last if c.token == "ore"] == [
        ["food_3", "wood_2", "ore_4", "culture_5"]
    ]
    state = play(state, "wonder d2 great_wall ore ore ore")
    me = state.seats[0]
    assert (me.resources["ore"], me.resources["gold"], me.culture_tokens) == (1, 8, 3)
    # Five culture tokens more (as if gained): the Pyramids are offered at their full price,
    # 1 Ore and 6 Gold for the 7 Ore, with no resource to name.
    state = state.copy()
    state.seats[0].culture_tokens = 8
    (pyramids,) = GAME.choices(state, 0, ["wonder", "d4"])
    assert pyramids.label == "clash.choice.wonder" and pyramids.complete
    assert pyramids.params["cost"] == ["food_2", "wood_3", "ore_1", "gold_6", "culture_5"]
    assert refused(state, "wonder d4 great_pyramids ore ore ore").code == "too_many_tokens"


def test_the_great_engineer_refusals() -> None:
    """Each bad saving has its code; nothing changes."""
    state = play(engineer_game(), "event e37 wonder")
    err = refused(state, "wonder d2 great_statue")
    assert (err.code, dict(err.params)) == (
        "engineer_names_resources",
        {"wonder": "great_statue", "count": 3, "allowed": ["food", "wood", "ore"]},
    )
    assert refused(state, "wonder d2 great_statue wood wood").code == "engineer_names_resources"
    err = refused(state, "wonder d2 great_statue wood wood ideas")
    assert (err.code, err.params["token"]) == ("engineer_not_in_the_cost", "ideas")
    # ``gold`` ends the action: Gold paying instead of a resource (C138), no saving.
    err = refused(state, "wonder d2 great_statue wood wood gold")
    assert err.code == "engineer_names_resources"
    assert refused(state, "wonder d2 great_statue wood wood ore ore").code == "too_many_tokens"
    # Three Ore off leaves the Wood short and no Gold: the price named cannot be paid.
    err = refused(state, "wonder d2 great_statue ore ore ore")
    assert (err.code, err.params["cost"]) == (
        "cannot_pay_wonder",
        ["food_3", "wood_4", "ore_2", "culture_5"],
    )
    # The Gardens cost 2 Ore: a third cannot come off.
    gardens = game(revealed=("great_gardens",), a=ann(kept_events=["E37"]))
    gardens = play(gardens, "event e37 wonder")
    err = refused(gardens, "wonder d2 great_gardens ore ore ore")
    assert (err.code, dict(err.params)) == (
        "engineer_more_than_the_cost",
        {"wonder": "great_gardens", "resource": "ore", "count": 2},
    )
    assert tokens(gardens, "wonder", "d2", "great_gardens", "ore", "ore") == []
    # Even three off is too little: every wonder refused with the discount named.
    short = game(
        revealed=("great_statue",),
        a=ann(resources={"food": 3, "wood": 0, "ore": 5, "gold": 0}),
        card_modifiers=["E37"],
        discards={"event": ["E37"]},
        fill_decks=True,
    )
    err = refused(short, "wonder d2 great_statue wood wood wood")
    assert (err.code, err.params["count"]) == ("cannot_pay_wonder_with_engineer", 3)
    assert "wonder" not in tokens(short)


def test_the_great_engineer_discount_lapses_with_the_turn_and_stands_in_positions() -> None:
    """A pending modifier of the turn (docs/clash-cards.md §8.1 (h)): a position holds it, and the
    next turn starts without it."""
    state = play(engineer_game(), "event e37 wonder")
    assert comparable(roundtrip(state)) == comparable(state)
    assert roundtrip(state).turn_state.card_modifiers == ("E37",)
    state = play(state, "end")
    assert state.active == 1 and state.turn_state.card_modifiers == ()
    with pytest.raises(IllegalAction) as caught:
        game(card_modifiers=["E37", "E37"])
    assert caught.value.params["problem"] == "card_modifier_twice"


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_the_great_engineer_texts(lang: str) -> None:
    """Every label, event and refusal of the discount reads in both languages."""
    from host import text

    state = engineer_game()
    seen = [*GAME.choices(state, 0, ["event", "e37"])]
    state, evs = act(GAME, state, 0, "event e37 wonder")
    seen += GAME.choices(state, 0, ["wonder", "d2"])
    seen += GAME.choices(state, 0, ["wonder", "d2", "great_statue"])
    seen += GAME.choices(state, 0, ["wonder", "d2", "great_statue", "wood", "wood"])
    texts = [text.choice_label(lang, c) for c in seen]
    errors = [
        refused(state, a)
        for a in (
            "wonder d2 great_statue",
            "wonder d2 great_statue wood wood gold",
            "wonder d2 great_statue ore ore ore",
        )
    ]
    texts += [locales.error_text(lang, e.code, e.params, "clash") for e in errors]
    _, built = act(GAME, state, 0, "wonder d2 great_statue wood wood ore")
    texts += [locales.event_text(lang, e.kind, e.params) for e in [*evs, *built]]
    for shown in texts:
        assert not shown.startswith(("clash.", "event.", "error.")) and "{" not in shown, shown


@pytest.mark.parametrize("seed", range(6))
def test_the_great_engineer_choices_are_exactly_the_savings_accepted(seed: int) -> None:
    """For random holdings (some affording no wonder at all): every saving the choices lead
    to is accepted and pays what its last label says; every saving of three kinds the action
    accepts is offered, in cost order; a wonder is offered exactly when some saving is."""
    rng = Rng(seed)
    held = {r: rng.randrange(9) for r in ("food", "wood", "ore")} | {"gold": rng.randrange(4)}
    state = game(
        a=ann(resources=held), card_modifiers=["E37"], discards={"event": ["E37"]}, fill_decks=True
    )
    for wonder in WONDERS:
        offered: dict[tuple[str, ...], JSON] = {}
        paths: list[list[str]] = [[]]
        while paths:
            path = paths.pop()
            for c in GAME.choices(state, 0, ["wonder", "d2", wonder, *path]):
                if c.complete:
                    offered[tuple(sorted([*path, c.token]))] = c.params["cost"]
                else:
                    paths.append([*path, c.token])
        accepted: dict[tuple[str, ...], JSON] = {}
        for picks in {tuple(sorted(p)) for p in _triples(WONDER[wonder].cost)}:
            try:
                _, evs = act(GAME, state, 0, f"wonder d2 {wonder} {' '.join(picks)}")
            except IllegalAction:
                continue
            built = next(e for e in evs if e.kind == "clash.wonder_built")
            accepted[picks] = built.params["paid"]
        assert offered == accepted, (wonder, held)
        assert bool(offered) == (wonder in tokens(state, "wonder", "d2"))


def _triples(cost: dict[str, int]) -> list[tuple[str, ...]]:
    kinds = list(cost)
    return [(x, y, z) for x in kinds for y in kinds for z in kinds]


def test_gold_may_pay_a_wonder_instead_of_resources_held_c110_c138() -> None:
    """Great Statue: 3 Food, 4 Wood, 5 Ore. ann holds 2 Food and 2 Gold: 1 Gold pays the
    Food she lacks, the other may keep 1 Food (``gold``, C138); a third is refused."""
    held = {"food": 2, "wood": 8, "ore": 8, "gold": 2}
    state = game(revealed=("great_statue",), a=ann(resources=held))
    choice = {c.token: c for c in GAME.choices(state, 0, ["wonder", "d2"])}
    assert choice["great_statue"].complete and choice["great_statue"].more
    assert tokens(state, "wonder", "d2", "great_statue") == ["gold", "gold_wood", "gold_ore"]
    me = play(state, "wonder d2 great_statue gold").seats[0].resources
    assert (me["food"], me["wood"], me["ore"], me["gold"]) == (1, 4, 3, 0)
    me = play(state, "wonder d2 great_statue").seats[0].resources
    assert (me["food"], me["gold"]) == (0, 1)
    assert _refusal(state, "wonder d2 great_statue gold gold") == (
        "too_much_gold",
        {"gold": 2, "count": 1},
    )


def test_gold_follows_the_great_engineers_saving_c138() -> None:
    """Statue less 3 Wood: 3 Food, 1 Wood, 5 Ore, all held; 1 Gold keeps 1 Food."""
    held = {"food": 3, "wood": 3, "ore": 5, "gold": 1}
    state = play(engineer_game(held), "event e37 wonder")
    rest = ["wonder", "d2", "great_statue", "wood", "wood", "wood"]
    assert tokens(state, *rest) == ["gold", "gold_wood", "gold_ore"]
    after = play(state, " ".join([*rest, "gold"])).seats[0].resources
    assert (after["food"], after["wood"], after["ore"], after["gold"]) == (1, 2, 0, 0)
    assert refused(state, "wonder d2 great_statue gold").code == "engineer_names_resources"
