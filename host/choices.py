"""The engines' ``choices``, remembered while a game stays at one seq.

``/move`` autocomplete asks for suggestions at every keystroke, and each suggestion is labelled
token by token, so without this the same ``choices(state, seat, prefix)`` would be computed
many times a second. A game's state is fixed by its seq (every change bumps it), so the answer
for ``(game, seq, seat, prefix)`` never changes; the entries of a game are dropped as soon as a
newer seq of it is asked about, and the least recently used go beyond ``size``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from rules.core import Choice, Game

Key = tuple[int, int, int, tuple[str, ...]]


class ChoiceCache:
    """A small LRU of ``choices`` by (game id, seq, seat, prefix)."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._entries: OrderedDict[Key, list[Choice]] = OrderedDict()
        self._seqs: dict[int, int] = {}
        #: Computations made (the misses): what the tests count.
        self.computed = 0

    def choices(
        self,
        game_id: int,
        seq: int,
        engine: Game[Any],
        state: Any,
        seat: int,
        prefix: Sequence[str],
    ) -> list[Choice]:
        """``engine.choices(state, seat, prefix)`` for the game ``game_id`` at ``seq``."""
        newest = self._seqs.get(game_id, seq)
        if newest < seq:
            self._forget(game_id)
        self._seqs[game_id] = max(newest, seq)
        key = (game_id, seq, seat, tuple(prefix))
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
            return list(found)
        found = list(engine.choices(state, seat, list(prefix)))
        self.computed += 1
        self._entries[key] = found
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return list(found)

    def _forget(self, game_id: int) -> None:
        for key in [k for k in self._entries if k[0] == game_id]:
            del self._entries[key]
