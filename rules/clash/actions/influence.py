"""Cultural Influence (p.10, p.11, p.2, p.15; rules reference §3.6; C36, C37, C38, C63) and
Art & Sculptures (p.2).

For one action one of your cities (the **source**) influences a city within its range:

1. **Source**: a city of yours holding no piece of another colour (a city under foreign
   influence cannot influence, p.11).
2. **Target**: a city of size 2 or more whose distance from the source (§1.4: counted through
   explored spaces of any terrain, Sea and foreign cities and armies included, never through a
   face-down region, p.4, p.11, C63) is at most the source's **range** = its size (mood does
   not matter, p.10) + 1 with the Great Statue (p.15) + 1 per culture token spent on range
   (C37 (a)). The range tokens are exactly what the distance needs: more would buy nothing.
   A foreign city must hold a piece other than the Settlement that is not of your colour;
   your own city a piece of another colour (you take it back, p.11). You name the piece's
   kind and need one of that kind in your supply (p.2: 7 of each). Barbarian cities (size 1)
   never qualify (C38). A city of another player's within 2 spaces of that player's Great
   Statue, the Statue's city included, cannot be targeted (p.15, C38).
3. **Roll** one die (:func:`rules.clash.model.dice.roll`) after the range is paid; 5 or 6 succeeds,
   4 to 6 with Conversion (p.2, p.10). After seeing it you may spend culture tokens, +1 each
   (p.10): when the roll falls short and you hold enough culture tokens, a nested decision
   (kind ``influence``) asks how many to spend, **0** or exactly the shortfall (any other
   number only wastes tokens); otherwise the only answer is 0 and it is taken at once.
4. **Success**: the piece is replaced by one of your colour; the old one goes back to its
   colour's supply; the city keeps its owner and mood (p.10). Conversion also gives 1
   culture token (p.2). At most one success per turn; failed attempts may be repeated with
   further actions (p.11, C36). Tokens spent are lost either way.

**Boost blockers** (p.11): against a city of a player other than you, no culture tokens may
be spent on range or on the roll when its owner has Separation of Power and the city is happy,
Totalitarianism and army units of the owner stand in it, or Devotion and it holds a Temple.
Such a city stays a target within the plain range. **Great Pyramids** (p.15, C111): when
built, their city may at once make two attempts without an action (a nested decision
``pyramids``: ``<target> <piece>`` or ``done``), boosts allowed, the one success a turn still
the limit. **Art & Sculptures**: once per turn, pay 1
culture token for a Cultural Influence that costs no action (p.2); it marks the advance used
(:attr:`rules.clash.model.state.TurnState.used`) and adds an attempt, not a success (C36).

**Grammar**::

    influence <source> <target> <piece>     e.g. influence d2 f3 temple
    art <source> <target> <piece>           (Art & Sculptures, no action)
    <n>                                     the decision after a short roll: 0 or the shortfall

``<piece>`` is ``temple``, ``fortress``, ``academy`` or ``port``. The range tokens the
distance needs are paid without being named. Only sources with a target, targets within reach
and affordable, and pieces that qualify are offered.

**Refusals** (codes, rule and page):

* ``already_influenced``: a Cultural Influence succeeded this turn (p.11, C36);
* ``influence_incomplete``: the source, the target and the piece are needed (p.10);
* ``not_your_city`` (``space``): the source is not a city of yours (p.10);
* ``source_under_influence`` (``space``): it holds a piece of another colour (p.11);
* ``no_city_there`` (``space``): no city on the target space (p.10);
* ``barbarians_never_influenced`` (``space``): a barbarian city (size 1, C38);
* ``target_too_small`` (``space``, ``size``): the target must be of size 2 or more (p.10);
* ``protected_by_great_statue`` (``space``): within 2 spaces of its owner's Great Statue (p.15);
* ``bad_piece`` (``token``): not a city piece;
* ``settlement_never_influenced``: the Settlement is never replaced (p.10);
* ``nothing_to_influence`` (``space``): no piece there is of another colour than yours (p.10,
  p.11);
* ``no_such_piece`` (``space``, ``piece``): no piece of that kind there that is not yours;
* ``no_piece_left`` (``piece``): none of that kind in your supply (p.2);
* ``out_of_reach`` (``space``): no path through explored spaces (p.11, C63);
* ``range_boost_blocked`` (``space``, ``distance``, ``range``, ``advance``): the target lies
  beyond the plain range and its owner's advance forbids buying range (p.11);
* ``cannot_pay_range`` (``count``, ``tokens``): the range needs ``count`` culture tokens (p.10);
* ``needs_art_sculptures``, ``art_already_used``, ``art_needs_a_culture_token``: ``art``
  without the advance, a second time this turn, or without a culture token for it (p.2);
* ``boost_amount`` (``allowed``): the decision's answer is 0 or the shortfall.

**Cultural Awe** (the action card, C08): played before, it lets the turn's next attempt (and
only that one, whatever its target) target a barbarian settlement within range: ``influence
<source> <settlement's space> settlement [army|settler]``. On success the settlement becomes
the player's city (neutral), one barbarian unit there one of their army units or settlers
(named when both are in supply), the other units leave; the decision after a short roll
carries it as ``unit``. Refusals ``awe_takes_the_settlement``, ``awe_unit``.

**Propaganda** (the action card, ``clash-cards.md`` C02): in the decision after a short roll
a player holding it may play it for +2, with the culture tokens still short if any (it is a
boost: never against a city a boost blocker protects). The decision is asked when the card,
with the tokens held, can make up the shortfall.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from rules.clash.board.hexes import Hex, label, steps, token
from rules.clash.box.components import (
    ARMY,
    BOX_PER_PLAYER,
    HAPPY,
    PIECES,
    PIECES_PER_KIND,
    SETTLEMENT,
    SETTLER,
    TEMPLE,
)
from rules.clash.model.civil_cards import CULTURAL_AWE, PROPAGANDA, held, play_card
from rules.clash.model.dice import roll
from rules.clash.model.registry import Answer, TurnAction
from rules.clash.model.resources import CULTURE, gain_tokens, spend_tokens
from rules.clash.model.state import (
    BARBARIAN_SIDE,
    TURN,
    City,
    ClashState,
    Piece,
    new_city,
    pieces_in_use,
)
from rules.clash.model.terrain import terrains
from rules.core import Choice, Decision, Event, IllegalAction, number

INFLUENCE, ART = "influence", "art"
#: The kind of the nested decision after a short roll (``prompt.clash.influence``).
INFLUENCE_DECISION = "influence"
ART_ADVANCE = "art_sculptures"
CONVERSION = "conversion"
GREAT_STATUE = "great_statue"
#: The boost blockers (p.11), each with what makes a city of its owner immune to boosts.
SEPARATION, TOTALITARIANISM, DEVOTION = "separation_of_power", "totalitarianism", "devotion"
#: Rolls that succeed (p.10; Conversion p.2).
SUCCESS, SUCCESS_WITH_CONVERSION = 5, 4
MIN_TARGET_SIZE = 2
#: Culture tokens Art & Sculptures costs (p.2).
ART_FEE = 1
#: The decision's extra param for Cultural Awe's target: the unit a barbarian one becomes.
AWE_UNIT, NO_UNIT = "unit", "none"
#: What the Propaganda card adds to a roll (``clash-cards.md`` C02).
PROPAGANDA_BOOST = 2
#: How far the Great Statue shields its owner's cities (p.15).
STATUE_SHIELD = 2

Passable = Callable[[Hex], bool]


@dataclass(frozen=True, slots=True)
class Target:
    """A city the source reaches: its distance and the range tokens that needs."""

    city: City
    distance: int
    range_tokens: int


def _explored(state: ClashState) -> Passable:
    """The spaces a distance may be counted through (§1.4, C63)."""
    return terrains(state).__contains__


def _board_order(c: City) -> tuple[int, int]:
    return c.hex.q, c.hex.r


def _cities(state: ClashState) -> list[City]:
    return sorted((c for p in state.seats for c in p.cities), key=_board_order)


def _city_at(state: ClashState, h: Hex) -> City | None:
    return next((c for p in state.seats for c in p.cities if c.hex == h), None)


def can_be_source(city: City, seat: int) -> bool:
    """A city of ``seat``'s holding no piece of another colour (p.11)."""
    return city.owner == seat and all(p.owner == seat for p in city.pieces)


