"""Lobbies as a host service (host.lobbies): who may do what, and ``/game new``'s writes in
one transaction."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from host.errors import UserError
from host.lobbies import Actor, Lobbies, NewLobby
from host.service import GameService
from store import CachedStore, SqliteStore
from tests.store.store_testkit import counting_engines

CREATOR, OTHER, MODERATOR = Actor(1), Actor(2), Actor(3, moderator=True)


@pytest.fixture
async def lobbies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Lobbies]:
    monkeypatch.setattr("host.service.get_game", counting_engines)
    inner = await SqliteStore.open(tmp_path / "l.sqlite3")
    yield Lobbies(GameService(CachedStore(inner)))
    await inner.close()


def new_lobby(**changes: object) -> NewLobby:
    fields: dict[str, object] = {
        "guild_id": 10,
        "channel_id": 20,
        "game": "counting",
        "options": {"target": 10},
        "seats": 3,
        "handle": "ann",
    }
    return NewLobby(**{**fields, **changes})  # type: ignore[arg-type]


async def test_a_new_lobby_is_stored_with_its_creator_deadline_and_settings(
    lobbies: Lobbies,
) -> None:
    row = await lobbies.open(
        new_lobby(deadline=(3600, "remind"), images="turn", invite_only=True), CREATOR, max_open=3
    )
    game = await lobbies.service.load(row.id)
    assert [s.user_id for s in game.seats] == [1]
    facts = await lobbies.facts(row.id)
    assert facts.deadline is not None and facts.deadline.policy == "remind"
    assert facts.settings == {"images": "turn", "invite_only": True}


async def test_a_failed_write_of_a_new_lobby_leaves_no_lobby(
    lobbies: Lobbies, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(SqliteStore, "set_game_setting", broken)
    with pytest.raises(OSError):
        await lobbies.open(new_lobby(invite_only=True), CREATOR, max_open=3)
    assert await lobbies.open_games(10) == []


async def test_too_many_lobbies_names_them(lobbies: Lobbies) -> None:
    first = await lobbies.open(new_lobby(), CREATOR, max_open=1)
    with pytest.raises(UserError) as refused:
        await lobbies.open(new_lobby(), CREATOR, max_open=1)
    assert refused.value.code == "too_many_lobbies"
    assert refused.value.params["games"] == [f"#{first.id}"]
    await lobbies.open(new_lobby(), MODERATOR, max_open=None)  # a moderator is not capped


async def test_only_the_creator_or_a_moderator_manages_the_lobby(lobbies: Lobbies) -> None:
    row = await lobbies.open(new_lobby(), CREATOR, max_open=3)
    game = await lobbies.service.load(row.id)
    for act, code in (
        (lobbies.add_bot(game, OTHER), "only_creator_bots"),
        (lobbies.set_options(game, OTHER, {"target": 5}), "only_creator_options"),
        (lobbies.cancel(game, OTHER), "only_creator_cancels"),
    ):
        with pytest.raises(UserError) as refused:
            await act
        assert refused.value.code == code
    await lobbies.add_bot(game, MODERATOR)
    await lobbies.set_options(game, CREATOR, {"target": 5})
    await lobbies.cancel(await lobbies.service.load(row.id), MODERATOR)
    after = await lobbies.service.load(row.id)
    assert (after.row.status, after.row.options, len(after.seats)) == (
        "cancelled",
        {"target": 5},
        2,
    )


async def test_an_invite_only_lobby_takes_the_invited_only(lobbies: Lobbies) -> None:
    row = await lobbies.open(new_lobby(invite_only=True), CREATOR, max_open=3)
    game = await lobbies.service.load(row.id)
    with pytest.raises(UserError) as refused:
        await lobbies.join(game, 2, "bob")
    assert refused.value.code == "not_invited"
    with pytest.raises(UserError) as refused:
        await lobbies.invite(game, OTHER, 2)
    assert refused.value.code == "only_creator_invites"
    await lobbies.invite(game, CREATOR, 2)
    await lobbies.join(game, 2, "bob")
    assert await lobbies.thread_members(await lobbies.service.load(row.id)) == [1, 2]
    assert not await lobbies.may_follow(row, Actor(8))
    assert await lobbies.may_follow(row, Actor(8, moderator=True))


async def test_a_store_refusal_reads_as_the_players_refusal(lobbies: Lobbies) -> None:
    row = await lobbies.open(new_lobby(), CREATOR, max_open=3)
    with pytest.raises(UserError) as refused:
        await lobbies.join(await lobbies.service.load(row.id), 1, "ann")
    assert refused.value.code == "already_joined"
