"""Settings from config.toml and the environment, validated with clear messages."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from host.timing import (
    MAX_VACATION_DAYS,
    MAXIMA,
    OFF_WORDS,
    format_duration,
    parse_optional_duration,
)
from store.connect import is_postgres_url

_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
_LANGUAGES = ("en", "hu")
_POLICIES = ("remind", "drop", "end", "vote")


#: The seconds ``store.process_lease`` allows.
MIN_LEASE, MAX_LEASE = 1.0, 3600.0
#: The most interactions ``limits.per_user`` and ``limits.per_server`` allow, and the
#: seconds ``limits.window`` allows.
MAX_RATE = 100_000
MIN_WINDOW, MAX_WINDOW = 1.0, 3600.0

#: The most ``bot.max_open_lobbies`` allows: a cap beyond it would cap nothing in practice.
MAX_OPEN_LOBBIES = 100


class ConfigError(ValueError):
    """The configuration cannot be used; the message says which setting and why."""


@dataclass(frozen=True)
class Config:
    """Every setting the bot reads (see config.example.toml for what each one means)."""

    token: str = ""
    dev_guilds: tuple[int, ...] = ()
    #: Discord's shards this process runs (docs/scaling.md): None for Discord's recommended
    #: count, every shard in this process; ``shard_ids`` needs ``shard_count``.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    db_path: str = "data/tablehost.sqlite3"
    #: A PostgreSQL database (``postgresql://...``) to use instead of ``db_path``; "" for none.
    db_url: str = ""
    #: How long this process counts as alive after renewing its lease (host.presence): the
    #: longest another process waits before taking over the timers of one that died.
    process_lease: timedelta = timedelta(seconds=60)
    default_language: str = "en"
    moderator_role: str = ""
    log_page_size: int = 15
    #: Open lobbies one member may have at once in a server (moderators are not limited).
    max_open_lobbies: int = 3
    log_level: str = "INFO"
    render_workers: int = 1
    #: Attach an animated replay to the result post of a finished game (host.replay).
    replay_on_result: bool = True
    playground_host: str = "127.0.0.1"
    playground_port: int = 8765
    playground_rate_limit_time_scale: float = 1.0
    reminder_delay: timedelta = timedelta(hours=8)
    deadline_policy: str = "vote"
    vacation_days: int = 7
    lobby_cleanup: timedelta | None = timedelta(days=14)
    game_cleanup: timedelta | None = timedelta(days=30)
    cleanup_warning: timedelta = timedelta(hours=24)
    #: Commands and presses one user, and one server, may start per ``rate_window`` seconds
    #: (host.throttle; 0: no limit).
    user_rate: int = 20
    server_rate: int = 60
    rate_window: float = 10.0
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def store_location(self) -> str:
        """Where the store is: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.db_url or self.db_path


def _shards(section: Mapping[str, Any]) -> tuple[int | None, tuple[int, ...] | None]:
    """``discord.shard_count`` (at least 1) and ``discord.shard_ids`` (distinct shards below
    the count, which they need)."""
    count = section.get("shard_count")
    ids = section.get("shard_ids")

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if count is not None and (not whole(count) or not 1 <= count <= 65536):
        raise ConfigError(f"discord.shard_count must be a whole number from 1, got {count!r}")
    if ids is None:
        return count, None
    if count is None:
        raise ConfigError("discord.shard_ids needs discord.shard_count (how many shards in all)")
    if (
        not isinstance(ids, list)
        or not ids
        or not all(whole(i) and 0 <= i < count for i in ids)
        or len(set(ids)) != len(ids)
    ):
        raise ConfigError(
            f"discord.shard_ids must be a list of distinct shard numbers from 0 to {count - 1},"
            f" got {ids!r}"
        )
    return count, tuple(ids)


