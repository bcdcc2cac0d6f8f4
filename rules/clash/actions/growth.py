"""Increase City Size (p.8, p.6, p.2; rules reference §3.3.3): one of the three uses of
Activate City, written ``activate <city> grow <piece> [<sea space>] [mood|culture] [settler]``
(:mod:`rules.clash.actions.activation` reads the city and the use).

For 1 Food + 1 Ore + 1 Wood (Gold stands in for what is lacking, p.4, C6 (a), or pays instead
of resources held: ``gold`` once per Gold at the end, C138) the city takes
one piece it lacks (p.6, p.8): ``temple`` (needs Myths), ``fortress`` (Tactics), ``academy``
(Writing) or ``port`` (Fishing). Not in an angry city (p.6, p.8; Forced Labor makes it act as
neutral, :mod:`rules.clash.actions.activation`); the new size may not pass the number of cities the
player owns (p.6, p.8), nor 5 (one piece of each kind, p.6); a piece of that kind of the
player's colour must be left in the supply (7 of each, p.2; pieces of that colour in anyone's
cities count).

* ``port <sea space>``: the city must be next to an explored Sea space; the Port points into
  the one named, where the city's ships will appear (p.6). With one such space it may be left
  out.
* ``temple mood`` / ``temple culture``: the new Temple gives 1 mood or 1 culture token (p.2,
  p.6); **State Religion** makes one Temple a turn cost no Food (p.2, p.8), the first one.
* The Academy gives 2 Ideas (p.2, p.6), within the caps (C7 (a); 2 with Dogma, p.2).
* ``settler`` last: **Sanitation** lets the player pay 1 Food for a settler in that city
  (p.2, p.8, p.20), paid after the piece. Gold named pays the two as one payment (C138),
  each keeping 1 Food first: the piece pays with the resources left it, the settler with
  the rest.

Dogma gives a free Theocracy advance for each new Temple (p.2), from :func:`_temple_built`
(:func:`rules.clash.actions.advance_gains.dogma_advance`). The Great Mausoleum (p.15: adding a
Temple does not activate its owner's city, so no repeated-activation step) is
:func:`rules.clash.actions.activation.counts_as_activation`.

Refusals: ``city_is_angry`` (p.6, p.8), ``grow_needs_a_piece``, ``not_a_piece``,
``city_has_that_piece`` (p.6, p.8), ``piece_needs_advance`` (p.5, p.6, p.7),
``city_size_limit`` (p.6, p.8), ``no_piece_to_add`` (p.2), ``port_needs_sea`` (p.6),
``choose_port_space`` and ``not_a_port_space`` (p.6), ``cannot_pay_growth`` (p.8),
``choose_mood_or_culture`` (p.2, p.6), ``sanitation_needs_the_advance``, ``no_unit_left`` and
``cannot_pay_sanitation`` (p.2, p.8), ``too_many_tokens``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from rules.clash.actions import advance_gains
from rules.clash.actions.collect import Activation, amounts, gained, mark_used, over_cap, take
from rules.clash.board.hexes import Hex, label, parse_hex, token
from rules.clash.board.tiles import SEA
from rules.clash.box.advances import ADVANCES
from rules.clash.box.components import (
    ACADEMY,
    BOX_PER_PLAYER,
    FOOD,
    FORTRESS,
    IDEAS,
    MAX_CITY_SIZE,
    ORE,
    PIECES_PER_KIND,
    PORT,
    SETTLER,
    TEMPLE,
    WOOD,
)
from rules.clash.model.paying import Cost
from rules.clash.model.resources import CULTURE, MOOD, Gold, can_pay, due, part, pay
from rules.clash.model.state import ClashState, Piece, PlayerState, piece_order, pieces_in_use
from rules.core import Choice, Event, IllegalAction

#: The pieces a city may grow by, in the order of the player aid (p.2).
GROW_PIECES: tuple[str, ...] = (TEMPLE, FORTRESS, ACADEMY, PORT)
#: The advance each piece needs (p.5, p.7): Myths, Tactics, Writing, Fishing.
NEEDS: dict[str, str] = {a.unlocks: a.id for a in ADVANCES if a.unlocks}
#: What a new piece costs (p.8).
GROWTH_COST: dict[str, int] = {FOOD: 1, ORE: 1, WOOD: 1}
ACADEMY_IDEAS: Final = 2
SANITATION_FOOD: Final = 1
#: The Temple's choice (p.2, p.6).
TOKEN_CHOICES: tuple[str, ...] = (MOOD, CULTURE)
STATE_RELIGION, SANITATION = "state_religion", "sanitation"


@dataclass(frozen=True, slots=True)
class Growth:
    """An Increase City Size as checked: the piece, the Port's Sea space, the Temple's token,
    whether Sanitation's settler is bought, and whether State Religion waives the Food."""

    piece: str
    faces: Hex | None
    token: str | None
    settler: bool
    state_religion: bool


