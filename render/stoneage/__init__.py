"""Stone Age pictures: the public table and the private hand.

Both are drawn top to bottom from the view alone (docs/architecture.md, "Stone Age view"):
:mod:`render.stoneage.table` assembles the header, :mod:`~render.stoneage.board` (locations,
cards, buildings), :mod:`~render.stoneage.dice`, :mod:`~render.stoneage.players` and
:mod:`~render.stoneage.scores`; :mod:`render.stoneage.hand` draws ``/hand``. Pieces they share
(cards, dice, tool tiles, markers, labels) are in :mod:`render.stoneage.common`; colours and
pictograms in :mod:`render.stoneage.look` and :mod:`render.stoneage.icons`.
"""

from __future__ import annotations

from render.stoneage.alt import table_alt
from render.stoneage.hand import hand_png
from render.stoneage.table import table_png

__all__ = ["hand_png", "table_alt", "table_png"]
