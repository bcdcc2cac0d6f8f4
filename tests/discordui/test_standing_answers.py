"""Standing answers applied by the host (host.standing, discordui.autoplay): switched on and
off per game and player, applied as the player's own move with a note before it, told in the
log, and never applied when off or for a prompt they do not fit."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

import locales
from discordui.autoplay import BotSeats
from discordui.history import history_lines
from host import standing
from host.service import GameService
from rules.core import Event, act
from store import CachedStore, SqliteStore
from tests.e2e.clash_plan import plan

ANN, BOB = 11, 12


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await SqliteStore.open(tmp_path / "standing.sqlite3")
    yield GameService(CachedStore(store))
    await store.close()


async def _at_raze(service: GameService, monkeypatch: pytest.MonkeyPatch) -> int:
    """A 2-player Clash game led to a status phase's raze prompt; its id."""
    monkeypatch.setattr("host.service.new_seed", lambda: 4)
    store = service.store
    lobby = await store.create_game(
        guild_id=1, channel_id=2, game="clash", options={}, seats_wanted=2, created_by=ANN
    )
    for user, handle in ((ANN, "ann"), (BOB, "bob")):
        await store.join(lobby.id, user, handle)
    await service.start(lobby.id, ANN, moderator=False)
    game = await service.load(lobby.id)

    def razing(state: Any, events: Sequence[Event]) -> bool:
        return any(p.kind == "raze" for p in game.engine.pending(state))

    for seat, action in plan(game.engine, game.state, razing, seed=1):
        game = await service.load(lobby.id)
        user = game.user_of(seat)
        assert user is not None
        await service.act(lobby.id, user, action)
    return lobby.id


def _players(service: GameService) -> tuple[BotSeats, list[int]]:
    announced: list[int] = []

    async def announce(game_id: int) -> None:
        announced.append(game_id)

    bot = SimpleNamespace(service=service, store=service.store, announce=announce)
    return BotSeats(cast(Any, bot), delay=0.0), announced


async def test_switching_on_and_off_keeps_each_players_own(service: GameService) -> None:
    store = service.store
    lobby = await store.create_game(
        guild_id=1, channel_id=2, game="clash", options={}, seats_wanted=2, created_by=ANN
    )
    assert await standing.switch(store, lobby.id, ANN, "keep_cities", on=True) == ["keep_cities"]
    assert await standing.switch(store, lobby.id, BOB, "first_self", on=True) == ["first_self"]
    await standing.switch(store, lobby.id, ANN, "refuse_offers", on=True)
    assert await standing.switched_on(store, lobby.id, ANN) == ["keep_cities", "refuse_offers"]
    assert await standing.switch(store, lobby.id, ANN, "keep_cities", on=False) == ["refuse_offers"]
    await standing.switch(store, lobby.id, ANN, "refuse_offers", on=False)
    assert await standing.switched_on(store, lobby.id, ANN) == []
    assert (await store.game_settings(lobby.id))[standing.SETTING] == {str(BOB): ["first_self"]}
    with pytest.raises(ValueError):
        await standing.switch(store, lobby.id, ANN, "Keep cities!", on=True)


async def test_a_standing_answer_is_applied_as_the_players_move(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await _at_raze(service, monkeypatch)
    players, announced = _players(service)
    game = await service.load(game_id)
    prompt = next(p for p in game.pending() if p.kind == "raze")
    user = game.user_of(prompt.seat)
    assert user is not None
    handle = game.handles[prompt.seat]

    # Off: nothing happens (no bot seat either).
    assert standing.due(game, await service.store.game_settings(game_id)) is None
    assert not await players.move_once(game_id)
    assert (await service.load(game_id)).seq == game.seq

    # Another player's standing answer does not answer this one's prompt (both are asked at
    # once, C127: it may answer only the other's own).
    other = ANN if user == BOB else BOB
    await standing.switch(service.store, game_id, other, "keep_cities", on=True)
    due = standing.due(game, await service.store.game_settings(game_id))
    assert due is None or (due.seat != prompt.seat and due.user_id == other)
    await standing.switch(service.store, game_id, other, "keep_cities", on=False)

    await standing.switch(service.store, game_id, user, "keep_cities", on=True)
    assert await players.move_once(game_id)
    after = await service.load(game_id)
    assert after.seq == game.seq + 2 and announced == [game_id]
    rows = (await service.store.actions(game_id))[-2:]
    assert (rows[0].kind, rows[0].text, rows[0].user_id) == (
        "note",
        f"standing @{handle} clash.standing.keep_cities",
        None,
    )
    assert (rows[1].kind, rows[1].text, rows[1].user_id, rows[1].seat) == (
        "move",
        "pass",
        user,
        prompt.seat,
    )
    assert all(not (p.kind == "raze" and p.seat == prompt.seat) for p in after.pending())
    # The same state as the player's own "pass".
    expected, _ = act(game.engine, game.state, prompt.seat, "pass")
    assert game.engine.to_json(after.state) == game.engine.to_json(expected)

    history = await service.history(game_id)
    for lang, said in (("en", "keeps their cities"), ("hu", "megtartja a városait")):
        row, events = history[-2]
        (line,) = history_lines(lang, row, events, None)
        assert f"@{handle}" in line and locales.t(lang, "clash.standing.keep_cities") in line
        row, events = history[-1]
        assert said in " ".join(history_lines(lang, row, events, None))


async def test_taking_a_standing_answer_back_switches_it_off(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player undoes the answer to decide themselves: the host must not answer again."""
    game_id = await _at_raze(service, monkeypatch)
    players, _ = _players(service)
    service.on_change(players.changed)
    game = await service.load(game_id)
    prompt = next(p for p in game.pending() if p.kind == "raze")
    user = game.user_of(prompt.seat)
    assert user is not None
    await standing.switch(service.store, game_id, user, "first_self", on=True)
    await standing.switch(service.store, game_id, user, "keep_cities", on=True)
    assert await players.move_once(game_id)
    await players.idle()
    restored = await service.undo(game_id, user)
    assert any(p.kind == "raze" and p.seat == prompt.seat for p in restored.pending())
    assert await standing.switched_on(service.store, game_id, user) == ["first_self"]
    assert standing.undone(await service.store.actions(game_id)) == (user, "keep_cities")
    await players.idle()
    assert not await players.move_once(game_id)
    assert (await service.load(game_id)).seq == restored.seq


async def test_a_seat_answered_in_advance_is_named_not_mentioned(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from discordui.tables import table_content

    game_id = await _at_raze(service, monkeypatch)
    game = await service.load(game_id)
    prompt = next(p for p in game.pending() if p.kind == "raze")
    user = game.user_of(prompt.seat)
    assert user is not None
    view = game.engine.view(game.state, None)
    assert standing.answered_for(game, await service.store.game_settings(game_id)) == set()
    assert f"<@{user}>" in table_content("en", game, view)

    await standing.switch(service.store, game_id, user, "first_self", on=True)
    assert standing.answered_for(game, await service.store.game_settings(game_id)) == set()
    await standing.switch(service.store, game_id, user, "keep_cities", on=True)
    answered = standing.answered_for(game, await service.store.game_settings(game_id))
    assert answered == {prompt.seat}
    content = table_content("en", game, view, answered)
    assert f"<@{user}>" not in content
    assert f"🔁 {game.handles[prompt.seat]}: " in content
