"""``python -m bench.taps --turns``: typical turns tapped the shortest way through the picker,
as docs/phone-play.md reports them."""

from __future__ import annotations

import pytest

from bench.taps import measure_turns

pytestmark = pytest.mark.e2e


async def test_typical_clash_turns_are_tapped_through_the_picker() -> None:
    found = await measure_turns("clash", games=1, seed=1, rounds=1)
    turns = found["by_kind"]["turn"]
    assert turns["turns"] == 6  # round 1: three turns of each of two players
    # Every move costs a tap at least, and every turn one more to open the picker.
    assert turns["taps_min"] >= 2 and turns["taps_per_turn"] > turns["moves_per_turn"]
    assert turns["taps_per_turn"] <= 7, found
    assert found["taps_per_move_by_action"]
