"""Transcripts v2 (docs/transcripts.md): every viewer's view per step, ``expect_error: any``,
refusals that must change nothing, strict transcript files, several files at once, and
self-play games saved as transcripts that replay to the same state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import get_game, selfplay, transcript
from rules.__main__ import main
from rules.core import Event, Game, IllegalAction

DIR = Path(__file__).parent / "transcripts"
BREAKTHROUGH = DIR / "civ_breakthrough_pending_2p.json"
#: Transcripts that start where only a position can start a game.
MIDWAY = {
    "civ_draft_midway_3p": ("step", "draft_keep"),
    "civ_breakthrough_pending_2p": ("step", "breakthrough_discard"),
    "civ_inquisition_pending_3p": ("step", "inquisition_return"),
    "stoneage_resolve_midway_3p": ("phase", "resolve"),
    "stoneage_dice_for_all_pending_4p": ("dice_for_all", None),
    "stoneage_feeding_2p": ("phase", "feed"),
}


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


# -- positions inside a round, a draft, a decision -------------------------------------------


@pytest.mark.parametrize("name", sorted(MIDWAY))
def test_midway_transcripts_replay_as_expected(name: str) -> None:
    """Each starts mid-draft, mid-round, while feeding or inside a pending decision."""
    data = transcript.load(DIR / f"{name}.json")
    key, value = MIDWAY[name]
    assert key in data["position"] and (value is None or data["position"][key] == value)
    assert any(s.get("expect_error") == transcript.ANY for s in data["steps"])
    result = transcript.replay(data)
    assert result.mismatches() == []
    assert result.steps[0].error is not None  # every one shows a refusal first


# -- --views ---------------------------------------------------------------------------------


def test_views_print_every_viewer_after_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    """After the start (seq 0) and after each step line: the public view, then each seat's,
    equal to the engine's view of that moment, with the events that viewer may read."""
    assert main(["replay", "--views", str(BREAKTHROUGH)]) == 0
    lines = _lines(capsys)
    data = transcript.load(BREAKTHROUGH)
    result = transcript.replay(data)
    players, game = data["players"], get_game("civ")
    per_step = 1 + len(players)
    assert "final" in lines.pop()
    blocks = [lines[:per_step]] + [
        lines[at : at + 1 + per_step] for at in range(per_step, len(lines), 1 + per_step)
    ]
    assert len(blocks) == 1 + len(data["steps"])
    for seq, block in enumerate(blocks):
        if seq:
            step = block.pop(0)
            assert step["seq"] == seq
            assert set(step) == {"seq", "player", "action", "ok", "error", "params"}
            assert (step["params"] is None) == step["ok"]
        assert [v["seen_by"] for v in block] == [None, *players]
        for line in block:
            assert set(line) == {"seq", "seen_by", "events", "view"} and line["seq"] == seq
            seat = None if line["seen_by"] is None else players.index(line["seen_by"])
            assert line["view"] == game.view(result.states[seq], seat)
    refused = lines[per_step]
    assert refused["error"] == "not_your_turn" and refused["params"] == {"waiting": [0]}


def test_views_show_private_events_to_their_reader_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """alice's end of turn draws a card: only alice's line shows which one."""
    main(["replay", "--views", str(BREAKTHROUGH)])
    lines = _lines(capsys)
    end = next(i for i, v in enumerate(lines) if v.get("action") == "end" and v["ok"])
    public, alice, bob = (lines[end + 1 + i]["events"] for i in range(3))
    drawn = {"kind": "civ.drew_cards", "params": {"player": "alice", "domains": ["economy"]}}
    assert drawn in alice and drawn not in public and drawn not in bob
    assert [e for e in alice if e != drawn] == public == bob


