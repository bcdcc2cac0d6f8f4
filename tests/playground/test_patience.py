"""The test API's waits are stretched by the machine's load (playground.patience), so a slow
but right bot does not fail a test on two busy cores; an idle machine waits as written."""

from __future__ import annotations

import asyncio

import pytest

from playground import Emulator
from playground import patience as patience_module
from playground.patience import MOST, patience


@pytest.mark.parametrize(
    ("load", "cores", "factor"),
    [(0.3, 2, 1.0), (2.0, 2, 1.0), (5.0, 2, 2.5), (100.0, 2, MOST)],
)
def test_a_timeout_grows_with_the_load_per_core_up_to_a_limit(
    monkeypatch: pytest.MonkeyPatch, load: float, cores: int, factor: float
) -> None:
    monkeypatch.setattr(patience_module.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(patience_module.os, "cpu_count", lambda: cores)
    assert patience(4.0) == pytest.approx(4.0 * factor)


def test_without_a_load_average_the_timeout_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> tuple[float, float, float]:
        raise OSError("no load average here")

    monkeypatch.setattr(patience_module.os, "getloadavg", missing)
    assert patience(5.0) == 5.0


async def test_the_emulators_waits_use_it(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wait for a message that never comes, under a load of 3 per core, gives up after
    three times its timeout (and says how long it waited)."""
    monkeypatch.setattr(patience_module.os, "getloadavg", lambda: (6.0, 6.0, 6.0))
    monkeypatch.setattr(patience_module.os, "cpu_count", lambda: 2)
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(TimeoutError, match=r"within 0\.6"):
        await emulator.wait_for_message(contains="never posted", timeout=0.2)
    assert loop.time() - began >= 0.55
