"""Guild settings, games and lobby seats."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import pytest
from store_testkit import COUNTING, make_lobby, start_counting

from store import SqliteStore, StoreError


async def codes(pending: Awaitable[Any]) -> str:
    """The StoreError code an awaitable raises."""
    with pytest.raises(StoreError) as err:
        await pending
    return err.value.code


async def test_guild_settings_set_overwrite_and_remove(memory_store: SqliteStore) -> None:
    """Settings start empty, take JSON values, and None removes a key."""
    assert await memory_store.guild_settings(7) == {}
    await memory_store.set_guild_setting(7, "lang", "hu")
    await memory_store.set_guild_setting(7, "mod_roles", [1, 2])
    await memory_store.set_guild_setting(7, "lang", "en")
    assert await memory_store.guild_settings(7) == {"lang": "en", "mod_roles": [1, 2]}
    await memory_store.set_guild_setting(7, "lang", None)
    assert await memory_store.guild_settings(7) == {"mod_roles": [1, 2]}
    assert await memory_store.guild_settings(8) == {}


async def test_guild_setting_must_be_json(memory_store: SqliteStore) -> None:
    """A value JSON cannot hold is refused before anything is written."""
    with pytest.raises(TypeError):
        await memory_store.set_guild_setting(7, "bad", {1, 2})
    assert await memory_store.guild_settings(7) == {}


async def test_create_game_is_an_empty_lobby(memory_store: SqliteStore) -> None:
    """A new game is a lobby with seq 0, no seed, no seats, and reads back equal."""
    game = await make_lobby(memory_store)
    assert (game.status, game.seq, game.seed, game.options) == ("lobby", 0, None, {"target": 10})
    assert game.created_at.endswith("+00:00")
    assert await memory_store.get_game(game.id) == game
    assert await memory_store.seats(game.id) == []
    assert await memory_store.get_game(game.id + 1) is None


async def test_create_game_refuses_more_open_lobbies_than_max_open(
    memory_store: SqliteStore,
) -> None:
    """max_open counts the creator's open lobbies in the guild: a refusal writes nothing
    and names them; a started or cancelled lobby, another guild's or another creator's,
    does not count."""

    async def new(*, guild_id: int = 10, created_by: int = 1, max_open: int | None = 2) -> int:
        row = await memory_store.create_game(
            guild_id=guild_id,
            channel_id=20,
            game="counting",
            options={},
            seats_wanted=2,
            created_by=created_by,
            max_open=max_open,
        )
        return row.id

    first, second = await new(), await new()
    await new(guild_id=11)
    await new(created_by=2)
    with pytest.raises(StoreError) as err:
        await new()
    assert err.value.code == "too_many_lobbies"
    assert err.value.params == {"count": 2, "max": 2, "games": [first, second]}
    before = await memory_store.list_games(10)
    assert await codes(new(max_open=1)) == "too_many_lobbies"
    assert await memory_store.list_games(10) == before
    third = await new(max_open=None)  # no cap: a moderator's lobby
    assert await codes(new(max_open=3)) == "too_many_lobbies"

    await memory_store.update_game(first, status="cancelled")
    fourth = await new(max_open=3)
    assert await codes(new(max_open=3)) == "too_many_lobbies"
    for user in (1, 2):
        await memory_store.join(third, user, f"p{user}")
    state = COUNTING.setup(["p1", "p2"], {"target": 10}, 4)
    await memory_store.start(third, seed=4, order=[1, 2], snapshot=COUNTING.to_json(state))
    assert await new(max_open=3) > fourth


async def test_list_games_filters_by_guild_and_status(memory_store: SqliteStore) -> None:
    """list_games is per guild; games_with_status spans guilds; both oldest first."""
    a = await make_lobby(memory_store, guild_id=1)
    b = await start_counting(memory_store)  # guild 10
    c = await make_lobby(memory_store, guild_id=1)
    await memory_store.update_game(c.id, status="cancelled")
    assert [g.id for g in await memory_store.list_games(1)] == [a.id, c.id]
    assert [g.id for g in await memory_store.list_games(1, ["lobby"])] == [a.id]
    assert await memory_store.list_games(1, []) == []
    running = await memory_store.games_with_status(["running", "lobby"])
    assert [g.id for g in running] == [a.id, b.id]


async def test_unposted_lobbies_are_open_lobbies_without_a_message_id(
    memory_store: SqliteStore,
) -> None:
    """Only lobbies still open and lacking their post's id are listed, oldest first."""
    first = await make_lobby(memory_store)
    posted = await make_lobby(memory_store)
    await memory_store.update_game(posted.id, lobby_message_id=99)
    cancelled = await make_lobby(memory_store)
    await memory_store.update_game(cancelled.id, status="cancelled")
    await start_counting(memory_store)  # started: it has its thread, no lobby to join
    last = await make_lobby(memory_store, guild_id=11)
    assert [g.id for g in await memory_store.unposted_lobbies()] == [first.id, last.id]