def _state_religion(state: ClashState, seat: int, piece: str) -> bool:
    """State Religion: the turn's first Temple costs no Food (p.2)."""
    me = state.seats[seat]
    return (
        piece == TEMPLE
        and STATE_RELIGION in me.advances
        and STATE_RELIGION not in state.turn_state.used
    )


def growth_cost(state: ClashState, seat: int, piece: str) -> dict[str, int]:
    """1 Food, 1 Ore, 1 Wood; no Food for a Temple with State Religion unused (p.2, p.8)."""
    if _state_religion(state, seat, piece):
        return {r: n for r, n in GROWTH_COST.items() if r != FOOD}
    return dict(GROWTH_COST)


def price(state: ClashState, seat: int, plan: Growth) -> dict[str, int]:
    """What the growth costs: its piece, and Sanitation's Food with the settler."""
    total = Counter(growth_cost(state, seat, plan.piece))
    if plan.settler:
        total[FOOD] += SANITATION_FOOD
    return dict(total)


def costs(state: ClashState, seat: int, act: Activation, toks: Sequence[str]) -> Cost:
    """Who pays and what, for the whole growth ``toks`` (IllegalAction if it is none)."""
    return state.seats[seat], price(state, seat, check(state, seat, act, toks))


def port_spaces(state: ClashState, act: Activation) -> list[Hex]:
    """The explored Sea spaces next to the city, in board order (p.6)."""
    terrain = act.occ.terrain
    return sorted(h for h in state.board.neighbours(act.city.hex) if terrain.get(h) == SEA)


def _settlers_in_play(me: PlayerState) -> int:
    return sum(me.settlers.values()) + sum(s.cargo.count(SETTLER) for s in me.ships)


def _piece_problem(
    state: ClashState, seat: int, act: Activation, piece: str, free: bool = False
) -> IllegalAction | None:
    me = state.seats[seat]
    c = act.city
    city = label(c.hex)
    if c.piece(piece) is not None:
        return IllegalAction("city_has_that_piece", city=city, piece=piece)
    if NEEDS[piece] not in me.advances:
        return IllegalAction("piece_needs_advance", piece=piece)
    if c.size + 1 > min(len(me.cities), MAX_CITY_SIZE):
        return IllegalAction("city_size_limit", size=c.size + 1, cities=len(me.cities))
    if pieces_in_use(state, seat, piece) >= PIECES_PER_KIND:
        return IllegalAction("no_piece_to_add", piece=piece, limit=PIECES_PER_KIND)
    if piece == PORT and not port_spaces(state, act):
        return IllegalAction("port_needs_sea", city=city)
    price = growth_cost(state, seat, piece)
    if not free and not can_pay(me, price):
        return IllegalAction("cannot_pay_growth", cost=amounts(price))
    return None


