"""Two processes' game services on one database, each with its own cache: a game the other
process moved on is detected by its seq and reloaded, never written over."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from host.errors import UserError
from host.service import GameService
from store import CachedStore, SqliteStore
from tests.store.store_testkit import counting_engines, start_counting


@pytest.fixture
async def services(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[GameService, GameService, int]]:
    """The services of two processes (each a connection and a cache), and a started game in
    which user 1 moves first."""
    monkeypatch.setattr("host.service.get_game", counting_engines)
    stores = [await SqliteStore.open(tmp_path / "shared.sqlite3") for _ in range(2)]
    game = await start_counting(stores[0], seed=4)
    first, second = (GameService(CachedStore(s)) for s in stores)
    yield first, second, game.id
    for store in stores:
        await store.close()


async def mover(service: GameService, game_id: int) -> int:
    """The user whose turn it is."""
    game = await service.load(game_id)
    seat = game.pending()[0].seat
    user = game.user_of(seat)
    assert user is not None
    return user


async def test_a_newer_seq_than_the_cached_one_reloads_the_game(
    services: tuple[GameService, GameService, int],
) -> None:
    """Process A remembers the game at seq 1; B records a move. A press carrying B's seq (the
    button of B's newer table post) is taken against the game as stored, not refused."""
    a, b, game_id = services
    cached = await a.load(game_id)
    await b.act(game_id, await mover(b, game_id), "add 2")
    newer = (await b.load(game_id)).seq
    assert (await a.load(game_id)).seq == cached.seq  # A still remembers the old row
    result = await a.act(game_id, await mover(b, game_id), "add 1", expected_seq=newer)
    assert result.game.seq == newer + 1
    assert (await b.load(game_id, at_least=newer + 1)).state["total"] == 3


async def test_a_write_at_a_stale_seq_is_refused_and_forgets_the_game(
    services: tuple[GameService, GameService, int],
) -> None:
    """A command without a seq runs on A's remembered state: its record at the old seq is
    refused (nothing written over B's move), and A reads the game afresh afterwards."""
    a, b, game_id = services
    await a.load(game_id)
    first = await mover(a, game_id)
    await b.act(game_id, first, "add 3")
    with pytest.raises(UserError) as refused:
        await a.act(game_id, first, "add 1")  # A still thinks it is this user's turn
    assert refused.value.code == "stale"
    again = await a.load(game_id)
    assert again.seq == (await b.load(game_id)).seq and again.state["total"] == 3


async def test_fresh_reads_what_another_process_wrote(
    services: tuple[GameService, GameService, int],
) -> None:
    """``fresh`` (a timer's handler) never answers from the cache."""
    a, b, game_id = services
    old = await a.load(game_id)
    await b.act(game_id, await mover(b, game_id), "add 1")
    assert (await a.load(game_id)).seq == old.seq
    assert (await a.load(game_id, fresh=True)).seq == old.seq + 1
