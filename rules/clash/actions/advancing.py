"""The Advance action and every other way of gaining an advance (p.7, p.4, p.5, p.2, p.11;
rules reference §3.1, §5.2, §7; open points C12-C20).

``advance <id> [<government advance>...] [ideas...]`` buys one advance for one action:

* **Legal** (p.7): not owned [``already_owned``]; the first advance of a category is its top
  advance [``top_advance_first``]; the red prerequisites (Sanitation and Roads need
  Engineering, Navigation Cartography, Taxation Currency, Metallurgy Chemistry) and the
  governments' (Nationalism needs Draft; Voting Philosophy and Dogma State Religion, C14 (a))
  [``needs_advance``].
* **Cost** (p.7, p.2): 2 Food; Steel Weapons 2 Ore more. Ideas may replace Food 1:1 (p.4):
  the action names how many (``ideas`` once per Idea, the rest is Food); Gold stands in for
  whatever is lacking (C6, :mod:`rules.clash.model.resources`) [``cannot_pay_advance``,
  ``too_many_ideas``]. No Food for Engineering and Roads with Mathematics, Cartography and
  Navigation with Astronomy, Metallurgy with Chemistry; neither Food nor Ore for Steel Weapons
  with Metallurgy; once per turn no Food for a Science advance with Priesthood (C19 (a): the
  first Science advance that has a Food cost that turn). A waived cost still takes the action
  (C20).
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
Theocracy advance for each new Temple (p.2): :func:`dogma_advance`, asked as
``dogma_advance`` when there is a choice.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, replace

from rules.clash.actions import library
from rules.clash.box.advances import (
    ADVANCE,
    ADVANCE_IDS,
    BORDERS,
    CULTURE,
    GOVERNMENTS,
    in_order,
    top,
)
from rules.clash.box.components import FOOD, GOLD, IDEAS, ORE, TRACK_MAX, storage_limit
from rules.clash.events import resolving as event_draw
from rules.clash.events.flow import defer
from rules.clash.model import decks
from rules.clash.model.civil_cards import IDEA_SYNERGY, TECH_SYNERGY, held
from rules.clash.model.registry import Answer
from rules.clash.model.resources import CULTURE as CULTURE_TOKEN
from rules.clash.model.resources import MOOD, can_pay, enforce_caps, gain, gain_tokens, pay
from rules.clash.model.state import TURN, ClashState, PlayerState
from rules.core import Choice, Decision, Event, IllegalAction

ADVANCE_FOOD = 2
STEEL_WEAPONS_ORE = 2
IDEAS_TOKEN = "ideas"
#: Levels that draw an event card when reached (p.5, p.13).
EVENT_LEVELS = frozenset({3, 5, 7})
#: Advances whose Food cost another advance waives (p.2).
FOOD_WAIVERS: dict[str, str] = {
    "engineering": "mathematics",
    "roads": "mathematics",
    "cartography": "astronomy",
    "navigation": "astronomy",
    "metallurgy": "chemistry",
    "steel_weapons": "metallurgy",
}
PRIESTHOOD = "priesthood"
FREE_EDUCATION = "free_education"
RESERVE_WONDER = "reserve_wonder"
#: The decision of Tech Synergy and Idea Synergy after an advance (C106).
SYNERGY = "synergy"
#: The follow-up that opens the Synergy window once an advance's event is over.
SYNERGY_WINDOW = "synergy_window"


@dataclass(frozen=True, slots=True)
class Purchase:
    """An Advance action as written: the advance, where a government switch puts the other
    cubes, and how many Ideas pay for Food."""

    advance: str
    cubes: tuple[str, ...]
    ideas: int


# -- legality -------------------------------------------------------------------------------


def problem(me: PlayerState, advance: str) -> IllegalAction | None:
    """Why ``me`` may not gain ``advance`` at all (whatever it costs), or None."""
    if advance not in ADVANCE:
        return IllegalAction("unknown_advance", token=advance)
    a = ADVANCE[advance]
    if advance in me.advances:
        return IllegalAction("already_owned", advance=advance)
    owned = not me.advances.isdisjoint(_fellows(advance))  # ``advance`` itself is not owned
    first = top(a.category)
    if not owned and advance != first:
        return IllegalAction("top_advance_first", advance=advance, top=first)
    if a.requires is not None and a.requires not in me.advances:
        return IllegalAction("needs_advance", advance=advance, needs=a.requires)
    return None


def switching(me: PlayerState, advance: str) -> list[str]:
    """The advances of the old government whose cubes move, when ``advance`` is the top of
    another government (p.7); empty otherwise."""
    category = ADVANCE[advance].category
    old = me.government
    if category not in GOVERNMENTS or old is None or old == category:
        return []
    return in_order({x for x in me.advances if ADVANCE[x].category == old})


def base_cost(me: PlayerState, advance: str) -> dict[str, int]:
    """The price of ``advance`` with the waivers of other advances (p.2, C20)."""
    food = ADVANCE_FOOD
    ore = STEEL_WEAPONS_ORE if advance == "steel_weapons" else 0
    waiver = FOOD_WAIVERS.get(advance)
    if waiver is not None and waiver in me.advances:
        food = 0
        if advance == "steel_weapons":
            ore = 0
    return {FOOD: food, ORE: ore}


def cost(state: ClashState, seat: int, advance: str) -> dict[str, int]:
    """What buying ``advance`` costs ``seat`` now (before any Ideas replace Food): the base
    price, without Food when Priesthood's once-per-turn waiver applies (C19)."""
    price = base_cost(state.seats[seat], advance)
    if price[FOOD] and _priesthood_applies(state, seat, advance):
        price[FOOD] = 0
    return price


