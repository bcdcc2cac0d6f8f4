"""The start of a round and of a turn (p.7, p.11, p.2); turn order is
:mod:`rules.clash.model.order`'s.

What happens when a player's turn begins, before its first action (p.2): what action cards
left in force moves on (:mod:`rules.clash.model.card_turns`) and Trade Routes' income
(:mod:`rules.clash.actions.trade_routes`). :func:`begin_turn` is called by
:func:`rules.clash.rounds.turns.next_turn` and :func:`begin_round` for the seat whose turn it now is
(``state.active``). A position standing at the start of a turn (``rules/clash/position/reading.py``)
stands after this: its income, if any, was taken (or is the ``trade_routes`` decision of its
``prompts``).
"""

from __future__ import annotations

from rules.clash.actions import trade_routes
from rules.clash.model import card_turns
from rules.clash.model.order import turn_order
from rules.clash.model.state import TURN, ClashState, TurnState
from rules.core import Event


def begin_round(state: ClashState) -> list[Event]:
    """The next round's first turn: the first player's, or the next seat still playing."""
    state.round += 1
    state.turn = 1
    state.phase = TURN
    state.status = None
    state.turn_state = TurnState()
    state.active = turn_order(state)[0]
    return [Event("clash.round_started", {"round": state.round}), *begin_turn(state)]


def begin_turn(state: ClashState) -> list[Event]:
    """The active player's turn begins: Trade Routes' income (p.2, C24) is taken here, or,
    when Currency leaves a choice of Gold for Food, asked as a nested decision."""
    return card_turns.turn_began(state) + trade_routes.begin(state)
