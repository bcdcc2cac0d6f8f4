"""What happened since a player last acted (host.since): which log entries are told, their
sentences from the reader's seat, the cut-off of long gaps, and the service's remembered
events against a replay."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from types import SimpleNamespace

import pytest

import locales
from host import since
from host.service import GameService, ToldEvents
from rules.core import Event, Rng, deciding
from rules.selfplay import random_action
from store import ActionRow, CachedStore, SqliteStore

ANN, BOB, CY = 11, 12, 13
HANDLES = ["ann", "bob", "cy"]
USERS = [ANN, BOB, CY]


def move(seq: int, seat: int, user: int | None = None) -> ActionRow:
    return ActionRow(1, seq, seat, USERS[seat] if user is None else user, "move", "x", "")


def note(seq: int, text: str, user: int | None = None) -> ActionRow:
    return ActionRow(1, seq, None, user, "note", text, "")


def told(rows: Sequence[ActionRow], seat: int, user: int | None = None) -> tuple[list[int], bool]:
    found, acted = since.window(rows, seat, USERS[seat] if user is None else user, HANDLES[seat])
    return [row.seq for row in found], acted


def played(player: str, domain: str = "science") -> Event:
    return Event("civ.played", {"player": player, "domain": domain})


def test_the_first_player_and_a_player_acting_twice_are_told_nothing() -> None:
    assert told([], 0) == ([], False)
    assert told([move(1, 0), move(2, 0)], 0) == ([], True)


def test_the_others_moves_since_the_last_one_are_told_and_not_before() -> None:
    rows = [move(1, 0), move(2, 1), move(3, 2), move(4, 0), move(5, 1), move(6, 2)]
    assert told(rows, 0) == ([5, 6], True)
    assert told(rows, 1) == ([6], True)


def test_a_player_who_never_acted_hears_everything_since_the_start() -> None:
    rows = [move(1, 0), move(2, 1)]
    assert told(rows, 2) == ([1, 2], False)


def test_moves_taken_back_are_not_told_and_an_undo_counts_as_acting() -> None:
    # Bob moved, took it back, moved again: Ann hears of the move that stands.
    rows = [move(1, 0), move(2, 1), note(3, "undo 2", BOB), move(4, 1)]
    assert told(rows, 0) == ([4], True)
    # Ann took her own move back: she saw the game then, nothing after it is new.
    rows = [move(1, 1), move(2, 0), note(3, "undo 2", ANN)]
    assert told(rows, 0) == ([], True)
    # A moderator rolled Ann's move and Bob's answer back; Bob moved again since.
    rows = [move(1, 0), move(2, 1), move(3, 0), move(4, 1), note(5, "rollback 2", 99)]
    rows.append(move(6, 1))
    assert told(rows, 0) == ([6], True)


def test_resignations_and_other_notes() -> None:
    rows = [move(1, 0), note(2, "pause", 99), note(3, "resume", 99)]
    rows.append(ActionRow(1, 4, 1, None, "resign", "resign", ""))
    assert told(rows, 0) == ([4], True)


def test_moves_a_skip_vote_had_the_bot_make_for_the_seat_are_told() -> None:
    rows = [move(1, 0), move(2, 1), note(3, "vote_skip @ann"), move(4, 0), move(5, 0)]
    rows.append(move(6, 1))
    assert since.played_for(rows, 0, "ann") == {4, 5}
    assert told(rows, 0) == ([2, 4, 5, 6], True)
    assert told(rows, 1) == ([], True)


def test_a_substitute_hears_what_their_seat_did_before_them() -> None:
    rows = [move(1, 0), move(2, 1), move(3, 0, user=ANN)]
    assert told(rows, 0, user=77) == ([1, 2, 3], False)


def steps_of(*moves: Sequence[Event]) -> list[tuple[ActionRow, Sequence[Event]]]:
    return [(move(i + 1, 1), events) for i, events in enumerate(moves)]


def test_a_line_per_move_with_its_results() -> None:
    drew = Event("civ.drew", {"player": "bob", "count": 1, "limit": 3})
    summary = since.summarise("en", steps_of([played("bob")], [drew, played("bob")]), 0)
    assert summary.lines == (
        "@bob played Science.",
        "@bob drew 1 card (hand limit 3). @bob played Science.",
    )
    assert summary.more == 0


def test_nothing_hidden_from_the_reader() -> None:
    """A drawn card is read by its seat alone; a move with nothing the reader may see has no
    line and is not counted."""
    secret = Event("civ.drew_cards", {"player": "bob", "domains": ["military"]}, visible_to=(1,))
    steps = steps_of([played("bob"), secret], [secret])
    assert since.summarise("en", steps, 0).lines == ("@bob played Science.",)
    assert since.summarise("en", steps, 0).more == 0
    mine = since.summarise("en", steps, 1).lines
    assert len(mine) == 2 and "Military" in mine[1]


def test_a_long_gap_keeps_the_latest_moves_and_counts_the_rest() -> None:
    domains = ["military", "religion", "economy", "science", "culture", "utopia"]
    steps = steps_of(*([played("bob", d)] for d in domains * 2))
    summary = since.summarise("en", steps, 0)
    assert len(summary.lines) == since.MOVES and summary.more == 12 - since.MOVES
    assert summary.lines[-1] == "@bob played Utopia."
    # Within the room: fewer, longer lines.
    assert since.summarise("en", steps, 0, room=45).lines == (
        "@bob played Culture.",
        "@bob played Utopia.",
    )
    # Moves before those looked up are counted too.
    assert since.summarise("en", steps, 0, earlier=30).more == 42 - since.MOVES


def test_a_long_move_is_cut_at_a_word() -> None:
    steps = steps_of([played("bob")] * 30)
    (line,) = since.summarise("en", steps, 0).lines
    assert len(line) <= since.LINE and line.endswith("…")


@pytest.mark.parametrize(
    ("lang", "start", "more"),
    [
        ("en", "🕑 **Since your last move**", "• …3 earlier moves: `/log` shows them all"),
        ("hu", "🕑 **Az utolsó lépésed óta**", "• …előtte még 3 lépés történt: a `/log` mindet"),
    ],
)
def test_the_block_in_each_language(lang: str, start: str, more: str) -> None:
    text = since.summary_text(lang, since.Summary(("@bob played Science.",), 3))
    head, counted, line = text.split("\n")
    assert head == start and counted.startswith(more) and line == "• @bob played Science."
    first = since.summary_text(lang, since.Summary(("x",), 0, acted=False))
    assert first.split("\n")[0] == f"🕑 **{locales.t(lang, 'since.header_start')}**"
    assert since.summary_text(lang, since.Summary()) == ""


def test_the_remembered_events_are_bounded() -> None:
    told_events = ToldEvents()
    for seq in range(1, ToldEvents.PER_GAME + 11):
        told_events.remember(1, seq, [played("bob")])
    assert told_events.recall(1, [1]) is None
    assert told_events.recall(1, [11, ToldEvents.PER_GAME + 10]) is not None
    for game in range(2, ToldEvents.GAMES + 2):
        told_events.remember(game, 1, [])
    assert told_events.recall(1, [11]) is None  # the game played longest ago went


@pytest.fixture
async def stores(tmp_path: Path) -> AsyncIterator[tuple[SqliteStore, SqliteStore]]:
    """Two connections to one database: the bot's, and a restarted bot's."""
    opened = [await SqliteStore.open(tmp_path / "since.sqlite3") for _ in range(2)]
    yield opened[0], opened[1]
    for store in opened:
        await store.close()


async def test_a_civ_game_told_to_each_seat(
    stores: tuple[SqliteStore, SqliteStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three players of CIV play 40 moves. Whenever a seat is asked, its block names no card
    another seat drew (the sentences hidden from it), and a restarted bot, which remembers
    nothing and replays the log, tells exactly the same."""
    monkeypatch.setattr("host.service.new_seed", lambda: 5)
    service, restarted = GameService(CachedStore(stores[0])), GameService(stores[1])
    lobby = await stores[0].create_game(
        guild_id=1, channel_id=2, game="civ", options={}, seats_wanted=3, created_by=ANN
    )
    for user, handle in zip(USERS, HANDLES, strict=True):
        await stores[0].join(lobby.id, user, handle)
    await service.start(lobby.id, ANN, moderator=False)
    rng, hidden, blocks = Rng(8), 0, 0
    for _ in range(40):
        game = await service.load(lobby.id)
        seat = min(deciding(game.pending()))
        for lang in ("en", "hu"):
            block = await since.since_last_move(service, game, seat, lang)
            again = await since.since_last_move(restarted, game, seat, lang)
            assert block == again
            blocks += bool(block)
            for _, events in await service.history(lobby.id):
                for event in events:
                    if not event.is_visible(seat):
                        hidden += 1
                        assert locales.event_text(lang, event.kind, dict(event.params)) not in block
        action = random_action(game.engine, game.state, seat, rng, greedy=True)
        user = game.user_of(seat)
        assert user is not None
        await service.act(lobby.id, user, action)
    assert hidden and blocks


async def test_a_failure_leaves_the_block_out(caplog: pytest.LogCaptureFixture) -> None:
    """A log that does not replay never keeps the picker (or a DM) back: no block, a log line."""

    class Store:
        async def actions(self, game_id: int) -> list[ActionRow]:
            return [move(1, 1)]

    class Service:
        store = Store()

        async def events_of(self, game_id: int, rows: Sequence[ActionRow]) -> None:
            raise RuntimeError("the log does not replay")

    game = SimpleNamespace(
        row=SimpleNamespace(id=7), state=object(), handles=HANDLES, user_of=USERS.__getitem__
    )
    assert await since.since_last_move(Service(), game, 0, "en") == ""  # type: ignore[arg-type]
    assert "could not tell seat 0" in caplog.text


def test_a_standing_answer_applied_for_the_player_is_told_but_not_their_move() -> None:
    rows = [move(1, 0), move(2, 1), note(3, "standing @ann clash.standing.keep_cities")]
    rows += [move(4, 0), move(5, 0)]
    # The answer (4) was the host's; the move after it (5) is Ann's own.
    assert since.played_for(rows, 0, "ann") == {4}
    assert since.played_for(rows, 1, "bob") == frozenset()
