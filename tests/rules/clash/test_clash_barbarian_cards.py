"""The defender's combat card in a barbarian attack (rules/clash/battles/barbarian_cards.py; p.13:
"the usual combat rules, except..."; docs/clash-cards.md §3.1, P07 Mercenaries; C125, C126).

On ``clash_map``'s base map the barbarians of B3 (2 units) reach bob's city on B2; ann plays
Mercenaries (A13 or A14) on it, or the barbarians attack one of ann's own cities through the event
symbol. The dice of a round: a card's own dice before it (Archers, Peltasts), the barbarians'
(one per unit), the defender's (one per army unit, then a card's extra die), the Fortress's,
then Veterans' and Routing's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from clash_map import board, prompt, refused, tokens
from test_clash_support import PLAYERS3

import locales
from host import text
from rules.clash import GAME
from rules.clash.battles import barbarian_raids, barbarians
from rules.clash.board.hexes import parse_hex
from rules.clash.dispatch import grammar
from rules.clash.model.state import ClashState
from rules.clash.position.export import position_of
from rules.core import Event, IllegalAction, act

JSON = Any
TACTICS = ["farming", "mining", "tactics"]
#: bob's hand: High Morale (A38, K06), Tactical Retreat (A17, K12), High Ground (A25, K07),
#: Scouts (A23, K17): only High Morale can act against barbarians (C126).
HAND = ["A38", "A17", "A25", "A23"]


def sent(
    dice: list[int],
    hand: list[str] = HAND,
    city: JSON | None = None,
    armies: int = 1,
    **bob_keys: JSON,
) -> tuple[ClashState, list[Event]]:
    """ann (Tactics, a High Morale of her own) sends the 2 barbarians of B3 at bob's B2
    with Mercenaries (A14):
    the state after her card, and its events."""
    ann = {
        "actions": ["A14", "A06"],
        "resources": {"food": 2, "wood": 1},
        "culture_tokens": 1,
        "advances": TACTICS,
    }
    bob = {
        "cities": [city or {"hex": "B2", "pieces": ["settlement", "temple"]}],
        "armies": {"B2": armies} if armies else {},
        "advances": TACTICS,
        "actions": hand,
        **bob_keys,
    }
    state = board(ann, bob, barbarians={"cities": ["B3"], "armies": {"B3": 2}}, dice=dice)
    return act(GAME, state, 0, "card a14 b3 b2 food culture")


def mercenaries(dice: list[int], hand: list[str] = HAND, **keys: JSON) -> ClashState:
    return sent(dice, hand, **keys)[0]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind.removeprefix("clash.") for e in events]


def the(events: list[Event], kind: str) -> dict[str, JSON]:
    (found,) = [dict(e.params) for e in events if e.kind == f"clash.{kind}"]
    return found


def test_the_mercenaries_defender_gets_its_combat_card_window() -> None:
    """P07: "the defender may" play a combat card; nobody plays for the barbarians, so ann,
    who sent them, is never asked (her High Morale stays in hand). bob is asked before the
    round, with only the cards that can act here (C126)."""
    state = mercenaries(dice=[5, 1, 3])
    assert prompt(state) == "barbarian_combat_card"
    (asked,) = GAME.pending(state)
    assert (asked.seat, dict(asked.params)) == (1, {"space": "B2", "from": "B3", "count": 2})
    assert tokens(state) == ["a38", "pass"]
    card = GAME.choices(state, 1, [])[0]
    assert (card.label, card.params) == ("clash.choice.combat_card", {"card": "A38", "half": "K06"})
    # Nothing is rolled yet: the attack is told when it is fought.
    assert state.dice == (5, 1, 3) and state.barbarians.armies == {parse_hex("B3"): 2}
    state, events = act(GAME, state, 1, "a38")
    assert kinds(events)[:3] == [
        "barbarians_attack",
        "combat_card_played",
        "barbarian_attack_round",
    ]
    assert the(events, "combat_card_played") == {"player": "bob", "half": "K06", "civil": "P19"}
    # High Morale: 3 + 2 = 5 is a hit; the barbarians' 5 + 1 one more.
    assert the(events, "barbarian_attack_round")["defender_hits"] == 1
    assert the(events, "barbarian_units_lost") == {"units": ["army_1"], "space": "B2"}
    assert the(events, "units_lost") == {"player": "bob", "units": ["army_1"], "space": "B2"}
    assert state.seats[1].actions == ("A17", "A25", "A23")
    assert state.cards.discards["action"][-1] == "A38"
    assert state.seats[0].actions == ("A06",)
    assert prompt(state) == "turn" and GAME.pending(state)[0].seat == 0
    fought = state.turn_state.fought[-1]
    assert (fought.attacker, fought.defender, fought.lost) == (-1, 1, (1, 1))
    assert GAME.check_invariants(state) == []


def test_passing_fights_the_round_without_a_card() -> None:
    state = mercenaries(dice=[5, 1, 3])
    state, events = act(GAME, state, 1, "pass")
    assert "combat_card_played" not in kinds(events)
    assert the(events, "barbarian_attack_round")["defender_hits"] == 0
    assert state.seats[1].actions == tuple(HAND)


def test_no_window_without_a_card_that_can_act_tactics_or_a_force() -> None:
    """C65: no Tactics, no force in the city (no army, no Fortress), or only cards that
    cannot act (C126): the round is fought at once, as before."""
    for state, events in (
        sent(dice=[1, 1, 1], hand=["A17", "A25", "A23"]),
        sent(dice=[1, 1, 1], advances=["farming", "mining"]),
        sent(dice=[1, 1], armies=0),
    ):
        assert prompt(state) == "turn" and state.dice == ()
        assert kinds(events)[:3] == ["card_played", "mercenaries", "barbarians_attack"]
        assert "barbarian_attack_round" in kinds(events)


def test_a_fortress_alone_offers_the_fortress_cards_only() -> None:
    """Forces (p.12): with no army in the city only cards naming the Fortress; Martyr and
    Peltasts (army) are not offered, Prepared Defenses and Archers are."""
    city = {"hex": "B2", "pieces": ["settlement", "fortress"]}
    state = mercenaries(dice=[1, 1], hand=["A24", "A18", "A22", "A26"], city=city, armies=0)
    assert tokens(state) == ["a22", "a26", "pass"]


@pytest.mark.parametrize(
    ("card", "dice", "expected"),
    [
        # Prepared Defenses (K01): a second die for the defender: 3 + 2.
        ("A22", [1, 1, 3, 2], {"defender_dice": ["3", "2"], "defender_hits": 1}),
        # For the People (K15, a defended city): likewise.
        ("A13", [1, 1, 3, 2], {"defender_dice": ["3", "2"], "defender_hits": 1}),
        # Tactical Surprise (K13): +1 CV, a hit draws an action card.
        ("A10", [1, 1, 4], {"defender_hits": 1}),
        # Defiant Stand (K10): the barbarians' 5 + 1 less 2 (two units roll) is no hit.
        ("A07", [5, 1, 1], {"barbarian_hits": 0}),
        # Upgraded Defenses (K16): one barbarian hit cancelled.
        ("A16", [5, 1, 1], {"barbarian_hits": 0}),
        # Veterans (K05): the 6 is rolled again (and added): 6 + 4 = 2 hits.
        ("A12", [1, 1, 6, 4], {"defender_dice": ["6"], "defender_hits": 2}),
        # Routing (K09): 0 hits taken, 0 scored: its die (5) adds a hit.
        ("A02", [1, 1, 1, 5], {"defender_hits": 1}),
        # Peltasts (K08): its die (6) cancels the barbarians' hit.
        ("A18", [6, 5, 1, 1], {"barbarian_hits": 0}),
    ],
)
def test_each_card_acts_in_the_barbarian_round(
    card: str, dice: list[int], expected: dict[str, JSON]
) -> None:
    """The effects of docs/clash-cards.md §3.3 in the one round, with fixed dice."""
    state = mercenaries(dice=dice, hand=[card])
    assert tokens(state) == [card.lower(), "pass"]
    state, events = act(GAME, state, 1, card.lower())
    fought = the(events, "barbarian_attack_round")
    assert {k: fought[k] for k in expected} == expected
    assert state.dice == () and GAME.check_invariants(state) == []
    if card == "A10":
        assert "tactical_surprise" in kinds(events) and len(state.seats[1].actions) == 1
        drawn = [e for e in events if e.kind == "clash.you_drew"]
        assert [e.visible_to for e in drawn] == [(1,)]


def test_archers_and_martyr_remove_units_before_the_roll() -> None:
    """K04: a 5 kills a barbarian at once, so one barbarian die is rolled. K18: bob's army
    unit and a barbarian leave before the roll; bob has nothing to roll but the barbarian
    still attacks the city (one die)."""
    state = mercenaries(dice=[5, 4, 2], hand=["A26"])
    state, events = act(GAME, state, 1, "a26")
    assert kinds(events)[:4] == [
        "barbarians_attack",
        "combat_card_played",
        "archers",
        "barbarian_units_lost",
    ]
    assert the(events, "barbarian_attack_round")["barbarian_dice"] == ["4"]
    state = mercenaries(dice=[5], hand=["A24"])
    state, events = act(GAME, state, 1, "a24")
    assert kinds(events)[2:5] == ["martyr", "units_lost", "barbarian_units_lost"]
    fought = the(events, "barbarian_attack_round")
    assert (fought["barbarian_dice"], fought["defender_dice"]) == (["5"], [])
    # The hit falls on the city: its Temple goes, it turns angry.
    city = state.seats[1].city_at(parse_hex("B2"))
    assert city is not None and city.size == 1 and city.mood == "angry"


def test_archers_killing_the_last_barbarian_ends_the_attack_without_a_roll() -> None:
    """C70: a side left with nothing to roll ends the round; every barbarian died, so the
    defender won (battle_facts)."""
    state = board(
        {"actions": ["A13"], "resources": {"food": 1}},
        {
            "cities": [{"hex": "B2"}],
            "armies": {"B2": 1},
            "advances": TACTICS,
            "actions": ["A26"],
        },
        barbarians={"cities": ["B3"], "armies": {"B3": 1}},
        dice=[6],
    )
    state, _ = act(GAME, state, 0, "card a13 b3 b2 food")
    state, events = act(GAME, state, 1, "a26")
    assert "barbarian_attack_round" not in kinds(events)
    assert state.barbarians.armies == {} and state.dice == ()
    assert state.turn_state.fought[-1].winner == 1


def test_the_event_attack_opens_the_drawers_window_too() -> None:
    """p.13: every barbarian attack is fought by the usual rules, so the drawer of Barbarians
    Attack defends with a card as well (C125)."""
    ann = {
        "cities": [{"hex": "D2"}],
        "settlers": {},
        "armies": {"D2": 1},
        "advances": TACTICS,
        "actions": ["A38"],
    }
    state = board(ann=ann, barbarians={"cities": ["B3"], "armies": {"B3": 2}}, dice=[1, 1, 3])
    new = state.copy()
    assert barbarian_raids.attack(new, 0) == []
    assert prompt(new) == "barbarian_combat_card"
    new, events = act(GAME, new, 0, "a38")
    assert the(events, "barbarian_attack_round")["defender_hits"] == 1


def test_bad_answers_are_refused() -> None:
    state = mercenaries(dice=[5, 1, 3])
    for said in ("a17", "zz", "a06"):
        err = refused(state, said)
        assert (err.code, err.params["allowed"]) == ("not_a_combat_card", ["A38", "pass"])
    assert refused(state, "pass now").code == "too_many_tokens"
    assert refused(state, "a38 b2").code == "too_many_tokens"
    # ann, who sent them, has no say.
    with pytest.raises(IllegalAction):
        act(GAME, state, 0, "pass")


def test_a_resigned_defender_plays_no_card() -> None:
    """Three players: bob resigns while his window waits (rules.clash.dispatch.resign answers for
    him); the round is fought without a card."""
    bob = {
        "cities": [{"hex": "G7"}],
        "armies": {"G7": 1},
        "advances": TACTICS,
        "actions": ["A38"],
    }
    pos = {
        "first": "ann",
        "seats": {"bob": bob},
        "barbarians": {"cities": ["G8"], "armies": {"G8": 2}},
        "dice": [1, 1, 1],
    }
    state = GAME.setup_position(list(PLAYERS3), {}, 1, pos).copy()
    assert barbarian_raids.attack_city(state, parse_hex("G8"), parse_hex("G7")) == []
    assert prompt(state) == "barbarian_combat_card"
    state, events = GAME.resign(state, 1)
    assert "barbarian_attack_round" in kinds(events) and "combat_card_played" not in kinds(events)
    assert state.dice == () and state.seats[1].actions == ("A38",)
    assert GAME.check_invariants(state) == []


def test_the_window_stands_in_snapshots_and_positions() -> None:
    state = mercenaries(dice=[5, 1, 3])
    copy = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert copy == state
    pos = json.loads(json.dumps(position_of(state)))
    rebuilt = GAME.setup_position(list(state.players), {}, 0, pos)
    assert rebuilt.prompts == state.prompts
    done, _ = act(GAME, state, 1, "a38")
    redone, _ = act(GAME, rebuilt, 1, "a38")
    assert GAME.to_json(done)["barbarians"] == GAME.to_json(redone)["barbarians"]
    assert GAME.to_json(done)["seats"] == GAME.to_json(redone)["seats"]
    # A window the position does not allow is refused.
    (decision,) = pos["prompts"]
    for params, problem in (
        ({"space": "B2", "from": "B3"}, "barbarian_combat_card decision params ['from', 'space']"),
        (
            {"space": "B2", "from": "B3", "count": 1},
            "barbarian_combat_card decision on 'B2' from 'B3'",
        ),
    ):
        bad = {**pos, "prompts": [{**decision, "params": params}]}
        with pytest.raises(IllegalAction) as caught:
            GAME.setup_position(list(state.players), {}, 0, bad)
        assert caught.value.params["problem"] == problem
    # bob's High Morale in the discards instead: nothing he holds can act.
    discards = {**pos["discards"], "action": [*pos["discards"]["action"], "A38"]}
    hand = {**pos["seats"]["bob"], "actions": ["A17", "A25", "A23"]}
    no_card = {**pos, "discards": discards, "seats": {**pos["seats"], "bob": hand}}
    with pytest.raises(IllegalAction) as caught:
        GAME.setup_position(list(state.players), {}, 0, no_card)
    assert caught.value.params["problem"] == "barbarian_combat_card decision without a card to play"
    assert grammar.DECISIONS[barbarian_raids.CARD] is barbarians.BARBARIAN_ANSWER


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_the_window_reads_in_both_languages(lang: str) -> None:
    state = mercenaries(dice=[5, 1, 3])
    shown = [text.prompt_what(lang, "clash", p) for p in GAME.pending(state)]
    shown += [text.choice_label(lang, c) for c in GAME.choices(state, 1, [])]
    err = refused(state, "zz")
    shown.append(locales.error_text(lang, err.code, err.params, "clash"))
    _, events = act(GAME, state, 1, "a38")
    shown += [locales.event_text(lang, e.kind, e.params) for e in events]
    for line in shown:
        assert not line.startswith(("clash.", "event.", "prompt.", "error.")), line
        assert "{" not in line, line


def test_the_event_goes_on_after_the_drawers_card() -> None:
    """E23 A Prosperous Year (Barbarians Attack, then 1 Food each): the drawer's window comes
    in the middle of the event; once answered, the attack is fought and the main effect and
    the Advance that drew the card go on (C12)."""
    ann = {
        "cities": [{"hex": "D2"}],
        "settlers": {},
        "armies": {"D2": 1},
        "advances": TACTICS,
        "actions": ["A38"],
        "resources": {"ideas": 2, "food": 0},
        "culture_level": 2,
    }
    state = board(
        ann=ann,
        barbarians={"cities": ["B3"], "armies": {"B3": 1}},
        decks={"event": ["E23"]},
        fill_decks=True,
        dice=[1, 3],
    )
    state, events = act(GAME, state, 0, "advance mathematics ideas ideas")
    assert "event_card" in kinds(events) and "barbarians_attack" not in kinds(events)
    assert prompt(state) == "barbarian_combat_card"
    assert state.seats[0].resources["food"] == 0
    state, events = act(GAME, state, 0, "a38")
    told = kinds(events)
    assert told.index("barbarian_attack_round") < told.index("event_gained")
    assert state.barbarians.armies == {} and state.seats[0].resources["food"] == 1
    assert prompt(state) == "turn" and state.cards.discards["event"] == ("E23",)


# -- the Great General (E36) in a barbarian attack ---------------------------------------------


def test_a_kept_great_general_is_asked_first_and_adds_2_cv() -> None:
    """E36 "when a battle you fight begins": a barbarian attack is fought by the usual rules
    (p.13), so bob's kept Great General is asked before his card (C125), and its +2 CV counts
    in the round: 3 + 2 (High Morale) + 2 = 7, a hit that 3 + 2 alone would not beat twice."""
    state = mercenaries(dice=[5, 1, 4], kept_events=["E36"])
    assert prompt(state) == "barbarian_great_general" and tokens(state) == ["use", "keep"]
    (asked,) = GAME.pending(state)
    assert (asked.seat, dict(asked.params)) == (1, {"space": "B2", "from": "B3", "count": 2})
    assert state.dice == (5, 1, 4)
    state, events = act(GAME, state, 1, "use")
    assert kinds(events) == ["great_general"] and the(events, "great_general") == {"player": "bob"}
    assert state.seats[1].kept_events == () and state.cards.discards["event"][-1] == "E36"
    (card,) = GAME.pending(state)
    assert card.kind == "barbarian_combat_card" and card.params["general"] is True
    state, events = act(GAME, state, 1, "pass")
    # 4 + 2 = 6: one hit, which 4 alone would not be.
    assert the(events, "barbarian_attack_round")["defender_hits"] == 1
    assert the(events, "barbarian_units_lost") == {"units": ["army_1"], "space": "B2"}
    assert GAME.check_invariants(state) == []


def test_a_kept_great_general_may_be_kept_for_later() -> None:
    state = mercenaries(dice=[5, 1, 4], kept_events=["E36"])
    state, events = act(GAME, state, 1, "keep")
    assert events == [] and state.seats[1].kept_events == ("E36",)
    state, events = act(GAME, state, 1, "pass")
    assert the(events, "barbarian_attack_round")["defender_hits"] == 0


def test_the_great_general_without_a_card_fights_at_once() -> None:
    """No card that can act: after the Great General the round is fought with no window."""
    state = mercenaries(dice=[5, 1, 4], hand=["A17"], kept_events=["E36"])
    state, events = act(GAME, state, 1, "use")
    assert kinds(events)[:2] == ["great_general", "barbarians_attack"]
    assert the(events, "barbarian_attack_round")["defender_hits"] == 1
    assert prompt(state) == "turn"


def test_a_great_general_kept_this_turn_waits() -> None:
    """C85: the drawer of Barbarians Attack who kept a Great General earlier in this very turn
    may not use it yet, neither in the attack nor in a battle of its own."""
    ann = {
        "cities": [{"hex": "D2"}],
        "settlers": {},
        "armies": {"D2": 1},
        "advances": TACTICS,
        "kept_events": ["E36"],
    }
    pos_keys = {"barbarians": {"cities": ["B3"], "armies": {"B3": 2}}, "dice": [1, 1, 3]}
    fresh = board(ann=ann, events_kept_now=["E36"], **pos_keys)
    assert barbarian_raids.attack(fresh, 0) != [] and prompt(fresh) == "turn"
    earlier = board(ann=ann, **pos_keys)
    assert barbarian_raids.attack(earlier, 0) == [] and prompt(earlier) == "barbarian_great_general"


def test_the_general_window_answers_refusals_resignation_and_positions() -> None:
    state = mercenaries(dice=[5, 1, 4], kept_events=["E36"])
    err = refused(state, "maybe")
    assert (err.code, err.params["allowed"]) == ("yes_or_no", ["use", "keep"])
    copy = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert copy == state
    pos = json.loads(json.dumps(position_of(state)))
    rebuilt = GAME.setup_position(list(state.players), {}, 0, pos)
    assert rebuilt.prompts == state.prompts
    # The card window after a used General carries it, in snapshots and positions too.
    used, _ = act(GAME, state, 1, "use")
    pos = json.loads(json.dumps(position_of(used)))
    assert pos["prompts"][0]["params"]["general"] is True
    rebuilt = GAME.setup_position(list(state.players), {}, 0, pos)
    _, events = act(GAME, rebuilt, 1, "pass")
    assert the(events, "barbarian_attack_round")["defender_hits"] == 1
    (decision,) = pos["prompts"]
    bad = {**pos, "prompts": [{**decision, "params": {**decision["params"], "general": 1}}]}
    with pytest.raises(IllegalAction) as caught:
        GAME.setup_position(list(state.players), {}, 0, bad)
    assert caught.value.params["problem"] == "barbarian_combat_card decision general 1"
    # No Great General kept: the General's window cannot stand.
    pos = json.loads(json.dumps(position_of(state)))
    gone = {**pos, "seats": {**pos["seats"], "bob": {**pos["seats"]["bob"], "kept_events": []}}}
    gone["discards"] = {**pos["discards"], "event": [*pos["discards"]["event"], "E36"]}
    with pytest.raises(IllegalAction) as caught:
        GAME.setup_position(list(state.players), {}, 0, gone)
    problem = "barbarian_great_general decision without a Great General to use"
    assert caught.value.params["problem"] == problem
    # A resigned defender keeps it.
    state, events = GAME.resign(state, 1)
    assert "great_general" not in kinds(events)


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_the_general_window_reads_in_both_languages(lang: str) -> None:
    state = mercenaries(dice=[5, 1, 4], kept_events=["E36"])
    shown = [text.prompt_what(lang, "clash", p) for p in GAME.pending(state)]
    shown += [text.choice_label(lang, c) for c in GAME.choices(state, 1, [])]
    _, events = act(GAME, state, 1, "use")
    shown += [locales.event_text(lang, e.kind, e.params) for e in events]
    for line in shown:
        assert not line.startswith(("clash.", "event.", "prompt.", "error.")), line
        assert "{" not in line, line
