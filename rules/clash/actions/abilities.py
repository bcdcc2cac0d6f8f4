"""Abilities of advances taken as actions of a turn (p.2, p.4, p.5; rules reference §2.1,
§3.7, §7.1; C7, C25): Bartering, Taxation, Cartography and Civil Liberties cost one action
each (AAA, p.4); Drama & Music and Absolute Power cost none and may be used at any moment of
your turn (not in the middle of a Move action), even with no action left. Trade Routes and
Currency are :mod:`rules.clash.actions.trade_routes` (the start of the turn).

* **Bartering** (AAA, as often as you have actions: no limit is printed, C25): give up to 3
  resources, each for 1 Gold or 1 culture token, which ones and into what being your choice
  (p.2). Gold itself may be given for a culture token; Gold for Gold is no exchange.
* **Taxation** (AAA, once per turn, needs Currency to be bought, p.2): pay 1 mood token, gain
  1 Gold per city you own.
* **Cartography** (AAA, once per turn): gain 1 culture token and 1 Idea per region (a 4-space
  slot of the board) holding at least one of your ships (p.2; the Hungarian aid, p.5, gives
  both "for every region").
* **Civil Liberties** (AAA, no limit printed, C25): gain 3 mood tokens (its change to Draft is
  :mod:`rules.clash.actions.building`'s).
* **Drama & Music** (no action, once per turn): swap 1 mood token for 1 culture token, or
  back (p.2).
* **Absolute Power** (no action, once per turn): pay 2 mood tokens for one extra action this
  turn (p.2; no cap printed; the first edition allowed at most 4 actions held at once,
  :data:`rules.clash.box.components.MAX_ACTIONS`, C132).

**Caps** (C7 (a)): what a track cannot take is lost. An ability is refused only when it would
keep nothing at all, so that it would only throw away what it costs (Taxation with 8 Gold,
Civil Liberties with 8 mood tokens, Cartography with 8 culture tokens and Ideas at their
cap). Bartering and Drama & Music exchange one for one, so each exchange is such a use: a
resource or token is never given for Gold or a token the track cannot hold (the Gold room is
counted from the Gold held before the exchange; giving Gold away for a culture token and
taking Gold back in the same exchange would only turn the other resource into a culture
token, which it may do directly).

**Grammar**::

    barter <give>-<into> [<give>-<into> [<give>-<into>]]
                        e.g. barter food-gold ore-culture ore-culture
    tax                 Taxation
    cartography         Cartography
    liberties           Civil Liberties
    drama culture       Drama & Music: 1 mood token becomes 1 culture token
    drama mood          Drama & Music: 1 culture token becomes 1 mood token
    power               Absolute Power

``<give>`` is ``food``, ``wood``, ``ore``, ``ideas`` or ``gold``, ``<into>`` ``gold`` or
``culture``; one token per resource given, in any order. Only abilities that can be used now,
and exchanges that can be paid and kept, are offered.

**Events** (amounts as ``<kind>_<count>``, :func:`rules.clash.actions.collect.amounts`):
``clash.bartered`` (``player``, ``gave``, ``got``), ``clash.taxed`` (``player``, ``count``
cities, ``got``), ``clash.charted`` (``player``, ``count`` regions, ``got``),
``clash.liberties`` (``player``, ``got``), ``clash.drama_music`` (``player``, ``gave``,
``got``), ``clash.extra_action`` (``player``, ``count`` actions now left); a gain cut by a cap
is followed by ``clash.over_cap`` (``player``, ``lost``).

**Refusals** (codes, rule and page):

* ``needs_ability_advance`` (``advance``): you do not own the advance (p.2);
* ``ability_used`` (``advance``): a once-per-turn ability was used this turn (p.2);
* ``ability_needs_mood_tokens`` (``advance``, ``count``): Taxation's 1 or Absolute Power's 2
  mood tokens are not there (p.2);
* ``nothing_to_gain`` (``advance``): everything it gives would be lost over the caps (C7);
* ``taxation_needs_a_city``: Taxation without a city gives nothing (p.2);
* ``barter_needs_a_resource``: ``barter`` alone (p.2);
* ``too_many_barters`` (``limit``): more than 3 resources (p.2);
* ``bad_barter`` (``token``): not ``<resource>-gold`` or ``<resource>-culture``;
* ``barter_gold_for_gold`` (``token``): Gold given for Gold;
* ``barter_not_enough`` (``resource``, ``count``): you hold only ``count`` of it;
* ``barter_over_cap`` (``kind``, ``room``): the track takes only ``room`` more (8 at most);
* ``cartography_needs_a_ship``: no ship of yours on the board (p.2);
* ``drama_incomplete``: ``drama`` alone; ``bad_drama_token`` (``token``): not ``culture`` or
  ``mood``;
* ``no_token_to_give`` (``kind``): no token of the kind given away (p.2);
* ``drama_tokens_full`` (``kind``): 8 tokens of the kind gained already (p.4);
* ``actions_full`` (``count``): the turn holds the most actions it can (p.2, p.7);
* ``too_many_tokens`` (``token``): something after a complete ability.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from rules.clash.actions.collect import amounts, mark_used, over_cap, take
from rules.clash.box.components import (
    GOLD,
    IDEAS,
    MAX_ACTIONS,
    RESOURCES,
    TOKENS_MAX,
    storage_limit,
)
from rules.clash.model.registry import TurnAction
from rules.clash.model.resources import CULTURE, MOOD, spend_tokens, tokens
from rules.clash.model.state import ClashState, PlayerState, actions_full
from rules.core import Choice, Event, IllegalAction

BARTER, TAX, CARTOGRAPHY, LIBERTIES, DRAMA, POWER = (
    "barter",
    "tax",
    "cartography",
    "liberties",
    "drama",
    "power",
)
BARTERING, TAXATION, CARTOGRAPHY_ADVANCE = "bartering", "taxation", "cartography"
CIVIL_LIBERTIES, DRAMA_MUSIC, ABSOLUTE_POWER = "civil_liberties", "drama_music", "absolute_power"
#: Abilities that may be used once per turn (p.2), marked in ``TurnState.used``.
ONCE_PER_TURN: frozenset[str] = frozenset(
    {TAXATION, CARTOGRAPHY_ADVANCE, DRAMA_MUSIC, ABSOLUTE_POWER}
)
#: Resources one Bartering gives at most (p.2), and what each may become.
BARTER_LIMIT = 3
BARTER_INTO: tuple[str, ...] = (GOLD, CULTURE)
#: Mood tokens Taxation and Absolute Power cost, mood tokens Civil Liberties gives (p.2).
TAX_FEE, POWER_FEE, LIBERTIES_GAIN = 1, 2, 3
#: The tokens of ``drama``: the kind of token gained (the other kind is given).
DRAMA_KINDS: tuple[str, ...] = (CULTURE, MOOD)
_BARTER_TOKEN = re.compile(r"([a-z]+)-([a-z]+)")


def _ability_problem(state: ClashState, seat: int, advance: str) -> IllegalAction | None:
    """The advance is owned and, when once per turn, not used yet this turn."""
    if advance not in state.seats[seat].advances:
        return IllegalAction("needs_ability_advance", advance=advance)
    if advance in ONCE_PER_TURN and advance in state.turn_state.used:
        return IllegalAction("ability_used", advance=advance)
    return None


def _no_more(rest: list[str]) -> None:
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])


def _room(me: PlayerState, kind: str) -> int:
    """How much more of a resource or token kind the player's track holds (p.4, p.5)."""
    if kind in RESOURCES:
        return max(0, storage_limit(me.advances, kind) - me.resources[kind])
    return max(0, TOKENS_MAX - tokens(me, kind))