async def test_update_game_changes_allowed_fields(memory_store: SqliteStore) -> None:
    """Message ids, options and seats_wanted can be changed; updated_at moves."""
    game = await make_lobby(memory_store)
    new = await memory_store.update_game(
        game.id, thread_id=5, lobby_message_id=6, options={"target": 20}, seats_wanted=4
    )
    assert (new.thread_id, new.lobby_message_id, new.table_message_id) == (5, 6, None)
    assert (new.options, new.seats_wanted) == ({"target": 20}, 4)
    assert new.updated_at >= game.updated_at
    assert await memory_store.get_game(game.id) == new
    assert await memory_store.update_game(game.id) == new


@pytest.mark.parametrize(
    "fields",
    [{"seq": 3}, {"seed": 1}, {"game": "chess"}, {"status": "won"}, {"thread_id": "5"}],
)
async def test_update_game_rejects_other_fields(memory_store: SqliteStore, fields: dict) -> None:
    """Fields outside the list, or values of the wrong kind, are a programming error."""
    game = await make_lobby(memory_store)
    with pytest.raises(ValueError):
        await memory_store.update_game(game.id, **fields)
    assert await memory_store.get_game(game.id) == game


async def test_update_game_guards_status_and_setup(memory_store: SqliteStore) -> None:
    """Only start() leaves the lobby; a started game keeps its setup and never re-opens."""
    lobby = await make_lobby(memory_store)
    assert await codes(memory_store.update_game(lobby.id, status="running")) == "not_started"
    started = await start_counting(memory_store)
    assert await codes(memory_store.update_game(started.id, status="lobby")) == "already_started"
    assert await codes(memory_store.update_game(started.id, options={})) == "not_in_lobby"
    assert await codes(memory_store.update_game(started.id, seats_wanted=4)) == "not_in_lobby"
    assert (await memory_store.update_game(started.id, status="paused")).status == "paused"
    assert await codes(memory_store.update_game(999, thread_id=1)) == "unknown_game"


async def test_join_takes_seats_in_order(memory_store: SqliteStore) -> None:
    """Players get seats 0, 1, 2 in join order."""
    game = await make_lobby(memory_store)
    rows = [await memory_store.join(game.id, user, f"u{user}") for user in (30, 10, 20)]
    assert [(r.seat, r.user_id, r.handle) for r in rows] == [
        (0, 30, "u30"),
        (1, 10, "u10"),
        (2, 20, "u20"),
    ]
    assert await memory_store.seats(game.id) == rows
    assert await memory_store.seat_of(game.id, 10) == rows[1]
    assert await memory_store.seat_of(game.id, 99) is None