def base_range(city: City) -> int:
    """The range without culture tokens: the size, +1 with the Great Statue (p.10, p.15)."""
    return city.size + (1 if city.wonder == GREAT_STATUE else 0)


def blocker(state: ClashState, seat: int, city: City) -> str | None:
    """The owner's advance that forbids ``seat`` to spend culture tokens against ``city``
    (range or roll, p.11), if any: the owner is never blocked."""
    if city.owner in (seat, BARBARIAN_SIDE):
        return None
    owner = state.seats[city.owner]
    if SEPARATION in owner.advances and city.mood == HAPPY:
        return SEPARATION
    if TOTALITARIANISM in owner.advances and owner.armies.get(city.hex, 0) > 0:
        return TOTALITARIANISM
    if DEVOTION in owner.advances and city.piece(TEMPLE) is not None:
        return DEVOTION
    return None


def shielded(state: ClashState, seat: int, city: City, passable: Passable) -> bool:
    """Whether the owner's Great Statue keeps ``seat``'s influence off ``city`` (p.15)."""
    if city.owner == seat:
        return False
    statues = [c.hex for c in state.seats[city.owner].cities if c.wonder == GREAT_STATUE]
    if not statues:
        return False
    near = steps(city.hex, passable, STATUE_SHIELD)
    return any(h in near for h in statues)


