"""Who must decide now.

Prompt kinds (``prompt.clash.<kind>``): ``turn`` (the active player's turn), ``move`` (a Move
action under way: its next group or ``done``), ``explore_layout``, ``explore_barbarians`` and
``explore_ship_space`` (the explorer's choices while a region is placed), ``objectives``,
``free_advance``, ``raze`` and ``first_player`` (the status phase's decisions,
:mod:`rules.clash.rounds.status_phase`); the nested decisions ``objective`` (an immediate objective
to complete, :mod:`rules.clash.rounds.objectives`), ``influence`` (boosting a Cultural Influence
roll), ``reserve_wonder`` (Monuments), ``dogma_advance`` (Dogma), ``trade_routes`` (Currency),
``pyramids`` and ``lighthouse`` (the Great Pyramids' attempts, the Great Lighthouse's move), the
battles' (``battle``, ``siege``, ``casualties``, ``refugees``, ``barbarian_city``,
``fanaticism``, :mod:`rules.clash.battles.combat`), the barbarians'
(:mod:`rules.clash.battles.barbarians`), the events' (:mod:`rules.clash.events.resolving`) and the
action cards' (``synergy``, ``spies``, ``new_goals``, ``tech_exchange``,
:mod:`rules.clash.cards.decisions`) come from the state's prompt stack. A nested
decision on the state's :class:`rules.core.PromptStack` is asked before any. Ids are unique per
turn (``turn:<round>.<turn>.<seat>``, with the actions left, so that a picker prepared for one
action is refused after it), per group of a Move action and per exploration step, and per
status step (``status:<round>.<step>.<seat>``).

Trading (:mod:`rules.clash.actions.trading`) adds may-act prompts (``must`` false) between the
active player's actions: ``trade`` for every other player still in the game who may offer to the
active player or withdraw their offer, and ``trade_offer`` for the partner of each open
offer, with what it gives and wants as the public events tell it. Their ids:
``trade:<round>.<turn>.<seat>.<offers made>.<one open>`` and
``offer:<round>.<turn>.<offerer>.<partner>.<number>``. The game never waits for them.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.clash.actions import trade_offers
from rules.clash.board.hexes import label
from rules.clash.model.state import STATUS, TURN, ClashState
from rules.clash.rounds.status_phase import KINDS
from rules.core import Prompt


def pending(state: ClashState) -> list[Prompt]:
    """Every prompt open now: one at a time (turns and status steps go in turn order)."""
    return list(_prompts(state))


def _prompts(state: ClashState) -> Iterator[Prompt]:
    """The prompts of :func:`pending` one by one: the trading ones, the dearest to work out,
    come last and only if asked for."""
    if state.outcome is not None:
        return
    nested = state.prompts.pending()
    if nested:
        yield from nested
        return
    if state.phase == TURN:
        seat = state.active
        ts = state.turn_state
        base = f"{state.round}.{state.turn}.{seat}.{ts.actions_left}"
        e = state.exploring
        if e is not None:
            pid = f"explore:{base}.{ts.moving}.{e.step}"
            where = {"space": label(e.entered)}
            yield Prompt(seat, f"explore_{e.step}", where, True, seat, pid)
            return
        if ts.moving:
            pid = f"move:{base}.{ts.moving}"
            yield Prompt(seat, "move", {"count": ts.moving}, True, seat, pid)
            return
        params = {"round": state.round, "turn": state.turn, "count": ts.actions_left}
        yield Prompt(seat, "turn", params, True, seat, f"turn:{base}")
        yield from _trades(state)
        return
    if state.phase == STATUS and state.status is not None and state.status.waiting:
        seat, step = state.status.waiting[0], state.status.step
        pid = f"status:{state.round}.{step}.{seat}"
        kind = KINDS.get(step, "status")
        yield Prompt(seat, kind, {"round": state.round, "step": step}, True, None, pid)


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


def prompted(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` has a prompt now."""
    return any(p.seat == seat for p in _prompts(state))
