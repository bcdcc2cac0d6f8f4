"""Every effect, its arguments, its refusals and the per-turn limits."""

from __future__ import annotations

import pytest
from civ_support import area, hand, in_effects, kinds, position, refused, run, tokens_after

from rules.civ import GAME

FOUR = ("alice", "bob", "carol", "dave")
THREE = ("alice", "bob", "carol")
PARTIAL = {"partial_effects": True}


# -- Military ---------------------------------------------------------------------------


def test_assassination_discards_one_own_hand_card() -> None:
    """Level 1 Military: one card of your hand to the discard pile, nobody else affected."""
    state = in_effects(
        seats={"alice": {"area": {"military": 3}, "hand": {"science": 1, "utopia": 1}}}
    )
    assert tokens_after(state, "alice", "assassination") == ["science", "utopia"]
    state, events = run(state, "alice: assassination utopia")
    assert hand(state, "alice") == {"science": 1}
    assert state.discard[-1] == 5
    assert events[0].params == {"player": "alice", "domains": ["utopia"]}
    assert refused(state, "alice: purge science science").code == "effect_used"


def test_military_levels_need_their_thresholds() -> None:
    """2-3 players: 3 cards for level 1, 5 for level 2; 4 players: 2 and 4."""
    state = in_effects(seats={"alice": {"area": {"military": 2}, "hand": {"science": 2}}})
    assert refused(state, "alice: assassination science").code == "level_not_reached"
    state = in_effects(seats={"alice": {"area": {"military": 4}, "hand": {"science": 2}}})
    assert refused(state, "alice: purge science science").code == "level_not_reached"
    state = in_effects(
        players=FOUR, seats={"alice": {"area": {"military": 4}, "hand": {"science": 2}}}
    )
    state, _ = run(state, "alice: purge science science")
    assert hand(state, "alice") == {}


def test_purge_needs_two_cards_unless_partial_effects() -> None:
    """Full effects only: Purge with one hand card cannot start; partial discards one."""
    seats = {"alice": {"area": {"military": 5}, "hand": {"science": 1}}}
    state = in_effects(seats=seats)
    assert refused(state, "alice: purge science").code == "cannot_complete"
    assert "purge" not in tokens_after(state, "alice")
    state = in_effects(seats=seats, options=PARTIAL)
    assert [c.complete for c in GAME.choices(state, 0, ["purge"])] == [True]
    state, events = run(state, "alice: purge science")
    assert hand(state, "alice") == {}
    assert events[0].params["domains"] == ["science"]


def test_attack_costs_military_and_hits_every_other_player() -> None:
    """Attack: pay Military, discard a named-domain card; every other player loses one."""
    seats = {
        "alice": {"area": {"military": 1, "science": 2}},
        "bob": {"area": {"science": 1}},
        "carol": {"area": {"culture": 2}},
    }
    state = in_effects(players=THREE, seats=seats)
    assert tokens_after(state, "alice", "attack") == ["science"]
    state, events = run(state, "alice: attack science")
    assert area(state, "alice") == {"science": 1}
    assert area(state, "bob") == {}
    assert area(state, "carol") == {"culture": 2}
    assert kinds(events) == ["civ.attack", "civ.attack_loss"]
    assert events[0].params["victims"] == ["bob"]
    assert sorted(state.discard) == [0, 3, 3]


def test_attack_naming_military_needs_a_second_military_card() -> None:
    """You must discard a card of the named domain after paying."""
    state = in_effects(seats={"alice": {"area": {"military": 1, "culture": 1}}})
    assert refused(state, "alice: attack military").code == "not_in_area"
    assert refused(state, "alice: attack religion").code == "not_in_area"
    state = in_effects(seats={"alice": {"area": {"military": 2}}, "bob": {"area": {"military": 3}}})
    state, _ = run(state, "alice: attack military")
    assert area(state, "alice") == {} and area(state, "bob") == {"military": 2}


def test_attack_hits_a_teammate_too() -> None:
    """In the team game the partner is just another player."""
    seats = {s: {"area": {"culture": 1}} for s in FOUR}
    seats["alice"]["area"] = {"military": 1, "culture": 1}
    state = in_effects(players=FOUR, options={"teams": True}, seats=seats)
    state, _ = run(state, "alice: attack culture")
    assert all(area(state, p) == {} for p in FOUR)


# -- Religion ---------------------------------------------------------------------------