def test_views_output_is_stable(capsys: pytest.CaptureFixture[str]) -> None:
    """The same transcript prints the same bytes every time (a tester can diff runs)."""
    main(["replay", "--views", str(BREAKTHROUGH)])
    first = capsys.readouterr().out
    main(["replay", "--views", str(BREAKTHROUGH)])
    assert capsys.readouterr().out == first


def test_several_files_are_headed_and_all_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each file's lines follow {"file": ...}; one failing file fails the run but not the rest."""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "civ", "players": ["a", "b"], "stepz": []}))
    files = [str(BREAKTHROUGH), str(bad), str(DIR / "stoneage_feeding_2p.json")]
    assert main(["replay", *files]) == 1
    out = capsys.readouterr()
    heads = [json.loads(line) for line in out.out.splitlines() if line.startswith('{"file"')]
    assert heads == [{"file": f} for f in files]
    assert out.out.count('{"final"') == 2
    assert f"{bad}: transcript refused: unknown key 'stepz'" in out.err


# -- expect_error: any -----------------------------------------------------------------------


def _civ(steps: list[dict[str, Any]]) -> dict[str, Any]:
    data = transcript.load(BREAKTHROUGH)
    data["steps"] = steps
    data.pop("expect")
    return data


def test_expect_error_any_accepts_any_refusal_and_only_a_refusal() -> None:
    result = transcript.replay(
        _civ(
            [
                {"player": "bob", "action": "end", "expect_error": "any"},
                {"player": "alice", "action": "fly", "expect_error": "any"},
                {"player": "alice", "action": "end", "expect_error": "effect_in_progress"},
                {"player": "alice", "action": "end", "expect_error": "not_your_turn"},
                {
                    "player": "alice",
                    "action": "discard military religion economy culture culture",
                    "expect_error": "any",
                },
            ]
        )
    )
    assert [s.error for s in result.steps] == [
        "not_your_turn",
        "unknown_action",
        "effect_in_progress",
        "effect_in_progress",
        None,
    ]
    assert [s.matched for s in result.steps] == [True, True, True, False, False]
    assert result.mismatches() == [
        "step 4 (alice: end): expected not_your_turn, got effect_in_progress",
        "step 5 (alice: discard military religion economy culture culture): "
        "expected any refusal, got ok",
    ]


# -- refusals change nothing -----------------------------------------------------------------


class Careless:
    """A CIV engine that breaks the contract: ``apply`` scribbles on the state it was given
    (before refusing ``end``, and before accepting anything else)."""

    def __init__(self) -> None:
        self.inner: Game[Any] = get_game("civ")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def apply(self, state: Any, seat: int, action: str) -> tuple[Any, list[Event]]:
        state.seats[seat].hand[0] += 1
        if action == "end":
            raise IllegalAction("effect_in_progress")
        return self.inner.apply(state, seat, action)


def test_a_refusal_that_changes_the_state_fails_the_step() -> None:
    """Even with the expected code, the step fails and the report names it and the change."""
    careless = Careless()
    result = transcript.replay(
        _civ([{"player": "alice", "action": "end", "expect_error": "effect_in_progress"}]),
        lookup=lambda name: careless,
    )
    (step,) = result.steps
    assert step.error == "effect_in_progress" and step.changed == "seats[0].hand[0]"
    assert not result.all_matched
    assert result.mismatches() == [
        "step 1 (alice: end): refused with effect_in_progress but changed the state it was "
        "given at seats[0].hand[0]"
    ]


def test_an_accepted_step_must_leave_its_input_alone() -> None:
    careless = Careless()
    result = transcript.replay(
        _civ([{"player": "alice", "action": "discard military religion economy culture culture"}]),
        lookup=lambda name: careless,
    )
    assert result.steps[0].ok and result.steps[0].changed == "seats[0].hand[0]"
    assert "accepted but changed the state" in result.mismatches()[0]


def test_real_refusals_change_nothing() -> None:
    """Every refused step of every stored transcript leaves the state as it was."""
    for path in sorted(DIR.glob("*.json")):
        result = transcript.replay(transcript.load(path))
        assert all(s.changed is None for s in result.steps), path.name


