"""The Advance action and every other way of gaining an advance (p.7, p.4, p.5, p.2, p.11;
rules reference §3.1, §5.2, §7; open points C12-C20).

The rules are told here, with the Advance action; gaining an advance, whichever way, is
:mod:`rules.clash.actions.advance_gains`.

``advance <id> [<government advance>...] [ideas...] [gold...]`` buys one advance for one
action:

* **Legal** (p.7): not owned [``already_owned``]; the first advance of a category is its top
  advance [``top_advance_first``]; the red prerequisites (Sanitation and Roads need
  Engineering, Navigation Cartography, Taxation Currency, Metallurgy Chemistry) and the
  governments' (Nationalism needs Draft; Voting Philosophy and Dogma State Religion, C14 (a))
  [``needs_advance``].
* **Cost** (p.7, p.2): 2 Food; Steel Weapons 2 Ore more. Ideas may replace Food 1:1 (p.4):
  the action names how many (``ideas`` once per Idea, the rest is Food); Gold stands in for
  whatever is lacking (C6, :mod:`rules.clash.model.resources`) [``cannot_pay_advance``,
  ``too_many_ideas``]; and Gold may pay instead of what the player holds (C133, C138):
  ``gold`` once per Gold after the Ideas (:mod:`rules.clash.model.paying`), each keeping 1
  Food the player would have paid, then 1 Ore [``too_much_gold``]. Without ``gold`` the
  payment is the one above, so an old action pays what it paid. No Food
  for Engineering and Roads with Mathematics, Cartography and Navigation with Astronomy,
  Metallurgy with Chemistry; neither Food nor Ore for Steel Weapons with Metallurgy; once per
  turn no Food for a Science advance with Priesthood (C19 (a): the first Science advance that
  has a Food cost that turn). A waived cost still takes the action (C20).
* **Governments** (p.7, C15): a player owns advances of one government only. Buying the top
  advance of another moves every cube: the new top advance takes one, the player names the
  advances of the new government the others go on (when there is a choice)
  [``place_government_cubes``]; the switch raises no level, gives no token and draws no event,
  and only the top advance counts as gained.

When an advance is gained (bought, free in the status phase, from a card), in this order (C12):
the cube (and so its ongoing ability, Storage's and Dogma's caps included); for a blue or
yellow border (``advances.BORDERS``, C13) the culture or happiness level rises one step (at
most 8) and a culture or mood token is taken (at most 8, even at level 8, p.4); reaching level
3, 5 or 7 draws the top event card (p.5, p.13), resolved at once
(:mod:`rules.clash.events.resolving`);
then, once the event's decisions are answered, the advance's one-time effects:
Engineering reveals the top wonder, Monuments reveals one and reserves a revealed wonder
(the player's choice, a nested decision ``reserve_wonder``), Metallurgy gives 2 Ore to an owner
of Steel Weapons, Philosophy 1 Idea (and 1 Idea for every later Science advance, C17),
Writing draws 1 action and 1 objective card with a government, else when the first government
advance comes (C16 (a)); Free Education gives 1 mood token once per turn when an advance was
paid with Gold and Ideas only (C18 (a)). Then other players' hooks: the Great Library's Idea
(:mod:`rules.clash.actions.library`) and the Synergy cards' window
(:mod:`rules.clash.cards.decisions`). Dogma gives a free
Theocracy advance for each new Temple (p.2):
:func:`rules.clash.actions.advance_gains.dogma_advance`, asked as ``dogma_advance`` when there is a
choice.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from rules.clash.actions.advance_gains import (
    FREE_EDUCATION,
    PRIESTHOOD,
    base_cost,
    buyable,
    cost,
    each_buyable,
    fellows,
    gained,
    payable,
    problem,
    switching,
)
from rules.clash.box.advances import ADVANCE, ADVANCE_IDS
from rules.clash.box.components import FOOD, GOLD, IDEAS, ORE
from rules.clash.model import paying
from rules.clash.model.resources import MOOD, Gold, gain_tokens, gold_problem, pay
from rules.clash.model.state import ClashState
from rules.core import Choice, Event, IllegalAction

IDEAS_TOKEN = "ideas"


@dataclass(frozen=True, slots=True)
class Purchase:
    """An Advance action as written: the advance, where a government switch puts the other
    cubes, how many Ideas pay for Food, and how many Gold pay instead of Food or Ore held."""

    advance: str
    cubes: tuple[str, ...]
    ideas: int
    gold: Gold = ()


# -- reading and checking -------------------------------------------------------------------


def parse(state: ClashState, seat: int, rest: list[str]) -> Purchase:
    head, gold = paying.split(rest)
    if not head:
        raise IllegalAction("advance_needs_a_name")
    advance, *more = head
    cubes: list[str] = []
    ideas = 0
    for tok in more:
        if tok == IDEAS_TOKEN:
            ideas += 1
        elif tok in ADVANCE and not ideas:
            cubes.append(tok)
        else:
            raise IllegalAction("too_many_tokens", token=tok)
    return Purchase(advance, tuple(cubes), ideas, gold)


def purchase_problem(
    state: ClashState, seat: int, p: Purchase, partial: bool = False
) -> IllegalAction | None:
    """Why the purchase is refused (``partial``: tokens may still follow)."""
    me = state.seats[seat]
    err = problem(me, p.advance)
    if err is not None:
        return err
    moved = switching(me, p.advance)
    err = _cubes_problem(p.advance, moved, p.cubes, partial and not p.ideas and not p.gold)
    if err is not None:
        return err
    price = cost(state, seat, p.advance)
    if p.ideas > min(price[FOOD], me.resources[IDEAS]):
        return IllegalAction("too_many_ideas", food=price[FOOD], ideas=me.resources[IDEAS])
    if not payable(me, price, p.ideas):
        later = range(p.ideas, price[FOOD] + 1)
        if partial and not p.gold and any(payable(me, price, k) for k in later):
            return None
        return IllegalAction("cannot_pay_advance", advance=p.advance, **price)
    return gold_problem(me, _left(price, p.ideas), p.gold)


def _left(price: dict[str, int], ideas: int) -> dict[str, int]:
    """What is left to pay in resources once Ideas replaced Food (Gold standing in, or named
    to pay instead of resources held: :func:`rules.clash.model.resources.due`)."""
    return {FOOD: price[FOOD] - ideas, ORE: price[ORE]}


def _costs(state: ClashState, seat: int, rest: list[str]) -> paying.Cost | None:
    """The player and the resources a whole purchase ``rest`` pays (C138), None otherwise."""
    p = parse(state, seat, rest)
    if purchase_problem(state, seat, p) is not None:
        return None
    return state.seats[seat], _left(cost(state, seat, p.advance), p.ideas)


def _cubes_problem(
    advance: str, moved: list[str], cubes: tuple[str, ...], partial: bool
) -> IllegalAction | None:
    others = list(fellows(advance))
    wanted = max(0, len(moved) - 1)
    if not moved and cubes:
        return IllegalAction("too_many_tokens", token=cubes[0])
    for c in cubes:
        if c not in others:
            return IllegalAction("not_in_the_new_government", advance=c, allowed=others)
    if len(set(cubes)) != len(cubes) or len(cubes) > wanted:
        return IllegalAction("place_government_cubes", count=wanted, allowed=others)
    forced = wanted == len(others)
    if len(cubes) < wanted and not forced and not partial:
        return IllegalAction("place_government_cubes", count=wanted, allowed=others)
    return None


# -- the action ------------------------------------------------------------------------------


def offered(state: ClashState, seat: int) -> bool:
    return next(each_buyable(state, seat), None) is not None


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """``advance`` then an advance, the cubes of a switch, then ``ideas``, then ``gold``
    (:func:`rules.clash.model.paying.offer`)."""
    return paying.offer(
        rest, lambda head: _choices(state, seat, head), lambda head: _costs(state, seat, head)
    )


def _choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if not rest:
        return [
            Choice(
                a,
                *_label(state, seat, a),
                complete=_complete(state, seat, [a]),
                more=_has_more(state, seat, [a]),
            )
            for a in buyable(state, seat)
        ]
    out: list[Choice] = []
    for tok in _following(state, seat, rest):
        ext = [*rest, tok]
        complete = _complete(state, seat, ext)
        more = _has_more(state, seat, ext)
        if not complete and not more:
            continue
        if tok == IDEAS_TOKEN:
            out.append(Choice(tok, "clash.choice.ideas", {}, complete=complete, more=more))
        else:
            params = {"advance": tok}
            out.append(Choice(tok, "clash.choice.cube", params, complete=complete, more=more))
    return out


def _label(state: ClashState, seat: int, advance: str) -> tuple[str, dict[str, str | int]]:
    """The choice label of an advance with its price."""
    price = cost(state, seat, advance)
    if price[ORE]:
        return "clash.choice.advance_ore", {"advance": advance, **price}
    if price[FOOD]:
        return "clash.choice.advance", {"advance": advance, "food": price[FOOD]}
    return "clash.choice.advance_free", {"advance": advance}


def _complete(state: ClashState, seat: int, rest: list[str]) -> bool:
    try:
        return purchase_problem(state, seat, parse(state, seat, rest)) is None
    except IllegalAction:
        return False


def _following(state: ClashState, seat: int, rest: list[str]) -> Iterator[str]:
    """The tokens that may follow ``rest`` (more may be needed after them), in board order
    then ``ideas`` (``gold`` after them: :func:`choices`)."""
    me = state.seats[seat]
    # Cubes (advances) follow only an advance that switches the government (p.7): the rest
    # of the board need not be tried otherwise.
    cubes = bool(rest) and problem(me, rest[0]) is None and bool(switching(me, rest[0]))
    for tok in (*ADVANCE_IDS, IDEAS_TOKEN) if cubes else (IDEAS_TOKEN,):
        if tok in rest and tok != IDEAS_TOKEN:
            continue
        try:
            p = parse(state, seat, [*rest, tok])
        except IllegalAction:
            continue
        if purchase_problem(state, seat, p, partial=True) is None:
            yield tok


def _has_more(state: ClashState, seat: int, rest: list[str]) -> bool:
    return next(_following(state, seat, rest), None) is not None


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """Buy the advance (the action is spent by the dispatcher)."""
    p = parse(state, seat, rest)
    err = purchase_problem(state, seat, p)
    if err is not None:
        raise err
    me = state.seats[seat]
    price = cost(state, seat, p.advance)
    if price[FOOD] < base_cost(me, p.advance)[FOOD]:
        _use(state, PRIESTHOOD)
    if p.ideas:
        me.resources[IDEAS] -= p.ideas
    paid = pay(me, _left(price, p.ideas), p.gold)
    if p.ideas:
        paid[IDEAS] = p.ideas
    events = [
        Event(
            "clash.advance_bought",
            {
                "player": state.players[seat],
                "advance": p.advance,
                "paid": [f"{k}_{v}" for k, v in sorted(paid.items())],
            },
        )
    ]
    only_gold_ideas = sum(paid.values()) > 0 and set(paid) <= {GOLD, IDEAS}
    free_education = FREE_EDUCATION in me.advances and FREE_EDUCATION not in state.turn_state.used
    if only_gold_ideas and free_education:
        _use(state, FREE_EDUCATION)
        if gain_tokens(me, MOOD, 1):
            events.append(Event("clash.free_education", {"player": state.players[seat]}))
    return events + gained(state, seat, p.advance, p.cubes)


def _use(state: ClashState, ability: str) -> None:
    state.turn_state = replace(state.turn_state, used=state.turn_state.used | {ability})