def _gained(
    state: ClashState, seat: int, kind: str, gains: list[tuple[str, int]], **params: int
) -> list[Event]:
    """Take ``gains`` within the caps: the ability's event, then what was lost (C7 (a))."""
    kept, lost = take(state.seats[seat], gains)
    event = Event(kind, {"player": state.players[seat], **params, "got": amounts(kept)})
    return [event, *over_cap(state, seat, lost)]


# -- Bartering ------------------------------------------------------------------------------


def _read_barter(
    state: ClashState, seat: int, rest: list[str]
) -> tuple[Counter[str], Counter[str]]:
    """What ``rest`` gives and gets; IllegalAction for the first wrong token."""
    me = state.seats[seat]
    gave: Counter[str] = Counter()
    got: Counter[str] = Counter()
    if len(rest) > BARTER_LIMIT:
        raise IllegalAction("too_many_barters", limit=BARTER_LIMIT)
    for tok in rest:
        match = _BARTER_TOKEN.fullmatch(tok)
        if match is None or match.group(1) not in RESOURCES or match.group(2) not in BARTER_INTO:
            raise IllegalAction("bad_barter", token=tok)
        give, into = match.groups()
        if give == into:
            raise IllegalAction("barter_gold_for_gold", token=tok)
        if gave[give] >= me.resources[give]:
            raise IllegalAction("barter_not_enough", resource=give, count=me.resources[give])
        if got[into] >= _room(me, into):
            raise IllegalAction("barter_over_cap", kind=into, room=_room(me, into))
        gave[give] += 1
        got[into] += 1
    return gave, got


