"""Build units (p.8, p.2, p.9; rules reference §3.3.2; C44): one of the three uses of
Activate City, written ``activate <city> build <unit> ... [mood|culture]``
(:mod:`rules.clash.actions.activation` reads the city and the use).

The city builds up to its effective size of units (size + 1 happy, size neutral, 1 angry,
p.6, p.8), in any mix and any order, each named once:

* ``settler`` (2 Food), ``army`` (1 Food + 1 Ore): they appear on the city's space (p.8);
* ``ship`` (2 Wood), only in a city with a Port: it appears on the Port's Sea space (p.6, p.8)
  and takes the lowest ship number free (1-4);
* ``draft``: an army unit paid with 1 mood token instead of its resources (2 with Civil
  Liberties), one in each Build (Draft, p.2).

Gold stands in for any resource lacking (p.4, C6 (a)), or pays instead of resources held
when the action ends with ``gold`` once per Gold (C138: each keeps 1 Food, then 1 Wood, then
1 Ore; ``activate d2 build settler gold``). After a Build that made at least one
army unit or ship, **Nationalism** gives 1 mood or 1 culture token (p.2): the player names it
last, ``mood`` or ``culture`` (a token over 8 is lost, p.4).

Refusals: ``build_needs_a_unit`` (p.8), ``not_a_unit``, ``too_many_units`` (more than the
effective size, p.6, p.8), ``ship_needs_a_port`` (p.6, p.8),
``draft_needs_the_advance``, ``one_draft_per_build`` and ``draft_needs_mood_tokens`` (p.2),
``no_unit_left`` (the box: 16 army units, 4 settlers, 4 ships a colour, p.2),
``build_army_limit`` (4 army units on a space, p.8), ``cannot_pay_units`` (p.8, p.4),
``choose_mood_or_culture`` (Nationalism's token, p.2), ``too_many_tokens``.

Ships built onto a Port space holding a foreign ship attack it at once (p.8, C44): a naval
battle (:mod:`rules.clash.battles.combat`) that goes on until one side is gone, new ships having
nowhere to withdraw to.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from rules.clash.actions.collect import Activation, amounts, gained, over_cap, take
from rules.clash.battles import combat
from rules.clash.board.hexes import Hex, label
from rules.clash.box.components import (
    ARMY,
    ARMY_LIMIT,
    BOX_PER_PLAYER,
    FOOD,
    ORE,
    PORT,
    SETTLER,
    SHIP,
    WOOD,
)
from rules.clash.model import marks as mk
from rules.clash.model.paying import Cost
from rules.clash.model.resources import CULTURE, MOOD, Gold, can_pay, pay, spend_tokens
from rules.clash.model.state import ClashState, PlayerState, Ship, working
from rules.core import Choice, Event, IllegalAction

DRAFT: Final = "draft"
#: What may be built, as typed (``draft`` is an army unit paid with mood tokens).
UNIT_TOKENS: tuple[str, ...] = (ARMY, DRAFT, SETTLER, SHIP)
#: What each unit costs (p.2, p.8).
COST: dict[str, dict[str, int]] = {
    SETTLER: {FOOD: 2},
    ARMY: {FOOD: 1, ORE: 1},
    SHIP: {WOOD: 2},
    DRAFT: {},
}
#: Nationalism's choice (p.2).
TOKEN_CHOICES: tuple[str, ...] = (MOOD, CULTURE)
DRAFT_ADVANCE, CIVIL_LIBERTIES, NATIONALISM = "draft", "civil_liberties", "nationalism"


@dataclass(frozen=True, slots=True)
class Build:
    """A Build as checked: the units named (``draft`` apart) and Nationalism's token."""

    units: Counter[str]
    token: str | None


def draft_cost(me: PlayerState) -> int:
    """Mood tokens a drafted army unit costs (p.2: 2 with Civil Liberties)."""
    return 2 if CIVIL_LIBERTIES in me.advances else 1


