"""Checks that must hold in every reachable state (self-play runs them after every action)."""

from __future__ import annotations

from rules.civ.actions import pending
from rules.civ.data import (
    AGES,
    BOX,
    BOX_BY_DOMAIN,
    ECO,
    ND,
    UTO,
    card_age,
    card_domain,
    in_game_total,
)
from rules.civ.logic import has_culture_majority
from rules.civ.state import STEPS, CivState
from rules.engine import RECENT_EVENTS


def zone_counts(state: CivState) -> list[int]:
    """Cards per domain over every zone of the game (not the removed ones)."""
    total = [0] * ND
    for s in state.seats:
        for d in range(ND):
            total[d] += s.hand[d] + s.area[d]
        total[UTO] += sum(s.facedown)
        total[ECO] += len(s.embargoes)
    for d in state.discard:
        total[d] += 1
    for code in state.deck:
        total[card_domain(code)] += 1
    if state.draft is not None:
        for packet, kept in zip(state.draft.packets, state.draft.kept, strict=True):
            for d in range(ND):
                total[d] += packet[d] + kept[d]
        for d in state.draft.centre:
            total[d] += 1
    return total


def check(state: CivState) -> list[str]:
    """Broken invariants, as sentences; empty when all hold."""
    problems: list[str] = []
    n = state.n
    zones = zone_counts(state)
    if sum(zones) != in_game_total(n):
        problems.append(f"{sum(zones)} cards in play, expected {in_game_total(n)}")
    removed = [0] * ND
    removed_by_age = dict.fromkeys(AGES, 0)
    for code in state.removed:
        removed[card_domain(code)] += 1
        removed_by_age[card_age(code)] += 1
    expected_removed = 0 if n == 4 else 3
    if any(v != expected_removed for v in removed_by_age.values()):
        problems.append(f"removed cards per age {removed_by_age}, expected {expected_removed}")
    for d in range(ND):
        if zones[d] + removed[d] != BOX_BY_DOMAIN[d]:
            problems.append(f"domain {d}: {zones[d]} + {removed[d]} removed != box")
    deck_by_age = dict.fromkeys(AGES, 0)
    for code in state.deck:
        deck_by_age[card_age(code)] += 1
    for age in AGES:
        if deck_by_age[age] > sum(BOX[age]):
            problems.append(f"deck has {deck_by_age[age]} cards of age {age}")
    for i, s in enumerate(state.seats):
        for name, counts in (("hand", s.hand), ("area", s.area), ("facedown", s.facedown)):
            if len(counts) != ND or any(c < 0 for c in counts):
                problems.append(f"seat {i} {name} {counts}")
    coin = state.coin
    if coin is not None:
        if not has_culture_majority(state, coin.holder) or state.seats[coin.holder].resigned:
            problems.append("coin held without the Culture lead")
        if coin.target == coin.holder:
            problems.append("coin beside its own holder")
    if state.step not in STEPS:
        problems.append(f"unknown step {state.step}")
    prompts = pending(state)
    if (state.outcome is None) == (not prompts):
        problems.append("no prompt and no outcome" if not prompts else "prompt after game over")
    if state.outcome is None and state.draft is None and not state.deck and not state.final_round:
        problems.append("deck empty but the final round was not triggered")
    if state.outcome is None and state.seats[state.active].resigned and state.draft is None:
        problems.append("a resigned seat is active")
    if (state.sub is None) == (state.step in ("inquisition_return", "breakthrough_discard")):
        problems.append("effect prompt and its data disagree")
    if len(state.recent) > RECENT_EVENTS:
        problems.append("too many recent events")
    return problems
