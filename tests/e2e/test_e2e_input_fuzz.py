"""Property-based fuzz of what users can type and press: command options, autocompletes and
custom ids, through the emulator into the real bot.

Each example must be answered (within Discord's limits, which the emulator enforces), raise
nothing in the bot, and change nothing in the game unless the bot confirmed a legal move.
Hypothesis drives a blocking test in a worker thread; each example runs on the bot's loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playground import Emulator, FakeUser
from tests.e2e.table_driver import Table, finished, table_bot

pytestmark = pytest.mark.e2e

#: Text as people (and broken clients) type it: any printable unicode, digits of every
#: script, near-commands, and long runs. Surrogates cannot travel in JSON at all.
TEXT = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=120),
    st.text(st.sampled_from("0123456789²³①٣۴߅०১੨૩୪௫౬೭൮๙໙༢၃႖០᠑᥆᧑᪒᭓᮴᱕᱖꘠꣐꤁꧒꩓꯴０"), min_size=1),
    st.builds(
        lambda word, n: f"{word} {n}",
        st.sampled_from(["place", "play", "attack", "resolve", "tools", "buy", "end", "pay"]),
        st.integers(min_value=-(10**30), max_value=10**30),
    ),
    st.builds(lambda c, n: c * n, st.characters(exclude_categories=("Cs",)), st.integers(1, 3000)),
)
INT = st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1)
CUSTOM_ID = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=100),
    st.builds(
        lambda p, a, b, rest: f"{p}:{a}:{b}:{rest}"[:100],
        st.sampled_from(list("tcsrlov")),
        st.integers(-5, 10**25),
        st.integers(-5, 10**25),
        st.text(max_size=40),
    ),
)

EXAMPLES = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)


async def test_fuzzed_inputs_are_answered_and_change_nothing(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        loop = asyncio.get_running_loop()

        def on_loop(make: Callable[[], Awaitable[None]]) -> None:
            asyncio.run_coroutine_threadsafe(make(), loop).result(timeout=30)

        async def answered_unchanged(user: FakeUser, send: Callable[[], Awaitable[Any]]) -> None:
            before = (await table.game()).seq
            r = await send()
            answer = await finished(r)
            assert answer.ephemeral_to == user.id, answer.content
            seq = (await table.game()).seq
            assert seq == before or answer.content.startswith("✅"), answer.content

        async def mover() -> FakeUser:
            game = await table.game()
            return table.user_for(game, game.pending()[0].seat)

        @EXAMPLES
        @given(action=TEXT, game=st.one_of(st.none(), INT))
        def moves(action: str, game: int | None) -> None:
            async def run() -> None:
                user = await mover()
                values: dict[str, Any] = {"action": action}
                if game is not None:
                    values["game"] = game
                await answered_unchanged(
                    user,
                    lambda: emulator.slash(user, "move", channel=table.thread, options=values),
                )
                choices = await emulator.autocomplete(
                    user, "move", focused="action", channel=table.thread, action=action
                )
                assert len(choices) <= 25

            on_loop(run)

        @EXAMPLES
        @given(
            field=st.sampled_from(["reminder", "quiet", "timezone"]),
            value=TEXT,
            topic=TEXT,
        )
        def settings_and_help(field: str, value: str, topic: str) -> None:
            async def run() -> None:
                await answered_unchanged(
                    alice, lambda: emulator.slash(alice, "settings", options={field: value})
                )
                await answered_unchanged(
                    alice,
                    lambda: emulator.slash(
                        alice,
                        "rules",
                        channel=table.thread,
                        options={"game": "civ", "topic": topic},
                    ),
                )

            on_loop(run)

        @EXAMPLES
        @given(options=TEXT, deadline=TEXT, seats=st.integers(1, 8))
        def lobbies(options: str, deadline: str, seats: int) -> None:
            async def run() -> None:
                values = {"game": "stoneage", "seats": seats, "options": options}
                values["deadline"] = deadline
                r = await emulator.slash(alice, "game new", options=values)
                answer = await finished(r)
                assert answer.content  # a lobby, or the reason there is none

            on_loop(run)

        @EXAMPLES
        @given(custom_id=CUSTOM_ID)
        def presses(custom_id: str) -> None:
            async def run() -> None:
                user = await mover()
                message = table.table_message()
                await answered_unchanged(
                    user, lambda: emulator.press(user, message, custom_id, forged=True)
                )

            on_loop(run)

        for run_examples in (moves, settings_and_help, lobbies, presses):
            await asyncio.to_thread(run_examples)
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert failures == [], [r.getMessage() for r in failures]
