"""Moderators' acts as host services (host.moderation): ``/mod replace`` gives a seat away,
invites the newcomer to an invite-only game and notes it in the log, all in one transaction.
A process killed between those writes leaves all of them or none."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from host.bots import is_bot
from host.errors import UserError
from host.game_settings import INVITE_ONLY
from host.lobbies import Lobbies
from host.moderation import Moderation
from host.planner import REMINDER
from host.service import GameService
from store import CachedStore, NewTimer, SqliteStore
from tests.store.store_testkit import counting_engines, start_counting

ROOT = Path(__file__).resolve().parents[2]

#: The child process: replace seat 0 of the game by user 99 (moderator 5), killed with
#: SIGKILL right after the store call named by argv[3] returns ("none": not killed).
CHILD = """
import asyncio, os, signal, sys
import host.service
from host.lobbies import Lobbies
from host.moderation import Moderation
from host.planner import REMINDER
from store import CachedStore, NewTimer, SqliteStore
from tests.store.store_testkit import counting_engines

host.service.get_game = counting_engines
path, game_id, kill_after = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def dying(original):
    async def call(self, *args, **kwargs):
        result = await original(self, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)
        return result
    return call

async def main():
    inner = await SqliteStore.open(path)
    if kill_after != "none":
        setattr(SqliteStore, kill_after, dying(getattr(SqliteStore, kill_after)))
    service = host.service.GameService(CachedStore(inner))
    moderation = Moderation(service, Lobbies(service))
    game = await service.load(game_id)
    await moderation.replace(game, 0, 99, 5, "<@99>")
    await inner.close()

asyncio.run(main())
"""


@pytest.fixture
async def invite_only_game(tmp_path: Path) -> AsyncIterator[tuple[Path, int]]:
    """A started invite-only counting game of users 1 and 2, on a file."""
    path = tmp_path / "game.sqlite3"
    store = await SqliteStore.open(path)
    game = await start_counting(store, users=(1, 2))
    await store.set_game_setting(game.id, INVITE_ONLY, True)
    await store.close()
    yield path, game.id


async def _replace_in_child(path: Path, game_id: int, kill_after: str) -> int:
    proc = await asyncio.create_subprocess_exec(
        *[sys.executable, "-c", CHILD, str(path), str(game_id), kill_after],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return await proc.wait()


async def _stored(path: Path, game_id: int) -> tuple[list[int], list[int], list[str]]:
    """Seated users, the invited, and the log's texts, as the file holds them."""
    store = await SqliteStore.open(path)
    try:
        seats = [s.user_id for s in await store.seats(game_id)]
        return seats, await store.invited(game_id), [a.text for a in await store.actions(game_id)]
    finally:
        await store.close()


@pytest.mark.parametrize("kill_after", ["replace_seat", "invite", "record"])
async def test_a_kill_between_the_writes_of_replace_leaves_none_of_them(
    invite_only_game: tuple[Path, int], kill_after: str
) -> None:
    path, game_id = invite_only_game
    assert await _replace_in_child(path, game_id, kill_after) == -signal.SIGKILL
    assert await _stored(path, game_id) == ([1, 2], [], [])


async def test_replace_without_a_kill_keeps_all_of_it(invite_only_game: tuple[Path, int]) -> None:
    path, game_id = invite_only_game
    assert await _replace_in_child(path, game_id, "none") == 0
    seats, invited, log = await _stored(path, game_id)
    assert (seats, invited) == ([99, 2], [99])
    assert log == ["replace @p1 → <@99>"]


@pytest.fixture
async def moderation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[Moderation, SqliteStore]]:
    monkeypatch.setattr("host.service.get_game", counting_engines)
    inner = await SqliteStore.open(tmp_path / "m.sqlite3")
    service = GameService(CachedStore(inner))
    yield Moderation(service, Lobbies(service)), inner
    await inner.close()


async def test_replace_in_an_open_game_invites_nobody(
    moderation: tuple[Moderation, SqliteStore],
) -> None:
    mod, inner = moderation
    game = await start_counting(inner, users=(1, 2))
    replaced = await mod.replace(await mod.service.load(game.id), 1, 7, 5, "<@7>")
    assert not replaced.invited and replaced.game.user_of(1) == 7
    assert await inner.invited(game.id) == []


async def test_a_seated_substitute_is_refused_and_nothing_changes(
    moderation: tuple[Moderation, SqliteStore],
) -> None:
    mod, inner = moderation
    game = await start_counting(inner, users=(1, 2))
    with pytest.raises(UserError) as refused:
        await mod.replace(await mod.service.load(game.id), 0, 2, 5, "<@2>")
    assert refused.value.code == "already_playing"
    assert [s.user_id for s in await inner.seats(game.id)] == [1, 2]
    assert await inner.actions(game.id) == []


async def test_a_deadline_set_in_a_running_game_is_noted_with_it(
    moderation: tuple[Moderation, SqliteStore],
) -> None:
    mod, inner = moderation
    game = await start_counting(inner, users=(1, 2))
    rule = await mod.set_deadline(await mod.service.load(game.id), 5, 7200, None, "vote")
    assert rule is not None and (rule.turn_seconds, rule.policy) == (7200, "vote")
    assert [a.text for a in await inner.actions(game.id)] == ["deadline_set 2h vote"]


async def test_a_seat_handed_to_the_bot_loses_its_timers_with_the_note(
    moderation: tuple[Moderation, SqliteStore],
) -> None:
    mod, inner = moderation
    game = await start_counting(inner, users=(1, 2))
    due = datetime(2030, 1, 1, tzinfo=UTC)
    await inner.replace_timers(
        game.id,
        add=[NewTimer(game.id, REMINDER, due, seat=0), NewTimer(game.id, REMINDER, due, seat=1)],
    )
    noted = await mod.hand_to_bot(await mod.service.load(game.id), 0, 5, "botseat @p1")
    assert is_bot(noted.user_of(0)) and noted.user_of(1) == 2
    assert [t.seat for t in await inner.pending_timers(game.id)] == [1]
    assert [a.text for a in await inner.actions(game.id)] == ["botseat @p1"]


async def test_a_stale_vote_hands_nothing_to_the_bot(
    moderation: tuple[Moderation, SqliteStore],
) -> None:
    """A vote carried out after the game moved on is refused, and the seat stays."""
    mod, inner = moderation
    game = await start_counting(inner, users=(1, 2))
    loaded = await mod.service.load(game.id)
    await mod.service.note(game.id, 5, "pause")
    with pytest.raises(UserError):
        await mod.hand_to_bot(loaded, 0, None, "vote_bot @p1", expected_seq=loaded.seq)
    assert [s.user_id for s in await inner.seats(game.id)] == [1, 2]


async def test_the_picture_policy_of_a_running_game_is_noted(
    moderation: tuple[Moderation, SqliteStore],
) -> None:
    mod, inner = moderation
    game = await start_counting(inner, users=(1, 2))
    await mod.set_images(await mod.service.load(game.id), 5, "turn")
    assert await inner.game_settings(game.id) == {"images": "turn"}
    assert [a.text for a in await inner.actions(game.id)] == ["images turn"]