# -- strict transcript files -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"expct": {}}, "unknown key 'expct'"),
        ({"game": "chess"}, "game: one of civ, stoneage"),
        ({"seed": "7"}, "seed: an integer"),
        ({"expect": {"outcome": None, "final": {}}}, "expect: unknown key 'final'"),
        ({"steps": [{"player": "zoe", "action": "end"}]}, "steps[0].player: 'zoe' is not"),
        ({"steps": [{"player": "bob", "action": "end", "expect": "x"}]}, "unknown key 'expect'"),
        ({"steps": [{"player": "bob"}]}, "steps[0]: either an action or resign: true"),
        ({"steps": [{"player": "bob", "action": "end", "resign": True}]}, "either an action"),
        ({"steps": [{"player": "bob", "action": "end", "expect_error": 3}]}, "expect_error"),
    ],
)
def test_malformed_transcripts_are_refused_naming_the_key(
    change: dict[str, Any], message: str
) -> None:
    data = {**transcript.load(BREAKTHROUGH), **change}
    with pytest.raises(transcript.TranscriptError, match=message.replace("[", r"\[")):
        transcript.replay(data)


def test_the_cli_reports_a_malformed_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.json"
    path.write_text("[1, 2]")
    assert main(["replay", str(path)]) == 1
    assert "transcript refused: a transcript is a JSON object" in capsys.readouterr().err


def test_dumps_writes_one_step_per_line_and_reads_back() -> None:
    data = transcript.load(BREAKTHROUGH)
    text = transcript.dumps(data)
    assert json.loads(text) == data
    step_lines = [line for line in text.splitlines() if line.startswith('    {"player"')]
    assert len(step_lines) == len(data["steps"])


# -- self-play saves its games ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "games"), [("civ", 4), ("stoneage", 2)])
def test_selfplay_saves_transcripts_that_replay_to_the_same_state(
    name: str, games: int, tmp_path: Path
) -> None:
    """One file per game, in the format replay reads; replaying it reaches the very state the
    game ended in and matches its own expect (outcome and final public view)."""
    played: dict[int, Any] = {}

    def record(seed: int, data: dict[str, Any], state: Any) -> None:
        played[seed] = state

    argv = ["selfplay", name, "--games", str(games), "--seed", "5", "--save", str(tmp_path)]
    assert main(argv) == 0
    game = get_game(name)
    # The same games as the command line's (its default policy), with their states kept.
    selfplay.run(game, games=games, seed=5, policy="mixed", record=record)
    files = sorted(tmp_path.glob(f"{name}_*.json"))
    assert len(files) == games
    assert sorted(played) == sorted(int(f.stem.split("_")[1]) for f in files)
    for path in files:
        data = transcript.load(path)
        assert set(data["expect"]) == {"outcome", "public"} and data["steps"]
        result = transcript.replay(data)
        assert result.mismatches() == []
        assert game.to_json(result.state) == game.to_json(played[int(path.stem.split("_")[1])])


def test_a_broken_selfplay_game_is_saved_with_the_error(tmp_path: Path) -> None:
    """A game that breaks a check is saved up to the action that broke it, with a comment."""

    class Broken:
        def __init__(self) -> None:
            self.inner: Game[Any] = get_game("stoneage")
            self.calls = 0

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

        def check_invariants(self, state: Any) -> list[str]:
            self.calls += 1
            return ["broken on purpose"] if self.calls == 5 else []

    saved: list[dict[str, Any]] = []
    report = selfplay.run(
        Broken(),
        games=1,
        seed=2,
        record=lambda seed, data, state: saved.append(data),
    )
    assert report.errors == 1
    (data,) = saved
    assert "broken on purpose" in data["comment"] and "expect" not in data
    assert len(data["steps"]) == 5
    assert transcript.replay(data).mismatches() == []
