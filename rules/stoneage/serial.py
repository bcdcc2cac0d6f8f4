"""Snapshots: :class:`rules.stoneage.state.StoneAgeState` field by field (:mod:`rules.formats`).

Resources are lists in the order wood, brick, stone, gold; cards and building tiles are their
ids; the board is a list of people per seat for each fixed location, in board order.
Version 1 was written by hand with the very keys and values the dataclasses give, so it
loads as version 2 does: its upgrade changes nothing.
"""

from __future__ import annotations

from rules.formats import Format
from rules.stoneage.state import StoneAgeState

FORMAT = Format(StoneAgeState, 2, {1: dict})
