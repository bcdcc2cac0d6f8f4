"""Dice and tools: rolling, choosing tools after seeing the roll, and collecting the yield.

Tools are named by value: a tool tile by its value (``2``), a one-use tool card by ``once``
and its value (``once4``), highest tiles first, then the one-use cards highest first
(``tools 3 1 once4``), or ``tools none``. Each tile is used wholly and once per round; a one-use
card once per game.

>>> sorted(TOOL_ORDER, key=TOOL_ORDER.__getitem__)[:3]
['4', '3', '2']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from rules.core import Event, IllegalAction
from rules.stoneage.data import CARDS, FOOD_DIVISOR, RESOURCES, VALUES
from rules.stoneage.state import Roll, SeatState, StoneAgeState

NONE = "none"
#: Tool tokens in the order an action lists them (tiles high to low, then one-use cards).
TOOL_ORDER: dict[str, int] = {
    **{str(v): 4 - v for v in (4, 3, 2, 1)},
    **{f"once{v}": 8 - v for v in (4, 3, 2)},
}


def roll_dice(state: StoneAgeState, count: int) -> tuple[int, ...]:
    """``count`` dice: fixed results (transcripts) first, then the state's generator."""
    out: list[int] = []
    for _ in range(count):
        if state.dice:
            out.append(state.dice[0])
            state.dice = state.dice[1:]
        else:
            out.append(state.rng.die())
    return tuple(out)


def divisor(resource: int | None) -> int:
    """What a roll's total is divided by: 2 for food, the resource's value otherwise."""
    return FOOD_DIVISOR if resource is None else VALUES[resource]


def available_tools(me: SeatState) -> Counter[str]:
    """Tool tokens the player could still add this round, with multiplicity."""
    out: Counter[str] = Counter()
    for v, used in zip(me.tools, me.used, strict=True):
        if not used:
            out[str(v)] += 1
    for cid in me.one_use:
        out[f"once{CARDS[cid].effect.amount}"] += 1
    return out


def token_value(token: str) -> int:
    """The value a tool token adds."""
    return int(token.removeprefix("once"))


def tools_can_help(roll: Roll, me: SeatState) -> bool:
    """True if adding every available tool would raise the yield (else tools cannot matter)."""
    extra = sum(token_value(t) * c for t, c in available_tools(me).items())
    div = divisor(roll.resource)
    return extra > 0 and (roll.total + extra) // div > roll.total // div


def next_tool_tokens(me: SeatState, chosen: Sequence[str]) -> list[str]:
    """Tool tokens that may follow ``chosen`` (already validated), in action order."""
    left = available_tools(me)
    left.subtract(chosen)
    floor = TOOL_ORDER[chosen[-1]] if chosen else -1
    return sorted(
        (t for t, c in left.items() if c > 0 and TOOL_ORDER[t] >= floor), key=TOOL_ORDER.__getitem__
    )


def read_tools(me: SeatState, args: Sequence[str]) -> list[str]:
    """The tool tokens of a ``tools`` action (``none`` = no tools).

    Raises:
        IllegalAction: ``missing_argument``, ``too_many_tokens``, ``bad_token``,
            ``no_such_tool``, ``tool_used``, ``tools_in_order``.
    """
    if not args:
        allowed = [NONE, *next_tool_tokens(me, [])]
        raise IllegalAction(
            "missing_argument", action="tools", allowed=allowed, options=_keys(allowed), typed=None
        )
    if args[0] == NONE:
        if len(args) > 1:
            raise IllegalAction("too_many_tokens", token=args[1])
        return []
    chosen: list[str] = []
    for token in args:
        allowed = next_tool_tokens(me, chosen)
        if token in allowed:
            chosen.append(token)
            continue
        if token not in TOOL_ORDER:
            raise IllegalAction(
                "bad_token", token=token, allowed=allowed, options=_keys(allowed), typed=None
            )
        if token in available_tools(me) and available_tools(me)[token] > chosen.count(token):
            raise IllegalAction("tools_in_order", token=token, allowed=allowed)
        if not token.startswith("once") and int(token) in me.tools:
            raise IllegalAction("tool_used", token=token, allowed=allowed, value=int(token))
        raise IllegalAction("no_such_tool", token=token, allowed=allowed)
    return chosen


def _keys(tokens: Sequence[str]) -> list[str]:
    """Tool tokens as the keys of stoneage.token that name them in a refusal (``tool.3``)."""
    return [f"tool.{t}" for t in tokens]


def finish_roll(state: StoneAgeState, tokens: Sequence[str]) -> list[Event]:
    """Add the chosen tools to the waiting roll, mark them used and collect the yield."""
    roll = state.roll
    assert roll is not None and roll.gained is None
    me = state.seats[roll.seat]
    tiles: list[int] = []
    once: list[int] = []
    for token in tokens:
        v = token_value(token)
        if token.startswith("once"):
            cid = next(c for c in me.one_use if CARDS[c].effect.amount == v)
            me.one_use.remove(cid)
            once.append(v)
        else:
            me.used[_unused_tile(me, v)] = True
            tiles.append(v)
    done = replace(roll, tools=tuple(tiles), one_use=tuple(once))
    gained = done.total // divisor(roll.resource)
    state.roll = replace(done, gained=gained)
    if roll.resource is None:
        me.food += gained
    else:
        me.resources[roll.resource] += gained
    state.sub = None
    return [
        Event(
            "stoneage.gained",
            {
                "player": state.players[roll.seat],
                "total": done.total,
                "tools": sum(tiles) + sum(once),
                "amount": gained,
                "resource": "food" if roll.resource is None else RESOURCES[roll.resource],
            },
        )
    ]


def _unused_tile(me: SeatState, value: int) -> int:
    """Index of an unused tool tile of ``value``."""
    return next(i for i, v in enumerate(me.tools) if v == value and not me.used[i])
