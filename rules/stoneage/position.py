"""Starting a game from a given position (transcripts and tests; see docs/transcripts.md).

A position fixes every player's board, the display, the deck order, the building stacks and,
to test any situation, fixed dice results used before the generator. By default it is the start
of a round's phase 1; with ``phase`` (and the people ``placed``, the tools used, a roll, a
payment or a "dice for all" waiting, the shortfalls of feeding) it may stand anywhere inside a
round, see :mod:`rules.stoneage.midround`. With ``"fill_deck": true`` the cards the position
does not place go into the deck below the listed ones (shuffled with the seed);
``"fill_buildings": true`` deals 7 random tiles to each stack the position does not list (fewer,
shared out evenly, when bought tiles leave fewer). Tiles neither in a stack nor bought are out
of the game.

Every refusal names the position key at fault (``field``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core import JSON, IllegalAction, Rng
from rules.engine import remember
from rules.stoneage.data import (
    BUILDING_TILES,
    CARD_IDS,
    CARDS,
    DISPLAY_SIZE,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOLS,
    RESOURCE_INDEX,
    STACK_SIZE,
    START_PEOPLE,
    tool_tiles,
)
from rules.stoneage.flow import settle, start_round
from rules.stoneage.midround import PHASES, SeatExtra, place_round
from rules.stoneage.setup import game_options
from rules.stoneage.state import Options, SeatState, StoneAgeState, empty_board

FIELDS = frozenset(
    {
        "round",
        "first",
        "seats",
        "display",
        "deck",
        "fill_deck",
        "buildings",
        "fill_buildings",
        "dice",
        "phase",
        "active",
        "roll",
        "paying",
        "dice_for_all",
        "resign_order",
    }
)
SEAT_FIELDS = frozenset(
    {
        "people",
        "food",
        "agriculture",
        "resources",
        "tools",
        "used_tools",
        "one_use_tools",
        "cards",
        "buildings",
        "points",
        "medicine",
        "placed",
        "short",
        "resigned",
    }
)
POINT_FIELDS = ("buildings", "cards", "penalties")


def _bad(field: str, value: JSON) -> IllegalAction:
    return IllegalAction("position_bad_value", field=field, value=repr(value))


def _int(field: str, value: JSON, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise _bad(field, value)
    return value


def _ids(field: str, value: JSON, known: Sequence[str]) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or any(v not in known for v in value):
        raise _bad(field, value)
    return list(value)


def _flag(field: str, value: JSON) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise _bad(field, value)
    return value


def _seat(field: str, raw: JSON) -> tuple[SeatState, SeatExtra]:
    if not isinstance(raw, Mapping):
        raise _bad(field, raw)
    extra = sorted(set(raw) - SEAT_FIELDS)
    if extra:
        raise IllegalAction("position_unknown_field", field=f"{field}.{extra[0]}")
    me = SeatState()
    me.people = _int(f"{field}.people", raw.get("people", START_PEOPLE), START_PEOPLE, MAX_PEOPLE)
    me.food = _int(f"{field}.food", raw.get("food", me.food), 0, 10_000)
    me.agriculture = _int(f"{field}.agriculture", raw.get("agriculture", 0), 0, MAX_AGRICULTURE)
    resources = raw.get("resources") or {}
    if not isinstance(resources, Mapping):
        raise _bad(f"{field}.resources", resources)
    for name, count in resources.items():
        if name not in RESOURCE_INDEX:
            raise _bad(f"{field}.resources", name)
        me.resources[RESOURCE_INDEX[name]] = _int(f"{field}.resources.{name}", count, 0, 10_000)
    tools = raw.get("tools", 0)
    if isinstance(tools, list):
        total = sum(t for t in tools if isinstance(t, int))
        if tuple(tools) != tool_tiles(min(total, MAX_TOOLS)):
            raise _bad(f"{field}.tools", tools)
    total = sum(tools) if isinstance(tools, list) else _int(f"{field}.tools", tools, 0, MAX_TOOLS)
    me.tools = list(tool_tiles(total))
    me.used = [False] * len(me.tools)
    me.cards = _ids(f"{field}.cards", raw.get("cards"), CARD_IDS)
    me.one_use = _ids(f"{field}.one_use_tools", raw.get("one_use_tools"), CARD_IDS)
    for cid in me.one_use:
        if CARDS[cid].effect.kind != "one_use_tool":
            raise _bad(f"{field}.one_use_tools", cid)
        if cid not in me.cards:
            me.cards.append(cid)
    me.buildings = _ids(f"{field}.buildings", raw.get("buildings"), BUILDING_TILES)
    points = raw.get("points") or {}
    if not isinstance(points, Mapping) or set(points) - set(POINT_FIELDS):
        raise _bad(f"{field}.points", points)
    me.building_points = _int(f"{field}.points.buildings", points.get("buildings", 0), 0, 10_000)
    me.card_points = _int(f"{field}.points.cards", points.get("cards", 0), 0, 10_000)
    me.penalties = _int(f"{field}.points.penalties", points.get("penalties", 0), -10_000, 0)
    me.medicine = _int(f"{field}.medicine", raw.get("medicine", 0), 0, 1)
    me.resigned = _flag(f"{field}.resigned", raw.get("resigned"))
    placed = raw.get("placed") or []
    if not isinstance(placed, list) or not all(isinstance(t, str) for t in placed):
        raise _bad(f"{field}.placed", placed)
    used = raw.get("used_tools") or []
    if not isinstance(used, list):
        raise _bad(f"{field}.used_tools", used)
    used_values = [_int(f"{field}.used_tools", v, 1, 4) for v in used]
    short = _int(f"{field}.short", raw.get("short", 0), 0, MAX_PEOPLE)
    return me, SeatExtra(field, placed, used_values, short, "short" in raw)


def _seats(players: Sequence[str], data: JSON) -> tuple[list[SeatState], list[SeatExtra]]:
    if not isinstance(data, Mapping):
        raise _bad("seats", data)
    for name in data:
        if name not in players:
            raise _bad("seats", name)
    read = [_seat(f"seats.{p}", data.get(p) or {}) for p in players]
    return [s for s, _ in read], [e for _, e in read]


def _once(groups: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Every card or tile at most once over all the listed places (the box has one of each)."""
    seen: dict[str, list[str]] = {}
    for where, items in groups:
        for item in items:
            seen.setdefault(item, []).append(where)
    for item in sorted(seen):
        if len(seen[item]) > 1:
            raise IllegalAction(
                "position_duplicate", field=", ".join(dict.fromkeys(seen[item])), item=item
            )


