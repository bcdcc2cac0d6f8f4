"""A resignation that leaves one player standing takes the Culture coin with it: the finished
state once kept the coin on the resigned seat (found by tests/test_every_game.py)."""

from __future__ import annotations

from rules import get_game
from rules.core import Rng, act
from rules.selfplay import random_action


def test_the_last_resignation_leaves_no_coin_on_a_resigned_seat() -> None:
    civ = get_game("civ")
    checked = 0
    for seed in range(300):
        rng = Rng(seed)
        state = civ.setup(["ann", "bob", "cy"], {"partial_effects": True}, seed)
        for _ in range(400):
            if civ.outcome(state) is not None:
                break
            live = [i for i, s in enumerate(state.seats) if not s.resigned]
            coin = state.coin
            if len(live) == 2 and coin is not None and coin.holder in live:
                after, _ = civ.resign(state, coin.holder)
                assert civ.outcome(after) is not None
                assert civ.check_invariants(after) == []
                assert after.coin is None or not after.seats[after.coin.holder].resigned
                checked += 1
                break
            if len(live) == 3 and coin is not None and rng.randrange(10) == 0:
                others = [s for s in live if s != coin.holder]
                state, _ = civ.resign(state, others[rng.randrange(len(others))])
                continue
            seat = civ.pending(state)[0].seat
            state, _ = act(civ, state, seat, random_action(civ, state, seat, rng))
    assert checked >= 3, "the games never reached the case this test is about"