def in_supply(state: ClashState, seat: int, kind: str) -> int:
    """Pieces of ``kind`` of ``seat``'s colour not on the board (p.2)."""
    return PIECES_PER_KIND - pieces_in_use(state, seat, kind)


def _not_mine(city: City, seat: int) -> list[Piece]:
    """The pieces that could become ``seat``'s: not the Settlement, not of its colour."""
    return [p for p in city.pieces if p.kind != SETTLEMENT and p.owner != seat]


def pieces(state: ClashState, seat: int, city: City) -> list[Piece]:
    """The pieces of ``city`` that ``seat`` may take now (with one in supply)."""
    return [p for p in _not_mine(city, seat) if in_supply(state, seat, p.kind) > 0]


def awe_pending(state: ClashState) -> bool:
    """Cultural Awe played for the turn's next Cultural Influence (``clash-cards.md`` C08)."""
    return CULTURAL_AWE in state.turn_state.card_modifiers


def barbarian_target(h: Hex) -> City:
    """A barbarian settlement as a target of Cultural Awe (it has no City record)."""
    return City(h, BARBARIAN_SIDE, (Piece(SETTLEMENT, BARBARIAN_SIDE),))


def awe_units(state: ClashState, seat: int, h: Hex) -> list[str]:
    """What one barbarian unit of the settlement on ``h`` may become for ``seat`` (C08: an
    army unit or a settler, the player's choice, one left in supply); none without units."""
    if not state.barbarians.armies.get(h, 0):
        return []
    me = state.seats[seat]
    aboard = [k for s in me.ships for k in s.cargo]
    room = {
        ARMY: sum(me.armies.values()) + aboard.count(ARMY) < BOX_PER_PLAYER[ARMY],
        SETTLER: sum(me.settlers.values()) + aboard.count(SETTLER) < BOX_PER_PLAYER[SETTLER],
    }
    return [k for k in (ARMY, SETTLER) if room[k]]


def targets(
    state: ClashState, seat: int, source: City, budget: int, awe: bool | None = None
) -> list[Target]:
    """The cities ``source`` may influence with at most ``budget`` culture tokens for range
    (``awe``: barbarian settlements too, as with Cultural Awe pending, the default)."""
    passable = _explored(state)
    base = base_range(source)
    dist = steps(source.hex, passable, base + max(0, budget))
    out = []
    if (awe_pending(state) if awe is None else awe) and in_supply(state, seat, SETTLEMENT):
        for h in sorted(state.barbarians.cities):
            d = dist.get(h)
            if d is not None and d - base <= budget:
                out.append(Target(barbarian_target(h), d, max(0, d - base)))
    for city in _cities(state):
        d = dist.get(city.hex)
        if d is None or city.hex == source.hex or city.size < MIN_TARGET_SIZE:
            continue
        need = max(0, d - base)
        if need > budget or (need and blocker(state, seat, city) is not None):
            continue
        if shielded(state, seat, city, passable) or not pieces(state, seat, city):
            continue
        out.append(Target(city, d, need))
    return out


def awe_reach(state: ClashState, seat: int) -> bool:
    """Whether Cultural Awe could be used this turn: an attempt is still possible (an action
    left, or Art & Sculptures) and a city of ``seat``'s reaches a barbarian settlement."""
    ts = state.turn_state
    me = state.seats[seat]
    art = ART_ADVANCE in me.advances and ART_ADVANCE not in ts.used and me.culture_tokens
    if ts.influenced or not (ts.actions_left or art):
        return False
    return any(
        t.city.owner == BARBARIAN_SIDE
        for c in me.cities
        if can_be_source(c, seat)
        for t in targets(state, seat, c, me.culture_tokens, awe=True)
    )


def _budget(state: ClashState, seat: int, fee: int) -> int:
    return state.seats[seat].culture_tokens - fee


def _sources(state: ClashState, seat: int, fee: int) -> Iterator[tuple[City, list[Target]]]:
    budget = _budget(state, seat, fee)
    if budget < 0 or state.turn_state.influenced:
        return
    for city in sorted(state.seats[seat].cities, key=_board_order):
        if can_be_source(city, seat):
            found = targets(state, seat, city, budget)
            if found:
                yield city, found


# -- the turn actions -----------------------------------------------------------------------


def offered(state: ClashState, seat: int) -> bool:
    return next(_sources(state, seat, 0), None) is not None


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The source, then the target, then the piece (``influence d2 f3 temple``)."""
    return _choices(state, seat, rest, 0)


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``influence <source> <target> <piece>`` (the action is paid by the dispatcher)."""
    return _attempt(state, seat, rest, 0)


