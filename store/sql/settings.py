"""Settings: one JSON object each for the bot, a guild, a user and a game
(``store.protocols.Settings``). A damaged settings row reads as no settings and is replaced by
the next setting written there."""

from __future__ import annotations

from typing import Any

from store.base import BadRow
from store.sql.base import SqlBase
from store.sql.convert import _dumps, _load_game, _now, _settings_json

__all__ = ["SettingsSql"]


class SettingsSql(SqlBase):
    """Bot, guild, user and game settings."""

    # Bot and guild settings

    async def bot_settings(self) -> dict[str, Any]:
        return await self._settings("bot_settings", "id", 1)

    async def set_bot_setting(self, key: str, value: Any) -> None:
        await self._set_setting("bot_settings", "id", 1, key, value)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._settings("guilds", "guild_id", guild_id)

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self._set_setting("guilds", "guild_id", guild_id, key, value)

    # User settings

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._settings("users", "user_id", user_id)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        await self._set_setting("users", "user_id", user_id, key, value)

    async def users_with_setting(self, key: str) -> dict[int, Any]:
        rows = await self._read("SELECT user_id, settings FROM users ORDER BY user_id")
        found = {}
        for row in rows:
            try:
                settings = _settings_json(row, "users", row["user_id"])
            except BadRow as exc:
                self._note(exc.row)
                continue
            if key in settings:
                found[row["user_id"]] = settings[key]
        return found

    # Game settings and invitations

    async def game_settings(self, game_id: int) -> dict[str, Any]:
        return await self._settings("game_settings", "game_id", game_id)

    async def set_game_setting(self, game_id: int, key: str, value: Any) -> None:
        await self._set_setting("game_settings", "game_id", game_id, key, value, game=game_id)

    # Settings rows: one JSON object per bot, guild, user or game

    async def _settings(self, table: str, column: str, key_id: int) -> dict[str, Any]:
        rows = await self._read(f"SELECT settings FROM {table} WHERE {column} = ?", (key_id,))
        if not rows:
            return {}
        try:
            return self._one(lambda r: _settings_json(r, table, key_id), rows[0], (table, key_id))
        except BadRow:
            return {}  # set aside: read as no settings until the next write replaces the row

    async def _set_setting(
        self,
        table: str,
        column: str,
        key_id: int,
        key: str,
        value: Any,
        *,
        game: int | None = None,
    ) -> None:
        """Set (None: remove) one key of a settings row; ``game`` must exist if given."""
        _dumps(value)  # refuse a value that is not JSON before opening a transaction
        async with self._transaction() as db:
            if game is not None:
                await _load_game(db, game)
            sql = f"SELECT settings FROM {table} WHERE {column} = ?"
            rows = list(await db.execute_fetchall(sql, (key_id,)))
            try:
                settings = _settings_json(rows[0], table, key_id) if rows else {}
            except BadRow:
                settings = {}  # what reads saw; the unreadable row is replaced
            if value is None:
                settings.pop(key, None)
            else:
                settings[key] = value
            await db.execute(
                f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?) "
                f"ON CONFLICT ({column}) DO UPDATE "
                "SET settings = excluded.settings, updated_at = excluded.updated_at",
                (key_id, _dumps(settings), _now()),
            )
        self._aside.pop((table, key_id), None)