async def test_join_refuses_full_duplicate_and_started(memory_store: SqliteStore) -> None:
    """lobby_full, already_joined, not_in_lobby and unknown_game, each leaving seats alone."""
    game = await make_lobby(memory_store, seats_wanted=2)
    await memory_store.join(game.id, 1, "a")
    assert await codes(memory_store.join(game.id, 1, "other")) == "already_joined"
    await memory_store.join(game.id, 2, "b")
    assert await codes(memory_store.join(game.id, 3, "c")) == "lobby_full"
    assert [s.user_id for s in await memory_store.seats(game.id)] == [1, 2]
    started = await start_counting(memory_store)
    assert await codes(memory_store.join(started.id, 9, "late")) == "not_in_lobby"
    assert await codes(memory_store.join(999, 9, "x")) == "unknown_game"


async def test_join_makes_handles_unique(memory_store: SqliteStore) -> None:
    """A taken handle gets the smallest free digit suffix, kept within 20 characters."""
    game = await make_lobby(memory_store, seats_wanted=4)
    long = "a" * 20
    made = [
        (await memory_store.join(game.id, 1, "bob")).handle,
        (await memory_store.join(game.id, 2, "bob")).handle,
        (await memory_store.join(game.id, 3, long)).handle,
        (await memory_store.join(game.id, 4, long)).handle,
    ]
    assert made == ["bob", "bob2", long, "a" * 19 + "2"]


async def test_leave_renumbers_and_frees_the_handle(memory_store: SqliteStore) -> None:
    """Seats after the leaver move up; the leaver's handle can be taken again."""
    game = await make_lobby(memory_store)
    for user, handle in ((1, "a"), (2, "b"), (3, "c")):
        await memory_store.join(game.id, user, handle)
    await memory_store.leave(game.id, 2)
    assert [(s.seat, s.user_id) for s in await memory_store.seats(game.id)] == [(0, 1), (1, 3)]
    assert (await memory_store.join(game.id, 4, "b")).handle == "b"
    assert await codes(memory_store.leave(game.id, 2)) == "not_joined"


async def test_leave_only_in_lobby(memory_store: SqliteStore) -> None:
    """A started game's seats are not given up with leave()."""
    started = await start_counting(memory_store)
    assert await codes(memory_store.leave(started.id, 1)) == "not_in_lobby"
    assert len(await memory_store.seats(started.id)) == 2


async def test_seats_wanted_cannot_drop_below_seated(memory_store: SqliteStore) -> None:
    """Shrinking a lobby below its seated players is refused."""
    game = await make_lobby(memory_store)
    await memory_store.join(game.id, 1, "a")
    await memory_store.join(game.id, 2, "b")
    assert await codes(memory_store.update_game(game.id, seats_wanted=1)) == "seats_taken"
    assert (await memory_store.update_game(game.id, seats_wanted=2)).seats_wanted == 2


async def test_game_by_thread_finds_the_thread_s_game(memory_store: SqliteStore) -> None:
    """A thread id leads to its game; an unknown thread to None."""
    game = await start_counting(memory_store)
    await memory_store.update_game(game.id, thread_id=555)
    found = await memory_store.game_by_thread(555)
    assert found is not None and found.id == game.id
    assert await memory_store.game_by_thread(556) is None


async def test_games_of_user_filters_guild_status_and_seat(memory_store: SqliteStore) -> None:
    """Only the guild's games in the given statuses where the user sits are listed."""
    running = await start_counting(memory_store, users=(1, 2))
    other = await start_counting(memory_store, users=(2, 3))
    lobby = await make_lobby(memory_store)
    await memory_store.join(lobby.id, 1, "p1")
    mine = await memory_store.games_of_user(10, 1, ("running",))
    assert [g.id for g in mine] == [running.id]
    assert [g.id for g in await memory_store.games_of_user(10, 2, ("running",))] == [
        running.id,
        other.id,
    ]
    assert [g.id for g in await memory_store.games_of_user(10, 1, ("lobby",))] == [lobby.id]
    assert await memory_store.games_of_user(11, 1, ("running", "lobby")) == []
