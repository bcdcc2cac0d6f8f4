"""Properties of the CIV engine over arbitrary games (hypothesis): whatever is offered applies,
anything else is refused without a trace, snapshots round-trip, invariants always hold."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.civ import GAME
from rules.core import IllegalAction, Rng, act
from rules.selfplay import random_action

PLAYERS = ("ann", "ben", "cid", "dot")
TOKENS = ("play", "end", "skip", "attack", "science", "@ben", "keep", "inspire", "zzz", "discard")


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    count=st.integers(min_value=2, max_value=4),
    draft=st.booleans(),
    partial=st.booleans(),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=120),
    junk=st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4),
)
def test_offered_moves_apply_and_others_change_nothing(
    seed: int, count: int, draft: bool, partial: bool, picks: list[int], junk: list[str]
) -> None:
    """Walking ``choices`` always gives a legal action; a junk action leaves the state as it was."""
    options = {"deal": "draft" if draft else "classic", "partial_effects": partial}
    state = GAME.setup(PLAYERS[:count], options, seed)
    for pick in picks:
        if GAME.outcome(state) is not None:
            break
        seat = GAME.pending(state)[pick % len(GAME.pending(state))].seat
        action = random_action(GAME, state, seat, Rng(pick))
        before = GAME.to_json(state)
        # Refused or (rarely) legal: either way the state it was given is untouched.
        with contextlib.suppress(IllegalAction):
            act(GAME, state, seat, " ".join(junk))
        assert GAME.to_json(state) == before
        state, _ = act(GAME, state, seat, action)
        assert GAME.check_invariants(state) == []
    assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)
