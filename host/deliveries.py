"""Each interaction is handled once, however often Discord delivers it.

The gateway may deliver an event again (a resumed session replays what the bot may not have
seen), and a retried delivery of a ``/move`` that is legal twice would otherwise be applied
twice. Interaction ids are unique, so remembering the recent ones is enough: an interaction's
token only lives 15 minutes, and far fewer than :data:`REMEMBERED` arrive in that time on one
process.
"""

from __future__ import annotations

from collections import OrderedDict

#: How many interaction ids are remembered (the oldest are forgotten first).
REMEMBERED = 50_000


class Deliveries:
    """The ids of the interactions seen lately."""

    def __init__(self, size: int = REMEMBERED) -> None:
        self.size = size
        self._seen: OrderedDict[int, None] = OrderedDict()

    def first(self, interaction_id: int) -> bool:
        """True the first time ``interaction_id`` is seen, False for every repeat.

        >>> d = Deliveries(size=2)
        >>> [d.first(1), d.first(1), d.first(2), d.first(3), d.first(1)]
        [True, False, True, True, True]
        """
        if interaction_id in self._seen:
            return False
        self._seen[interaction_id] = None
        if len(self._seen) > self.size:
            self._seen.popitem(last=False)
        return True