def test_inquisition_takes_the_hand_and_gives_back_as_many() -> None:
    """The actor sees the whole hand, then returns exactly that many cards of their choice."""
    seats = {
        "alice": {"area": {"religion": 1}, "hand": {"utopia": 1}},
        "bob": {"hand": {"science": 2, "culture": 1}},
    }
    state = in_effects(seats=seats)
    state, events = run(state, "alice: inquisition @bob")
    assert kinds(events) == ["civ.inquisition", "civ.inquisition_hand"]
    assert events[0].params["count"] == 3 and "domains" not in events[0].params
    assert events[1].visible_to == (0,)
    assert events[1].params["domains"] == ["science", "science", "culture"]
    assert [(p.kind, p.params) for p in GAME.pending(state)] == [
        ("inquisition_return", {"count": 3, "target": "bob"})
    ]
    assert GAME.view(state, 0)["private"] == {
        "inquisition": {"target": 1, "taken": ["science", "science", "culture"]}
    }
    assert GAME.view(state, 1)["private"] == {}
    assert refused(state, "alice: end").code == "effect_in_progress"
    assert refused(state, "alice: return utopia science").code == "wrong_count"
    assert refused(state, "alice: return utopia utopia science").code == "not_in_hand"
    state, events = run(state, "alice: return utopia science culture")
    assert hand(state, "alice") == {"science": 1}
    assert hand(state, "bob") == {"science": 1, "culture": 1, "utopia": 1}
    private = events[1]
    assert private.visible_to == (0, 1) and private.params["domains"] == [
        "science",
        "culture",
        "utopia",
    ]
    assert state.step == "effects"


def test_inquisition_on_an_empty_hand_is_legal_and_pointless() -> None:
    """Nothing to take means nothing to give back: no extra prompt."""
    seats = {"alice": {"area": {"religion": 1}}}
    state = in_effects(seats=seats)
    state, _ = run(state, "alice: inquisition @bob")
    assert state.step == "effects" and area(state, "alice") == {}
    assert refused(in_effects(seats=seats), "alice: inquisition @alice").code == "bad_target"


def test_holy_book_and_divine_right_are_not_actions() -> None:
    """Religion's permanent effects are passive; they are never typed as actions."""
    state = in_effects(seats={"alice": {"area": {"religion": 5}}})
    assert "holy-book" not in tokens_after(state, "alice")
    assert refused(state, "alice: holy-book").code == "unknown_action"


# -- Economy ----------------------------------------------------------------------------


def test_progress_discards_any_area_card_then_plays() -> None:
    """Culture cards may be discarded; the play is an extra play."""
    seats = {"alice": {"area": {"economy": 3, "culture": 1}, "hand": {"science": 1}}}
    state = in_effects(seats=seats)
    state, events = run(state, "alice: progress culture science")
    assert area(state, "alice") == {"economy": 3, "science": 1}
    assert events[0].params == {"player": "alice", "discarded": ["culture"], "played": ["science"]}
    assert refused(state, "alice: monopoly economy economy science science").code == "effect_used"


def test_progress_needs_a_playable_card_unless_partial() -> None:
    """Without a playable card Progress cannot complete; partial discards only."""
    seats = {"alice": {"area": {"economy": 3}, "hand": {"science": 1}, "embargoed": ["science"]}}
    state = in_effects(seats=seats)
    assert refused(state, "alice: progress economy science").code == "cannot_complete"
    state = in_effects(seats=seats, options=PARTIAL)
    assert [c.complete for c in GAME.choices(state, 0, ["progress"])] == [True]
    state, _ = run(state, "alice: progress economy")
    assert area(state, "alice") == {"economy": 2}


def test_monopoly_discards_two_and_plays_two() -> None:
    """Level 2 Economy; the two discards may be Economy cards themselves."""
    seats = {"alice": {"area": {"economy": 5}, "hand": {"science": 1, "utopia": 1}}}
    state = in_effects(seats=seats)
    state, _ = run(state, "alice: monopoly economy economy utopia science")
    assert area(state, "alice") == {"economy": 3, "science": 1, "utopia": 1}
    assert hand(state, "alice") == {}