def art_offered(state: ClashState, seat: int) -> bool:
    """Art & Sculptures: owned, not used this turn, a culture token for it (p.2)."""
    if ART_ADVANCE not in state.seats[seat].advances or ART_ADVANCE in state.turn_state.used:
        return False
    return next(_sources(state, seat, ART_FEE), None) is not None


def art_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if not art_offered(state, seat):
        return []
    return _choices(state, seat, rest, ART_FEE)


def art_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``art <source> <target> <piece>``: 1 culture token instead of an action (p.2)."""
    me = state.seats[seat]
    if ART_ADVANCE not in me.advances:
        raise IllegalAction("needs_art_sculptures")
    if ART_ADVANCE in state.turn_state.used:
        raise IllegalAction("art_already_used")
    if state.turn_state.influenced:
        raise IllegalAction("already_influenced")
    if me.culture_tokens < ART_FEE:
        raise IllegalAction("art_needs_a_culture_token")
    return _attempt(state, seat, rest, ART_FEE)


def _choices(state: ClashState, seat: int, rest: list[str], fee: int) -> list[Choice]:
    found = {token(c.hex): (c, ts) for c, ts in _sources(state, seat, fee)}
    if not rest:
        return [
            Choice(
                tok,
                "clash.choice.influence_from",
                {"space": label(c.hex), "range": base_range(c)},
                complete=False,
                more=True,
            )
            for tok, (c, _) in found.items()
        ]
    if rest[0] not in found:
        return []
    by_target = {token(t.city.hex): t for t in found[rest[0]][1]}
    if len(rest) == 1:
        out = []
        for tok, t in by_target.items():
            if t.city.owner == BARBARIAN_SIDE:
                where = {"space": label(t.city.hex), "count": t.range_tokens}
                key = (
                    "clash.choice.influence_to_barbarians_range"
                    if t.range_tokens
                    else "clash.choice.influence_to_barbarians"
                )
                out.append(Choice(tok, key, where, complete=False, more=True))
                continue
            key = (
                "clash.choice.influence_to_range" if t.range_tokens else "clash.choice.influence_to"
            )
            params = {
                "space": label(t.city.hex),
                "player": state.players[t.city.owner],
                "count": t.range_tokens,
            }
            out.append(Choice(tok, key, params, complete=False, more=True))
        return out
    if len(rest) > 3 or rest[1] not in by_target:
        return []
    target = by_target[rest[1]]
    if target.city.owner == BARBARIAN_SIDE:
        units = awe_units(state, seat, target.city.hex)
        choose = len(units) > 1
        if len(rest) == 2:
            key = "clash.choice.influence_barbarians"
            return [Choice(SETTLEMENT, key, {}, complete=not choose, more=choose)]
        if rest[2] != SETTLEMENT or not choose:
            return []
        return [Choice(u, f"clash.unit.{u}", {}) for u in units]
    if len(rest) > 2:
        return []
    return [
        Choice(
            p.kind,
            "clash.choice.influence_piece",
            {"piece": p.kind, "player": state.players[p.owner]},
        )
        for p in pieces(state, seat, by_target[rest[1]].city)
    ]


def _read(state: ClashState, seat: int, rest: list[str], fee: int) -> tuple[City, Target, str]:
    """The source, the target and the piece's kind, checked in this order."""
    if state.turn_state.influenced:
        raise IllegalAction("already_influenced")
    if len(rest) < 3:
        raise IllegalAction("influence_incomplete")
    awe = awe_pending(state) and state.board.parse(rest[1]) in state.barbarians.cities
    if len(rest) > (4 if awe else 3):
        raise IllegalAction("too_many_tokens", token=rest[4 if awe else 3])
    src_hex = state.board.parse(rest[0])
    source = state.seats[seat].city_at(src_hex)
    if source is None:
        raise IllegalAction("not_your_city", space=label(src_hex))
    if not can_be_source(source, seat):
        raise IllegalAction("source_under_influence", space=label(src_hex))
    at = state.board.parse(rest[1])
    where = label(at)
    city = _city_at(state, at)
    if city is None and awe:
        return _read_barbarian(state, seat, source, at, rest, fee)
    if city is None:
        if at in state.barbarians.cities:
            raise IllegalAction("barbarians_never_influenced", space=where)
        raise IllegalAction("no_city_there", space=where)
    if city.size < MIN_TARGET_SIZE:
        raise IllegalAction("target_too_small", space=where, size=city.size)
    passable = _explored(state)
    if shielded(state, seat, city, passable):
        raise IllegalAction("protected_by_great_statue", space=where)
    kind = rest[2]
    if kind not in PIECES:
        raise IllegalAction("bad_piece", token=kind)
    if kind == SETTLEMENT:
        raise IllegalAction("settlement_never_influenced")
    theirs = _not_mine(city, seat)
    if not theirs:
        raise IllegalAction("nothing_to_influence", space=where)
    if all(p.kind != kind for p in theirs):
        raise IllegalAction("no_such_piece", space=where, piece=kind)
    if in_supply(state, seat, kind) < 1:
        raise IllegalAction("no_piece_left", piece=kind)
    d = steps(src_hex, passable).get(at)
    if d is None:
        raise IllegalAction("out_of_reach", space=where)
    base = base_range(source)
    need = max(0, d - base)
    block = blocker(state, seat, city)
    if need and block is not None:
        raise IllegalAction(
            "range_boost_blocked", space=where, distance=d, range=base, advance=block
        )
    budget = _budget(state, seat, fee)
    if need > budget:
        raise IllegalAction("cannot_pay_range", count=need, tokens=budget)
    return source, Target(city, d, need), kind


