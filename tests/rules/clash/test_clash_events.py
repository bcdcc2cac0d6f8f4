"""Drawing and resolving event cards (rules/clash/events/resolving.py): the corner symbols, Myths,
the immunities, the order of symbol and main effect, and the drawer's Advance resuming after the
event's decisions (C12). The cards' own effects: test_clash_events_cards.py."""

from __future__ import annotations

from typing import Any

import pytest
from clash_map import board, events, play, prompt, refused, tokens

from rules.clash import GAME
from rules.clash.board.hexes import label
from rules.clash.model.state import ClashState
from rules.core import IllegalAction

JSON = Any
#: ann reaches culture level 3 with this advance (Science, paid with her 2 Ideas).
DRAW = "advance mathematics ideas ideas"


def drawing(card: str, ann: dict[str, JSON] | None = None, **extra: JSON) -> ClashState:
    """ann's turn; her next Advance (DRAW) draws ``card``."""
    keys = dict(ann or {})
    keys["resources"] = {"ideas": 2, **keys.get("resources", {})}
    keys.setdefault("culture_level", 2)
    return board(ann=keys, decks={"event": [card]}, fill_decks=True, **extra)


def mood(state: ClashState, space: str, seat: int = 0) -> str:
    city = next(c for c in state.seats[seat].cities if label(c.hex) == space)
    return city.mood


def test_gold_mine_gives_the_drawer_2_gold_then_the_main_effect() -> None:
    state, kinds = events(drawing("E28"), DRAW)
    assert kinds.index("clash.event_gold_mine") < kinds.index("clash.event_gained")
    # 2 Gold from the symbol, at least 1 more from Brisk Trade (no Port).
    assert state.seats[0].resources["gold"] == 3
    assert state.cards.discards["event"] == ("E28",)


def test_exhausted_asks_for_an_empty_space_next_to_a_city() -> None:
    two = {"cities": [{"hex": "D2"}, {"hex": "B3"}], "settlers": {}, "resources": {"food": 2}}
    state = play(drawing("E03", two), DRAW)
    assert prompt(state) == "event_exhaust"
    # Next to D2 or B3: land, not Barren, no unit or city (D1 is Barren, seas are out).
    assert tokens(state) == ["a3", "b2", "c2", "c3", "e2", "e3"]
    state = play(state, "c3")
    assert {label(h) for h in state.exhausted} == {"C3"}


def test_exhausted_with_one_space_is_placed_without_asking() -> None:
    ann = {"settlers": {}, "armies": {"C2": 1, "C3": 1, "E3": 1}}
    state, kinds = events(drawing("E21", ann), DRAW)
    assert "clash.event_exhausted" in kinds and prompt(state) == "turn"
    assert {label(h) for h in state.exhausted} == {"E2"}


def test_with_all_four_markers_out_one_is_moved() -> None:
    ann = {"settlers": {}, "armies": {"C2": 1, "C3": 1, "E2": 1}}
    state = drawing("E21", ann, exhausted=["B2", "B3", "F3", "D4"])
    state = play(state, DRAW)
    assert prompt(state) == "event_exhaust"
    assert tokens(state) == ["e3"] and tokens(state, "e3") == ["b2", "b3", "d4", "f3"]
    assert refused(state, "e3").code == "choose_event_count"
    state = play(state, "e3 b3")
    assert {label(h) for h in state.exhausted} == {"B2", "E3", "F3", "D4"}


def test_exhausted_spaces_refuse_collecting_and_founding() -> None:
    state = board(exhausted=["C3"], ann={"settlers": {"C3": 1}})
    assert refused(state, "activate d2 collect c3").code == "space_exhausted"
    assert refused(state, "found c3").code == "cannot_found_on_exhausted"


def test_exhausted_barren_space_gives_no_food_even_with_irrigation() -> None:
    # Markers never go on Barren spaces, so Irrigation never meets one: the marker's rule
    # "Irrigation does not apply there" is the collecting refusal above.
    ann = {"advances": ["farming", "mining", "irrigation"], "settlers": {}}
    state = drawing("E03", ann)
    state = play(state, DRAW)
    assert "d1" not in tokens(state)