def _barters(state: ClashState, seat: int, rest: list[str]) -> list[str]:
    """The exchanges that may follow ``rest`` (already read without a refusal)."""
    if len(rest) >= BARTER_LIMIT:
        return []
    me = state.seats[seat]
    gave, got = _read_barter(state, seat, rest)
    return [
        f"{give}-{into}"
        for give in RESOURCES
        if gave[give] < me.resources[give]
        for into in BARTER_INTO
        if give != into and got[into] < _room(me, into)
    ]


def barter_offered(state: ClashState, seat: int) -> bool:
    return _ability_problem(state, seat, BARTERING) is None and bool(_barters(state, seat, []))


def barter_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The next resource to give and what it becomes."""
    if _ability_problem(state, seat, BARTERING) is not None:
        return []
    try:
        found = _barters(state, seat, rest)
    except IllegalAction:
        return []
    out = []
    for tok in found:
        give, into = tok.split("-")
        more = bool(_barters(state, seat, [*rest, tok]))
        params = {"give": give, "into": into}
        out.append(Choice(tok, "clash.choice.barter", params, complete=True, more=more))
    return out


def barter_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``barter <give>-<into>...`` (the action is paid by the dispatcher)."""
    err = _ability_problem(state, seat, BARTERING)
    if err is not None:
        raise err
    if not rest:
        raise IllegalAction("barter_needs_a_resource")
    gave, got = _read_barter(state, seat, rest)
    me = state.seats[seat]
    for kind, n in gave.items():
        me.resources[kind] -= n
    kept, lost = take(me, sorted(got.items()))
    assert not lost, lost  # every exchange was checked to fit
    params = {"player": state.players[seat], "gave": amounts(gave), "got": amounts(kept)}
    return [Event("clash.bartered", params)]


# -- Taxation, Cartography, Civil Liberties ----------------------------------------------------


def _tax_problem(state: ClashState, seat: int) -> IllegalAction | None:
    err = _ability_problem(state, seat, TAXATION)
    if err is not None:
        return err
    me = state.seats[seat]
    if me.mood_tokens < TAX_FEE:
        return IllegalAction("ability_needs_mood_tokens", advance=TAXATION, count=TAX_FEE)
    if not me.cities:
        return IllegalAction("taxation_needs_a_city")
    if not _room(me, GOLD):
        return IllegalAction("nothing_to_gain", advance=TAXATION)
    return None


def tax_offered(state: ClashState, seat: int) -> bool:
    return _tax_problem(state, seat) is None


def tax_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``tax``: 1 mood token for 1 Gold per city you own (p.2)."""
    _no_more(rest)
    err = _tax_problem(state, seat)
    if err is not None:
        raise err
    me = state.seats[seat]
    spend_tokens(me, MOOD, TAX_FEE)
    mark_used(state, TAXATION)
    cities = len(me.cities)
    return _gained(state, seat, "clash.taxed", [(GOLD, cities)], count=cities)


def _regions(state: ClashState, seat: int) -> int:
    """The regions (board slots) holding at least one of the player's ships."""
    slots = {state.board.slot_at(s.hex) for s in state.seats[seat].ships}
    return len({s.id for s in slots if s is not None})


def _cartography_problem(state: ClashState, seat: int) -> IllegalAction | None:
    err = _ability_problem(state, seat, CARTOGRAPHY_ADVANCE)
    if err is not None:
        return err
    me = state.seats[seat]
    if not _regions(state, seat):
        return IllegalAction("cartography_needs_a_ship")
    if not _room(me, CULTURE) and not _room(me, IDEAS):
        return IllegalAction("nothing_to_gain", advance=CARTOGRAPHY_ADVANCE)
    return None


def cartography_offered(state: ClashState, seat: int) -> bool:
    return _cartography_problem(state, seat) is None


def cartography_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``cartography``: 1 culture token and 1 Idea per region with a ship of yours (p.2)."""
    _no_more(rest)
    err = _cartography_problem(state, seat)
    if err is not None:
        raise err
    mark_used(state, CARTOGRAPHY_ADVANCE)
    n = _regions(state, seat)
    return _gained(state, seat, "clash.charted", [(CULTURE, n), (IDEAS, n)], count=n)


def _liberties_problem(state: ClashState, seat: int) -> IllegalAction | None:
    err = _ability_problem(state, seat, CIVIL_LIBERTIES)
    if err is not None:
        return err
    if not _room(state.seats[seat], MOOD):
        return IllegalAction("nothing_to_gain", advance=CIVIL_LIBERTIES)
    return None


def liberties_offered(state: ClashState, seat: int) -> bool:
    return _liberties_problem(state, seat) is None


def liberties_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``liberties``: 3 mood tokens (p.2)."""
    _no_more(rest)
    err = _liberties_problem(state, seat)
    if err is not None:
        raise err
    return _gained(state, seat, "clash.liberties", [(MOOD, LIBERTIES_GAIN)])