def _display(position: Mapping[str, JSON]) -> list[str | None] | None:
    raw = position.get("display")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != DISPLAY_SIZE:
        raise _bad("display", raw)
    return [None if c is None else _ids("display", [c], CARD_IDS)[0] for c in raw]


def _stacks(
    n: int,
    position: Mapping[str, JSON],
    owned: Sequence[tuple[str, Sequence[str]]],
    rng: Rng,
) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    raw = position.get("buildings")
    fill = _flag("fill_buildings", position.get("fill_buildings"))
    if raw is None:
        raw, fill = [], True
    if not isinstance(raw, list) or len(raw) > n:
        raise _bad("buildings", raw)
    stacks = [tuple(_ids(f"buildings[{i}]", s, BUILDING_TILES)) for i, s in enumerate(raw)]
    if any(len(s) > STACK_SIZE for s in stacks):
        raise _bad("buildings", raw)
    _once([*owned, *((f"buildings[{i}]", s) for i, s in enumerate(stacks))])
    used = {t for _, tiles in owned for t in tiles} | {t for s in stacks for t in s}
    free = [t for t in BUILDING_TILES if t not in used]
    rng.shuffle(free)
    missing = n - len(stacks)
    if missing:
        if not fill:
            raise IllegalAction(
                "position_inconsistent", problem="stacks_missing", field="fill_buildings"
            )
        # Up to 7 tiles each, shared out evenly when bought tiles leave fewer in the box.
        base, extra = divmod(min(len(free), missing * STACK_SIZE), missing)
        if base == 0:
            raise IllegalAction(
                "position_inconsistent", problem="not_enough_tiles", field="buildings"
            )
        for i in range(missing):
            size = base + (1 if i < extra else 0)
            stacks.append(tuple(free[:size]))
            free = free[size:]
    return stacks, tuple(free)


def from_position(
    players: Sequence[str], options: Mapping[str, JSON], seed: int, position: Mapping[str, JSON]
) -> StoneAgeState:
    """Build and validate a state from ``position``; raises IllegalAction on a bad position."""
    opts: Options = game_options(options)
    unknown = sorted(set(position) - FIELDS)
    if unknown:
        raise IllegalAction("position_unknown_field", field=unknown[0])
    rng = Rng(seed)
    n = len(players)
    first_name = position.get("first", players[0])
    if first_name not in players:
        raise _bad("first", first_name)
    first = list(players).index(first_name)
    rounds = _int("round", position.get("round", 1), 1, 1000)
    phase = position.get("phase", "place")
    if phase not in PHASES:
        raise _bad("phase", phase)
    seats, extras = _seats(players, position.get("seats") or {})
    deck = _ids("deck", position.get("deck"), CARD_IDS)
    display = _display(position)
    owned = [(f"seats.{p}.cards", s.cards) for p, s in zip(players, seats, strict=True)]
    shown = [c for c in display or [] if c is not None]
    _once([*owned, ("display", shown), ("deck", deck)])
    if _flag("fill_deck", position.get("fill_deck")):
        taken = {*(c for _, cards in owned for c in cards), *shown, *deck}
        rest = [c for c in CARD_IDS if c not in taken]
        rng.shuffle(rest)
        deck += rest
    if display is None:
        if len(deck) < DISPLAY_SIZE:
            raise IllegalAction(
                "position_inconsistent", problem="deck_too_small_for_display", field="deck"
            )
        display, deck = list(deck[:DISPLAY_SIZE]), deck[DISPLAY_SIZE:]
    missing = (
        len(CARD_IDS) - sum(len(c) for _, c in owned) - len([c for c in display if c]) - len(deck)
    )
    if missing:
        raise IllegalAction("position_card_total", count=missing, field="fill_deck")
    # Cards bought this round leave their space empty until the display is refilled in the
    # next round, so only phase 1 must show a full display.
    if None in display and phase == "place":
        raise IllegalAction("position_inconsistent", problem="display_gap", field="display")
    tiles = [(f"seats.{p}.buildings", s.buildings) for p, s in zip(players, seats, strict=True)]
    stacks, removed = _stacks(n, position, tiles, rng)
    dice = position.get("dice") or []
    if not isinstance(dice, list):
        raise _bad("dice", dice)
    state = StoneAgeState(
        players=tuple(players),
        options=opts,
        rng=rng,
        seats=seats,
        deck=tuple(deck),
        display=display,
        stacks=stacks,
        removed=removed,
        first=first,
        active=first,
        phase="place",
        round=rounds - 1,
        at=empty_board(n),
        card_spot=[-1] * DISPLAY_SIZE,
        building_spot=[-1] * n,
        dice=tuple(_int("dice", d, 1, 6) for d in dice),
        ending=any(not s for s in stacks),
    )
    events = start_round(state, first, refilled=0)
    place_round(state, position, phase, extras)
    events += settle(state)
    remember(state, events)
    return state
