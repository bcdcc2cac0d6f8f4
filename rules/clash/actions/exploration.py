"""Exploring: a unit moves onto a face-down region, which is turned face up and placed (p.16-19).

**By land** (p.16, p.18), the space the unit enters decides. Of the two ways the slot can hold
the region (p.16), the rules keep, in this order of precedence, those where

1. the entered space is not Sea;
2. a Sea space of the region touches a Sea space already on the board;
3. if rule 2 cannot be met and the region lies on the map's edge, a Sea space of the region
   touches the edge (C32: the outline of every slot of the set-up, p.3).

A rule that neither way meets is skipped (C32). If the two ways left put the same terrain on
every space, there is nothing to decide; otherwise the explorer chooses (``layout``). The unit
then stands on the entered space, whose terrain applies (a Mountain stops it, p.17); should the
entered space still be Sea (no tile does that), the units stay where they were, their move
spent.

**By ship** (p.19) the space entered does not matter: the region is placed so that one of its
Sea spaces touches the Sea space the ship explores from (its ``approach``; for a ship that came
round the edge with Navigation, the edge itself, p.9, p.19), and the ship sails onto one of the
new Sea spaces (``ship_space`` when it has two). If neither way can do that, the region is
placed by the land rules with the ship's target space as the entered one, and the ship goes
back to the Sea space it came from (C31: the space it explored from); exploring again needs
another Move action.

**Barbarians** (p.13, p.16): a region with the barbarian symbol (two or more Fertile spaces)
gets a barbarian city and one barbarian army unit on one of its Fertile spaces, never the one
a land unit entered (C33); the explorer picks when there are several (``barbarians``); nothing
comes when the box has no brown settlement or unit left.

A region turned face up is public from then on; the one lying face down is never in a view
before (:mod:`rules.clash.formats.view`). Revealing it is a reveal: the action cannot be taken back.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from rules.clash.board.boards import Slot
from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import FERTILE, LAND, SEA, Terrain
from rules.clash.box.components import BARBARIAN_ARMIES, BARBARIAN_SETTLEMENTS, SHIP
from rules.clash.model import transfer, under_way
from rules.clash.model.registry import Answer
from rules.clash.model.state import ClashState, Exploring, Region
from rules.clash.model.terrain import terrains
from rules.core import Choice, Decision, Event, IllegalAction

LAYOUT, BARBARIANS, SHIP_SPACE = under_way.EXPLORE_STEPS
#: The tokens for the two ways a region may lie: as the slot lays it, or turned 180°.
LAYOUT_TOKENS: dict[bool, str] = {False: "a", True: "b"}


def placed(state: ClashState, slot: Slot, turned: bool) -> dict[Hex, Terrain]:
    """The terrain of each space of ``slot`` with its region lying ``turned`` or not."""
    t = state.board.tile(state.regions[slot.id].tile)
    lens = slot.lens.turned() if turned else slot.lens
    return t.place(lens)


def _outside(state: ClashState, slot: Slot) -> dict[Hex, Terrain]:
    """What is already on the board round ``slot``: explored spaces of other slots."""
    return {h: t for h, t in terrains(state).items() if h not in slot.hexes}


def _sea_touches(layout: dict[Hex, Terrain], near: set[Hex]) -> bool:
    return any(t == SEA and any(n in near for n in h.neighbours()) for h, t in layout.items())


def _first_met(options: list[bool], rule: dict[bool, bool]) -> list[bool]:
    """Apply one rule: keep the options meeting it, unless none does (C32)."""
    kept = [o for o in options if rule[o]]
    return kept or options


def land_layouts(state: ClashState, slot: Slot, entered: Hex) -> list[bool]:
    """The ways the region may lie after the land rules 1-3 (p.16, p.18, C32)."""
    options = [False, True]
    layouts = {o: placed(state, slot, o) for o in options}
    outside = _outside(state, slot)
    seas = {h for h, t in outside.items() if t == SEA}
    options = _first_met(options, {o: layouts[o][entered] != SEA for o in options})
    rule2 = {o: _sea_touches(layouts[o], seas) for o in options}
    if any(rule2.values()):
        options = [o for o in options if rule2[o]]
    elif state.board.slot_on_edge(slot.id):
        edge = {
            o: any(t == SEA and state.board.on_edge(h) for h, t in layouts[o].items())
            for o in options
        }
        options = _first_met(options, edge)
    return _distinct(layouts, options)


def ship_layouts(state: ClashState, slot: Slot, approach: Hex, navigation: bool) -> list[bool]:
    """The ways that put a Sea space of the region where the ship can reach it (p.19): next to
    its ``approach``, or on the map's edge after sailing round it with Navigation."""
    options = [False, True]
    layouts = {o: placed(state, slot, o) for o in options}
    if navigation:
        kept = [
            o
            for o in options
            if any(t == SEA and state.board.on_edge(h) for h, t in layouts[o].items())
        ]
    else:
        kept = [o for o in options if _sea_touches(layouts[o], {approach})]
    return _distinct(layouts, kept)