def _nothing_follows(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """Taxation, Cartography, Civil Liberties and Absolute Power are their token alone."""
    return []


# -- Drama & Music, Absolute Power -------------------------------------------------------------


def _drama_problem(state: ClashState, seat: int, get: str) -> IllegalAction | None:
    """Why ``drama <get>`` cannot be used now, or None."""
    err = _ability_problem(state, seat, DRAMA_MUSIC)
    if err is not None:
        return err
    me = state.seats[seat]
    give = MOOD if get == CULTURE else CULTURE
    if tokens(me, give) < 1:
        return IllegalAction("no_token_to_give", kind=give)
    if not _room(me, get):
        return IllegalAction("drama_tokens_full", kind=get)
    return None


def drama_offered(state: ClashState, seat: int) -> bool:
    return any(_drama_problem(state, seat, get) is None for get in DRAMA_KINDS)


def drama_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The kind of token gained (the other one is given)."""
    if rest:
        return []
    return [
        Choice(get, f"clash.choice.drama_{get}")
        for get in DRAMA_KINDS
        if _drama_problem(state, seat, get) is None
    ]


def drama_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``drama culture`` or ``drama mood`` (no action)."""
    err = _ability_problem(state, seat, DRAMA_MUSIC)
    if err is not None:
        raise err
    if not rest:
        raise IllegalAction("drama_incomplete")
    get, *extra = rest
    if get not in DRAMA_KINDS:
        raise IllegalAction("bad_drama_token", token=get)
    _no_more(extra)
    err = _drama_problem(state, seat, get)
    if err is not None:
        raise err
    me = state.seats[seat]
    give = MOOD if get == CULTURE else CULTURE
    spend_tokens(me, give, 1)
    kept, _ = take(me, [(get, 1)])
    mark_used(state, DRAMA_MUSIC)
    params = {"player": state.players[seat], "gave": [f"{give}_1"], "got": amounts(kept)}
    return [Event("clash.drama_music", params)]


def _power_problem(state: ClashState, seat: int) -> IllegalAction | None:
    err = _ability_problem(state, seat, ABSOLUTE_POWER)
    if err is not None:
        return err
    if state.seats[seat].mood_tokens < POWER_FEE:
        return IllegalAction("ability_needs_mood_tokens", advance=ABSOLUTE_POWER, count=POWER_FEE)
    if actions_full(state):
        return IllegalAction("actions_full", count=MAX_ACTIONS)
    return None


def power_offered(state: ClashState, seat: int) -> bool:
    return _power_problem(state, seat) is None


def power_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``power``: 2 mood tokens for one more action this turn (no action)."""
    _no_more(rest)
    err = _power_problem(state, seat)
    if err is not None:
        raise err
    spend_tokens(state.seats[seat], MOOD, POWER_FEE)
    mark_used(state, ABSOLUTE_POWER)
    ts = state.turn_state
    state.turn_state = replace(ts, actions_left=ts.actions_left + 1)
    params = {"player": state.players[seat], "count": state.turn_state.actions_left}
    return [Event("clash.extra_action", params)]


#: The entries of :data:`rules.clash.dispatch.grammar.TURN_ACTIONS`, in the order of the advances
#: table (p.2): the ones costing an action, then the free ones.
ABILITY_ACTIONS: tuple[TurnAction, ...] = (
    TurnAction(BARTER, barter_offered, barter_choices, barter_apply),
    TurnAction(TAX, tax_offered, _nothing_follows, tax_apply, alone=True, more=False),
    TurnAction(
        CARTOGRAPHY,
        cartography_offered,
        _nothing_follows,
        cartography_apply,
        alone=True,
        more=False,
    ),
    TurnAction(
        LIBERTIES, liberties_offered, _nothing_follows, liberties_apply, alone=True, more=False
    ),
    TurnAction(DRAMA, drama_offered, drama_choices, drama_apply, costs_action=False),
    TurnAction(
        POWER,
        power_offered,
        _nothing_follows,
        power_apply,
        costs_action=False,
        alone=True,
        more=False,
    ),
)
