"""How long a test or a benchmark waits for the bot: a timeout stretched by the machine's load.

Every wait of the emulator's test API (an answer, a message, a change, the bot connecting) is
bounded by a timeout given in seconds of an idle machine. On two cores shared with other work a
bot process may get a fraction of one: a fixed 5 s then fails a test that is right (it
happened once to a readiness wait). :func:`patience` stretches each timeout by the load per
core averaged over the last minute, when that is above 1; nothing else of the emulator changes
with it (Discord's own deadlines, such as the 3 s to acknowledge an interaction, stay exact).
"""

from __future__ import annotations

import os

#: The most a timeout is stretched (a wait that is really stuck still ends).
MOST = 6.0


def load_factor() -> float:
    """The run queue per core averaged over the last minute, between 1 and :data:`MOST` (1
    where the system does not say)."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # not available on this platform
        return 1.0
    return min(MOST, max(1.0, load / (os.cpu_count() or 1)))


def patience(seconds: float) -> float:
    """``seconds`` of an idle machine, as long as they are on this one now.

    >>> 5.0 <= patience(5.0) <= 5.0 * MOST
    True
    """
    return seconds * load_factor()
