"""Configuration errors always name the file or the setting and never show a traceback: an
unreadable file, durations beyond what timers hold, and fuzzed files (random bytes, random
TOML) give a Config or a ConfigError, nothing else."""

from __future__ import annotations

import json
import math
import string
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bot
from host.config import Config, ConfigError, load_config, validate
from host.timing import MAXIMA

ROOT = Path(__file__).resolve().parents[2]
DURATIONS = ("reminder_delay", "cleanup_warning", "lobby_cleanup", "game_cleanup")


def refusal(path: Path) -> str:
    with pytest.raises(ConfigError) as err:
        load_config(path, env={})
    return str(err.value)


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'[bot]\nmoderator_role = "\xe9quipe"\n')
    message = refusal(path)
    assert str(path) in message and "not UTF-8" in message


def test_a_folder_is_named(tmp_path: Path) -> None:
    assert "is a folder" in refusal(tmp_path)


def test_a_path_under_a_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    message = refusal(tmp_path / "file" / "config.toml")
    assert "cannot be read" in message and "config.toml" in message


@pytest.mark.parametrize("key", DURATIONS)
@pytest.mark.parametrize("value", ["999999999d", "366d", "99999999999999999999m"])
def test_a_duration_beyond_a_year_is_named(tmp_path: Path, key: str, value: str) -> None:
    """Such a duration used to load and overflow datetime when a timer was scheduled."""
    path = tmp_path / "c.toml"
    path.write_text(f'[timers]\n{key} = "{value}"\n', encoding="utf-8")
    assert f"timers.{key} must be a duration" in refusal(path)


def test_each_duration_is_accepted_up_to_its_maximum_and_no_further(tmp_path: Path) -> None:
    """The maxima are the commands' (host.timing.MAXIMA): a reminder delay of 30 days is the
    longest /settings accepts too."""
    path = tmp_path / "c.toml"
    path.write_text('[timers]\nreminder_delay = "30d"\ngame_cleanup = "365d"\n', encoding="utf-8")
    cfg = load_config(path, env={})
    assert cfg.reminder_delay == MAXIMA["reminder"] == timedelta(days=30)
    assert cfg.game_cleanup == MAXIMA["cleanup"] == timedelta(days=365)
    path.write_text('[timers]\nreminder_delay = "31d"\n', encoding="utf-8")
    assert "at most 30d" in refusal(path)


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_bytes('\ufeff[bot]\ndefault_language = "hu"\n'.encode())
    assert load_config(path, env={}).default_language == "hu"


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ("[playground]\nrate_limit_time_scale = " + "9" * 400 + "\n", "rate_limit_time_scale"),
        ("x = " + "[" * 2000 + "]" * 2000 + "\n", "nested too deeply"),
        ("[discord]\ndev_guilds = [0]\n", "dev_guilds"),
        ("[discord]\ndev_guilds = [" + "9" * 30 + "]\n", "dev_guilds"),
        ('[store]\npath = " "\n', "store.path"),
    ],
)
def test_odd_values_are_named(tmp_path: Path, body: str, fragment: str) -> None:
    path = tmp_path / "c.toml"
    path.write_text(body, encoding="utf-8")
    assert fragment in refusal(path)


@pytest.mark.parametrize(
    ("make", "args", "fragment"),
    [
        ("not_utf8", [], "not UTF-8"),
        ("folder", [], "is a folder"),
        ("duration", [], "timers.reminder_delay"),
        ("empty", ["--port", "70000"], "playground.port"),
        ("empty", ["--db", ""], "store.path"),
        ("lobby_cap", [], "bot.max_open_lobbies must be between 1 and 100, got 0"),
    ],
)
def test_bot_py_prints_one_line_and_exits_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: str,
    args: list[str],
    fragment: str,
) -> None:
    path = tmp_path / "config.toml"
    if make == "folder":
        path.mkdir()
    else:
        path.write_bytes(
            {
                "not_utf8": b"[bot]\xff\n",
                "duration": b'[timers]\nreminder_delay = "999999999d"\n',
                "lobby_cap": b"[bot]\nmax_open_lobbies = 0\n",
                "empty": b"",
            }[make]
        )
    assert bot.main(["--config", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Configuration error: ") and fragment in err
    assert len(err.strip().splitlines()) == 1


def test_bot_py_process_has_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xff\xfe[bot]\n")
    done = subprocess.run(
        [sys.executable, "bot.py", "--config", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"Configuration error: {path}: not UTF-8")


# Fuzzing ------------------------------------------------------------------------------------

KNOWN = {
    "discord": ["token", "dev_guilds"],
    "store": ["path"],
    "bot": ["default_language", "moderator_role", "log_page_size"],
    "logging": ["level"],
    "render": ["workers", "replay_on_result"],
    "playground": ["host", "port", "rate_limit_time_scale"],
    "timers": [*DURATIONS, "deadline_policy", "vacation_days"],
}
names = st.text(string.ascii_lowercase + "_", min_size=1, max_size=8)
scalars = st.one_of(
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.from_regex(r"\A[0-9]{1,20}\s?[dhmw]{1,2}\Z"),
    st.sampled_from(["off", "en", "hu", "vote", "INFO", "127.0.0.1", "", "0m", "365d"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(names, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def documents(draw: st.DrawFn) -> dict[str, dict[str, Any]]:
    """The known sections and keys, now and then another, with values of any kind."""
    sections = draw(st.lists(st.sampled_from(sorted(KNOWN)), max_size=4, unique=True))
    if draw(st.integers(0, 9)) == 0:
        sections.append(draw(names))
    doc = {}
    for section in sections:
        known = KNOWN.get(section)
        keys = st.sampled_from(known) if known and draw(st.integers(0, 9)) else names
        doc[section] = draw(st.dictionaries(keys, values, max_size=4))
    return doc


def toml(value: Any) -> str:
    """A TOML value (JSON's string escapes are TOML's too)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"


def render(doc: dict[str, dict[str, Any]]) -> str:
    return "".join(
        f"[{section}]\n" + "".join(f"{key} = {toml(v)}\n" for key, v in body.items())
        for section, body in doc.items()
    )


environments = st.dictionaries(
    st.sampled_from(["DISCORD_TOKEN", "TABLEHOST_DB", "TABLEHOST_LOG_LEVEL"]),
    st.text(max_size=10) | st.sampled_from(["debug", "error", "x.db"]),
)


def config_or_error(path: Path, env: dict[str, str]) -> Config | None:
    try:
        cfg = load_config(path, env=env)
    except ConfigError as exc:
        assert str(exc)  # a message, always
        return None
    assert validate(cfg) is cfg
    for key in DURATIONS:
        delay = getattr(cfg, key)
        assert delay is None or timedelta(0) < delay <= max(MAXIMA.values())
        assert delay is None or datetime.now(UTC) + delay  # never overflows
    return cfg


FUZZ = settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FUZZ
@given(raw=st.binary(max_size=300) | st.builds(str.encode, st.text(max_size=200)))
def test_random_bytes_give_a_config_or_a_config_error(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_bytes(raw)
    config_or_error(path, {})


@FUZZ
@given(doc=documents(), env=environments)
def test_random_toml_gives_a_config_or_a_config_error(
    tmp_path: Path, doc: dict[str, dict[str, Any]], env: dict[str, str]
) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_text(render(doc), encoding="utf-8")
    config_or_error(path, env)
