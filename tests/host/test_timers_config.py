"""The [timers] settings: defaults, the example file, durations, "off", clear refusals."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from host.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]
KEYS = (
    "reminder_delay",
    "deadline_policy",
    "vacation_days",
    "lobby_cleanup",
    "game_cleanup",
    "cleanup_warning",
)


def test_defaults_and_the_example_file_agree() -> None:
    """The example names every [timers] key, and loading it gives the defaults."""
    text = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    assert all(f"\n{key} =" in text for key in KEYS)
    example = load_config(ROOT / "config.example.toml", env={})
    default = load_config(None, env={})
    for key in KEYS:
        assert getattr(example, key) == getattr(default, key), key
    assert default.reminder_delay == timedelta(hours=8)
    assert default.game_cleanup == timedelta(days=30)


def test_durations_and_off(tmp_path: Path) -> None:
    """Durations are written as people type them; cleanups can be switched off."""
    path = tmp_path / "c.toml"
    path.write_text(
        '[timers]\nreminder_delay = "90m"\nlobby_cleanup = "off"\ngame_cleanup = "1d12h"\n',
        encoding="utf-8",
    )
    cfg = load_config(path, env={})
    assert cfg.reminder_delay == timedelta(minutes=90)
    assert cfg.lobby_cleanup is None
    assert cfg.game_cleanup == timedelta(days=1, hours=12)


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ('[timers]\nreminder_delay = "soon"\n', "timers.reminder_delay must be a duration"),
        ('[timers]\nreminder_delay = "off"\n', "timers.reminder_delay must be a duration"),
        ('[timers]\ngame_cleanup = "1w"\n', 'or "off"'),
        ('[timers]\ndeadline_policy = "explode"\n', "timers.deadline_policy"),
        ("[timers]\nvacation_days = -1\n", "timers.vacation_days"),
        ("[timers]\nvacation = 3\n", "unknown setting timers.vacation"),
    ],
)
def test_bad_timer_settings_are_named(tmp_path: Path, body: str, fragment: str) -> None:
    """Each malformed [timers] setting is refused with its name."""
    path = tmp_path / "c.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError, match=fragment):
        load_config(path, env={})
