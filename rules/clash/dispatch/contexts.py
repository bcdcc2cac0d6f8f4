"""What the game waits for now: one ordered table of contexts, the only place that decides.

``pending`` (who is asked), ``choices`` (the next tokens), ``apply_tokens`` (what an action
does) and the heuristic player (:mod:`rules.clash.player.policy`) all ask :func:`current`, which
walks :data:`CONTEXTS` in order and takes the first that holds:

0. ``ahead``: the free advance of the coming status phase, asked of a player ahead
   (:func:`rules.clash.rounds.status_phase.asked_ahead`): once their last turn of the round
   is over, while the others still play theirs (C130), and while step 1 is open (C128). It
   is that seat's answer whatever else goes on (a turn, a battle), but for a trading head
   and for a decision of their own, which comes first. A seat asked ahead who may also trade
   gets both menus at once.
1. ``decision``: a nested decision on the state's :class:`rules.core.PromptStack` (a battle's,
   an event's, an action card's, a status step's objective...): its seat answers it before
   anything else (:data:`rules.clash.dispatch.grammar.DECISIONS`).
2. ``trading``: a trading head (``trade``, ``withdraw``, ``accept``, ``refuse``) from anyone,
   or anything from a player other than the active one in a turn
   (:mod:`rules.clash.actions.trading`, which refuses it outside the turn's gaps, with a
   reason: "only between actions", "not in the status phase").
3. ``under_way``: the decision of an action under way, also on the stack: the Move action's
   next group (or ``done``) and an exploration's step (:mod:`rules.clash.model.under_way`).
4. ``status``: the status phase's step, asked of every seat with a part in it at once
   (:mod:`rules.clash.rounds.status_phase`, C127), and the free advance asked ahead of the
   others while step 1 is open (C128).
5. ``turn``: the active player's turn between actions: an action of p.7, an ability, a card,
   trading, ``end`` (:mod:`rules.clash.dispatch.grammar`).

A context's ``prompts`` are who is asked while it holds (and, whatever the context, the free
advances asked ahead, ``must`` but blocking nobody): the decision's seat; the status
step's seats still to answer; in a turn, the active player (``must``) and, may-act, every
other player who may offer a trade to them (``trade``) or answer an offer (``trade_offer``).
The game never waits for a may-act prompt. ``trading`` asks nobody of its own: it is the turn's.

Prompt ids are unique per turn (``turn:<round>.<turn>.<seat>.<actions left>``, so that a
picker prepared for one action is refused after it), per status step and
ask (``status:<round>.<step>.<seat>.<times asked again>``), per trading moment
(``trade:<round>.<turn>.<seat>.<offers made>.<one open>``,
``offer:<round>.<turn>.<offerer>.<partner>.<number>``) and, for decisions, their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from rules.clash.actions import trade_offers, trading
from rules.clash.dispatch import grammar
from rules.clash.model import under_way
from rules.clash.model.state import STATUS, TURN, ClashState
from rules.clash.rounds import status_phase
from rules.clash.rounds.status_phase import KINDS
from rules.core import Choice, Event, IllegalAction, Prompt, deciding, too_long

#: Whether a context holds for ``seat`` typing ``head`` (``seat`` None: who is asked; ``head``
#: None: no token yet).
Holds = Callable[[ClashState, int | None, str | None], bool]


@dataclass(frozen=True, slots=True)
class Context:
    """One kind of moment the game waits in, with everything each caller needs of it."""

    name: str
    holds: Holds
    #: Who is asked while it holds (empty for a context that asks nobody of its own).
    prompts: Callable[[ClashState], list[Prompt]]
    choices: Callable[[ClashState, int, list[str]], list[Choice]]
    apply: Callable[[ClashState, int, list[str]], list[Event]]


def _ahead(state: ClashState, seat: int | None, head: str | None) -> bool:
    if seat is None or head in trade_offers.HEADS:
        return False
    top = state.prompts.top()
    mine = top is not None and top.seat == seat
    return not mine and seat in status_phase.asked_ahead(state)


def _nested(state: ClashState, seat: int | None, head: str | None) -> bool:
    top = state.prompts.top()
    return top is not None and not under_way.under_way(top)


def _trading(state: ClashState, seat: int | None, head: str | None) -> bool:
    if seat is None:
        return False
    return head in trade_offers.HEADS or (state.phase == TURN and seat != state.active)


def _under_way(state: ClashState, seat: int | None, head: str | None) -> bool:
    return under_way.under_way(state.prompts.top())


def _status(state: ClashState, seat: int | None, head: str | None) -> bool:
    return state.phase == STATUS and state.status is not None


def _turn(state: ClashState, seat: int | None, head: str | None) -> bool:
    return state.phase == TURN


def _top_prompt(state: ClashState) -> list[Prompt]:
    return state.prompts.pending()


def _nobody(state: ClashState) -> list[Prompt]:
    return []


def _status_prompts(state: ClashState) -> list[Prompt]:
    status = state.status
    if status is None:
        return []
    return [
        _status_prompt(state, status.step, seat, status.again.count(seat))
        for seat in status.waiting
    ]


def _ahead_prompts(state: ClashState) -> list[Prompt]:
    """Step 2 asked ahead (C128, C130), under the id step 2 itself gives: the picker stays
    good. Not of the seat a decision of their own waits for (it comes first)."""
    top = state.prompts.top()
    step = status_phase.FREE_ADVANCE
    return [
        _status_prompt(state, step, seat, 0)
        for seat in status_phase.asked_ahead(state)
        if top is None or top.seat != seat
    ]


def _ahead_choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """The free advance asked ahead and, before a first token, the trading heads the seat
    may also use."""
    found = status_phase.choices(state, seat, prefix)
    return found if prefix else found + trading.choices(state, seat, [])


def _status_prompt(state: ClashState, step: int, seat: int, again: int) -> Prompt:
    """``seat``'s prompt for ``step``: the same id while the parts before its own are carried
    out (its open picker stays good), another each time it is asked again."""
    params = {"round": state.round, "step": step}
    pid = f"status:{state.round}.{step}.{seat}.{again}"
    return Prompt(seat, KINDS.get(step, "status"), params, True, None, pid)


def _turn_prompts(state: ClashState) -> list[Prompt]:
    seat = state.active
    ts = state.turn_state
    base = f"{state.round}.{state.turn}.{seat}.{ts.actions_left}"
    params = {"round": state.round, "turn": state.turn, "count": ts.actions_left}
    return [Prompt(seat, "turn", params, True, seat, f"turn:{base}"), *_trades(state)]


def _trades(state: ClashState) -> list[Prompt]:
    """The may-act prompts of trading: offering to the active player, answering an offer."""
    active, who = state.active, state.players[state.active]
    here = f"{state.round}.{state.turn}"
    out: list[Prompt] = []
    for seat in trade_offers.offering(state):
        count = trade_offers.made(state, seat, active)
        open_ = int(trade_offers.between(state, seat, active) is not None)
        pid = f"trade:{here}.{seat}.{count}.{open_}"
        out.append(Prompt(seat, "trade", {"player": who}, False, active, pid))
    for offer in trade_offers.answerable(state):
        seat = offer.partner
        pid = f"offer:{here}.{offer.offerer}.{seat}.{offer.number}"
        params = {
            "player": state.players[offer.offerer],
            "give": trade_offers.public_items(offer.give),
            "want": trade_offers.public_items(offer.want),
        }
        out.append(Prompt(seat, "trade_offer", params, False, active, pid))
    return out


#: The contexts in the order they are asked (the module's docstring says why this order).
CONTEXTS: Final[tuple[Context, ...]] = (
    Context("ahead", _ahead, _nobody, _ahead_choices, status_phase.apply),
    Context("decision", _nested, _top_prompt, grammar.answer_choices, grammar.answer),
    Context("trading", _trading, _nobody, trading.choices, trading.apply),
    Context("under_way", _under_way, _top_prompt, grammar.answer_choices, grammar.answer),
    Context("status", _status, _status_prompts, status_phase.choices, status_phase.apply),
    Context("turn", _turn, _turn_prompts, grammar.turn_choices, grammar.turn_apply),
)


def current(state: ClashState, seat: int | None = None, head: str | None = None) -> Context | None:
    """The context the game is in for ``seat`` typing ``head`` (None: over, or waiting for
    nobody)."""
    if state.outcome is not None:
        return None
    return next((c for c in CONTEXTS if c.holds(state, seat, head)), None)


def pending(state: ClashState) -> list[Prompt]:
    """Every prompt open now: one seat must act (turns and status steps go in turn order),
    others may trade between the active player's actions."""
    context = current(state)
    return [] if context is None else context.prompts(state) + _ahead_prompts(state)


def prompted(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` has a prompt now."""
    return any(p.seat == seat for p in pending(state))


def choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """The legal next tokens of ``seat`` after ``prefix``."""
    if not prompted(state, seat) or too_long(prefix):
        return []
    context = current(state, seat, prefix[0] if prefix else None)
    return [] if context is None else context.choices(state, seat, prefix)


def apply_tokens(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """Resolve the action ``toks`` of ``seat`` on the engine's private copy; the trade offers
    it made lapse (the turn ended, an offerer gave away what it offered) are told after it."""
    if not prompted(state, seat):
        raise IllegalAction("not_your_turn", waiting=sorted(deciding(pending(state))))
    context = current(state, seat, toks[0])
    assert context is not None
    before = trade_offers.mark(state)
    return context.apply(state, seat, toks) + trade_offers.settle(state, before)
