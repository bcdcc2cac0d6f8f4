"""Configuration loading: defaults, environment overrides, clear errors for bad files."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from host.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    """No config file at all is fine: every setting has a default."""
    cfg = load_config(tmp_path / "absent.toml", env={})
    assert cfg.token == "" and cfg.db_path.endswith(".sqlite3") and cfg.playground_port == 8765


def test_example_config_is_valid_and_complete() -> None:
    """config.example.toml loads, and names every setting the loader knows."""
    cfg = load_config(ROOT / "config.example.toml", env={})
    assert cfg.default_language == "en"
    text = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    for key in (
        "token",
        "dev_guilds",
        "shard_count",
        "shard_ids",
        "path",
        "process_lease",
        "default_language",
        "moderator_role",
        "log_page_size",
        "max_open_lobbies",
        "level",
        "host",
        "port",
    ):
        # A setting with no value by default is shown commented out.
        assert f"\n{key} =" in text or f"\n#{key} =" in text, key


def test_environment_overrides_file(tmp_path: Path) -> None:
    """DISCORD_TOKEN and TABLEHOST_DB win over the file."""
    path = tmp_path / "c.toml"
    path.write_text('[discord]\ntoken = "file"\n[store]\npath = "a.db"\n', encoding="utf-8")
    cfg = load_config(path, env={"DISCORD_TOKEN": "env", "TABLEHOST_DB": "b.db"})
    assert (cfg.token, cfg.db_path) == ("env", "b.db")


def test_the_playground_rate_limit_scale_is_read(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[playground]\nrate_limit_time_scale = 0.25\n", encoding="utf-8")
    assert load_config(path, env={}).playground_rate_limit_time_scale == 0.25


def test_the_result_posts_replay_can_be_turned_off(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    assert load_config(path, env={}).replay_on_result
    path.write_text("[render]\nreplay_on_result = false\n", encoding="utf-8")
    assert not load_config(path, env={}).replay_on_result


def test_shards_are_read(tmp_path: Path) -> None:
    """discord.shard_count alone: every shard of that count here; with shard_ids, those."""
    path = tmp_path / "c.toml"
    assert (load_config(path, env={}).shard_count, load_config(path, env={}).shard_ids) == (
        None,
        None,
    )
    path.write_text("[discord]\nshard_count = 4\nshard_ids = [2, 3]\n", encoding="utf-8")
    cfg = load_config(path, env={})
    assert (cfg.shard_count, cfg.shard_ids) == (4, (2, 3))


def test_the_process_lease_is_read(tmp_path: Path) -> None:
    """store.process_lease: seconds, a minute by default."""
    path = tmp_path / "c.toml"
    assert load_config(path, env={}).process_lease == timedelta(seconds=60)
    path.write_text("[store]\nprocess_lease = 7.5\n", encoding="utf-8")
    assert load_config(path, env={}).process_lease == timedelta(seconds=7.5)


def test_the_open_lobby_cap_is_read(tmp_path: Path) -> None:
    """bot.max_open_lobbies: 3 open lobbies per member and server unless set, 1 to 100."""
    path = tmp_path / "c.toml"
    assert load_config(path, env={}).max_open_lobbies == 3
    for cap in (1, 100):
        path.write_text(f"[bot]\nmax_open_lobbies = {cap}\n", encoding="utf-8")
        assert load_config(path, env={}).max_open_lobbies == cap


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ("[discord\n", "not valid TOML"),
        ("[store]\nprocess_lease = 0\n", "process_lease must be 1 to 3600 seconds"),
        ("[store]\nprocess_lease = 4000\n", "process_lease must be 1 to 3600 seconds"),
        ("[store]\nprocess_lease = '1m'\n", "store.process_lease must be a number"),
        ("[nope]\nx = 1\n", "unknown section"),
        ("[bot]\nlanguage = 'hu'\n", "unknown setting bot.language"),
        ("[bot]\nlog_page_size = 'ten'\n", "bot.log_page_size must be int"),
        ("[bot]\ndefault_language = 'de'\n", "default_language"),
        ("[playground]\nhost = '0.0.0.0'\n", "loopback"),
        ("[playground]\nrate_limit_time_scale = 0\n", "rate_limit_time_scale must be above 0"),
        ("[playground]\nrate_limit_time_scale = 'fast'\n", "must be a number"),
        ("[discord]\ndev_guilds = ['x']\n", "dev_guilds"),
        ("[logging]\nlevel = 'loud'\n", "logging.level"),
        ("[discord]\nshard_count = 0\n", "shard_count must be a whole number"),
        ("[discord]\nshard_count = true\n", "shard_count must be a whole number"),
        ("[discord]\nshard_ids = [0]\n", "shard_ids needs discord.shard_count"),
        ("[discord]\nshard_count = 2\nshard_ids = [2]\n", "from 0 to 1"),
        ("[discord]\nshard_count = 2\nshard_ids = [0, 0]\n", "distinct shard numbers"),
        ("[discord]\nshard_count = 2\nshard_ids = []\n", "distinct shard numbers"),
        ("[discord]\nshard_count = 2\nshard_ids = '0'\n", "distinct shard numbers"),
        ("[render]\nreplay_on_result = 'yes'\n", "render.replay_on_result must be bool"),
        ("[bot]\nmax_open_lobbies = 0\n", "bot.max_open_lobbies must be between 1 and 100"),
        ("[bot]\nmax_open_lobbies = 101\n", "bot.max_open_lobbies must be between 1 and 100"),
        ("[bot]\nmax_open_lobbies = -3\n", "bot.max_open_lobbies must be between 1 and 100"),
        ("[bot]\nmax_open_lobbies = 'three'\n", "bot.max_open_lobbies must be int"),
        ("[bot]\nmax_open_lobbies = 2.5\n", "bot.max_open_lobbies must be int"),
        ("[bot]\nmax_open_lobbies = true\n", "bot.max_open_lobbies must be int"),
    ],
)
def test_malformed_config_is_refused_clearly(tmp_path: Path, body: str, fragment: str) -> None:
    """Every malformed setting is named in the error."""
    path = tmp_path / "c.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError, match=fragment):
        load_config(path, env={})
