"""A simple biased player for self-play: it concentrates on its strongest domain.

Uniform random play rarely reaches hegemony; this player plays and keeps the domain it already
has most of, discards and gives away its weakest ones, prefers the permanent effects that put
more cards on the table and seldom uses discard effects (which cost cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.civ.data import DOMAIN_INDEX
from rules.civ.state import CivState
from rules.core import Choice, Rng

#: Effects that help concentration, chosen readily; discard effects are rare.
HELPFUL = frozenset(
    {"progress", "monopoly", "experiment", "research", "oligarchy", "democracy", "inspire"}
)
CYCLING = frozenset({"assassination", "purge"})


def _strength(state: CivState, seat: int) -> list[int]:
    """How much the player already has of each domain (play area counts double)."""
    s = state.seats[seat]
    return [2 * a + h for a, h in zip(s.area, s.hand, strict=True)]


def greedy_choice(
    state: CivState, seat: int, prefix: Sequence[str], options: Sequence[Choice], rng: Rng
) -> int:
    """Index of the option this player takes next."""
    tokens = [c.token for c in options]
    if not prefix:
        return _pick_head(tokens, rng)
    strength = _strength(state, seat)
    if not all(t in DOMAIN_INDEX for t in tokens):
        return rng.randrange(len(tokens))
    head = prefix[0]
    # Keeping, playing and fetching want the strongest domain; discarding, taking back,
    # returning and attacking give up the weakest one.
    giving = head in {"assassination", "purge", "return", "discard", "attack"} or (
        head in {"progress", "monopoly", "experiment", "research"} and len(prefix) == 1
    )
    scored = [(strength[DOMAIN_INDEX[t]], rng.randrange(1 << 16), i) for i, t in enumerate(tokens)]
    return (min(scored) if giving else max(scored))[2]


def _pick_head(tokens: list[str], rng: Rng) -> int:
    helpful = [i for i, t in enumerate(tokens) if t in HELPFUL]
    if helpful and rng.randrange(10) < 8:
        return helpful[rng.randrange(len(helpful))]
    cycling = [i for i, t in enumerate(tokens) if t in CYCLING]
    if cycling and rng.randrange(3) == 0:
        return cycling[rng.randrange(len(cycling))]
    if "end" in tokens and rng.randrange(20):
        return tokens.index("end")
    return rng.randrange(len(tokens))