def _settler_problem(state: ClashState, seat: int, piece: str) -> IllegalAction | None:
    """Sanitation's settler after the piece (p.2): paid with the growth, Gold standing in."""
    me = state.seats[seat]
    if SANITATION not in me.advances:
        return IllegalAction("sanitation_needs_the_advance")
    if _settlers_in_play(me) >= BOX_PER_PLAYER[SETTLER]:
        return IllegalAction("no_unit_left", kind=SETTLER, limit=BOX_PER_PLAYER[SETTLER])
    total = Counter(growth_cost(state, seat, piece)) + Counter({FOOD: SANITATION_FOOD})
    if not can_pay(me, total):
        return IllegalAction("cannot_pay_sanitation", food=SANITATION_FOOD)
    return None


def legal_pieces(state: ClashState, seat: int, act: Activation, free: bool = False) -> list[str]:
    """The pieces this city may take now (``free``: City Growth, nothing paid)."""
    if act.angry:
        return []
    return [p for p in GROW_PIECES if _piece_problem(state, seat, act, p, free) is None]


def available(state: ClashState, seat: int, act: Activation) -> bool:
    return bool(legal_pieces(state, seat, act))


def _is_space(tok: str) -> bool:
    try:
        parse_hex(tok)
    except IllegalAction:
        return False
    return True


def check(
    state: ClashState,
    seat: int,
    act: Activation,
    toks: Sequence[str],
    final: bool = True,
    free: bool = False,
) -> Growth:
    """Read and check ``<piece> [<sea space>] [mood|culture] [settler]`` (``free``: the City
    Growth card, C105: nothing paid, no State Religion used, no Sanitation settler)."""
    city = label(act.city.hex)
    if act.angry:
        raise IllegalAction("city_is_angry", city=city)
    if not toks:
        if final:
            raise IllegalAction("grow_needs_a_piece", allowed=legal_pieces(state, seat, act, free))
        return Growth("", None, None, False, False)
    piece, *rest = toks
    if piece not in GROW_PIECES:
        raise IllegalAction(
            "not_a_piece", token=piece, allowed=legal_pieces(state, seat, act, free)
        )
    err = _piece_problem(state, seat, act, piece, free)
    if err is not None:
        raise err
    faces: Hex | None = None
    if piece == PORT:
        seas = port_spaces(state, act)
        allowed = [label(h) for h in seas]
        if rest and _is_space(rest[0]):
            h = state.board.parse(rest.pop(0))
            if h not in seas:
                raise IllegalAction("not_a_port_space", space=label(h), allowed=allowed)
            faces = h
        elif len(seas) == 1:
            faces = seas[0]
        elif final or rest:
            raise IllegalAction("choose_port_space", allowed=allowed)
    chosen: str | None = None
    if piece == TEMPLE:
        if rest and rest[0] in TOKEN_CHOICES:
            chosen = rest.pop(0)
        elif final or rest:
            raise IllegalAction("choose_mood_or_culture")
    settler = False
    if rest:
        if rest[0] != SETTLER or free:
            raise IllegalAction("too_many_tokens", token=rest[0])
        err = _settler_problem(state, seat, piece)
        if err is not None:
            raise err
        settler = True
        if len(rest) > 1:
            raise IllegalAction("too_many_tokens", token=rest[1])
    return Growth(piece, faces, chosen, settler, not free and _state_religion(state, seat, piece))


def _fits(
    state: ClashState,
    seat: int,
    act: Activation,
    toks: Sequence[str],
    final: bool,
    free: bool = False,
) -> bool:
    try:
        check(state, seat, act, toks, final, free)
    except IllegalAction:
        return False
    return True


