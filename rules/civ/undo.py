"""What a CIV action revealed, for taking it back (``/undo``, see :func:`rules.core.reveals`).

A card drawn from the deck (end of turn, Breakthrough, dealing a draft), a hand seen
(Inquisition), a shuffle: all either change the deck or the generator, or are told to some
seats only in a private event. Playing, keeping, discarding or giving known cards reveal
nothing new.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.civ.state import CivState
from rules.core import Event


def reveals(before: CivState, after: CivState, events: Sequence[Event]) -> bool:
    """True when the action from ``before`` to ``after`` showed or drew something hidden."""
    if before.rng.state != after.rng.state:
        return True  # a shuffle or a random pick: doing it again could give another result
    if before.deck != after.deck or before.removed != after.removed:
        return True  # a card left the hidden deck
    return any(e.visible_to is not None for e in events)
