"""Set-aside games in the service: why each is set aside, logged once, cleared when repaired;
the timer dispatcher skips their timers without a traceback; the /mod check lines."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import locales
from host.clock import FakeClock
from host.service import GameService
from host.set_aside import GameSetAside, SetAsideGame, report
from host.timers import TimerDispatcher
from store import NewTimer, SqliteStore, TimerRow
from tests.store.store_testkit import counting_engines, make_lobby, start_counting


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "aside.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
def service(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> GameService:
    monkeypatch.setattr("host.service.get_game", counting_engines)
    return GameService(store)


def tamper(store: SqliteStore, sql: str, *params: object) -> None:
    db = sqlite3.connect(store.path)
    db.execute(sql, params)
    db.commit()
    db.close()


def warnings(caplog: pytest.LogCaptureFixture, game_id: int) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and f" {game_id}" in r.getMessage()
    ]


@pytest.mark.parametrize(
    ("sql", "reason", "why"),
    [
        ("UPDATE games SET game = 'nosuchgame' WHERE id = ?", "unknown_game", "'nosuchgame'"),
        ("UPDATE snapshots SET state = 'no' WHERE game_id = ?", "snapshot_unreadable", "JSON"),
        ("UPDATE snapshots SET state = '[]' WHERE game_id = ?", "snapshot_unreadable", "object"),
        # JSON the engine does not read (an unknown version): its engine refuses it.
        (
            "UPDATE snapshots SET state = '{\"version\": 9}' WHERE game_id = ?",
            "snapshot_invalid",
            "ValueError",
        ),
        ("UPDATE games SET options = 'no' WHERE id = ?", "row_unreadable", "JSON"),
    ],
)
async def test_a_game_that_cannot_be_loaded_is_set_aside_once(
    store: SqliteStore,
    service: GameService,
    caplog: pytest.LogCaptureFixture,
    sql: str,
    reason: str,
    why: str,
) -> None:
    game = await start_counting(store)
    tamper(store, sql, game.id)
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            with pytest.raises(GameSetAside) as err:
                await service.load(game.id)
    assert err.value.code == "game_set_aside" and err.value.params == {"game": game.id}
    entry = err.value.entry
    assert (entry.game_id, entry.guild_id, entry.reason) == (game.id, game.guild_id, reason)
    logged = warnings(caplog, game.id)
    assert len(logged) == 1 and why in logged[0], logged
    aside = service.set_aside.of_guild(game.guild_id, store.set_aside())
    assert [g.game_id for g in aside] == [game.id]
    assert service.set_aside.of_guild(game.guild_id + 1, store.set_aside()) == []


async def test_a_repaired_game_loads_again(store: SqliteStore, service: GameService) -> None:
    game = await start_counting(store)
    stored = await store.snapshot(game.id)
    assert stored is not None
    good = stored[1]
    tamper(store, "UPDATE snapshots SET state = 'no' WHERE game_id = ?", game.id)
    with pytest.raises(GameSetAside):
        await service.load(game.id)
    tamper(store, "UPDATE snapshots SET state = ? WHERE game_id = ?", json.dumps(good), game.id)
    assert (await service.load(game.id)).state == good
    assert service.set_aside.of_guild(game.guild_id, store.set_aside()) == []


async def test_a_game_row_skipped_by_a_list_is_still_listed(
    store: SqliteStore, service: GameService
) -> None:
    """A game whose row no list returns is never loaded: /mod check learns of it from the
    store."""
    lobby = await make_lobby(store)
    tamper(store, "UPDATE games SET options = 'no' WHERE id = ?", lobby.id)
    assert await store.list_games(lobby.guild_id) == []
    aside = service.set_aside.of_guild(lobby.guild_id, store.set_aside())
    assert aside == [SetAsideGame(lobby.id, lobby.guild_id, "row_unreadable")]


async def test_timers_of_a_set_aside_game_are_skipped_without_a_traceback(
    store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock()
    game = await start_counting(store)
    fired: list[str] = []

    async def handler(timer: TimerRow) -> None:
        if timer.payload["name"] == "aside":
            raise GameSetAside(SetAsideGame(game.id, game.guild_id, "unknown_game", "x"))
        fired.append(timer.payload["name"])

    for name in ("aside", "fine"):
        await store.add_timer(NewTimer(game.id, "test", clock.now(), payload={"name": name}))
    dispatcher = TimerDispatcher(store, clock)
    dispatcher.register("test", handler)
    with caplog.at_level(logging.WARNING):
        assert await dispatcher.fire_due() == 1
    assert fired == ["fine"]
    skipped = [r for r in caplog.records if "set aside" in r.getMessage()]
    assert len(skipped) == 1 and skipped[0].exc_info is None


def test_report_lines() -> None:
    assert report("en", []) == []
    odd = SetAsideGame(4, 1, "unknown_game", "`" + "x" * 100)
    lines = report("hu", [SetAsideGame(2, 1, "snapshot_unreadable"), odd])
    assert lines[0] == locales.t("hu", "mod.set_aside.title", count=2)
    assert lines[1].startswith("• #2: ")
    assert "`'" + "x" * 39 + "`" in lines[2]  # clipped, and no backtick of its own
