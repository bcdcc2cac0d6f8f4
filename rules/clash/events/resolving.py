"""Drawing and resolving an event card (p.5, p.13; docs/clash-cards.md §4; open points C75-C89).

A player whose culture or happiness level reaches 3, 5 or 7 draws the top event card
(:func:`draw`, from :func:`rules.clash.actions.advance_gains.draw_event`, wherever the advance comes
from) and resolves it at once: its corner symbol first, for the drawer only, then its main
effect (:mod:`rules.clash.events.effects`); the card goes to the event discard pile, or to the
drawer's kept cards (E33-E38, used later: :mod:`rules.clash.cards.kept_events`).

**Symbols** (p.13): Gold Mine, 2 Gold; Exhausted, an Exhausted marker on an empty (no unit,
no city) explored land space, not Barren and not already exhausted, next to one of the
drawer's cities, who chooses (``event_exhaust``; with all 4 markers out, one on the board is
moved, the drawer naming which, C77); Barbarians Spawn and Barbarians Attack,
:func:`rules.clash.battles.barbarian_raids.spawn` and
:func:`~rules.clash.battles.barbarian_raids.attack`.

**Myths** (p.2): whenever an event would lower a city's mood, its owner may pay 1 mood token
instead (``event_myths``: ``pay`` or ``lower``), asked only with Myths and a token.

**Steps.** A choice is a nested decision; what follows it waits as a follow-up
(:mod:`rules.clash.events.flow`), which :func:`resume` runs once everything above it is
answered: the dispatcher calls it after every answer. The drawer's Advance does its one-time
effects after the event (C12) the same way.

**Grammar** of the decisions::

    event_city     <space>              the city the card acts on (its purpose says how)
    event_player   @<handle> [@<handle>]   the player chosen (A Good Year: two, once each Food)
    event_pieces   <piece>...            the city pieces lost (Earthquake)
    event_loss     <item>                what is lost: food, wood, ore, ideas, gold, mood,
                                         culture, a hand card (a07), c3-army, c3-settler,
                                         ship2-army (aboard), ship2 (an empty ship)
    event_tokens   mood|culture...       the tokens paid (Uprising) or taken (Era of Stability),
                                         mood first
    event_myths    pay | lower           Myths: pay 1 mood token to keep the city's mood
    event_exhaust  <space> [<from>]      where the Exhausted marker goes (and the one moved)

**Events**: ``clash.event_card`` (``player``, ``card``), ``clash.event_gold_mine``,
``clash.event_exhausted`` (``space``), ``clash.event_exhausted_moved`` (``space``,
``from``), ``clash.event_no_exhausted_space``, ``clash.event_ignored`` (``card``,
``advance``), ``clash.event_no_effect`` (``card``, ``why``), ``clash.event_gained`` /
``clash.event_lost`` (``item``, ``count``), ``clash.event_mood_lowered`` (``space``,
``mood``), ``clash.event_myths`` (``space``), ``clash.event_unit_lost`` (``unit``,
``space``), ``clash.event_card_discarded`` (``card``), ``clash.event_pieces_lost``
(``space``, ``pieces``), ``clash.event_city_destroyed``, ``clash.event_points``
(``points``), ``clash.event_settler`` (``space``), ``clash.event_temple_replaced``
(``space``, ``to``), ``clash.event_table_effect`` (``effect``, ``card``),
``clash.event_kept`` (``card``), and ``clash.wonder_revealed``, ``clash.wonder_lost``; the
kept cards' in :mod:`rules.clash.cards.kept_events`.

**Refusals**: ``not_an_event_answer`` (``token``, ``allowed``), ``choose_event_count``
(``count``), ``too_many_tokens`` (``token``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from rules.clash.battles import barbarian_raids
from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import BARREN, LAND
from rules.clash.box.components import EXHAUSTED_MARKERS, GOLD
from rules.clash.box.event_cards import ATTACK, EVENTS, EXHAUSTED, GOLD_MINE, SPAWN, EventCard
from rules.clash.events import effects
from rules.clash.events.effects import PURPOSE_KIND
from rules.clash.events.flow import (
    FOLLOW_UP,
    MYTHS,
    MYTHS_DECISION,
    ask,
    defer,
    depth,
    later,
    lower_now,
)
from rules.clash.events.steps import CITY, LOSS, PICKS, PIECES, PLAYER, TOKENS
from rules.clash.model import decks
from rules.clash.model.registry import Answer
from rules.clash.model.resources import CULTURE, MOOD, gain
from rules.clash.model.state import TURN, ClashState
from rules.clash.model.terrain import terrains
from rules.core import JSON, Choice, Decision, Event, IllegalAction

EXHAUST: Final = "event_exhaust"
MAIN, ADVANCE_EFFECTS = "main", "advance"


@dataclass(frozen=True, slots=True)
class FollowUp:
    """What a follow-up step (``event_follow_up``, :mod:`rules.clash.events.flow`) does once
    the decisions above it are answered: ``run(state, seat, params)``; ``problem(state, seat,
    params)`` says why its params cannot stand (positions), or None. What it opens is decided
    when it runs, from the state then: a card spent or an advance gained meanwhile counts."""

    run: Callable[[ClashState, int, dict[str, JSON]], list[Event]]
    problem: Callable[[ClashState, int, dict[str, JSON]], str | None]


def _card_problem(state: ClashState, seat: int, params: dict[str, JSON]) -> str | None:
    return None if params.get("card") in EVENTS else "event_follow_up for an unknown card"


def _step(name: str) -> FollowUp:
    def problem(state: ClashState, seat: int, params: dict[str, JSON]) -> str | None:
        return None if params.get("card") in EVENTS else f"event_follow_up step {name!r}"

    return FollowUp(lambda state, seat, p: effects.STEPS[name](state, seat, p), problem)


#: The follow-ups the events own: a card's main effect and its cards' steps. The dispatcher's
#: table (:data:`rules.clash.dispatch.follow_ups.FOLLOW_UPS`) adds the advances' one-time
#: effects after an event (``advance``, C12) and the action cards' steps, which this layer
#: cannot import (imports go one way).
EVENT_FOLLOW_UPS: dict[str, FollowUp] = {
    MAIN: FollowUp(lambda state, seat, p: effects.main(state, seat, p["card"]), _card_problem),
    **{name: _step(name) for name in effects.STEPS},
}
GOLD_MINE_GOLD = 2
PAY, LOWER = "pay", "lower"
#: The kinds of the event decisions (``prompt.clash.<kind>``), answered by :data:`ANSWER`.
KINDS: tuple[str, ...] = (CITY, PLAYER, PIECES, LOSS, TOKENS, MYTHS_DECISION, EXHAUST)


def draw(state: ClashState, seat: int) -> list[Event]:
    """``seat`` draws the top event card and resolves it: symbol, then main effect."""
    card = decks.draw(state, "event")
    player = state.players[seat]
    if card is None:
        return [Event("clash.no_event_left", {"player": player})]
    events = [Event("clash.event_card", {"player": player, "card": card})]
    # Face up at once (so it is somewhere while it is resolved): discarded, or kept.
    me = state.seats[seat]
    if EVENTS[card].kept:
        me.kept_events = (*me.kept_events, card)
        ts = state.turn_state
        if state.phase == TURN and seat == state.active:
            state.turn_state = replace(ts, kept_now=(*ts.kept_now, card))
    else:
        decks.discard(state, "event", card)
    at = depth(state)
    later(state, seat, MAIN, card=card)
    events += _symbol(state, seat, EVENTS[card])
    return events + resume(state, EVENT_FOLLOW_UPS, at)


def resume(state: ClashState, table: Mapping[str, FollowUp], at: int = 0) -> list[Event]:
    """Run the follow-ups on top of the stack (above ``at`` decisions) until a decision
    waits, none is left, or the next is not in ``table`` (a card's own steps never open
    another layer's)."""
    events: list[Event] = []
    while depth(state) > at:
        top = state.prompts.top()
        if top is None or top.kind != FOLLOW_UP or top.params["step"] not in table:
            break
        state.prompts = state.prompts.pop(top.id)
        p = dict(top.params)
        name = str(p.pop("step"))
        events += table[name].run(state, top.seat, p)
    return events


def after_event(state: ClashState, at: int, seat: int, advance: str, had_government: bool) -> bool:
    """Whether the event just drawn left decisions: then the advance's one-time effects are
    put below them (C12) and run when they are answered."""
    if depth(state) == at:
        return False
    defer(state, at, seat, ADVANCE_EFFECTS, advance=advance, had_government=had_government)
    return True


# -- symbols --------------------------------------------------------------------------------


def _symbol(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    player = state.players[seat]
    if card.symbol == GOLD_MINE:
        n = gain(state.seats[seat], GOLD, GOLD_MINE_GOLD)
        return [Event("clash.event_gold_mine", {"player": player, "count": n})]
    if card.symbol == EXHAUSTED:
        return _exhaust(state, seat)
    if card.symbol == SPAWN:
        return barbarian_raids.spawn(state, seat)
    if card.symbol == ATTACK:
        return barbarian_raids.attack(state, seat)
    return []


def exhaust_spaces(state: ClashState, seat: int) -> list[Hex]:
    """Where the Exhausted marker may go (p.13): explored land, not Barren, with no unit and
    no city, not exhausted, next to a city of ``seat``; in board order."""
    terrain = terrains(state)
    taken = set(state.barbarians.cities) | set(state.barbarians.armies)
    for me in state.seats:
        taken |= {c.hex for c in me.cities} | set(me.armies) | set(me.settlers)
    near = {n for c in state.seats[seat].cities for n in c.hex.neighbours()}
    return sorted(
        h
        for h in near
        if terrain.get(h) in LAND
        and terrain.get(h) != BARREN
        and h not in taken
        and h not in state.exhausted
    )


def _full(state: ClashState) -> bool:
    return len(state.exhausted) >= EXHAUSTED_MARKERS


def _exhaust(state: ClashState, seat: int) -> list[Event]:
    spaces = exhaust_spaces(state, seat)
    if not spaces:
        return [Event("clash.event_no_exhausted_space", {"player": state.players[seat]})]
    several = len(spaces) > 1 or (_full(state) and len(state.exhausted) > 1)
    if several and not state.seats[seat].resigned:
        return ask(state, seat, EXHAUST, {})
    moved = min(state.exhausted, key=lambda h: (h.q, h.r)) if _full(state) else None
    return _exhausted(state, seat, spaces[0], moved)


def _exhausted(state: ClashState, seat: int, h: Hex, moved: Hex | None) -> list[Event]:
    state.exhausted = (state.exhausted - {moved} if moved else state.exhausted) | {h}
    params = {"player": state.players[seat], "space": label(h)}
    if moved is None:
        return [Event("clash.event_exhausted", params)]
    return [Event("clash.event_exhausted_moved", {**params, "from": label(moved)})]


# -- the decisions ------------------------------------------------------------------------------


def _params(decision: Decision) -> dict[str, JSON]:
    return dict(decision.params)


def _options(state: ClashState, decision: Decision) -> list[str]:
    p = _params(decision)
    return PICKS[p["purpose"]].options(state, decision.seat, p)


def _token_options(state: ClashState, decision: Decision, prefix: list[str]) -> list[str]:
    """The next token of ``event_tokens``: mood before culture, within what is held (paid)."""
    p = _params(decision)
    if len(prefix) >= int(p["most"]) or any(t not in (MOOD, CULTURE) for t in prefix):
        return []
    me = state.seats[decision.seat]
    paying = EVENTS[p["card"]].effect == "uprising"
    out = []
    for kind, held in ((MOOD, me.mood_tokens), (CULTURE, me.culture_tokens)):
        if kind == MOOD and CULTURE in prefix:
            continue
        if paying and prefix.count(kind) >= held:
            continue
        out.append(kind)
    return out


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    kind, p = decision.kind, _params(decision)
    if kind == MYTHS_DECISION:
        if prefix:
            return []
        return [
            Choice(PAY, "clash.choice.event_myths_pay"),
            Choice(LOWER, "clash.choice.event_myths_lower"),
        ]
    if kind == TOKENS:
        n = len(prefix) + 1
        return [
            Choice(
                t,
                "clash.choice.event_token",
                {"item": t},
                complete=n >= int(p["least"]),
                more=bool(_token_options(state, decision, [*prefix, t])),
            )
            for t in _token_options(state, decision, prefix)
        ]
    if kind == EXHAUST:
        return _exhaust_choices(state, decision, prefix)
    count = int(p.get("count", 1))
    if len(prefix) >= count:
        return []
    opts = _options(state, decision)
    if kind == PIECES:
        # Each set once: in piece order after the last named.
        start = opts.index(prefix[-1]) + 1 if prefix and prefix[-1] in opts else 0
        opts = [
            o for i, o in enumerate(opts) if i >= start and len(opts) - i >= count - len(prefix)
        ]
    elif kind == PLAYER and prefix and prefix[-1] in opts:
        # The same player may be named again, in turn order: each split once.
        opts = opts[opts.index(prefix[-1]) :]
    n = len(prefix) + 1
    return [Choice(o, *_label(state, kind, o), complete=n == count, more=n < count) for o in opts]


def _label(state: ClashState, kind: str, option: str) -> tuple[str, dict[str, JSON]]:
    if kind == CITY:
        return "clash.choice.event_city", {"space": option.upper()}
    if kind == PLAYER:
        return "clash.choice.event_player", {"player": option.removeprefix("@")}
    if kind == PIECES:
        return "clash.choice.event_piece", {"piece": option}
    if option in (MOOD, CULTURE) or option in ("food", "wood", "ore", "ideas", "gold"):
        return "clash.choice.event_item", {"item": option}
    place, dash, unit = option.partition("-")
    if not dash and not place.startswith("ship"):
        return "clash.choice.event_hand_card", {"card": option.upper()}
    if place.startswith("ship"):
        return "clash.choice.event_ship", {"ship": int(place[4:]), "unit": unit or "ship"}
    return "clash.choice.event_unit", {"unit": unit, "space": place.upper()}


def _exhaust_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    spaces = exhaust_spaces(state, decision.seat)
    terrain = terrains(state)
    full = _full(state)
    if not prefix:
        return [
            Choice(
                token(h),
                "clash.choice.event_exhaust",
                {"space": label(h), "terrain": terrain[h]},
                complete=not full,
                more=full,
            )
            for h in spaces
        ]
    if len(prefix) == 1 and full:
        return [
            Choice(token(h), "clash.choice.event_exhaust_from", {"space": label(h)})
            for h in sorted(state.exhausted, key=lambda h: (h.q, h.r))
        ]
    return []


def _refuse(head: str, allowed: list[str]) -> IllegalAction:
    return IllegalAction("not_an_event_answer", token=head, allowed=allowed)


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    kind, p, seat = decision.kind, _params(decision), decision.seat
    # Every token must be offered after the ones before it (the choices are the rules).
    for k, tok in enumerate(toks):
        offered = [c.token for c in _choices(state, decision, toks[:k])]
        if tok not in offered:
            if not offered:
                raise IllegalAction("too_many_tokens", token=tok)
            raise _refuse(tok, offered)
    last = _choices(state, decision, toks[:-1])
    if not any(c.token == toks[-1] and c.complete for c in last):
        raise IllegalAction("choose_event_count", count=int(p.get("count") or p.get("least") or 1))
    state.prompts = state.prompts.pop(decision.id)
    if kind == MYTHS_DECISION:
        h = state.board.parse(p["space"])
        if toks[0] == LOWER:
            return lower_now(state, seat, h)
        state.seats[seat].mood_tokens -= 1
        return [Event("clash.event_myths", {"player": state.players[seat], "space": label(h)})]
    if kind == TOKENS:
        return effects.tokens_chosen(state, seat, p, toks)
    if kind == EXHAUST:
        h = state.board.parse(toks[0])
        moved = state.board.parse(toks[1]) if len(toks) > 1 else None
        return _exhausted(state, seat, h, moved)
    return PICKS[p["purpose"]].chosen(state, seat, p, toks)


def _problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` cannot stand in ``state`` (positions), or None."""
    kind, p, seat = decision.kind, _params(decision), decision.seat
    if state.seats[seat].resigned:
        return f"{kind} decision of a resigned seat"
    if kind == EXHAUST:
        n = len(exhaust_spaces(state, seat))
        if p or not n or (n < 2 and not (_full(state) and len(state.exhausted) > 1)):
            return "event_exhaust decision without a choice"
        return None
    if p.get("card") not in EVENTS:
        return f"{kind} decision for card {p.get('card')!r}"
    try:
        if kind == MYTHS_DECISION:
            city = state.seats[seat].city_at(state.board.parse(str(p["space"])))
            me = state.seats[seat]
            if (
                city is None
                or city.mood == "angry"
                or MYTHS not in me.advances
                or not me.mood_tokens
            ):
                return "event_myths decision without a choice"
            return None
        if kind == TOKENS:
            least, most = int(p["least"]), int(p["most"])
            if not 1 <= least <= most or not _token_options(state, decision, []):
                return "event_tokens decision without a choice"
            return None
        purpose = p.get("purpose")
        if PURPOSE_KIND.get(str(purpose)) != kind:
            return f"{kind} decision for purpose {purpose!r}"
        opts = _options(state, decision)
    except (KeyError, ValueError, TypeError, AssertionError, IllegalAction):
        return f"{kind} decision params {sorted(p)}"
    count = int(p.get("count", 1))
    if len(opts) < 2 or (kind == PIECES and len(opts) <= count):
        return f"{kind} decision without a choice"
    return None


def follow_up_problem(
    state: ClashState, decision: Decision, table: Mapping[str, FollowUp]
) -> str | None:
    """Why the follow-up ``decision`` cannot stand in ``state`` (positions), or None:
    ``table`` is every follow-up there is (:data:`rules.clash.dispatch.follow_ups.FOLLOW_UPS`)."""
    if state.seats[decision.seat].resigned:
        return f"{decision.kind} decision of a resigned seat"
    if state.prompts.top() == decision:
        return "event_follow_up on top of the stack"
    p = _params(decision)
    step = p.pop("step", None)
    if not isinstance(step, str) or step not in table:
        return f"event_follow_up step {step!r}"
    return table[step].problem(state, decision.seat, p)


#: How the event decisions are answered (:data:`rules.clash.dispatch.grammar.DECISIONS`).
ANSWER = Answer(_choices, _apply, _problem)
# The names the dispatcher imports.
EVENT_ANSWER, EVENT_KINDS = ANSWER, KINDS