def test_barbarians_spawn_then_the_main_effect() -> None:
    state, kinds = events(drawing("E20"), DRAW)
    # E20 A Fine Year: Barbarians Spawn asks where first (several spaces within 2).
    assert prompt(state) == "barbarian_spawn" and "clash.event_gained" not in kinds
    state, kinds = events(state, "b3")
    assert "clash.barbarians_spawned" in kinds and "clash.event_gained" in kinds
    assert state.seats[1].resources["food"] == 2  # bob already had 2 (no Storage)
    assert state.cards.discards["event"] == ("E20",)


def test_barbarians_attack_from_a_settlement_in_reach() -> None:
    state = drawing("E23", barbarians={"cities": ["B3"], "armies": {"B3": 1}}, dice=[6, 1])
    state, kinds = events(state, DRAW)
    assert "clash.barbarians_attack" in kinds and "clash.barbarian_attack_round" in kinds


def test_the_advance_resumes_after_the_events_decisions() -> None:
    """C12: the level and token, the event (its decisions answered), then the one-time
    effects: Philosophy's Idea for a Science advance comes after the Civil War choice."""
    ann = {
        "advances": ["farming", "mining", "writing", "philosophy", "tactics"],
        "cities": [{"hex": "D2"}, {"hex": "B3"}],
        "armies": {"D2": 1, "B3": 1},
        "settlers": {},
    }
    state = drawing("E16", ann)
    # E16 Civil War (Barbarians Spawn first): Mathematics is a Science advance.
    state, kinds = events(state, DRAW)
    assert prompt(state) == "barbarian_spawn"
    assert state.seats[0].resources["ideas"] == 0
    state, kinds = events(state, "a3")
    assert prompt(state) == "event_city" and tokens(state) == ["b3", "d2"]
    assert state.seats[0].resources["ideas"] == 0
    state, kinds = events(state, "b3")
    assert kinds[-1] == "clash.gained" and state.seats[0].resources["ideas"] == 1
    assert mood(state, "B3") == "angry" and "B3" not in {label(h) for h in state.seats[0].armies}
    assert prompt(state) == "turn" and state.turn_state.actions_left == 2


def test_myths_asks_to_pay_a_mood_token_instead_of_lowering() -> None:
    ann = {"advances": ["farming", "mining", "myths"], "mood_tokens": 1}
    state = play(drawing("E12", ann), DRAW)
    state = play(state, "c3") if prompt(state) == "event_exhaust" else state
    assert prompt(state) == "event_myths" and tokens(state) == ["pay", "lower"]
    paid, kinds = events(state, "pay")
    assert "clash.event_myths" in kinds and mood(paid, "D2") == "neutral"
    assert paid.seats[0].mood_tokens == 0
    lowered = play(state, "lower")
    assert mood(lowered, "D2") == "angry" and lowered.seats[0].mood_tokens == 1


def test_myths_without_a_token_is_not_asked() -> None:
    ann = {"advances": ["farming", "mining", "myths"], "mood_tokens": 0}
    state = play(drawing("E15", ann), DRAW)
    assert prompt(state) == "turn" and mood(state, "D2") == "angry"


def test_irrigation_ignores_famine() -> None:
    ann = {"advances": ["farming", "mining", "irrigation"], "resources": {"food": 2}}
    state = play(drawing("E04", ann), DRAW)
    assert state.seats[0].resources["food"] == 2 and mood(state, "D2") == "neutral"
    plain = play(drawing("E04", {"resources": {"food": 0}}), DRAW)
    assert mood(plain, "D2") == "angry"


def test_sanitation_ignores_plague_epidemic_and_pandemic() -> None:
    adv = ["farming", "mining", "engineering", "sanitation"]
    two = [{"hex": "D2"}, {"hex": "B3"}]
    state, kinds = events(drawing("E06", {"advances": adv, "cities": two}), DRAW)
    assert "clash.event_ignored" in kinds
    assert [mood(state, s) for s in ("D2", "B3")] == ["neutral", "neutral"]