def test_monopoly_with_one_playable_card() -> None:
    """Full effects refuse; partial effects play the one card there is."""
    seats = {"alice": {"area": {"economy": 5}, "hand": {"science": 1}}}
    assert "monopoly" not in tokens_after(in_effects(seats=seats), "alice")
    state = in_effects(seats=seats, options=PARTIAL)
    state, _ = run(state, "alice: monopoly economy economy science")
    assert area(state, "alice") == {"economy": 3, "science": 1}
    assert refused(
        in_effects(seats=seats, options=PARTIAL), "alice: monopoly economy economy science science"
    ).code in ("too_many_tokens", "not_in_hand")


# -- Science ----------------------------------------------------------------------------


def test_experiment_may_replay_the_card_taken_back() -> None:
    """Take a card back, then play one (the same one is allowed)."""
    seats = {"alice": {"area": {"science": 3, "culture": 1}}}
    state = in_effects(seats=seats)
    assert tokens_after(state, "alice", "experiment") == ["science", "culture"]
    assert tokens_after(state, "alice", "experiment culture") == ["culture"]
    state, events = run(state, "alice: experiment culture culture")
    assert area(state, "alice") == {"science": 3, "culture": 1}
    assert events[0].params == {"player": "alice", "taken": ["culture"], "played": ["culture"]}


def test_experiment_offers_only_completable_takes() -> None:
    """Taking back an embargoed card with nothing else playable could not complete."""
    seats = {"alice": {"area": {"science": 3, "culture": 1}, "embargoed": ["culture"]}}
    state = in_effects(seats=seats)
    assert tokens_after(state, "alice", "experiment") == ["science"]
    assert refused(state, "alice: experiment culture science").code == "cannot_complete"


def test_research_takes_two_and_plays_two() -> None:
    """Level 2 Science."""
    seats = {"alice": {"area": {"science": 5, "utopia": 1}, "hand": {"military": 1}}}
    state = in_effects(seats=seats)
    state, _ = run(state, "alice: research utopia science military science")
    assert area(state, "alice") == {"science": 5, "military": 1}
    assert hand(state, "alice") == {"utopia": 1}


def test_breakthrough_draws_five_and_discards_five() -> None:
    """Pay a Science card, draw 5, then discard 5 of the whole hand."""
    state = in_effects(seats={"alice": {"area": {"science": 1}, "hand": {"utopia": 2}}})
    deck_before = len(state.deck)
    state, events = run(state, "alice: breakthrough")
    assert len(state.deck) == deck_before - 5
    assert kinds(events) == ["civ.breakthrough", "civ.breakthrough_drawn"]
    assert events[1].visible_to == (0,)
    assert [p.kind for p in GAME.pending(state)] == ["breakthrough_discard"]
    assert GAME.pending(state)[0].params == {"count": 5}
    assert sum(state.seats[0].hand) == 7
    drawn = GAME.view(state, 0)["private"]["breakthrough"]["drawn"]
    assert len(drawn) == 5
    assert refused(state, "alice: discard utopia").code == "wrong_count"
    cards = GAME.view(state, 0)["hand"][:5]
    state, events = run(state, "alice: discard " + " ".join(cards))
    assert sum(state.seats[0].hand) == 2
    assert events[0].params["domains"] == cards  # the view's hand is in domain order
    assert events[0].visible_to is None  # the discard pile is open
    assert state.step == "effects"


def test_breakthrough_near_the_end_of_the_deck_triggers_the_final_round() -> None:
    """With k <= 4 cards left draw them all and discard k; the last card ends the game soon."""
    from civ_support import rest_of_box

    seats = {"alice": {"area": {"science": 1}, "hand": {"utopia": 1}}}
    deck = [[3, "culture"], [3, "economy"]]
    state = in_effects(
        fill_deck=False, seats=seats, deck=deck, **rest_of_box(("alice", "bob"), seats, deck)
    )
    state, events = run(state, "alice: breakthrough")
    assert "civ.final_round" in kinds(events)
    assert GAME.pending(state)[0].params == {"count": 2}
    state, _ = run(state, "alice: discard utopia culture")
    assert hand(state, "alice") == {"economy": 1}
    state, events = run(state, "alice: end")
    assert "civ.drew" not in kinds(events)
    assert GAME.outcome(state) is None  # bob still plays his turn of the final round


def test_breakthrough_with_an_empty_deck_only_costs_the_science_card() -> None:
    """k = 0: nothing drawn, nothing discarded, no extra prompt."""
    from civ_support import rest_of_box

    seats = {"alice": {"area": {"science": 1}, "hand": {"utopia": 1}}}
    state = in_effects(
        fill_deck=False, seats=seats, deck=[], **rest_of_box(("alice", "bob"), seats, [])
    )
    state, events = run(state, "alice: breakthrough")
    assert events[0].params["count"] == 0
    assert state.step == "effects" and area(state, "alice") == {}


