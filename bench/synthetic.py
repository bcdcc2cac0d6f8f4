"""The proving ground (:mod:`synthetic.proving`) as a game for one benchmark run.

It is never offered to users, so it is made playable here only while the run lasts (the same
changes its tests make: :func:`synthetic.registry.patches`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from synthetic.proving import playable

#: The name to give ``python -m bench``.
PROVING = "proving"


@contextlib.contextmanager
def registered(game: str) -> Iterator[None]:
    """Within the block, ``game`` is playable if it is the proving ground (else: nothing)."""
    if game != PROVING:
        yield
        return
    with playable(listed=True):
        yield