def _read_barbarian(
    state: ClashState, seat: int, source: City, at: Hex, rest: list[str], fee: int
) -> tuple[City, Target, str]:
    """Cultural Awe's target, a barbarian settlement: ``settlement`` and, when one of its
    units may become either, ``army`` or ``settler`` (C08)."""
    where = label(at)
    if rest[2] != SETTLEMENT:
        raise IllegalAction("awe_takes_the_settlement", token=rest[2])
    units = awe_units(state, seat, at)
    if len(rest) > 3 and rest[3] not in units:
        raise IllegalAction("awe_unit", token=rest[3], allowed=units)
    if len(rest) == 3 and len(units) > 1:
        raise IllegalAction("awe_unit", token="", allowed=units)
    if in_supply(state, seat, SETTLEMENT) < 1:
        raise IllegalAction("no_piece_left", piece=SETTLEMENT)
    d = steps(source.hex, _explored(state)).get(at)
    if d is None:
        raise IllegalAction("out_of_reach", space=where)
    need = max(0, d - base_range(source))
    budget = _budget(state, seat, fee)
    if need > budget:
        raise IllegalAction("cannot_pay_range", count=need, tokens=budget)
    return source, Target(barbarian_target(at), d, need), SETTLEMENT


def _awe_unit(state: ClashState, seat: int, at: Hex, rest: list[str]) -> str | None:
    """The unit a barbarian one becomes, as named or the only one possible."""
    units = awe_units(state, seat, at)
    return rest[3] if len(rest) > 3 else (units[0] if units else None)


def needed(state: ClashState, seat: int) -> int:
    """The roll that succeeds: 5, or 4 with Conversion (p.2, p.10)."""
    return SUCCESS_WITH_CONVERSION if CONVERSION in state.seats[seat].advances else SUCCESS


def _attempt(
    state: ClashState, seat: int, rest: list[str], fee: int, how: str | None = None
) -> list[Event]:
    source, target, kind = _read(state, seat, rest, fee)
    me = state.seats[seat]
    player = state.players[seat]
    events = []
    barbarian = target.city.owner == BARBARIAN_SIDE
    unit = _awe_unit(state, seat, target.city.hex, rest) if barbarian else None
    if awe_pending(state):
        # Cultural Awe is for the next attempt only, whatever its target.
        ts = state.turn_state
        left = tuple(c for c in ts.card_modifiers if c != CULTURAL_AWE)
        state.turn_state = replace(ts, card_modifiers=left)
    if fee:
        spend_tokens(me, CULTURE, fee)
        ts = state.turn_state
        state.turn_state = replace(ts, used=ts.used | {ART_ADVANCE})
        events.append(Event("clash.art_used", {"player": player}))
    if target.range_tokens:
        spend_tokens(me, CULTURE, target.range_tokens)
        events.append(
            Event(
                "clash.range_bought",
                {"player": player, "count": target.range_tokens, "distance": target.distance},
            )
        )
    (die,) = roll(state, 1)
    need = needed(state, seat)
    at = target.city.hex
    events.append(
        Event(
            "clash.influence_rolled",
            {
                "player": player,
                "from": label(source.hex),
                "to": label(at),
                "piece": kind,
                "roll": die,
                "needed": need,
            },
        )
    )
    if die >= need:
        return events + _succeed(state, seat, at, kind, unit)
    short = need - die
    block = blocker(state, seat, target.city)
    if block is not None:
        owner = state.players[target.city.owner]
        events.append(
            Event("clash.boost_blocked", {"player": owner, "space": label(at), "advance": block})
        )
    if block is not None or (me.culture_tokens < short and propaganda(state, seat, short) is None):
        return events + _fail(state, seat, at, die)
    how = how or ("art" if fee else "action")
    ts = state.turn_state
    decision = Decision(
        f"{INFLUENCE_DECISION}:{state.round}.{state.turn}.{seat}.{ts.actions_left}.{how}",
        seat,
        INFLUENCE_DECISION,
        {
            "roll": die,
            "needed": need,
            "count": short,
            "space": label(at),
            "piece": kind,
            **({AWE_UNIT: unit or NO_UNIT} if barbarian else {}),
        },
        seat,
    )
    state.prompts = state.prompts.push(decision)
    return events