# -- Utopia -----------------------------------------------------------------------------


def test_oligarchy_and_democracy_take_from_the_discard_pile() -> None:
    """Level 1 takes one card of your choice, level 2 two."""
    seats = {"alice": {"area": {"utopia": 5}}}
    state = in_effects(seats=seats, discard=["military", "science", "military"])
    assert tokens_after(state, "alice", "democracy") == ["military", "science"]
    assert refused(state, "alice: oligarchy culture").code == "not_in_discard"
    state, _ = run(state, "alice: democracy military military")
    assert hand(state, "alice") == {"military": 2}
    assert state.discard == [3]
    assert refused(state, "alice: oligarchy science").code == "effect_used"


def test_democracy_with_one_card_in_the_pile() -> None:
    """Full effects refuse Democracy with one discarded card; partial takes it."""
    seats = {"alice": {"area": {"utopia": 5}}}
    assert "democracy" not in tokens_after(in_effects(seats=seats, discard=["science"]), "alice")
    state = in_effects(seats=seats, discard=["science"], options=PARTIAL)
    state, _ = run(state, "alice: democracy science")
    assert hand(state, "alice") == {"science": 1}


def test_republic_raises_the_targets_hegemony_need_and_never_counts() -> None:
    """The face-down Utopia card leaves your area and counts for nobody."""
    seats = {"alice": {"area": {"utopia": 3}}, "bob": {"area": {"science": 2}}}
    state = in_effects(players=THREE, seats=seats)
    assert tokens_after(state, "alice", "republic") == ["@bob"]
    assert refused(state, "alice: republic @bob culture").code == "not_in_area"
    state, events = run(state, "alice: republic @bob science")
    view = GAME.view(state, None)
    assert view["seats"][1]["facedown_utopia"]["science"] == 1
    assert view["seats"][1]["hegemony_need"]["science"] == 8
    assert view["seats"][1]["area"]["science"] == 2 and view["seats"][1]["area"]["utopia"] == 0
    assert area(state, "alice") == {"utopia": 2}
    assert events[0].params == {"player": "alice", "target": "bob", "domain": "science"}
    assert refused(state, "alice: republic @bob science").code == "effect_used"


# -- limits -----------------------------------------------------------------------------


def test_one_permanent_and_one_discard_effect_per_domain_per_turn() -> None:
    """A domain's permanent effect and its discard effect may both be used, once each."""
    seats = {
        "alice": {"area": {"military": 4, "culture": 1}, "hand": {"science": 2}},
        "bob": {"area": {"culture": 1}},
    }
    state = in_effects(seats=seats)
    state, _ = run(state, "alice: assassination science", "alice: attack culture")
    assert refused(state, "alice: assassination science").code == "effect_used"
    assert refused(state, "alice: attack military").code == "effect_used"
    assert GAME.view(state, None)["turn"]["used_permanent"] == ["military"]
    assert GAME.view(state, None)["turn"]["used_discard"] == ["military"]


def test_a_card_played_by_an_effect_can_enable_a_later_effect() -> None:
    """Effects may be chained: Progress plays the third Utopia card, then Oligarchy works."""
    seats = {"alice": {"area": {"economy": 3, "utopia": 2}, "hand": {"utopia": 1}}}
    state = in_effects(seats=seats, discard=["science"])
    assert refused(state, "alice: oligarchy science").code == "level_not_reached"
    state, _ = run(state, "alice: progress economy utopia", "alice: oligarchy science")
    assert hand(state, "alice") == {"science": 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thresholds_by_player_count(players: int) -> None:
    """The view reports the thresholds in use."""
    names = ("alice", "bob", "carol", "dave")[:players]
    view = GAME.view(position(names), None)
    expected = {2: (3, 5, 8), 3: (3, 5, 7), 4: (2, 4, 7)}[players]
    assert tuple(view["thresholds"].values()) == expected


def test_discard_effect_needs_its_card() -> None:
    """Without a card of the domain, its discard effect cannot be paid."""
    state = in_effects(seats={"alice": {"area": {"culture": 1}}, "bob": {"area": {"culture": 1}}})
    assert refused(state, "alice: attack culture").code == "not_in_area"
    assert refused(state, "alice: breakthrough").code == "not_in_area"