def test_every_player_in_turn_order_from_the_first_player() -> None:
    """E06 Plague: bob is first, so bob chooses before ann (the drawer)."""
    two = [{"hex": "D2"}, {"hex": "B3"}]
    state = board(
        ann={"resources": {"ideas": 2}, "culture_level": 2, "cities": two},
        bob={"cities": [{"hex": "D7"}, {"hex": "E8"}]},
        decks={"event": ["E06"]},
        fill_decks=True,
        first="bob",
        active="ann",
    )
    state = play(state, DRAW)
    assert GAME.pending(state)[0].seat == 1 and prompt(state) == "event_city"
    state = play(state, "e8")
    assert GAME.pending(state)[0].seat == 0 and tokens(state) == ["b3", "d2"]
    state = play(state, "b3")
    assert mood(state, "E8", 1) == "angry" and mood(state, "B3") == "angry"


def test_kept_cards_go_in_front_of_the_drawer_after_their_symbol() -> None:
    state, kinds = events(drawing("E33"), DRAW)
    assert "clash.event_gold_mine" in kinds and state.seats[0].kept_events == ("E33",)
    assert state.cards.discards["event"] == ()


def test_an_answer_to_an_event_decision_must_be_offered() -> None:
    two = {"cities": [{"hex": "D2"}, {"hex": "B3"}], "settlers": {}, "resources": {"food": 2}}
    state = play(drawing("E03", two), DRAW)
    assert refused(state, "d1").code == "not_an_event_answer"
    assert refused(state, "c3 b2").code == "too_many_tokens"


def test_event_decisions_round_trip_through_snapshots() -> None:
    two = {"cities": [{"hex": "D2"}, {"hex": "B3"}], "settlers": {}, "resources": {"food": 2}}
    state = play(drawing("E03", two), DRAW)
    assert GAME.from_json(GAME.to_json(state)) == state
    assert GAME.check_invariants(state) == []


def _pending_kinds() -> dict[str, ClashState]:
    """A state waiting in each event decision kind (a follow-up below one of them)."""
    two = {"cities": [{"hex": "D2"}, {"hex": "B3"}], "settlers": {}, "resources": {"food": 0}}
    out = {
        "event_exhaust": play(drawing("E03", two), DRAW),
        "event_city": play(drawing("E02", two), DRAW),
        "event_player": play(drawing("E18"), DRAW),
        "event_loss": play(drawing("E07", {"armies": {"C3": 1}}), DRAW),
        "event_tokens": play(drawing("E17", {"mood_tokens": 2}), DRAW),
        "event_myths": play(
            drawing("E15", {"advances": ["farming", "mining", "myths"], "mood_tokens": 1}), DRAW
        ),
    }
    big = {"hex": "D2", "pieces": ["settlement", "temple", "fortress", "academy"]}
    quake = {
        "advances": ["farming", "mining", "myths", "tactics", "writing"],
        "cities": [big, {"hex": "B3"}, {"hex": "F3"}, {"hex": "D4"}],
    }
    out["event_pieces"] = play(drawing("E09", quake), DRAW, "d2")
    return out


def test_every_event_decision_can_stand_in_a_position() -> None:
    from test_clash_support import comparable, roundtrip

    states = _pending_kinds()
    for kind, state in states.items():
        assert prompt(state) == kind, kind
        assert comparable(roundtrip(state)) == comparable(state), kind
    # The Advance's one-time effects, then Migration's lowering, wait below its choice.
    stack = states["event_player"].prompts.decisions
    assert [d.params.get("step", d.kind) for d in stack] == ["advance", "lower", "event_player"]


