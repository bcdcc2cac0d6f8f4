"""Positions as partial snapshots (docs/transcripts.md, "Positions as partial snapshots"):
any fields of a snapshot over those of a new game, held to the game's invariants."""

from __future__ import annotations

from typing import Any

import pytest
from snapshot_fixtures import SNAPSHOTS, read, structure

from rules import get_game, transcript
from rules.core import IllegalAction, act
from rules.formats import ENVELOPE

PLAYERS = ["ann", "bob", "cid"]


def _refused(name: str, position: dict[str, Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        get_game(name).setup_position(PLAYERS, {}, 5, position)
    return info.value


@pytest.mark.parametrize("name", ["civ", "stoneage", "clash"])
def test_any_saved_state_is_a_position(name: str) -> None:
    """The whole snapshot of a state, as a position, gives that very state."""
    game = get_game(name)
    games, records = read(
        SNAPSHOTS / name / f"v{game.to_json(game.setup(PLAYERS, {}, 1))['version']}"
    )
    for r in records[::25]:
        t = games[r["game"]]
        if "position" in t or game.outcome(game.from_json(r["snapshot"])) is not None:
            continue
        fields = {k: v for k, v in r["snapshot"].items() if k not in ENVELOPE}
        if name == "clash":
            # Saved before rules editions: a snapshot without the field is the first edition,
            # a position without it plays the options' (docs/transcripts.md).
            fields.setdefault("edition", 1)
        state = game.setup_position(t["players"], t["options"], t["seed"], {"snapshot": fields})
        assert structure(state) == structure(game.from_json(r["snapshot"]))


def test_civ_only_the_fields_given_change() -> None:
    """A card from ann's hand on the discard pile; everything else as the new game deals."""
    game = get_game("civ")
    new = game.setup(PLAYERS, {}, 5)
    hand = new.seats[0].hand[:]
    domain = next(d for d, n in enumerate(hand) if n)
    hand[domain] -= 1
    position = {"snapshot": {"seats": [{"hand": hand}, {}, {}], "discard": [domain]}}
    state = game.setup_position(PLAYERS, {}, 5, position)
    assert state.seats[0].hand == hand and state.discard == [domain]
    assert state.seats[1:] == new.seats[1:] and state.deck == new.deck
    seat = game.pending(state)[0].seat
    act(game, state, seat, "play " + game.view(state, seat)["hand"][0])


def test_stoneage_position_in_a_transcript() -> None:
    data = {
        "game": "stoneage",
        "players": PLAYERS,
        "seed": 5,
        "position": {
            "snapshot": {"first": 1, "active": 1, "seats": [{"food": 2}, {}, {"agriculture": 3}]}
        },
        "steps": [{"player": "bob", "action": "place hunting 1"}],
        "expect": {
            "public": {"seats": [{"food": 2}, {"people": {"placed": 1}}, {"agriculture": 3}]}
        },
    }
    assert transcript.replay(data).mismatches() == []


@pytest.mark.parametrize(
    ("name", "position", "code", "field"),
    [
        ("civ", {"snapshot": {"colour": 1}}, "position_unknown_field", "snapshot.colour"),
        ("civ", {"snapshot": {"version": 1}}, "position_unknown_field", "snapshot.version"),
        ("civ", {"snapshot": {}, "step": "play"}, "position_unknown_field", "step"),
        ("civ", {"snapshot": []}, "position_bad_value", "snapshot"),
        ("civ", {"snapshot": {"seats": [{"pockets": 1}, {}, {}]}}, "position_unknown_field",
         "snapshot.seats.0.pockets"),
        ("stoneage", {"snapshot": {"seats": [{"food": "3"}, {}, {}]}}, "position_bad_value",
         "snapshot.seats.0.food"),
        ("stoneage", {"snapshot": {"round": 2.0}}, "position_bad_value", "snapshot.round"),
        ("stoneage", {"snapshot": {"roll": 7}}, "position_bad_value", "snapshot"),
        ("stoneage", {"snapshot": {"seats": [{"food": -1}, {}, {}]}}, "position_inconsistent",
         "position"),
        ("civ", {"snapshot": {"discard": [0]}}, "position_inconsistent", "position"),
        ("civ", {"snapshot": {"step": "over", "outcome": {"ranks": [1, 2, 3], "scores": [
            1.0, 0.0, 0.0], "reason": "resigned"}}}, "position_inconsistent", "snapshot"),
    ],
)  # fmt: skip
def test_bad_partial_snapshots_are_refused(
    name: str, position: dict[str, Any], code: str, field: str
) -> None:
    refused = _refused(name, position)
    assert (refused.code, refused.params["field"]) == (code, field)
    if refused.params["field"] == "snapshot.seats.0.food":
        assert refused.params["value"] == "'3'"
    if code == "position_inconsistent":
        problem = "invariants" if field == "position" else "game_over"
        assert refused.params["problem"] == problem
        assert bool(refused.params.get("broken")) == (problem == "invariants")
