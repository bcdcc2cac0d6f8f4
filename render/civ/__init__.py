"""CIV: Carta Impera Victoria pictures: the public table and the private hand.

Both are drawn top to bottom from the view alone (docs/architecture.md, "CIV view"), one short
``_draw_*`` layer per part: :mod:`render.civ.table` and :mod:`render.civ.hand`, with the
pieces they share (names, cards, effect labels) in :mod:`render.civ.common`.
"""

from __future__ import annotations

from render.civ.alt import table_alt
from render.civ.common import DOMAINS, EFFECTS
from render.civ.hand import hand_png
from render.civ.table import table_png

__all__ = ["DOMAINS", "EFFECTS", "hand_png", "table_alt", "table_png"]