def _distinct(layouts: dict[bool, dict[Hex, Terrain]], options: list[bool]) -> list[bool]:
    """Options that differ on the board (a region symmetric under the half turn lies one way)."""
    out: list[bool] = []
    for o in options:
        if all(layouts[o] != layouts[k] for k in out):
            out.append(o)
    return out


def begin(
    state: ClashState,
    seat: int,
    slot: Slot,
    entered: Hex,
    origin: str,
    units: tuple[str, ...],
    approach: Hex | None = None,
    navigation: bool = False,
) -> list[Event]:
    """A group (land units from ``origin``, or a ship) moves onto the face-down region of
    ``slot``: turn it face up and place it, asking the explorer where the rules leave a choice."""
    region = state.regions[slot.id]
    state.regions[slot.id] = Region(region.tile, True, False)
    by_ship = approach is not None
    back = False
    layouts: list[bool] = []
    if by_ship:
        assert approach is not None
        layouts = ship_layouts(state, slot, approach, navigation)
    if not layouts:
        back = by_ship
        layouts = land_layouts(state, slot, entered)
    state.regions[slot.id] = Region(region.tile, True, layouts[0])
    state.exploring = Exploring(
        slot.id, entered, origin, units, LAYOUT, tuple(layouts), (), approach, navigation, back
    )
    events = [
        Event(
            "clash.explored",
            {
                "player": state.players[seat],
                "space": label(entered),
                "by": SHIP if by_ship else "land",
            },
        )
    ]
    events += proceed(state, seat)
    under_way.wait_for_explorer(state)
    return events


def choose_layout(state: ClashState, seat: int, turned: bool) -> list[Event]:
    """The explorer's choice between the two ways the region may lie."""
    e = state.exploring
    assert e is not None and turned in e.layouts
    region = state.regions[e.slot]
    state.regions[e.slot] = replace(region, turned=turned)
    state.exploring = replace(e, layouts=(turned,))
    return proceed(state, seat)


def choose_space(state: ClashState, seat: int, h: Hex) -> list[Event]:
    """The explorer's choice of a space: for the barbarians, or for the ship to sail onto."""
    e = state.exploring
    assert e is not None and h in e.spaces
    if e.step == BARBARIANS:
        state.exploring = replace(e, spaces=())
        return _barbarians_at(state, h) + proceed(state, seat, after_barbarians=True)
    return _arrive(state, seat, h)