def _succeed(
    state: ClashState, seat: int, at: Hex, kind: str, unit: str | None = None
) -> list[Event]:
    """The piece of ``kind`` in the city on ``at`` becomes ``seat``'s colour (p.10); a
    barbarian settlement (Cultural Awe) becomes ``seat``'s city."""
    if at in state.barbarians.cities:
        return _take_barbarians(state, seat, at, unit)
    city = _city_at(state, at)
    assert city is not None
    old = city.piece(kind)
    assert old is not None and old.owner != seat
    new = tuple(Piece(kind, seat) if p == old else p for p in city.pieces)
    owner = state.seats[city.owner]
    k = owner.cities.index(city)
    owner.cities[k] = replace(city, pieces=new)
    state.turn_state = replace(state.turn_state, influenced=True)
    player = state.players[seat]
    events = [
        Event(
            "clash.influence_succeeded",
            {
                "player": player,
                "space": label(at),
                "piece": kind,
                "owner": state.players[old.owner],
            },
        )
    ]
    if CONVERSION in state.seats[seat].advances and gain_tokens(state.seats[seat], CULTURE, 1):
        events.append(Event("clash.conversion_token", {"player": player}))
    return events


def _take_barbarians(state: ClashState, seat: int, at: Hex, unit: str | None) -> list[Event]:
    """Cultural Awe succeeded (C08): the settlement is replaced by one of ``seat``'s (the
    city neutral), one barbarian unit becomes ``unit`` of theirs, the others leave."""
    b = state.barbarians
    removed = b.armies.get(at, 0)
    state.barbarians = replace(
        b, cities=b.cities - {at}, armies={h: n for h, n in b.armies.items() if h != at}
    )
    me = state.seats[seat]
    me.cities = [*me.cities, new_city(at, seat)]
    if unit == ARMY:
        me.armies[at] = me.armies.get(at, 0) + 1
    elif unit == SETTLER:
        me.settlers[at] = me.settlers.get(at, 0) + 1
    state.turn_state = replace(state.turn_state, influenced=True)
    player = state.players[seat]
    params = {"player": player, "space": label(at), "unit": unit or NO_UNIT, "count": removed}
    events = [Event("clash.barbarians_won_over", params)]
    if CONVERSION in me.advances and gain_tokens(me, CULTURE, 1):
        events.append(Event("clash.conversion_token", {"player": player}))
    return events


def _fail(state: ClashState, seat: int, at: Hex, total: int) -> list[Event]:
    params = {
        "player": state.players[seat],
        "space": label(at),
        "roll": total,
        "needed": needed(state, seat),
    }
    return [Event("clash.influence_failed", params)]


# -- the decision after a short roll ----------------------------------------------------------


#: The params of an ``influence`` decision (a position's ``prompts`` must give exactly these).
DECISION_PARAMS = frozenset({"roll", "needed", "count", "space", "piece"})


