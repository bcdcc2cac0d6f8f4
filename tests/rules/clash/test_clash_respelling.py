"""What older versions wrote with the civil halves' old spelling (``C01``-``C21``, now
``P01``-``P21``: rules/clash/formats/respelling.py) loads and replays as it did: the saved
snapshots, a position, a transcript; an exported game names no civil half at all."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rules import transcript
from rules.clash import GAME
from rules.clash.formats.respelling import respell_civil, respell_position, respell_transcript
from rules.clash.model.civil_cards import CIVIL
from rules.clash.position.export import position_of
from tests.rules.clash.clash_map import PLAYERS, board, play, prompt
from tests.rules.clash.test_clash_support import comparable
from tests.rules.snapshot_fixtures import SNAPSHOTS, read

JSON = Any
TESTS = Path(__file__).resolve().parents[2]
#: A civil half as a whole JSON string, in either spelling.
NEW = re.compile(r'"P(0[1-9]|1[0-9]|2[01])"')
OLD = re.compile(r'"C(0[1-9]|1[0-9]|2[01])"')


def old_spelling(value: JSON) -> JSON:
    """``value`` as a version before the respelling wrote it."""
    return json.loads(NEW.sub(r'"C\1"', json.dumps(value)))


def new_spelling(value: JSON) -> JSON:
    """``value`` with every whole string that is an old civil id respelt, wherever it is."""
    return json.loads(OLD.sub(r'"P\1"', json.dumps(value)))


def test_the_saved_snapshots_are_respelt_in_every_field_that_names_a_civil_half() -> None:
    """The Clash v1 fixtures (written before the respelling) hold old ids in a fifth of their
    snapshots; :func:`respell_civil` respells every one of them, touches nothing else, leaves
    a snapshot in the new spelling as it is, and the engine loads them respelt."""
    _, records = read(SNAPSHOTS / "clash" / "v1")
    old = [r["snapshot"] for r in records if OLD.search(json.dumps(r["snapshot"]))]
    assert len(old) > 100
    for snapshot in old:
        before = json.dumps(snapshot)
        new = respell_civil(snapshot)
        assert new == new_spelling(snapshot)
        assert json.dumps(snapshot) == before  # what it was given is untouched
        assert respell_civil(new) == new
        state = GAME.from_json(snapshot)
        assert set(state.turn_state.civil_played) <= set(CIVIL)
        # The same state as the snapshot in the new spelling gives (version 1 both).
        assert GAME.from_json(new) == state


def _synergy_state() -> Any:
    """ann bought Storage and played Idea Synergy for it: the ``synergy`` decision waits with
    ``played`` ``["P21"]``, Tech Synergy (A33) and a second Idea Synergy (A42) in her hand."""
    ann = {"actions": ["A33", "A41", "A42"], "resources": {"food": 2, "gold": 2}}
    state = play(board(ann), "advance storage", "a41")
    assert prompt(state) == "synergy" and state.prompts.top().params["played"] == ["P21"]
    return state


def test_a_snapshot_and_a_position_in_the_old_spelling_load_as_in_the_new() -> None:
    ann = {
        "actions": ["A19", "A26"],
        "culture_tokens": 1,
        "cities": [{"hex": "D2", "mood": "happy"}],
    }
    cards = play(board(ann), "card a19", "card a26")
    assert cards.turn_state.civil_played == ("P10", "P13")
    assert cards.turn_state.card_modifiers == ("P10",)
    for state in (cards, _synergy_state()):
        snapshot, position = GAME.to_json(state), position_of(state)
        # Version 2 was only ever written in the new spelling (version 1 is respelt, above).
        assert not OLD.search(json.dumps(snapshot)) and GAME.from_json(snapshot) == state
        assert respell_position(old_spelling(position)) == position
        again = GAME.setup_position(list(PLAYERS), {}, 0, old_spelling(position))
        assert comparable(again) == comparable(state)


def test_a_transcript_in_the_old_spelling_replays() -> None:
    """A transcript from a position in the old spelling, its ``expect`` block too: the second
    Idea Synergy is refused for the advance it was played for, Tech Synergy buys Irrigation."""
    state = _synergy_state()
    steps = [
        {"player": "ann", "action": "a42", "expect_error": "any"},
        {"player": "ann", "action": "a33 irrigation"},
    ]
    expect = {"public": {"action_cards": {"played": ["P21", "P17"], "modifiers": []}}}
    data = {
        "game": "clash",
        "players": list(PLAYERS),
        "position": old_spelling(position_of(state)),
        "steps": steps,
        "expect": old_spelling(expect),
    }
    assert data["expect"]["public"]["action_cards"]["played"] == ["C21", "C17"]
    assert data["position"]["prompts"][-1]["params"]["played"] == ["C21"]
    assert respell_transcript(data)["expect"] == expect
    result = transcript.replay(data)
    assert result.mismatches() == []
    assert "irrigation" in result.state.seats[0].advances


def test_no_action_names_a_civil_half_and_an_exported_game_replays_as_written() -> None:
    """An action card is played, traded and swapped by its own id (``card a05``), never by a
    half: no step of the Clash transcripts and exported games under tests/ has a token that is
    a civil half, in either spelling, and an exported game (steps and outcome) holds none at
    all, so it needs no respelling (tests/host/test_exported_games.py replays it)."""
    halves = {*CIVIL, *(f"C{code[1:]}" for code in CIVIL)}
    files = sorted(TESTS.glob("rules/transcripts/clash_*.json"))
    exported = sorted(TESTS.glob("host/exported/clash_*.json"))
    assert files and exported
    for path in [*files, *exported]:
        data = transcript.load(path)
        for step in data["steps"]:
            assert not set(str(step.get("action", "")).upper().split()) & halves, path.name
    for path in exported:
        text = path.read_text(encoding="utf-8")
        assert not OLD.search(text) and not NEW.search(text)