# -- the explorer's decision (kinds ``explore_<step>``, :mod:`rules.clash.model.under_way`) --


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    e = state.exploring
    assert e is not None
    if prefix:
        return []
    if e.step == LAYOUT:
        slot = state.board.slot(e.slot)
        out = []
        for turned in e.layouts:
            layout = placed(state, slot, turned)
            # Every space with its terrain, in board order: two ways always differ somewhere.
            # Named as the picture's plates name it ("a", "b"), as the prompt does.
            params: dict[str, str] = {"way": LAYOUT_TOKENS[turned]}
            for k, h in enumerate(sorted(layout, key=lambda h: (h.q, h.r)), start=1):
                params[f"s{k}"], params[f"t{k}"] = label(h), layout[h]
            out.append(Choice(LAYOUT_TOKENS[turned], "clash.choice.layout", params))
        return out
    key = "clash.choice.barbarians" if e.step == BARBARIANS else "clash.choice.ship_space"
    return [Choice(token(h), key, {"space": label(h)}) for h in e.spaces]


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """``a`` or ``b`` (the way the region lies) or a space (the barbarians', the ship's)."""
    e = state.exploring
    assert e is not None
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    if e.step == LAYOUT:
        by_token = {LAYOUT_TOKENS[t]: t for t in e.layouts}
        if head not in by_token:
            raise IllegalAction("unknown_layout", token=head, allowed=sorted(by_token))
        under_way.explorer_answered(state)
        events = choose_layout(state, decision.seat, by_token[head])
    else:
        h = state.board.parse(head)
        if h not in e.spaces:
            raise IllegalAction(
                "not_one_of_the_spaces", space=label(h), allowed=[label(x) for x in e.spaces]
            )
        under_way.explorer_answered(state)
        events = choose_space(state, decision.seat, h)
    under_way.wait_for_explorer(state)
    return events


#: How the explorer answers (``rules.clash.dispatch``' decisions).
EXPLORE_ANSWER = Answer(_choices, _apply, under_way.problem)


def proceed(state: ClashState, seat: int, after_barbarians: bool = False) -> list[Event]:
    """Take the next step of the exploration under way; stop where the explorer decides."""
    e = state.exploring
    assert e is not None
    if len(e.layouts) > 1:
        return []
    slot = state.board.slot(e.slot)
    layout = placed(state, slot, e.layouts[0])
    events: list[Event] = []
    if not after_barbarians and e.step == LAYOUT:
        spaces = barbarian_spaces(state, slot, layout, e)
        if len(spaces) > 1:
            state.exploring = replace(e, step=BARBARIANS, spaces=tuple(spaces))
            return []
        if spaces:
            events += _barbarians_at(state, spaces[0])
    if e.approach is not None and not e.ship_back:
        seas = tuple(sorted(h for h, t in layout.items() if t == SEA))
        if len(seas) > 1:
            state.exploring = replace(e, step=SHIP_SPACE, spaces=seas)
            return events
        return events + _arrive(state, seat, seas[0])
    return events + _arrive(state, seat, None)


def barbarian_spaces(
    state: ClashState, slot: Slot, layout: dict[Hex, Terrain], e: Exploring
) -> list[Hex]:
    """Where the barbarians may appear (p.13, p.16, C33); none without the symbol or when the
    box has no brown settlement or army unit left."""
    if not state.board.tile(state.regions[slot.id].tile).barbarian_symbol:
        return []
    b = state.barbarians
    if len(b.cities) >= BARBARIAN_SETTLEMENTS or sum(b.armies.values()) >= BARBARIAN_ARMIES:
        return []
    land = e.approach is None or e.ship_back
    return sorted(h for h, t in layout.items() if t == FERTILE and not (land and h == e.entered))


def _barbarians_at(state: ClashState, h: Hex) -> list[Event]:
    b = state.barbarians
    state.barbarians = replace(
        b, cities=b.cities | {h}, armies={**b.armies, h: b.armies.get(h, 0) + 1}
    )
    return [Event("clash.barbarians_appeared", {"space": label(h)})]


def _arrive(state: ClashState, seat: int, ship_space: Hex | None) -> list[Event]:
    """The group ends its move: land units on the entered space, the ship on a new Sea space
    or back where it came from."""
    e = state.exploring
    assert e is not None
    state.exploring = None
    player = state.players[seat]
    if e.approach is not None:
        ship_id = int(e.units[0].removeprefix("ship"))
        to = ship_space if ship_space is not None else e.approach
        transfer.sail(state, seat, ship_id, to)
        kind = "clash.ship_explored" if ship_space is not None else "clash.ship_returned"
        return [Event(kind, {"player": player, "space": label(to)})]
    kinds = Counter(e.units)
    forest = transfer.lift(state, seat, e.origin, kinds)
    terrain = terrains(state).get(e.entered)
    if terrain in LAND:
        transfer.drop(state, seat, token(e.entered), kinds, forest, terrain)
        return []
    transfer.stay(state, seat, e.origin, kinds, forest)
    return [Event("clash.explorers_stayed", {"player": player, "space": label(e.entered)})]
