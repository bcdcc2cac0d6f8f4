"""The proving ground (``tests/synthetic/proving.py``) as a game for one benchmark run.

It is never offered to users, so it is registered here the way its tests register it, and only
while the run lasts.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

#: The name to give ``python -m bench``.
PROVING = "proving"


@contextlib.contextmanager
def registered(game: str) -> Iterator[None]:
    """Within the block, ``game`` is playable if it is the proving ground (else: nothing)."""
    if game != PROVING:
        yield
        return
    from tests.synthetic.proving import register

    with pytest.MonkeyPatch.context() as patch:
        register(patch, listed=True)
        yield
