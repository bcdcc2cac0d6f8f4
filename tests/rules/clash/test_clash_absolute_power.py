"""Absolute Power (p.2) and Leadership print no cap on the actions a turn holds (C132): in the
printed rules edition either buys its extra action whatever the turn holds, so the order they
are used in no longer matters; the first edition refused them at 4 actions held."""

from __future__ import annotations

from typing import Any

from tests.rules.clash.clash_map import board, events, refused

JSON = Any
AUTOCRACY = ["farming", "mining", "tactics", "draft", "nationalism", "absolute_power"]


def ann(options: dict[str, JSON]) -> Any:
    seat = {"advances": AUTOCRACY, "mood_tokens": 2, "culture_tokens": 1, "actions": ["A25"]}
    return board(seat, options=options)


def test_leadership_then_absolute_power_holds_five_actions() -> None:
    state, kinds = events(ann({}), "card a25")
    assert "clash.leadership" in kinds and state.turn_state.actions_left == 4
    state, kinds = events(state, "power")
    assert "clash.extra_action" in kinds and state.turn_state.actions_left == 5


def test_the_order_does_not_matter() -> None:
    state, _ = events(ann({}), "power")
    state, _ = events(state, "card a25")
    assert state.turn_state.actions_left == 5


def test_the_first_edition_capped_the_actions_held_at_four() -> None:
    state, _ = events(ann({"edition": 1}), "card a25")
    assert refused(state, "power").code == "actions_full"
    state, _ = events(ann({"edition": 1}), "power")
    assert refused(state, "card a25").code == "actions_full"