def _priesthood_applies(state: ClashState, seat: int, advance: str) -> bool:
    me = state.seats[seat]
    # "Once per turn": the status phase (Tech Synergy after the free advance) has no turn.
    return (
        state.phase == TURN
        and PRIESTHOOD in me.advances
        and ADVANCE[advance].category == "science"
        and PRIESTHOOD not in state.turn_state.used
    )


def _payable(me: PlayerState, price: dict[str, int], ideas: int) -> bool:
    return (
        ideas <= me.resources[IDEAS]
        and ideas <= price[FOOD]
        and can_pay(me, {FOOD: price[FOOD] - ideas, ORE: price[ORE]})
    )


def affordable(state: ClashState, seat: int, advance: str) -> bool:
    """Whether some payment buys ``advance``."""
    me = state.seats[seat]
    price = cost(state, seat, advance)
    return any(_payable(me, price, k) for k in range(price[FOOD] + 1))


def buyable(state: ClashState, seat: int) -> list[str]:
    """The advances ``seat`` can buy now, in board order."""
    return list(_buyable(state, seat))


def _buyable(state: ClashState, seat: int) -> Iterator[str]:
    me = state.seats[seat]
    return (a for a in ADVANCE_IDS if problem(me, a) is None and affordable(state, seat, a))


def gainable(me: PlayerState) -> list[str]:
    """The advances ``me`` may gain for free (status phase, cards), in board order."""
    return [a for a in ADVANCE_IDS if problem(me, a) is None]


# -- reading and checking -------------------------------------------------------------------


def parse(state: ClashState, seat: int, rest: list[str]) -> Purchase:
    if not rest:
        raise IllegalAction("advance_needs_a_name")
    advance, *more = rest
    cubes: list[str] = []
    ideas = 0
    for tok in more:
        if tok == IDEAS_TOKEN:
            ideas += 1
        elif tok in ADVANCE and not ideas:
            cubes.append(tok)
        else:
            raise IllegalAction("too_many_tokens", token=tok)
    return Purchase(advance, tuple(cubes), ideas)


def purchase_problem(
    state: ClashState, seat: int, p: Purchase, partial: bool = False
) -> IllegalAction | None:
    """Why the purchase is refused (``partial``: tokens may still follow)."""
    me = state.seats[seat]
    err = problem(me, p.advance)
    if err is not None:
        return err
    moved = switching(me, p.advance)
    err = _cubes_problem(p.advance, moved, p.cubes, partial and not p.ideas)
    if err is not None:
        return err
    price = cost(state, seat, p.advance)
    if p.ideas > min(price[FOOD], me.resources[IDEAS]):
        return IllegalAction("too_many_ideas", food=price[FOOD], ideas=me.resources[IDEAS])
    if not _payable(me, price, p.ideas):
        if partial and any(_payable(me, price, k) for k in range(p.ideas, price[FOOD] + 1)):
            return None
        return IllegalAction("cannot_pay_advance", advance=p.advance, **price)
    return None


