"""``python -m bench GAME``'s latency measure: many games opened at once and played, the
bot's answers timed (docs/performance.md)."""

from __future__ import annotations

import pytest

from bench.latency import measure_latency

pytestmark = pytest.mark.e2e


async def test_the_bench_opens_more_games_than_a_servers_rate_limit_allows() -> None:
    """25 games are 75 commands and presses in a few seconds, past the 60 a server may start
    in 10 (host.throttle): the bench turns the bot's limits off, or it dies setting up (it
    did, at 50 games)."""
    found = await measure_latency("civ", 25, 1, 1, render_workers=0)
    assert found["interactions"] >= 25
    assert 0 < found["p50_ms"] <= found["p99_ms"]