def test_a_position_refuses_an_event_decision_without_a_choice() -> None:
    from rules.clash.position.export import position_of

    state = _pending_kinds()["event_player"]
    pos = position_of(state)
    pos["prompts"][-1]["params"]["purpose"] = "envoy"  # bob is the only other player
    with pytest.raises(IllegalAction) as caught:
        GAME.setup_position(list(state.players), {}, 0, pos)
    assert caught.value.params["problem"] == "event_player decision without a choice"
    pos["prompts"] = [
        {**pos["prompts"][-1], "kind": "event_follow_up", "params": {"step": "main", "card": "E01"}}
    ]
    with pytest.raises(IllegalAction) as caught:
        GAME.setup_position(list(state.players), {}, 0, pos)
    assert caught.value.params["problem"] == "event_follow_up on top of the stack"


def test_an_event_of_the_status_phase_free_advance_waits_for_its_decisions() -> None:
    two = [{"hex": "D2"}, {"hex": "B3"}]
    state = board(
        ann={
            "culture_level": 2,
            "cities": two,
            "advances": ["farming", "mining", "tactics"],
            "armies": {"D2": 1, "B3": 1},
            "settlers": {},
        },
        decks={"event": ["E15"]},
        fill_decks=True,
        phase="status",
        status={"step": 2, "waiting": ["ann", "bob"]},
    )
    state = play(state, "mathematics")
    assert prompt(state) == "event_city" and state.status is not None
    assert state.status.waiting == (1,)
    assert comparable_roundtrip(state)
    state = play(state, "b3")
    assert mood(state, "B3") == "angry"
    assert prompt(state) == "free_advance" and GAME.pending(state)[0].seat == 1


def test_the_last_free_advances_event_decision_stands_in_a_position() -> None:
    two = [{"hex": "D2"}, {"hex": "B3"}]
    state = board(
        ann={
            "culture_level": 2,
            "cities": two,
            "advances": ["farming", "mining", "tactics"],
            "armies": {"D2": 1, "B3": 1},
            "settlers": {},
        },
        decks={"event": ["E15"]},
        fill_decks=True,
        phase="status",
        status={"step": 2, "waiting": ["ann"]},
    )
    state = play(state, "mathematics")
    assert state.status is not None and state.status.waiting == ()
    assert comparable_roundtrip(state)
    state = play(state, "d2")
    assert prompt(state) in ("raze", "first_player", "turn")


def comparable_roundtrip(state: ClashState) -> bool:
    from test_clash_support import comparable, roundtrip

    return bool(comparable(roundtrip(state)) == comparable(state))


def test_a_resigning_player_leaves_the_events_other_steps_going() -> None:
    """E06 Plague in a 3-player game: bob resigns while choosing; cid's part follows."""
    players = ["ann", "bob", "cid"]
    pos = {
        "first": "ann",
        "decks": {"event": ["E06"]},
        "fill_decks": True,
        "seats": {
            "ann": {"resources": {"ideas": 2}, "culture_level": 2},
            "bob": {"cities": [{"hex": "G7"}, {"hex": "H6"}]},
            "cid": {"cities": [{"hex": "B6"}, {"hex": "B7"}]},
        },
    }
    state = GAME.setup_position(players, {}, 1, pos)
    state = play(state, DRAW)
    assert GAME.pending(state)[0].seat == 1 and prompt(state) == "event_city"
    state, _ = GAME.resign(state, 1)
    assert GAME.pending(state)[0].seat == 2 and prompt(state) == "event_city"


def test_drawing_an_event_card_cannot_be_taken_back() -> None:
    """The drawn card was the hidden top of the deck (``/undo`` is locked, as for a region
    turned up); the same Advance without a level rise draws nothing and may be taken back."""
    from rules.core import act, reveals

    before = drawing("E28")
    after, evs = act(GAME, before, 0, DRAW)
    assert "clash.event_card" in [e.kind for e in evs] and reveals(GAME, before, after, evs)
    quiet = drawing("E28", {"culture_level": 0})
    after, evs = act(GAME, quiet, 0, DRAW)
    assert "clash.event_card" not in [e.kind for e in evs]
    assert not reveals(GAME, quiet, after, evs)
