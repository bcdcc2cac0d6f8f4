"""Standing answers of Clash (rules/clash/dispatch/standing.py): legal whenever offered, and
offered only for the decisions of its table."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.clash import GAME
from rules.clash.dispatch import standing
from rules.core import IllegalAction, Rng, deciding
from rules.engine import HasStanding
from rules.selfplay import random_action

#: The prompt kind each key answers.
KINDS = {"keep_cities": "raze", "first_self": "first_player", "refuse_offers": "trade_offer"}


def _walk(players: list[str], seed: int, steps: int) -> Counter[str]:
    """Self-play ``steps`` actions, checking every prompt's standing answers on the way;
    returns how often each key was offered."""
    assert isinstance(GAME, HasStanding)
    state = GAME.setup(players, {}, seed=seed)
    rng = Rng(seed)
    offered: Counter[str] = Counter()
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        prompts = GAME.pending(state)
        for prompt in prompts:
            answers = GAME.standing_answers(state, prompt)
            keys = [a.key for a in answers]
            assert len(set(keys)) == len(keys)
            for answer in answers:
                assert answer.key in standing.KEYS
                assert KINDS[answer.key] == prompt.kind, (answer, prompt)
                assert answer.label == f"clash.standing.{answer.key}"
                try:
                    GAME.apply(state, prompt.seat, answer.action)
                except IllegalAction as exc:  # pragma: no cover - the failure to report
                    pytest.fail(f"{answer} refused for {prompt}: {exc}")
                offered[answer.key] += 1
            if prompt.kind in ("raze", "first_player") and not answers:
                pytest.fail(f"no standing answer for {prompt}")
        seats = sorted(deciding(prompts)) or sorted({p.seat for p in prompts})
        seat = seats[rng.randrange(len(seats))]
        state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng, greedy=True))
    return offered


def test_standing_answers_are_legal_whenever_offered() -> None:
    offered: Counter[str] = Counter()
    for players, seed in ((["ann", "bob"], 3), (["ann", "bob", "cy"], 11)):
        offered += _walk(players, seed, 900)
    assert offered["keep_cities"] and offered["first_self"], offered


def test_first_self_names_the_deciding_seat() -> None:
    state = GAME.setup(["ann", "bob"], {}, seed=5)
    rng = Rng(5)
    for _ in range(3000):
        prompts = GAME.pending(state)
        chosen = [p for p in prompts if p.kind == "first_player"]
        if chosen:
            (answer,) = GAME.standing_answers(state, chosen[0])
            assert answer.action == f"@{state.players[chosen[0].seat]}"
            after, _ = GAME.apply(state, chosen[0].seat, answer.action)
            assert after.first == chosen[0].seat
            return
        seat = min(deciding(prompts))
        state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng, greedy=True))
    pytest.fail("no first_player prompt reached")


def test_refuse_offers_answers_an_open_offer_and_nothing_else() -> None:
    from test_clash_trading import ANN, CY, do, three

    state, _ = do(three(), ANN, "trade @cy give ore1 for gold1")
    prompts = GAME.pending(state)
    offer = next(p for p in prompts if p.kind == "trade_offer")
    assert offer.seat == CY
    (answer,) = GAME.standing_answers(state, offer)
    assert (answer.key, answer.action) == ("refuse_offers", "refuse @ann")
    after, events = do(state, CY, answer.action)
    assert [e.kind for e in events] == ["clash.trade_refused"]
    # The offerer's own prompts (its turn, its offers) have none.
    assert all(GAME.standing_answers(state, p) == () for p in prompts if p.kind != "trade_offer")
    assert all(p.kind != "trade_offer" for p in GAME.pending(after))


def test_the_catalogue_names_every_key_with_its_label() -> None:
    assert isinstance(GAME, HasStanding)
    assert GAME.standing_keys() == tuple((k, f"clash.standing.{k}") for k in standing.KEYS)


def test_a_gift_is_never_refused_by_a_standing_answer() -> None:
    from test_clash_trading import ANN, CY, do, three

    state, _ = do(three(), ANN, "trade @cy give wood1")
    (offer,) = [p for p in GAME.pending(state) if p.kind == "trade_offer"]
    assert offer.seat == CY
    assert GAME.standing_answers(state, offer) == ()
