"""Clash of Cultures pictures: the public table (map, battle report, legend, player boards),
a zoomed crop of the map around one space, and the private hand.

:mod:`render.clash.table` draws the table from the public part of a view alone,
:mod:`render.clash.hand` the seat's own cards; the parts they share live in
:mod:`render.clash.look` (sizes, colours, the smallest text) and the board modules.
"""

from __future__ import annotations

from render.clash.alt import table_alt
from render.clash.hand import hand_png
from render.clash.table import table_png

__all__ = ["hand_png", "table_alt", "table_png"]
