"""A simple heuristic player for self-play (docs/rules-decisions.md, "Bot heuristics").

It keeps its people fed (field first, hunting when the next feeding would fall short), grows
(hut, tool maker) while that is cheap, buys the cards and buildings it can afford, resolves the
tool maker before it rolls, adds the fewest tools that reach the next multiple of the divisor,
takes Medicine's resources at once, feeds with resources rather than losing 10 points, and picks
the food track or a tool from "dice for all". One decision in ten is random, so that self-play
still wanders everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rules.core import Choice, Rng
from rules.stoneage.data import (
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOLS,
)
from rules.stoneage.effects import building_spec
from rules.stoneage.payments import has_payment
from rules.stoneage.prompts import prompt_kind
from rules.stoneage.rolls import TOOL_ORDER, available_tools, divisor, token_value
from rules.stoneage.state import SeatState, StoneAgeState

#: Resolution order: grow first, roll next (tools gained first help), buy last.
RESOLVE_ORDER: tuple[str, ...] = (
    "toolmaker",
    "field",
    "hut",
    "hunting",
    "forest",
    "clay",
    "quarry",
    "river",
    "card",
    "building",
)
NOISE = 10  # one decision in NOISE is uniform


def greedy_choice(
    state: StoneAgeState, seat: int, prefix: Sequence[str], options: Sequence[Choice], rng: Rng
) -> int:
    """Index of the option this player takes next."""
    tokens = [c.token for c in options]
    if len(tokens) == 1:
        return 0
    if rng.randrange(NOISE) == 0:
        return rng.randrange(len(tokens))
    me = state.seats[seat]
    if not prefix:
        return _head(state, seat, tokens)
    head = prefix[0]
    if head == "place":
        return _place(state, seat, me, list(prefix[1:]), tokens, rng)
    if head == "resolve":
        ranked = [t for t in RESOLVE_ORDER if t in tokens]
        return tokens.index(ranked[0]) if ranked else 0
    if head == "tools":
        return _tools(state, me, list(prefix[1:]), tokens)
    if head == "pick":
        return _pick(me, tokens)
    # Payments (buy, feed, medicine) list the sensible choice first.
    return 0


def _head(state: StoneAgeState, seat: int, tokens: list[str]) -> int:
    for preferred in ("medicine", "buy", "feed"):
        if preferred in tokens:
            return tokens.index(preferred)
    kind = prompt_kind(state, seat)
    if kind in ("pay_card", "pay_building") and "decline" in tokens:
        return tokens.index("decline")
    return 0


def _food_short(me: SeatState) -> int:
    """Food missing at the next feeding if nothing more is gathered."""
    return max(0, me.people - me.agriculture - me.food)


def _place(
    state: StoneAgeState,
    seat: int,
    me: SeatState,
    args: list[str],
    tokens: list[str],
    rng: Rng,
) -> int:
    if not args:
        scores = [_target_score(state, me, t) * 100 + rng.randrange(100) for t in tokens]
        return scores.index(max(scores))
    if args[0] == "card":
        affordable = [i for i, t in enumerate(tokens) if sum(me.resources) >= int(t)]
        return affordable[0] if affordable else 0
    if args[0] == "building":
        for i, t in enumerate(tokens):
            stack = state.stacks[int(t) - 1]
            if stack and has_payment(building_spec(stack[0]), me.resources):
                return i
        return 0
    counts = [int(t) for t in tokens]
    if args[0] == "hunting":
        short = _food_short(me)
        want = max(1, (2 * short + 2) // 3) if short else max(counts)
        fitting = [c for c in counts if c <= want]
        return counts.index(max(fitting)) if fitting else 0
    return len(tokens) - 1


def _target_score(state: StoneAgeState, me: SeatState, token: str) -> int:
    short = _food_short(me)
    if token == "field":
        return 9 if me.agriculture < MAX_AGRICULTURE else 0
    if token == "hut":
        return 7 if me.people < MAX_PEOPLE and short <= 2 else 1
    if token == "toolmaker":
        return 6 if me.tool_value < MAX_TOOLS // 2 else 2
    if token == "hunting":
        return 10 if short > 0 else 1
    if token == "card":
        return 8 if any(sum(me.resources) > i for i, c in enumerate(state.display) if c) else 2
    if token == "building":
        tops = [s[0] for s in state.stacks if s]
        return 8 if any(has_payment(building_spec(t), me.resources) for t in tops) else 2
    return 5


def _tools(state: StoneAgeState, me: SeatState, chosen: list[str], tokens: list[str]) -> int:
    roll = state.roll
    if roll is None:
        return 0
    div = divisor(roll.resource)
    base = roll.total + sum(token_value(t) for t in chosen)
    left = available_tools(me)
    left.subtract(chosen)
    pool = [t for t, c in left.items() for _ in range(c) if c > 0]
    best: tuple[int, int, tuple[str, ...]] | None = None
    for size in range(1, len(pool) + 1):
        for combo in combinations(pool, size):
            add = sum(token_value(t) for t in combo)
            if (base + add) // div > base // div:
                once = sum(1 for t in combo if t.startswith("once"))
                key = (add, once, combo)
                if best is None or key[:2] < best[:2]:
                    best = key
    if best is None:
        return tokens.index("none") if "none" in tokens else 0
    wanted = sorted(best[2], key=TOOL_ORDER.__getitem__)
    for t in wanted:
        if t in tokens:
            return tokens.index(t)
    return 0


def _pick(me: SeatState, tokens: list[str]) -> int:
    faces = [int(t) for t in tokens]
    if 6 in faces and me.agriculture < MAX_AGRICULTURE:
        return faces.index(6)
    if 5 in faces and me.tool_value < MAX_TOOLS:
        return faces.index(5)
    useful = [f for f in faces if f <= 4]
    return faces.index(max(useful)) if useful else 0
