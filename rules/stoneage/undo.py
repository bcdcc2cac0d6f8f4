"""What a Stone Age action revealed, for taking it back (``/undo``, see
:func:`rules.core.reveals`).

Dice (the generator advancing, or a fixed result of a transcript used up), the card drawn by
Writing, the display refilled from the deck at a new round and a building stack showing its
next tile are all hidden until they happen. Placing people, paying, picking a die of Dice for
all or feeding decide only with what everyone already sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Event
from rules.stoneage.state import StoneAgeState


def reveals(before: StoneAgeState, after: StoneAgeState, events: Sequence[Event]) -> bool:
    """True when the action from ``before`` to ``after`` rolled, drew or flipped something."""
    if before.rng.state != after.rng.state or before.dice != after.dice:
        return True  # dice were rolled
    if before.deck != after.deck:
        return True  # a card was drawn (Writing, a refilled display)
    if before.stacks != after.stacks:
        return True  # a building was taken and the next tile of its stack shows
    return any(e.visible_to is not None for e in events)