def decision_problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` (kind ``influence``) cannot stand in ``state``, or None: for positions
    and invariants. It belongs to the active player's turn, in a turn; its roll fell short
    of the roll needed by ``count`` > 0, which the player's culture tokens can pay (else it
    would have been resolved at once); its target still holds a ``piece`` of another colour
    that the player has in supply."""
    p = decision.params
    seat = decision.seat
    awe = set(p) == DECISION_PARAMS | {AWE_UNIT}
    if set(p) != DECISION_PARAMS and not awe:
        return f"influence decision params {sorted(p)}"
    if state.phase != TURN or decision.turn != seat or state.active != seat:
        return "influence decision outside its player's turn"
    ints = [p["roll"], p["needed"], p["count"]]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints):
        return f"influence decision numbers {ints}"
    if (
        not 1 <= p["roll"] < p["needed"] == needed(state, seat)
        or p["count"] != p["needed"] - p["roll"]
    ):
        return f"influence decision roll {p['roll']}, needed {p['needed']}, count {p['count']}"
    count = p["count"]
    if state.seats[seat].culture_tokens < count and propaganda(state, seat, count) is None:
        return "influence decision the player cannot pay"
    try:
        at = state.board.parse(str(p["space"]))
    except IllegalAction:
        return f"influence decision space {p['space']}"
    city = _city_at(state, at)
    kind = p["piece"]
    if awe or at in state.barbarians.cities:
        units = awe_units(state, seat, at)
        unit = p.get(AWE_UNIT)
        fits = unit in units or (unit == NO_UNIT and not units)
        if not awe or at not in state.barbarians.cities or kind != SETTLEMENT or not fits:
            return f"influence decision on the barbarians of {p['space']}: {kind} {unit}"
        return None
    if city is None or all(x.kind != kind for x in _not_mine(city, seat)):
        return f"influence decision target {p['space']} {kind}"
    if in_supply(state, seat, str(kind)) < 1 or blocker(state, seat, city) is not None:
        return f"influence decision on {p['space']} cannot succeed"
    return None


def propaganda(state: ClashState, seat: int, short: int) -> str | None:
    """The Propaganda card (``clash-cards.md`` C02: +2 to the roll, a boost) that, with the
    culture tokens ``seat`` holds for the rest, makes up a shortfall of ``short``, if any."""
    cards = held(state.seats[seat], PROPAGANDA)
    if not cards or state.seats[seat].culture_tokens < max(0, short - PROPAGANDA_BOOST):
        return None
    return cards[0]


def _answers(state: ClashState, decision: Decision) -> list[int]:
    short = int(decision.params["count"])
    can = state.seats[decision.seat].culture_tokens >= short
    return [short, 0] if can else [0]


def answer_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    """Spend the shortfall (``2``) or nothing (``0``); or play Propaganda (``A03``), with
    the tokens it leaves short (``A03 1``)."""
    short = int(decision.params["count"])
    card = propaganda(state, decision.seat, short)
    rest = max(0, short - PROPAGANDA_BOOST)
    if prefix:
        if card is not None and prefix == [card.lower()] and rest:
            need = int(decision.params["needed"])
            return [Choice(str(rest), "clash.choice.boost", {"count": rest, "roll": need})]
        return []
    need = int(decision.params["needed"])
    out = [
        Choice(
            str(n),
            "clash.choice.boost" if n else "clash.choice.no_boost",
            {"count": n, "roll": need},
        )
        for n in _answers(state, decision)
    ]
    if card is not None:
        params = {"card": card, "civil": PROPAGANDA, "count": rest}
        key = "clash.choice.propaganda_tokens" if rest else "clash.choice.propaganda"
        out.insert(0, Choice(card.lower(), key, params, complete=not rest, more=bool(rest)))
    return out


def answer_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """``<n>``: the culture tokens added to the roll; or ``<Propaganda> [<n>]``; then the
    attempt is resolved."""
    head, *rest = toks
    seat = decision.seat
    short = int(decision.params["count"])
    card = propaganda(state, seat, short)
    if card is not None and head.upper() == card:
        return _answer_propaganda(state, decision, card, rest)
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    allowed = _answers(state, decision)
    n = number(head)
    if n is None or n not in allowed:
        raise IllegalAction("boost_amount", allowed=sorted(allowed))
    state.prompts = state.prompts.pop(decision.id)
    at = state.board.parse(str(decision.params["space"]))
    die = int(decision.params["roll"])
    if not n:
        return _fail(state, seat, at, die) + drop_idle(state)
    spend_tokens(state.seats[seat], CULTURE, n)
    boosted = Event(
        "clash.influence_boosted", {"player": state.players[seat], "count": n, "roll": die + n}
    )
    piece = str(decision.params["piece"])
    return [boosted, *_succeed(state, seat, at, piece, _unit(decision)), *drop_idle(state)]


def _answer_propaganda(
    state: ClashState, decision: Decision, card: str, toks: list[str]
) -> list[Event]:
    seat = decision.seat
    short = int(decision.params["count"])
    tokens = max(0, short - PROPAGANDA_BOOST)
    if [number(t) for t in toks] != ([tokens] if tokens else []):
        raise IllegalAction("boost_amount", allowed=[tokens])
    state.prompts = state.prompts.pop(decision.id)
    events = play_card(state, seat, card)
    die = int(decision.params["roll"])
    if tokens:
        spend_tokens(state.seats[seat], CULTURE, tokens)
    roll = die + PROPAGANDA_BOOST + tokens
    params = {"player": state.players[seat], "count": tokens, "roll": roll}
    events.append(Event("clash.propaganda", params))
    at = state.board.parse(str(decision.params["space"]))
    piece = str(decision.params["piece"])
    return events + _succeed(state, seat, at, piece, _unit(decision)) + drop_idle(state)


def _unit(decision: Decision) -> str | None:
    unit = decision.params.get(AWE_UNIT)
    return None if unit in (None, NO_UNIT) else str(unit)


#: How the decision after a short roll is answered (:data:`rules.clash.play.grammar.DECISIONS`).
INFLUENCE_ANSWER = Answer(answer_choices, answer_apply, decision_problem)

#: The two turn actions of :data:`rules.clash.play.grammar.TURN_ACTIONS`.
INFLUENCE_ACTION = TurnAction(INFLUENCE, offered, choices, apply)
ART_ACTION = TurnAction(ART, art_offered, art_choices, art_apply, costs_action=False)


# -- the Great Pyramids' two attempts -------------------------------------------------------

#: The kind of the decision offering the Great Pyramids' attempts (``prompt.clash.pyramids``).
PYRAMIDS_DECISION = "pyramids"
GREAT_PYRAMIDS = "great_pyramids"
#: Attempts the Great Pyramids give when built (p.15).
PYRAMIDS_ATTEMPTS = 2
PYRAMIDS_DONE = "done"


def pyramid_targets(state: ClashState, seat: int, city: City) -> list[Target]:
    """What the Pyramids' city may influence now (none after a success this turn, C36)."""
    if state.turn_state.influenced or not can_be_source(city, seat):
        return []
    return targets(state, seat, city, _budget(state, seat, 0))


def _push_pyramids(state: ClashState, seat: int, city: City, count: int) -> None:
    pid = f"{PYRAMIDS_DECISION}:{state.round}.{state.turn}.{seat}.{count}"
    params = {"city": label(city.hex), "count": count}
    state.prompts = state.prompts.push(Decision(pid, seat, PYRAMIDS_DECISION, params, seat))


def offer_pyramids(state: ClashState, seat: int, h: Hex) -> list[Event]:
    """The Great Pyramids just built on ``h``: their city may make two Cultural Influence
    attempts at once, without an action (p.15, C111), asked when it has a target."""
    city = state.seats[seat].city_at(h)
    if city is None or city.wonder != GREAT_PYRAMIDS or not pyramid_targets(state, seat, city):
        return []
    _push_pyramids(state, seat, city, PYRAMIDS_ATTEMPTS)
    return []


def _pyramid_city(state: ClashState, decision: Decision) -> City | None:
    try:
        h = state.board.parse(str(decision.params.get("city")))
    except IllegalAction:
        return None
    city = state.seats[decision.seat].city_at(h)
    return city if city is not None and city.wonder == GREAT_PYRAMIDS else None


def drop_idle(state: ClashState) -> list[Event]:
    """A Pyramids decision coming back to the top with nothing left to attempt (a success this
    turn, or no target any more) goes: a prompt would only have ``done`` to answer."""
    top = state.prompts.top()
    while top is not None and top.kind == PYRAMIDS_DECISION:
        city = _pyramid_city(state, top)
        if city is not None and pyramid_targets(state, top.seat, city):
            break
        state.prompts = state.prompts.pop(top.id)
        top = state.prompts.top()
    return []


def _pyramids_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    city = _pyramid_city(state, decision)
    if city is None or len(prefix) > 1:
        return []
    out = _choices(state, decision.seat, [token(city.hex), *prefix], 0)
    if not prefix:
        out.append(Choice(PYRAMIDS_DONE, "clash.choice.pyramids_done"))
    return out


def _pyramids_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """``<target> <piece>``: one free attempt from the Pyramids' city; ``done``: no more."""
    seat = decision.seat
    if toks == [PYRAMIDS_DONE]:
        state.prompts = state.prompts.pop(decision.id)
        return []
    city = _pyramid_city(state, decision)
    assert city is not None
    rest = [token(city.hex), *toks]
    _read(state, seat, rest, 0)
    state.prompts = state.prompts.pop(decision.id)
    left = int(decision.params["count"]) - 1
    if left:
        # Beneath a boost decision the attempt may push: asked after it.
        _push_pyramids(state, seat, city, left)
    used = Event(
        "clash.pyramids_attempt",
        {"player": state.players[seat], "city": label(city.hex), "count": left},
    )
    events = _attempt(state, seat, rest, 0, f"pyramids{left}")
    return [used, *events, *drop_idle(state)]


def _pyramids_problem(state: ClashState, decision: Decision) -> str | None:
    seat = decision.seat
    if state.phase != TURN or decision.turn != seat or state.active != seat:
        return "pyramids decision outside its owner's turn"
    p = decision.params
    if set(p) != {"city", "count"} or p["count"] not in (1, PYRAMIDS_ATTEMPTS):
        return f"pyramids decision params {dict(p)}"
    city = _pyramid_city(state, decision)
    if city is None:
        return f"pyramids decision without the Great Pyramids on {p['city']}"
    top = state.prompts.top()
    if top is not None and top.id == decision.id and not pyramid_targets(state, seat, city):
        # Beneath the boost decision its first attempt pushed, it may have no target left (the
        # range was paid in culture tokens); it goes when it comes back up (drop_idle).
        return "pyramids decision with nothing to influence"
    return None


#: The Great Pyramids' attempts (:data:`rules.clash.play.grammar.DECISIONS`).
PYRAMIDS_ANSWER = Answer(_pyramids_choices, _pyramids_apply, _pyramids_problem)
