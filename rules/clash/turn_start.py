"""What happens when a player's turn begins, before its first action (p.2): Trade Routes'
income (:mod:`rules.clash.trade_routes`). Called by :func:`rules.clash.turns.next_turn` and
:func:`rules.clash.rounds.begin_round` for the seat whose turn it now is (``state.active``).

A position standing at the start of a turn (``rules/clash/position.py``) stands after this:
its income, if any, was taken (or is the ``trade_routes`` decision of its ``prompts``).
"""

from __future__ import annotations

from rules.clash import card_turns, trade_routes
from rules.clash.state import ClashState
from rules.core import Event


def begin_turn(state: ClashState) -> list[Event]:
    """The active player's turn begins: Trade Routes' income (p.2, C24) is taken here, or,
    when Currency leaves a choice of Gold for Food, asked as a nested decision."""
    return card_turns.turn_began(state) + trade_routes.begin(state)