def _cubes_problem(
    advance: str, moved: list[str], cubes: tuple[str, ...], partial: bool
) -> IllegalAction | None:
    others = list(_fellows(advance))
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


@functools.cache
def _fellows(advance: str) -> tuple[str, ...]:
    """The other advances of the category of ``advance``, in board order (cached: the board
    never changes)."""
    category = ADVANCE[advance].category
    return tuple(a for a in ADVANCE_IDS if ADVANCE[a].category == category and a != advance)


# -- the action ------------------------------------------------------------------------------


def offered(state: ClashState, seat: int) -> bool:
    return next(_buyable(state, seat), None) is not None


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """``advance`` then an advance, the cubes of a switch, then ``ideas``."""
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
    then ``ideas``."""
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
    paid = pay(me, {FOOD: price[FOOD] - p.ideas, ORE: price[ORE]})
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


# -- gaining --------------------------------------------------------------------------------


def gained(state: ClashState, seat: int, advance: str, cubes: tuple[str, ...] = ()) -> list[Event]:
    """``seat`` gains ``advance`` (legality checked by the caller): cube, level and token,
    event, one-time effects, in the order of C12; a government switch moves the cubes. Then
    the "when you get an advance" window of Tech Synergy and Idea Synergy
    (:func:`_synergy_window`)."""
    depth = len(state.prompts.decisions)
    events = _gain(state, seat, advance, cubes)
    _synergy_window(state, seat, advance, depth)
    return events


def _synergy_window(state: ClashState, seat: int, advance: str, depth: int) -> None:
    """A player holding Tech Synergy or Idea Synergy that can act now may play it
    (``synergy``, answered in :mod:`rules.clash.cards.decisions`), after what the advance
    asked (a wonder to reserve, an event's: ``clash-cards.md`` §8.1 (f)). When it asked
    something, the window waits beneath as a follow-up and opens when that is answered, if a
    card can still be played then (it may have been spent in a barbarian attack the event
    brought). Only a player who can play one now gets the window."""
    if state.seats[seat].resigned or not synergy_cards(state, seat, advance, []):
        return
    if len(state.prompts.decisions) > depth:
        defer(state, depth, seat, SYNERGY_WINDOW, advance=advance)
    else:
        _open_synergy(state, seat, {"advance": advance})


def _open_synergy(state: ClashState, seat: int, params: dict[str, object]) -> list[Event]:
    advance = str(params["advance"])
    if not state.seats[seat].resigned and synergy_cards(state, seat, advance, []):
        state.prompts = state.prompts.push(synergy_decision(state, seat, advance, []))
    return []


def _synergy_window_problem(state: ClashState, seat: int, params: dict[str, object]) -> str | None:
    if set(params) != {"advance"} or params["advance"] not in ADVANCE:
        return f"synergy window params {dict(params)}"
    return None


def same_category(state: ClashState, seat: int, advance: str) -> list[str]:
    """The advances of ``advance``'s category that ``seat`` can buy now (Tech Synergy)."""
    category = ADVANCE[advance].category
    return [a for a in buyable(state, seat) if ADVANCE[a].category == category]


def synergy_cards(state: ClashState, seat: int, advance: str, played: list[str]) -> list[str]:
    """The Synergy cards ``seat`` may play now for ``advance`` (one per kind)."""
    me = state.seats[seat]
    out = []
    tech, ideas = held(me, TECH_SYNERGY), held(me, IDEA_SYNERGY)
    if tech and TECH_SYNERGY not in played and same_category(state, seat, advance):
        out.append(tech[0])
    room = me.resources[IDEAS] < storage_limit(me.advances, IDEAS)
    if ideas and IDEA_SYNERGY not in played and room:
        out.append(ideas[0])
    return out


def synergy_decision(state: ClashState, seat: int, advance: str, played: list[str]) -> Decision:
    """The ``synergy`` decision for ``advance`` (not pushed: the caller places it)."""
    depth = len(state.prompts.decisions)
    pid = f"{SYNERGY}:{state.round}.{state.turn}.{seat}.{advance}.{len(played)}.{depth}"
    params = {"advance": advance, "played": list(played)}
    return Decision(pid, seat, SYNERGY, params, state.active if state.phase == TURN else None)


def _gain(state: ClashState, seat: int, advance: str, cubes: tuple[str, ...]) -> list[Event]:
    me = state.seats[seat]
    player = state.players[seat]
    moved = switching(me, advance)
    had_government = me.government is not None
    # The Great Library looks at what its owner lacks when the advance comes (p.15).
    library_events = library.idea(state, seat, advance)
    if moved:
        others = [
            a
            for a in ADVANCE_IDS
            if ADVANCE[a].category == ADVANCE[advance].category and a != advance
        ]
        # Every other advance of the new government, when the moved cubes fill them all.
        placed = list(cubes) if len(cubes) == len(moved) - 1 else others
        me.advances = (me.advances - set(moved)) | {advance, *placed}
        enforce_caps(me)  # switching into Theocracy with Dogma caps Ideas at 2 too (C7)
        return [
            Event(
                "clash.government_switched",
                {"player": player, "advance": advance, "moved": moved, "placed": placed},
            ),
            *library_events,
        ]
    me.advances = me.advances | {advance}
    enforce_caps(me)
    events: list[Event] = []
    border = BORDERS.get(advance)
    if border is not None:
        at = len(state.prompts.decisions)
        events += _level_up(state, seat, border)
        if event_draw.after_event(state, at, seat, advance, had_government):
            return events + library_events
    return events + one_time(state, seat, advance, had_government) + library_events


def _level_up(state: ClashState, seat: int, border: str) -> list[Event]:
    """A bordered advance: the level one step up (at most 8) and a token (p.4, p.5)."""
    me = state.seats[seat]
    name = "culture_level" if border == CULTURE else "happiness_level"
    before = getattr(me, name)
    level = min(TRACK_MAX, before + 1)
    setattr(me, name, level)
    token_kind = CULTURE_TOKEN if border == CULTURE else MOOD
    took = gain_tokens(me, token_kind, 1)
    player = state.players[seat]
    events = [
        Event(
            "clash.level_rose",
            {"player": player, "track": border, "level": level, "token": took},
        )
    ]
    if level != before and level in EVENT_LEVELS:
        events += draw_event(state, seat)
    return events


def draw_event(state: ClashState, seat: int) -> list[Event]:
    """Draw the top event card and resolve it (p.5, p.13; :mod:`rules.clash.events.resolving`)."""
    return event_draw.draw(state, seat)


def one_time(state: ClashState, seat: int, advance: str, had_government: bool) -> list[Event]:
    me = state.seats[seat]
    player = state.players[seat]
    events: list[Event] = []
    if advance in ("engineering", "monuments"):
        wonder = decks.reveal_wonder(state)
        if wonder is not None:
            events.append(Event("clash.wonder_revealed", {"player": player, "wonder": wonder}))
        if advance == "monuments":
            events += _ask_reservation(state, seat)
    if advance == "metallurgy" and "steel_weapons" in me.advances:
        events.append(_gained(state, seat, ORE, 2, advance))
    science = ADVANCE[advance].category == "science"
    if advance == "philosophy" or (science and "philosophy" in me.advances):
        events.append(_gained(state, seat, IDEAS, 1, "philosophy"))
    first_government = not had_government and me.government is not None
    writing_now = advance == "writing" and me.government is not None
    if writing_now or (first_government and "writing" in me.advances):
        events += decks.draw_hand_cards(state, seat)
    return events


# The one-time effects follow an event the advance drew, once its decisions are answered.
event_draw.ADVANCE_FOLLOW_UP[:] = [one_time]
event_draw.LATER[SYNERGY_WINDOW] = event_draw.Later(_open_synergy, _synergy_window_problem)


def _gained(state: ClashState, seat: int, resource: str, n: int, why: str) -> Event:
    kept = gain(state.seats[seat], resource, n)
    return Event(
        "clash.gained",
        {"player": state.players[seat], "resource": resource, "count": kept, "from": why},
    )


# -- Monuments' reservation -----------------------------------------------------------------


def _reservable(state: ClashState) -> list[str]:
    cards = state.cards
    return [w for w in cards.revealed if w not in cards.reserved]


def _ask_reservation(state: ClashState, seat: int) -> list[Event]:
    """Monuments reserves a revealed wonder for its owner (p.2, C27): asked when there is a
    choice, taken at once when one wonder is open."""
    open_ = _reservable(state)
    if not open_:
        return []
    if len(open_) == 1:
        return _reserve(state, seat, open_[0])
    # Monuments may come in another player's turn (Tech Exchange) or in the status phase.
    turn = state.active if state.phase == TURN else None
    decision = Decision(
        f"reserve:{state.round}.{state.turn}.{seat}", seat, RESERVE_WONDER, {}, turn
    )
    state.prompts = state.prompts.push(decision)
    return []


def _reserve(state: ClashState, seat: int, wonder: str) -> list[Event]:
    state.cards = replace(state.cards, reserved={**state.cards.reserved, wonder: seat})
    return [Event("clash.wonder_reserved", {"player": state.players[seat], "wonder": wonder})]


def _reservation_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [Choice(w, f"clash.wonder.{w}") for w in _reservable(state)]


def _answer_reservation(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    if head not in _reservable(state):
        raise IllegalAction("not_a_revealed_wonder", token=head, allowed=_reservable(state))
    state.prompts = state.prompts.pop(decision.id)
    return _reserve(state, decision.seat, head)


def _reservation_problem(state: ClashState, decision: Decision) -> str | None:
    if len(_reservable(state)) < 2:
        return "reservation_without_a_choice"
    return None


RESERVATION = Answer(_reservation_choices, _answer_reservation, _reservation_problem)


# -- Dogma's free advance ---------------------------------------------------------------------

DOGMA_ADVANCE = "dogma_advance"


def _theocracy_open(state: ClashState, seat: int) -> list[str]:
    return [a for a in gainable(state.seats[seat]) if ADVANCE[a].category == "theocracy"]


def dogma_advance(state: ClashState, seat: int) -> list[Event]:
    """Dogma: each new Temple gives a free Theocracy advance (p.2): gained at once when one is
    open, asked (``dogma_advance``) when the player has a choice, nothing when none is left."""
    if "dogma" not in state.seats[seat].advances:
        return []
    open_ = _theocracy_open(state, seat)
    if not open_:
        return []
    if len(open_) == 1:
        return _dogma_gain(state, seat, open_[0])
    pid = f"dogma:{state.round}.{state.turn}.{seat}.{state.turn_state.actions_left}"
    state.prompts = state.prompts.push(Decision(pid, seat, DOGMA_ADVANCE, {}, state.active))
    return []


def _dogma_gain(state: ClashState, seat: int, advance: str) -> list[Event]:
    events = [Event("clash.dogma_advance", {"player": state.players[seat], "advance": advance})]
    return events + gained(state, seat, advance)


def _dogma_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [
        Choice(a, "clash.choice.advance_free", {"advance": a})
        for a in _theocracy_open(state, decision.seat)
    ]


def _answer_dogma(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    allowed = _theocracy_open(state, decision.seat)
    if head not in allowed:
        raise IllegalAction("not_a_theocracy_advance", token=head, allowed=allowed)
    state.prompts = state.prompts.pop(decision.id)
    return _dogma_gain(state, decision.seat, head)


def _dogma_problem(state: ClashState, decision: Decision) -> str | None:
    if "dogma" not in state.seats[decision.seat].advances:
        return "dogma_advance_without_dogma"
    if len(_theocracy_open(state, decision.seat)) < 2:
        return "dogma_advance_without_a_choice"
    return None


DOGMA = Answer(_dogma_choices, _answer_dogma, _dogma_problem)