def next_tokens(
    state: ClashState, seat: int, act: Activation, toks: Sequence[str], free: bool = False
) -> list[Choice]:
    """The piece, then its Sea space, the Temple's token and Sanitation's settler."""
    if not _fits(state, seat, act, toks, False, free):
        return []
    seas = [token(h) for h in port_spaces(state, act)]
    words: list[str] = [*GROW_PIECES, *TOKEN_CHOICES, SETTLER, *seas]
    out = []
    for tok in words:
        params: dict[str, Any]
        longer = [*toks, tok]
        if not _fits(state, seat, act, longer, False, free):
            continue
        complete = _fits(state, seat, act, longer, True, free)
        more = any(_fits(state, seat, act, [*longer, t], False, free) for t in words)
        if not toks and free:
            key, params = "clash.choice.free_piece", {"piece": tok}
        elif not toks:
            price = amounts(growth_cost(state, seat, tok))
            key, params = f"clash.activate.piece.{tok}", {"cost": price}
        elif tok in TOKEN_CHOICES:
            key, params = f"clash.activate.token.{tok}", {}
        elif tok == SETTLER:
            key, params = "clash.activate.sanitation", {"food": SANITATION_FOOD}
        else:
            key, params = "clash.activate.port_space", {"space": tok.upper()}
        out.append(Choice(tok, key, params, complete=complete, more=more))
    return out


def resolve(
    state: ClashState,
    seat: int,
    act: Activation,
    plan: Growth,
    free: bool = False,
    gold: Gold = (),
) -> list[Event]:
    """Pay (nothing with ``free``; ``gold`` Gold named instead of resources held, C138), add
    the piece and take what it gives (the action is spent by the dispatcher; the City Growth
    card takes none and activates nothing)."""
    me = state.seats[seat]
    player = state.players[seat]
    c = act.city
    city = label(c.hex)
    piece_cost = growth_cost(state, seat, plan.piece)
    # Named Gold decides the piece's and the settler's payment as one (C138); without it
    # each is paid when it comes, as always.
    settler_due: dict[str, int] = {FOOD: SANITATION_FOOD}
    if free:
        paid = {}
    elif gold:
        whole = due(me, price(state, seat, plan), gold)
        paid = pay(me, part(whole, piece_cost))
        settler_due = dict(Counter(whole) - Counter(paid))
    else:
        paid = pay(me, piece_cost)
    if plan.state_religion:
        mark_used(state, STATE_RELIGION)
    grown = replace(
        c,
        pieces=piece_order([*c.pieces, Piece(plan.piece, seat)]),
        port_faces=plan.faces if plan.piece == PORT else c.port_faces,
    )
    me.cities = [grown if x.hex == c.hex else x for x in me.cities]
    events = [
        Event(
            "clash.city_grew_free" if free else "clash.city_grew",
            {
                "player": player,
                "city": city,
                "piece": plan.piece,
                "size": grown.size,
                "paid": amounts(paid),
            },
        )
    ]
    if plan.state_religion:
        events.append(Event("clash.state_religion", {"player": player, "city": city}))
    if plan.faces is not None:
        space = label(plan.faces)
        events.append(Event("clash.port_faces", {"player": player, "city": city, "space": space}))
    lost: Counter[str] = Counter()
    if plan.piece == TEMPLE:
        assert plan.token is not None
        events += _temple_built(state, seat, plan.token, lost)
    if plan.piece == ACADEMY:
        kept, over = take(me, [(IDEAS, ACADEMY_IDEAS)])
        events += gained(state, seat, ACADEMY, kept)
        lost += over
    if plan.settler:
        food = amounts(pay(me, settler_due))
        me.settlers[c.hex] = me.settlers.get(c.hex, 0) + 1
        events.append(
            Event("clash.sanitation_settler", {"player": player, "city": city, "paid": food})
        )
    return events + over_cap(state, seat, lost)


def _temple_built(state: ClashState, seat: int, chosen: str, lost: Counter[str]) -> list[Event]:
    """A new Temple: its token (p.2, p.6), then Dogma's free Theocracy advance (p.2)."""
    kept, over = take(state.seats[seat], [(chosen, 1)])
    lost += over
    return gained(state, seat, TEMPLE, kept) + advance_gains.dogma_advance(state, seat)
