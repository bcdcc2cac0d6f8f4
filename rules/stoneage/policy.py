"""A simple heuristic player for self-play (see docs/rules-decisions.md, "Bot heuristics")."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Choice, Rng
from rules.stoneage.state import StoneAgeState


def greedy_choice(
    state: StoneAgeState, seat: int, prefix: Sequence[str], options: Sequence[Choice], rng: Rng
) -> int:
    """Index of the option this player takes next."""
    return rng.randrange(len(options))
