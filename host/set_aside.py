"""Games that cannot be loaded are set aside, so that one damaged row never stops the bot.

A game is set aside when its row or its snapshot cannot be read back (the store sets such rows
aside itself: :class:`store.SetAside`), when it names a game this bot does not host, or when
its engine cannot read its snapshot. Start-up skips it (no timers planned, no bot seat
played), every command and button about it answers ``error.game_set_aside``, and ``/mod
check`` lists the server's set-aside games with the reason. Nothing is written to such a game,
so repairing the row (or a version of the bot that knows the game) brings it back as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

import locales
from host.errors import UserError
from store import SetAside

log = logging.getLogger(__name__)

#: Why a game is set aside; each names ``mod.set_aside.<reason>`` in the locales.
REASONS = ("row_unreadable", "snapshot_unreadable", "unknown_game", "snapshot_invalid")

#: Longest game name quoted back to a moderator (the name is whatever the row holds).
_NAME_SHOWN = 40


@dataclass(frozen=True)
class SetAsideGame:
    """One set-aside game: where it belongs (None when even that is unreadable) and why.

    ``name`` is the unknown game's name for ``unknown_game``, else empty.
    """

    game_id: int
    guild_id: int | None
    reason: str
    name: str = ""


class GameSetAside(UserError):
    """The game cannot be loaded (see the module docstring); ``entry`` says why."""

    def __init__(self, entry: SetAsideGame) -> None:
        super().__init__("game_set_aside", game=entry.game_id)
        self.entry = entry


def from_store(row: SetAside) -> SetAsideGame | None:
    """The game a row the store set aside takes with it: its own row or its snapshot. (A
    damaged timer, vacation or setting is skipped alone; the game still loads.)"""
    if row.game_id is None:
        return None
    if row.table == "games":
        return SetAsideGame(row.game_id, row.guild_id, "row_unreadable")
    if row.table == "snapshots":
        return SetAsideGame(row.game_id, row.guild_id, "snapshot_unreadable")
    return None


class SetAsideGames:
    """The games this process has set aside, each logged once."""

    def __init__(self) -> None:
        self._games: dict[int, SetAsideGame] = {}

    def __bool__(self) -> bool:
        return bool(self._games)

    def add(self, entry: SetAsideGame, why: str | None) -> GameSetAside:
        """Set ``entry`` aside and return the error to raise. ``why`` is logged the first time
        (None: the store has logged the damaged row already)."""
        if entry.game_id not in self._games and why is not None:
            log.warning("game %s set aside: %s; it is skipped until repaired", entry.game_id, why)
        self._games[entry.game_id] = entry
        return GameSetAside(entry)

    def discard(self, game_id: int) -> None:
        """The game loads again (it was repaired)."""
        self._games.pop(game_id, None)

    def of_guild(self, guild_id: int, store_rows: Iterable[SetAside]) -> list[SetAsideGame]:
        """The server's set-aside games by id: those met here and those whose rows the store
        set aside while listing games (never loaded, so never met here)."""
        found = {g.game_id: g for g in self._games.values() if g.guild_id == guild_id}
        for row in store_rows:
            entry = from_store(row)
            if entry is not None and entry.guild_id == guild_id:
                found.setdefault(entry.game_id, entry)
        return [found[game_id] for game_id in sorted(found)]


def report(lang: str, games: Iterable[SetAsideGame]) -> list[str]:
    """The lines of ``/mod check`` about set-aside games (none when there are none)."""
    games = list(games)
    if not games:
        return []
    lines = [locales.t(lang, "mod.set_aside.title", count=len(games))]
    for game in games:
        # The name comes from a damaged row: shown as code, clipped, never as markdown.
        name = game.name[:_NAME_SHOWN].replace("`", "'")
        reason = locales.t(lang, f"mod.set_aside.{game.reason}", name=name)
        lines.append(locales.t(lang, "mod.set_aside.line", game=game.game_id, reason=reason))
    return lines