def load_config(path: str | Path | None, env: Mapping[str, str] | None = None) -> Config:
    """Read ``path`` (missing file = defaults) and apply environment overrides.

    Raises:
        ConfigError: an unreadable file (a folder, not UTF-8, no permission), malformed TOML,
            an unknown section or key, or a value of the wrong type or out of range. Nothing
            else: the message names the file or the setting, for printing without a traceback.
    """
    env = os.environ if env is None else env
    data: dict[str, Any] = {}
    text = None if path is None else _read_file(Path(path))
    if text is not None:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: not valid TOML ({exc})") from None
        except RecursionError:  # tomllib recurses into nested arrays and inline tables
            raise ConfigError(f"{path}: not valid TOML (nested too deeply)") from None
    known = {
        "discord": {"token", "dev_guilds", "shard_count", "shard_ids"},
        "store": {"path", "url", "process_lease"},
        "bot": {"default_language", "moderator_role", "log_page_size", "max_open_lobbies"},
        "logging": {"level"},
        "limits": {"per_user", "per_server", "window"},
        "render": {"workers", "replay_on_result"},
        "playground": {"host", "port", "rate_limit_time_scale"},
        "timers": {
            "reminder_delay",
            "deadline_policy",
            "vacation_days",
            "lobby_cleanup",
            "game_cleanup",
            "cleanup_warning",
        },
    }
    for section, values in data.items():
        if section not in known or not isinstance(values, dict):
            raise ConfigError(f"unknown section [{section}] (known: {', '.join(known)})")
        for key in values:
            if key not in known[section]:
                allowed = ", ".join(sorted(known[section]))
                raise ConfigError(f"unknown setting {section}.{key} (known: {allowed})")

    def get(section: str, key: str, kind: type, default: Any) -> Any:
        value = data.get(section, {}).get(key, default)
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            raise ConfigError(f"{section}.{key} must be {kind.__name__}, got {value!r}")
        return value

    def number(section: str, key: str, default: float) -> float:
        value = data.get(section, {}).get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ConfigError(f"{section}.{key} must be a number, got {value!r}")
        try:
            return float(value)
        except OverflowError:  # TOML integers have no size limit in tomllib
            raise ConfigError(f"{section}.{key} is far too large") from None

    def duration(
        key: str, default: str, setting: str, *, optional: bool = False
    ) -> timedelta | None:
        # The same parser and maximum (host.timing.MAXIMA) as the commands setting it.
        text = get("timers", key, str, default)
        longest = MAXIMA[setting]
        try:
            value = parse_optional_duration(text, longest)
        except ValueError:  # not a duration, or longer than the maximum
            value = None
        if value is None and not (optional and text.strip().lower() in OFF_WORDS):
            allowed = ' or "off"' if optional else ""
            raise ConfigError(
                f'timers.{key} must be a duration like "90m", "12h", "2d" (at most '
                f"{format_duration(longest)}){allowed}, got {text!r}"
            )
        return value

    reminder_delay = duration("reminder_delay", "8h", "reminder")
    cleanup_warning = duration("cleanup_warning", "24h", "cleanup_warning")
    assert reminder_delay is not None and cleanup_warning is not None
    guilds = get("discord", "dev_guilds", list, [])
    if not all(isinstance(g, int) and not isinstance(g, bool) and 0 < g < 2**64 for g in guilds):
        raise ConfigError("discord.dev_guilds must be a list of server ids (positive integers)")
    shard_count, shard_ids = _shards(data.get("discord", {}))
    lease = number("store", "process_lease", Config.process_lease.total_seconds())
    if not MIN_LEASE <= lease <= MAX_LEASE:
        raise ConfigError(
            f"store.process_lease must be {MIN_LEASE:g} to {MAX_LEASE:g} seconds, got {lease:g}"
        )
    cfg = Config(
        token=env.get("DISCORD_TOKEN") or get("discord", "token", str, ""),
        dev_guilds=tuple(guilds),
        shard_count=shard_count,
        shard_ids=shard_ids,
        db_path=env.get("TABLEHOST_DB") or get("store", "path", str, Config.db_path),
        db_url=env.get("TABLEHOST_DB_URL") or get("store", "url", str, ""),
        process_lease=timedelta(seconds=lease),
        default_language=get("bot", "default_language", str, "en"),
        moderator_role=get("bot", "moderator_role", str, ""),
        log_page_size=get("bot", "log_page_size", int, 15),
        max_open_lobbies=get("bot", "max_open_lobbies", int, Config.max_open_lobbies),
        log_level=(env.get("TABLEHOST_LOG_LEVEL") or get("logging", "level", str, "INFO")).upper(),
        render_workers=get("render", "workers", int, 1),
        replay_on_result=get("render", "replay_on_result", bool, True),
        playground_host=get("playground", "host", str, "127.0.0.1"),
        playground_port=get("playground", "port", int, 8765),
        playground_rate_limit_time_scale=number("playground", "rate_limit_time_scale", 1.0),
        reminder_delay=reminder_delay,
        deadline_policy=get("timers", "deadline_policy", str, "vote"),
        vacation_days=get("timers", "vacation_days", int, 7),
        lobby_cleanup=duration("lobby_cleanup", "14d", "cleanup", optional=True),
        game_cleanup=duration("game_cleanup", "30d", "cleanup", optional=True),
        cleanup_warning=cleanup_warning,
        user_rate=get("limits", "per_user", int, Config.user_rate),
        server_rate=get("limits", "per_server", int, Config.server_rate),
        rate_window=number("limits", "window", Config.rate_window),
    )
    return validate(cfg)


