"""The civil halves aimed at other players or at the map (docs/clash-cards.md §3.2, §8.3-§8.5):
Spies (P04), Mercenaries (P07), Explorers (P11), Negotiations (P12), Assassination (P14), New
Goals (P16), Tech Exchange (P20).

Grammar after ``card <id>`` (players as ``@<handle>``)::

    P04  @<player>                      then the ``spies`` decision: a swap or ``pass``
    P07  <barbarian city> <city> <payment>...   one of food/ore/wood/gold/culture per unit
    P11  [<space>] [<city>]             a space of the face-down region entered, the settler's city
    P12  @<player>                      before the turn's first action
    P14  @<player>
    P16                                 then the ``new_goals`` decision: the objective put back
    P20  @<player> <advance>            then they choose theirs (``tech_exchange``)

* **Spies**: you see the other's hidden action and objective cards (an event only you see);
  you may then swap one of your cards for one of theirs of the same deck (C103).
* **Mercenaries**: a barbarian city with units within 2 spaces (through explored spaces) of
  one of your cities or army units attacks a city of another player within 2 spaces of it,
  as a Barbarian Attack (:func:`rules.clash.battles.barbarian_raids.attack_city`: the defender may
  play a combat card first, you none for the barbarians, C125); you pay one resource or
  culture token per barbarian unit there (Gold only as itself). Not a city the Great Wall
  protects, nor one of a player a truce keeps you from attacking (C101).
* **Explorers**: either or both: a face-down region next to a region holding one of your
  cities is turned up and placed as if a land unit had entered its space named from that
  region (§8.5, :mod:`rules.clash.actions.exploration`); a free settler in one of your cities
  (C104).
* **Negotiations**, **Assassination**: :mod:`rules.clash.model.card_turns`.
* **New Goals**: the top 2 objective cards go to your hand (shown to you only); you put one of
  them on the bottom of the deck. With one card left in deck and discards you keep it.
* **Tech Exchange**: a player with a unit or city within 2 spaces of one of yours; you gain one
  of their non-government advances, then they one of yours (their choice).

Refusals: ``not_a_player`` (``token``, ``allowed``), ``card_needs_a_player``,
``nobody_to_spy_on``, ``no_mercenaries``, ``not_a_mercenary_city`` (``space``),
``not_a_mercenary_target`` (``space``), ``mercenaries_payment`` (``count``),
``cannot_pay_mercenaries`` (``token``), ``explorers_nothing_to_do``, ``not_an_explorers_space``
(``token``), ``negotiations_start_of_turn``, ``nobody_to_negotiate_with``,
``nobody_to_assassinate``, ``no_objectives_left``, ``nobody_to_exchange_with``,
``not_an_exchange_advance`` (``advance``), ``no_unit_left``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rules.clash.actions import advance_gains, exploration
from rules.clash.battles import barbarian_raids
from rules.clash.board.hexes import Hex, label, steps, token
from rules.clash.box.advances import ADVANCE, ADVANCE_IDS, GOVERNMENTS
from rules.clash.box.components import BOX_PER_PLAYER, FOOD, GOLD, ORE, SETTLER, WOOD
from rules.clash.cards.decisions import ask_new_goals, ask_spies, tech_exchange_later
from rules.clash.model import decks
from rules.clash.model.card_turns import MAKER, may_attack
from rules.clash.model.civil_cards import (
    ASSASSINATION,
    EXPLORERS,
    MERCENARIES,
    NEGOTIATIONS,
    NEW_GOALS,
    SPIES,
    TECH_EXCHANGE,
    Effect,
    Play,
    no_more,
)
from rules.clash.model.resources import CULTURE, spend_tokens
from rules.clash.model.state import Assassination, ClashState, Truce
from rules.clash.model.terrain import terrains
from rules.core import Choice, Event, IllegalAction

#: How far Mercenaries and Tech Exchange reach (docs/clash-cards.md P07, P20).
REACH = 2
#: What Mercenaries may be paid with, one per barbarian unit (P07).
MERCENARY_PAY: tuple[str, ...] = (FOOD, WOOD, ORE, GOLD, CULTURE)


def _handle(state: ClashState, seat: int) -> str:
    return f"@{state.players[seat]}"


def _others(state: ClashState, seat: int) -> list[int]:
    return [s for s in state.live() if s != seat]


def _player_choices(state: ClashState, seats: list[int], more: bool = False) -> list[Choice]:
    return [
        Choice(
            _handle(state, s),
            "clash.choice.card_player",
            {"player": state.players[s]},
            complete=not more,
            more=more,
        )
        for s in seats
    ]


def _read_player(state: ClashState, rest: list[str], allowed: list[int]) -> int:
    if not rest:
        raise IllegalAction("card_needs_a_player", allowed=[_handle(state, s) for s in allowed])
    by_handle = {_handle(state, s): s for s in allowed}
    if rest[0] not in by_handle:
        raise IllegalAction("not_a_player", token=rest[0], allowed=sorted(by_handle))
    return by_handle[rest[0]]


def _players_play(
    targets: Callable[[ClashState, int], list[int]],
    empty: str,
    effect: Callable[[ClashState, int, int], list[Event]],
) -> Play:
    """A card whose only token names another player."""

    def problem(state: ClashState, seat: int) -> IllegalAction | None:
        return None if targets(state, seat) else IllegalAction(empty)

    def next_(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
        return [] if rest else _player_choices(state, targets(state, seat))

    def check(state: ClashState, seat: int, rest: list[str]) -> Effect:
        other = _read_player(state, rest, targets(state, seat))
        no_more(rest, 1)
        return lambda: effect(state, seat, other)

    return Play(problem, next_, check)


# -- P04 Spies --------------------------------------------------------------------------------


def _spied(state: ClashState, seat: int) -> list[int]:
    return [s for s in _others(state, seat) if state.seats[s].actions or state.seats[s].objectives]


def _spy(state: ClashState, seat: int, other: int) -> list[Event]:
    them = state.seats[other]
    shown = {
        "player": state.players[other],
        "actions": sorted(them.actions) or ["—"],
        "objectives": sorted(them.objectives) or ["—"],
    }
    events = [
        Event("clash.spied", {"player": state.players[seat], "other": state.players[other]}),
        Event("clash.spy_report", shown, visible_to=(seat,)),
    ]
    return events + ask_spies(state, seat, other)


# -- P07 Mercenaries ---------------------------------------------------------------------------


def _near(state: ClashState, h: Hex) -> dict[Hex, int]:
    return steps(h, terrains(state).__contains__, REACH)


def mercenary_targets(state: ClashState, seat: int) -> dict[Hex, list[Hex]]:
    """Each barbarian city Mercenaries may send, with the cities it may attack, in board
    order."""
    me = state.seats[seat]
    mine = {c.hex for c in me.cities} | {h for h, n in me.armies.items() if n}
    out: dict[Hex, list[Hex]] = {}
    for b in sorted(state.barbarians.cities):
        if not state.barbarians.armies.get(b, 0):
            continue
        near = _near(state, b)
        if not mine & set(near):
            continue
        cities = sorted(
            c.hex
            for s in _others(state, seat)
            for c in state.seats[s].cities
            if c.hex in near
            and not barbarian_raids.great_wall_protects(state, c)
            and may_attack(state, seat, s)
        )
        if cities:
            out[b] = cities
    return out


def _holdings(state: ClashState, seat: int) -> Counter[str]:
    me = state.seats[seat]
    return Counter({**me.resources, CULTURE: me.culture_tokens})


def _mercenary_read(
    state: ClashState, seat: int, rest: list[str], final: bool
) -> tuple[Hex, Hex, Counter[str]]:
    options = mercenary_targets(state, seat)
    if not rest:
        raise IllegalAction("no_mercenaries")
    b = state.board.parse(rest[0])
    if b not in options:
        raise IllegalAction("not_a_mercenary_city", space=label(b))
    if len(rest) < 2:
        raise IllegalAction("not_a_mercenary_target", space=label(b))
    target = state.board.parse(rest[1])
    if target not in options[b]:
        raise IllegalAction("not_a_mercenary_target", space=label(target))
    count = state.barbarians.armies[b]
    paid: Counter[str] = Counter()
    have = _holdings(state, seat)
    for tok in rest[2:]:
        if tok not in MERCENARY_PAY:
            raise IllegalAction("cannot_pay_mercenaries", token=tok)
        paid[tok] += 1
        if sum(paid.values()) > count:
            raise IllegalAction("mercenaries_payment", count=count)
        if paid[tok] > have[tok]:
            raise IllegalAction("cannot_pay_mercenaries", token=tok)
    if final and sum(paid.values()) != count:
        raise IllegalAction("mercenaries_payment", count=count)
    if not final and sum(have.values()) < count:
        raise IllegalAction("mercenaries_payment", count=count)
    return b, target, paid


def _affordable(state: ClashState, seat: int, b: Hex) -> bool:
    have = _holdings(state, seat)
    return sum(have[k] for k in MERCENARY_PAY) >= state.barbarians.armies[b]


def _mercenary_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if any(_affordable(state, seat, b) for b in mercenary_targets(state, seat)):
        return None
    return IllegalAction("no_mercenaries")


def _mercenary_next(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    options = mercenary_targets(state, seat)
    if not rest:
        return [
            Choice(
                token(b),
                "clash.choice.mercenaries_from",
                {"space": label(b), "count": state.barbarians.armies[b]},
                complete=False,
                more=True,
            )
            for b in options
            if _affordable(state, seat, b)
        ]
    if len(rest) == 1:
        try:
            b = state.board.parse(rest[0])
        except IllegalAction:
            return []
        if b not in options or not _affordable(state, seat, b):
            return []
        owners = {c.hex: s for s, p in enumerate(state.seats) for c in p.cities}
        return [
            Choice(
                token(h),
                "clash.choice.mercenaries_to",
                {"space": label(h), "player": state.players[owners[h]]},
                complete=False,
                more=True,
            )
            for h in options[b]
        ]
    try:
        b, _, paid = _mercenary_read(state, seat, rest, final=False)
    except IllegalAction:
        return []
    left = state.barbarians.armies[b] - sum(paid.values())
    if not left:
        return []
    have = _holdings(state, seat)
    out = []
    for kind in MERCENARY_PAY:
        if paid[kind] < have[kind]:
            remaining = sum(have[k] - paid[k] - (1 if k == kind else 0) for k in MERCENARY_PAY)
            if remaining < left - 1:
                continue
            out.append(
                Choice(
                    kind,
                    "clash.choice.mercenaries_pay",
                    {"resource": kind},
                    complete=left == 1,
                    more=left > 1,
                )
            )
    return out


def _mercenary_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    b, target, paid = _mercenary_read(state, seat, rest, final=True)

    def effect() -> list[Event]:
        me = state.seats[seat]
        for kind, n in paid.items():
            if kind == CULTURE:
                spend_tokens(me, CULTURE, n)
            else:
                me.resources[kind] -= n
        owner = next(s for s, p in enumerate(state.seats) if p.city_at(target) is not None)
        params = {
            "player": state.players[seat],
            "from": label(b),
            "space": label(target),
            "other": state.players[owner],
            "paid": [f"{k}_{paid[k]}" for k in MERCENARY_PAY if paid[k]],
        }
        return [Event("clash.mercenaries", params), *barbarian_raids.attack_city(state, b, target)]

    return effect


# -- P11 Explorers -----------------------------------------------------------------------------


def explorers_spaces(state: ClashState, seat: int) -> dict[Hex, Hex]:
    """The spaces of face-down regions next to a region holding one of ``seat``'s cities,
    each with a space of that region it borders (where the explorer comes from)."""
    b = state.board
    mine = {b.slot_at(c.hex) for c in state.seats[seat].cities}
    out: dict[Hex, Hex] = {}
    for slot in sorted((s for s in mine if s is not None), key=lambda s: s.id):
        for other_id in b.adjacent_slots(slot.id):
            if state.regions[other_id].explored:
                continue
            for h in sorted(b.slot(other_id).hexes):
                start = next((n for n in sorted(b.neighbours(h)) if n in slot.hexes), None)
                if start is not None and h not in out:
                    out[h] = start
    return out


def _settlers_in_play(state: ClashState, seat: int) -> int:
    me = state.seats[seat]
    return sum(me.settlers.values()) + sum(s.cargo.count(SETTLER) for s in me.ships)


def _settler_cities(state: ClashState, seat: int) -> list[Hex]:
    if _settlers_in_play(state, seat) >= BOX_PER_PLAYER[SETTLER]:
        return []
    return sorted(c.hex for c in state.seats[seat].cities)


def _explorers_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if explorers_spaces(state, seat) or _settler_cities(state, seat):
        return None
    return IllegalAction("explorers_nothing_to_do")


def _explorers_read(state: ClashState, seat: int, rest: list[str]) -> tuple[Hex | None, Hex | None]:
    no_more(rest, 2)
    spaces = explorers_spaces(state, seat)
    cities = _settler_cities(state, seat)
    entered: Hex | None = None
    city: Hex | None = None
    for k, tok in enumerate(rest):
        try:
            h = state.board.parse(tok)
        except IllegalAction:
            raise IllegalAction("not_an_explorers_space", token=tok) from None
        if h in spaces and k == 0:
            entered = h
        elif h in cities and city is None:
            city = h
        else:
            raise IllegalAction("not_an_explorers_space", token=tok)
    if entered is None and city is None:
        raise IllegalAction("explorers_nothing_to_do")
    return entered, city


def _explorers_next(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    try:
        _, city = _explorers_read(state, seat, rest) if rest else (None, None)
    except IllegalAction:
        return []
    if city is not None:
        return []
    out = []
    if not rest:
        out = [
            Choice(token(h), "clash.choice.explorers_space", {"space": label(h)}, True, True)
            for h in explorers_spaces(state, seat)
        ]
    out += [
        Choice(token(h), "clash.choice.explorers_settler", {"space": label(h)})
        for h in _settler_cities(state, seat)
    ]
    return out


def _explorers_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    entered, city = _explorers_read(state, seat, rest)

    def effect() -> list[Event]:
        me = state.seats[seat]
        events: list[Event] = []
        if city is not None:
            me.settlers[city] = me.settlers.get(city, 0) + 1
            params = {"player": state.players[seat], "space": label(city)}
            events.append(Event("clash.explorers_settler", params))
        if entered is not None:
            start = explorers_spaces(state, seat)[entered]
            slot = state.board.slot_at(entered)
            assert slot is not None
            events += exploration.begin(state, seat, slot, entered, token(start), ())
        return events

    return effect


# -- P12 Negotiations, P14 Assassination -----------------------------------------------------------


def _negotiable(state: ClashState, seat: int) -> list[int]:
    ts = state.turn_state
    if ts.spent or ts.moving:
        return []
    bound = {t.other for t in state.truces if t.maker == seat and t.stage == MAKER}
    return [s for s in _others(state, seat) if s not in bound]


def _negotiations_problem(state: ClashState, seat: int) -> IllegalAction | None:
    ts = state.turn_state
    if ts.spent or ts.moving:
        return IllegalAction("negotiations_start_of_turn")
    return None if _negotiable(state, seat) else IllegalAction("nobody_to_negotiate_with")


def _negotiate(state: ClashState, seat: int, other: int) -> list[Event]:
    state.truces = (*state.truces, Truce(seat, other, MAKER))
    params = {"player": state.players[seat], "other": state.players[other]}
    return [Event("clash.negotiations", params)]


def _assassinable(state: ClashState, seat: int) -> list[int]:
    marked = {a.target for a in state.assassinations if a.round == state.round or not a.done}
    return [s for s in _others(state, seat) if s not in marked]


def _assassinate(state: ClashState, seat: int, other: int) -> list[Event]:
    state.assassinations = (*state.assassinations, Assassination(other, state.round))
    params = {"player": state.players[seat], "other": state.players[other]}
    return [Event("clash.assassination", params)]


# -- P16 New Goals ------------------------------------------------------------------------------


def _new_goals_problem(state: ClashState, seat: int) -> IllegalAction | None:
    cards = state.cards
    if cards.decks["objective"] or cards.discards["objective"]:
        return None
    return IllegalAction("no_objectives_left")


def _new_goals_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    no_more(rest)

    def effect() -> list[Event]:
        me = state.seats[seat]
        drawn = [c for c in (decks.draw(state, "objective") for _ in range(2)) if c is not None]
        me.objectives = (*me.objectives, *drawn)
        player = state.players[seat]
        events = [Event("clash.new_goals", {"player": player, "count": len(drawn)})]
        events += [
            Event("clash.you_drew", {"deck": "objective", "card": c}, visible_to=(seat,))
            for c in drawn
        ]
        if len(drawn) == 2:
            events += ask_new_goals(state, seat)
        return events

    return effect


# -- P20 Tech Exchange ---------------------------------------------------------------------------


def _presence(state: ClashState, seat: int) -> set[Hex]:
    me = state.seats[seat]
    return (
        {c.hex for c in me.cities}
        | {h for h, n in me.armies.items() if n}
        | {h for h, n in me.settlers.items() if n}
        | {s.hex for s in me.ships}
    )


def exchange_advances(state: ClashState, seat: int, other: int) -> list[str]:
    """Non-government advances of ``other`` that ``seat`` lacks and may gain, in board
    order."""
    open_ = set(advance_gains.gainable(state.seats[seat]))
    return [
        a
        for a in ADVANCE_IDS
        if a in state.seats[other].advances
        and a in open_
        and ADVANCE[a].category not in GOVERNMENTS
    ]


def _partners(state: ClashState, seat: int) -> list[int]:
    passable = terrains(state).__contains__
    near: set[Hex] = set()
    for h in _presence(state, seat):
        near |= set(steps(h, passable, REACH))
    return [
        s
        for s in _others(state, seat)
        if _presence(state, s) & near and exchange_advances(state, seat, s)
    ]


def _exchange_problem(state: ClashState, seat: int) -> IllegalAction | None:
    return None if _partners(state, seat) else IllegalAction("nobody_to_exchange_with")


def _exchange_next(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    partners = _partners(state, seat)
    if not rest:
        return _player_choices(state, partners, more=True)
    if len(rest) > 1:
        return []
    try:
        other = _read_player(state, rest, partners)
    except IllegalAction:
        return []
    return [
        Choice(a, "clash.choice.advance_free", {"advance": a})
        for a in exchange_advances(state, seat, other)
    ]


def _exchange_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    other = _read_player(state, rest, _partners(state, seat))
    if len(rest) < 2:
        raise IllegalAction("not_an_exchange_advance", advance="")
    no_more(rest, 2)
    advance = rest[1]
    if advance not in exchange_advances(state, seat, other):
        raise IllegalAction("not_an_exchange_advance", advance=advance)

    def effect() -> list[Event]:
        params = {"player": state.players[seat], "advance": advance, "civil": TECH_EXCHANGE}
        events = [Event("clash.card_advance", params)]
        at = len(state.prompts.decisions)
        events += advance_gains.gained(state, seat, advance)
        return events + tech_exchange_later(state, other, seat, at)

    return effect


TARGET_PLAYS: dict[str, Play] = {
    SPIES: _players_play(_spied, "nobody_to_spy_on", _spy),
    MERCENARIES: Play(_mercenary_problem, _mercenary_next, _mercenary_check),
    EXPLORERS: Play(_explorers_problem, _explorers_next, _explorers_check),
    NEGOTIATIONS: Play(
        _negotiations_problem,
        _players_play(_negotiable, "nobody_to_negotiate_with", _negotiate).next,
        _players_play(_negotiable, "nobody_to_negotiate_with", _negotiate).check,
    ),
    ASSASSINATION: _players_play(_assassinable, "nobody_to_assassinate", _assassinate),
    NEW_GOALS: Play(_new_goals_problem, lambda state, seat, rest: [], _new_goals_check),
    TECH_EXCHANGE: Play(_exchange_problem, _exchange_next, _exchange_check),
}