def cost(units: Counter[str]) -> dict[str, int]:
    """The resources ``units`` cost (drafted army units cost none)."""
    total: Counter[str] = Counter()
    for kind, n in units.items():
        for r, k in COST[kind].items():
            total[r] += k * n
    return dict(total)


def _armies(units: Counter[str]) -> int:
    return units[ARMY] + units[DRAFT]


def _in_box(me: PlayerState, kind: str) -> int:
    """Units of ``kind`` of this colour in play (aboard ships too)."""
    if kind == SHIP:
        return len(me.ships)
    counts = me.armies if kind == ARMY else me.settlers
    return sum(counts.values()) + sum(s.cargo.count(kind) for s in me.ships)


def _foreign_ship(state: ClashState, seat: int, h: Hex) -> bool:
    return any(s.hex == h for o, p in enumerate(state.seats) if o != seat for s in p.ships)


def _problem(
    state: ClashState, seat: int, act: Activation, have: Counter[str], tok: str
) -> IllegalAction | None:
    """Why ``tok`` cannot be added to the units ``have``, or None."""
    me = state.seats[seat]
    c = act.city
    city = label(c.hex)
    if sum(have.values()) >= act.size:
        return IllegalAction("too_many_units", count=act.size, city=city)
    if tok == SHIP and c.piece(PORT) is not None and not working(state, c, PORT):
        return IllegalAction("port_needs_fishing", city=city)  # a captured Port (C131)
    if tok == SHIP and (c.piece(PORT) is None or c.port_faces is None):
        return IllegalAction("ship_needs_a_port", city=city)
    if tok == DRAFT:
        if DRAFT_ADVANCE not in me.advances:
            return IllegalAction("draft_needs_the_advance")
        if have[DRAFT]:
            return IllegalAction("one_draft_per_build")
        if act.mood < draft_cost(me):
            return IllegalAction("draft_needs_mood_tokens", count=draft_cost(me))
    kind = ARMY if tok == DRAFT else tok
    built = _armies(have) if kind == ARMY else have[kind]
    if _in_box(me, kind) + built >= BOX_PER_PLAYER[kind]:
        return IllegalAction("no_unit_left", kind=kind, limit=BOX_PER_PLAYER[kind])
    if kind == ARMY and me.armies.get(c.hex, 0) + built >= ARMY_LIMIT:
        return IllegalAction("build_army_limit", space=city, limit=ARMY_LIMIT)
    total = cost(have + Counter([tok]))
    if not can_pay(me, total):
        return IllegalAction("cannot_pay_units", cost=amounts(total))
    return None


def _needs_token(me: PlayerState, units: Counter[str]) -> bool:
    """Nationalism: at least one army unit or ship built (p.2)."""
    return NATIONALISM in me.advances and (_armies(units) + units[SHIP]) > 0


def available(state: ClashState, seat: int, act: Activation) -> bool:
    """Whether this city can build any unit now."""
    return any(_problem(state, seat, act, Counter(), t) is None for t in UNIT_TOKENS)


def check(
    state: ClashState, seat: int, act: Activation, toks: Sequence[str], final: bool = True
) -> Build:
    """Read and check ``<unit> ... [mood|culture]`` (``final``: the action ends here)."""
    me = state.seats[seat]
    have: Counter[str] = Counter()
    chosen: str | None = None
    for tok in toks:
        if chosen is not None:
            raise IllegalAction("too_many_tokens", token=tok)
        if tok in TOKEN_CHOICES and _needs_token(me, have):
            chosen = tok
            continue
        if tok not in UNIT_TOKENS:
            if have and tok in TOKEN_CHOICES:
                raise IllegalAction("too_many_tokens", token=tok)
            raise IllegalAction("not_a_unit", token=tok)
        err = _problem(state, seat, act, have, tok)
        if err is not None:
            raise err
        have[tok] += 1
    if final and not have:
        raise IllegalAction("build_needs_a_unit", city=label(act.city.hex))
    if final and chosen is None and _needs_token(me, have):
        raise IllegalAction("choose_mood_or_culture")
    return Build(have, chosen)