def validate(cfg: Config) -> Config:
    """``cfg`` if every value is in range (also after command-line overrides), else ConfigError."""
    if not cfg.db_path.strip():
        raise ConfigError("store.path (or --db) must name a database file, not be empty")
    if cfg.db_url and not is_postgres_url(cfg.db_url):
        raise ConfigError(
            "store.url (or TABLEHOST_DB_URL) must be a postgresql:// URL, or be left out"
        )
    if cfg.default_language not in _LANGUAGES:
        raise ConfigError(f"bot.default_language must be one of {_LANGUAGES}")
    if cfg.log_level not in _LEVELS:
        raise ConfigError(f"logging.level must be one of {_LEVELS}")
    if not 1 <= cfg.log_page_size <= 50:
        raise ConfigError("bot.log_page_size must be between 1 and 50")
    if not 1 <= cfg.max_open_lobbies <= MAX_OPEN_LOBBIES:
        raise ConfigError(
            f"bot.max_open_lobbies must be between 1 and {MAX_OPEN_LOBBIES},"
            f" got {cfg.max_open_lobbies}"
        )
    if not 0 <= cfg.render_workers <= 8:
        raise ConfigError("render.workers must be between 0 and 8")
    if not 0 <= cfg.playground_port <= 65535:
        raise ConfigError("playground.port must be between 0 and 65535")
    if not 0 < cfg.playground_rate_limit_time_scale <= 1:
        raise ConfigError("playground.rate_limit_time_scale must be above 0 and at most 1")
    if cfg.playground_host not in ("127.0.0.1", "localhost", "::1"):
        raise ConfigError("playground.host must be a loopback address (127.0.0.1, ::1)")
    if cfg.deadline_policy not in _POLICIES:
        raise ConfigError(f"timers.deadline_policy must be one of {_POLICIES}")
    for key, rate in (("per_user", cfg.user_rate), ("per_server", cfg.server_rate)):
        if not 0 <= rate <= MAX_RATE:
            raise ConfigError(f"limits.{key} must be between 0 (no limit) and {MAX_RATE}")
    if not MIN_WINDOW <= cfg.rate_window <= MAX_WINDOW:
        raise ConfigError(
            f"limits.window must be {MIN_WINDOW:g} to {MAX_WINDOW:g} seconds,"
            f" got {cfg.rate_window:g}"
        )
    if not 0 <= cfg.vacation_days <= MAX_VACATION_DAYS:
        raise ConfigError(f"timers.vacation_days must be between 0 and {MAX_VACATION_DAYS}")
    return cfg


def _read_file(path: Path) -> str | None:
    """The text of the settings file, None if there is none; ConfigError if it cannot be read."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a folder, not a settings file") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ConfigError(f"{path}: cannot be read ({reason})") from None
    try:
        # utf-8-sig: a file saved by Notepad starts with a byte-order mark.
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (invalid byte at offset {exc.start})") from None
