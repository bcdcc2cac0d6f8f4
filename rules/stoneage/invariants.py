"""Checks that must hold in every reachable state (self-play runs them after every action)."""

from __future__ import annotations

from collections import Counter

from rules.engine import RECENT_EVENTS
from rules.stoneage.data import (
    BUILDING_TILES,
    CARD_IDS,
    CARDS,
    DISPLAY_SIZE,
    FIELD,
    HUT,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOLS,
    NL,
    RESOURCE_SITES,
    START_PEOPLE,
    TOOLMAKER,
    tool_tiles,
)
from rules.stoneage.logic import at_home, live_seats
from rules.stoneage.prompts import pending
from rules.stoneage.state import PHASES, SUBS, StoneAgeState

CARD_SET = frozenset(CARD_IDS)
TILE_SET = frozenset(BUILDING_TILES)


def _conservation(state: StoneAgeState) -> list[str]:
    problems: list[str] = []
    cards = [*state.deck, *(c for c in state.display if c is not None)]
    for s in state.seats:
        cards += s.cards
    if len(cards) != len(CARD_IDS) or set(cards) != CARD_SET:
        extra = Counter(cards) - Counter(CARD_IDS)
        problems.append(f"cards not conserved: {len(cards)} cards, extra {sorted(extra)}")
    tiles = [*state.removed, *(t for stack in state.stacks for t in stack)]
    for s in state.seats:
        tiles += s.buildings
    if len(tiles) != len(BUILDING_TILES) or set(tiles) != TILE_SET:
        problems.append("building tiles not conserved")
    if len(state.stacks) != state.n:
        problems.append("wrong number of building stacks")
    return problems


def _seat_problems(state: StoneAgeState, i: int) -> list[str]:
    s = state.seats[i]
    out: list[str] = []
    if s.food < 0 or any(r < 0 for r in s.resources) or s.medicine < 0:
        out.append(f"seat {i}: negative stock")
    if not START_PEOPLE <= s.people <= MAX_PEOPLE:
        out.append(f"seat {i}: {s.people} people")
    if not 0 <= s.agriculture <= MAX_AGRICULTURE:
        out.append(f"seat {i}: food track {s.agriculture}")
    if s.tool_value > MAX_TOOLS or tuple(s.tools) != tool_tiles(s.tool_value):
        out.append(f"seat {i}: tools {s.tools} off the upgrade path")
    if len(s.used) != len(s.tools):
        out.append(f"seat {i}: tool marks {s.used}")
    if any(c not in s.cards or CARDS[c].effect.kind != "one_use_tool" for c in s.one_use):
        out.append(f"seat {i}: one-use tools {s.one_use}")
    if at_home(state, i) < 0:
        out.append(f"seat {i}: more people placed than owned")
    if s.resigned and i not in state.resign_order:
        out.append(f"seat {i}: resigned out of order")
    return out


def check(state: StoneAgeState) -> list[str]:
    """Broken invariants, as sentences; empty when all hold."""
    problems = _conservation(state)
    for i in range(state.n):
        problems += _seat_problems(state, i)
    if state.phase not in PHASES or (state.sub is not None and state.sub not in SUBS):
        problems.append(f"unknown phase {state.phase}/{state.sub}")
    if len(state.display) != DISPLAY_SIZE or len(state.at) != NL:
        problems.append("board shape")
    for loc in RESOURCE_SITES:
        if sum(state.at[loc]) > 7:
            problems.append(f"location {loc} over 7 people")
    if sum(state.at[HUT]) not in (0, 2) or sum(1 for c in state.at[HUT] if c) > 1:
        problems.append("hut not exactly 2 people of one player")
    if sum(state.at[TOOLMAKER]) > 1 or sum(state.at[FIELD]) > 1:
        problems.append("tool maker or field holds more than 1 person")
    if state.phase == "feed" and len(state.hungry) != state.n:
        problems.append("feeding without a shortfall list")
    prompts = pending(state)
    if (state.outcome is None) == (not prompts):
        problems.append("no prompt and no outcome" if not prompts else "prompt after game over")
    # A buyer who resigns while the others still pick from their dice for all stays "active"
    # until the last die is taken; otherwise only live seats act.
    waiting = state.outcome is None and state.phase != "feed" and state.dfa is None
    if waiting and state.active not in live_seats(state):
        problems.append("a resigned seat is active")
    if (state.sub == "tools") != (state.roll is not None and state.roll.gained is None):
        problems.append("tools prompt and roll disagree")
    if (state.sub == "pick") != (state.dfa is not None):
        problems.append("pick prompt and dice for all disagree")
    if (state.sub in ("pay_card", "pay_building")) != (state.purchase is not None):
        problems.append("payment prompt and purchase disagree")
    if len(state.recent) > RECENT_EVENTS:
        problems.append("too many recent events")
    return problems