def costs(state: ClashState, seat: int, act: Activation, toks: Sequence[str]) -> Cost:
    """Who pays and what, for the whole Build ``toks`` (IllegalAction if it is none)."""
    return state.seats[seat], cost(check(state, seat, act, toks).units)


def _fits(state: ClashState, seat: int, act: Activation, toks: Sequence[str], final: bool) -> bool:
    try:
        check(state, seat, act, toks, final)
    except IllegalAction:
        return False
    return True


def next_tokens(state: ClashState, seat: int, act: Activation, toks: Sequence[str]) -> list[Choice]:
    """The units (then Nationalism's token) that may follow the ones named."""
    if not _fits(state, seat, act, toks, final=False):
        return []
    me = state.seats[seat]
    words = (*UNIT_TOKENS, *TOKEN_CHOICES)
    out = []
    for tok in words:
        params: dict[str, Any]
        longer = [*toks, tok]
        if not _fits(state, seat, act, longer, final=False):
            continue
        complete = _fits(state, seat, act, longer, final=True)
        more = any(_fits(state, seat, act, [*longer, t], final=False) for t in words)
        if tok in TOKEN_CHOICES:
            key, params = f"clash.activate.token.{tok}", {}
        elif tok == DRAFT:
            key, params = "clash.activate.unit.draft", {"count": draft_cost(me)}
        else:
            key, params = f"clash.activate.unit.{tok}", {"cost": amounts(COST[tok])}
        out.append(Choice(tok, key, params, complete=complete, more=more))
    return out


def _lowest_free_ship(me: PlayerState) -> int:
    used = {s.id for s in me.ships}
    return next(k for k in range(1, BOX_PER_PLAYER[SHIP] + 1) if k not in used)


def resolve(
    state: ClashState, seat: int, act: Activation, plan: Build, gold: Gold = ()
) -> list[Event]:
    """Pay (``gold`` Gold named instead of resources held, C138) and place the units (the
    action is spent by the dispatcher)."""
    me = state.seats[seat]
    player = state.players[seat]
    c = act.city
    units = plan.units
    paid: Counter[str] = Counter(pay(me, cost(units), gold))
    if units[DRAFT]:
        spend_tokens(me, MOOD, draft_cost(me))
        paid[MOOD] += draft_cost(me)
    armies, settlers = _armies(units), units[SETTLER]
    if armies:
        me.armies[c.hex] = me.armies.get(c.hex, 0) + armies
    if settlers:
        me.settlers[c.hex] = me.settlers.get(c.hex, 0) + settlers
    launched: list[Event] = []
    for _ in range(units[SHIP]):
        assert c.port_faces is not None
        ship = Ship(_lowest_free_ship(me), c.port_faces)
        me.ships.append(ship)
        launched.append(
            Event(
                "clash.ship_launched",
                {"player": player, "ship": ship.id, "space": label(ship.hex)},
            )
        )
    counts = {ARMY: armies, SETTLER: settlers, SHIP: units[SHIP]}
    built = [f"{k}_{n}" for k, n in counts.items() if n]
    events = [
        Event(
            "clash.units_built",
            {"player": player, "city": label(c.hex), "units": built, "paid": amounts(paid)},
        ),
        *launched,
    ]
    if plan.token is not None:
        kept, lost = take(me, [(plan.token, 1)])
        events += gained(state, seat, NATIONALISM, kept) + over_cap(state, seat, lost)
    if units[SHIP] and c.port_faces is not None and _foreign_ship(state, seat, c.port_faces):
        # C44: the builder attacks at once; new ships have nowhere to withdraw to.
        for e in launched:
            place = f"ship{e.params['ship']}"
            state.turn_state = replace(
                state.turn_state,
                marks=mk.add(state.turn_state.marks, place, SHIP, mk.STOPPED, 1),
            )
        events += combat.begin(state, seat, c.port_faces, True, ())
    return events
