"""The proving ground (``synthetic.proving``) keeps its own rules and the contract v2.

300 choices at one step, a move over 100 characters, nested decisions, simultaneous bids kept
secret, may-act offers taken out of turn, refusals that change nothing, prompt ids never used
twice, resignations in the middle of a contest, and the checks every registered game passes
(``tests/test_every_game.py``), run on it while it is registered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import locales
import render
import rules
from rules import selfplay
from rules.core import (
    MAX_ACTION_LENGTH,
    IllegalAction,
    Rng,
    act,
    deciding,
    reveals,
    turn_owners,
)
from synthetic.proving import (
    BIDS,
    FIRST_WORDS,
    GAME,
    GUARDED_PLOT,
    KINDS,
    NAME,
    PLOTS,
    SECOND_WORDS,
    TEXTS,
    ProvingState,
    decree_action,
    plot,
)
from tests.proving import register
from tests.test_every_game import (
    check_locales,
    check_round_trip,
    check_secrecy,
    check_selfplay,
    check_transcript,
    combinations,
    play,
    resigning,
)

ANN, BOB, CAT, DAN = 0, 1, 2, 3
HANDLES = ("ann", "bob", "cat", "dan")


def new(players: int = 3, seed: int = 1, **options: Any) -> ProvingState:
    return GAME.setup(list(HANDLES[:players]), options, seed)


def run(state: ProvingState, *steps: tuple[int, str]) -> ProvingState:
    """``state`` after each (seat, action) through ``rules.core.act``, invariants kept."""
    for seat, action in steps:
        state, _ = act(GAME, state, seat, action)
        assert GAME.check_invariants(state) == [], (seat, action)
    return state


def prompts(state: ProvingState) -> list[tuple[int, str, bool, int | None, str]]:
    return [(p.seat, p.kind, p.must, p.turn, p.id) for p in GAME.pending(state)]


def tokens_of(state: ProvingState, seat: int, *prefix: str) -> list[str]:
    return [c.token for c in GAME.choices(state, seat, list(prefix))]


def seed_rolling(face: int) -> int:
    """A seed whose first die (the first press) shows ``face``."""
    return next(s for s in range(1000) if Rng(s).die() == face)


def round_trips(state: ProvingState) -> None:
    data = json.loads(json.dumps(GAME.to_json(state)))
    again = GAME.from_json(data)
    assert again == state
    assert GAME.to_json(again) == data
    assert GAME.pending(again) == GAME.pending(state)


# -- one step of 300 choices, a move of over 100 characters -----------------------------------


def test_the_first_step_offers_three_actions_and_then_300_plots() -> None:
    state = new()
    first = GAME.choices(state, ANN, [])
    assert [(c.token, c.complete, c.more) for c in first] == [
        ("claim", False, True),
        ("decree", False, True),
        ("offer", True, False),
    ]
    plots = GAME.choices(state, ANN, ["claim"])
    assert [c.token for c in plots] == list(PLOTS) and len(plots) == 300
    assert all(c.complete and not c.more for c in plots)
    guarded = [c.token for c in plots if c.label == "proving.choice.guarded_plot"]
    assert guarded == [plot(n) for n in range(5, 301, 5)]
    assert {c.params["defender"] for c in plots if c.token in guarded} == {"bob"}
    assert all(c.label.startswith("proving.") for c in [*first, *plots])
    assert tokens_of(state, ANN, "claim", "p001") == []
    assert tokens_of(state, BOB) == tokens_of(state, CAT) == []
    # A claimed plot is no longer offered.
    state = run(state, (ANN, "claim p001"), (BOB, "claim p002"))
    assert tokens_of(state, CAT, "claim") == list(PLOTS[2:])


def test_a_decree_is_longer_than_a_custom_id_and_applies() -> None:
    action = decree_action(1, 0)
    assert 100 < len(action) < MAX_ACTION_LENGTH and ":" not in action
    state = new()
    assert tokens_of(state, ANN, "decree") == list(FIRST_WORDS)
    assert all(c.more and not c.complete for c in GAME.choices(state, ANN, ["decree"]))
    second = GAME.choices(state, ANN, ["decree", FIRST_WORDS[1]])
    assert [(c.token, c.complete, c.more) for c in second] == [
        (w, True, False) for w in SECOND_WORDS
    ]
    after, events = act(GAME, state, ANN, action)
    assert [e.kind for e in events] == ["proving.decreed"]
    assert GAME.view(after, None)["scores"] == [2, 0, 0]
    assert prompts(after) == [(BOB, "turn", True, BOB, "t2")]


# -- nested decisions -------------------------------------------------------------------------


def test_a_guarded_claim_nests_defend_then_press_inside_the_turn() -> None:
    state = new(seed=seed_rolling(4))
    assert prompts(state) == [(ANN, "turn", True, ANN, "t1")]
    state = run(state, (ANN, f"claim {GUARDED_PLOT}"))
    assert prompts(state) == [(BOB, "defend", True, ANN, "d1")]
    # The claimer waits: no prompt, no choices, refused; but it is still the claimer's turn.
    assert tokens_of(state, ANN) == []
    with pytest.raises(IllegalAction) as refused:
        act(GAME, state, ANN, "claim p001")
    assert refused.value.code == "not_your_turn"
    assert deciding(GAME.pending(state)) == {BOB} and turn_owners(GAME.pending(state)) == {ANN}
    assert tokens_of(state, BOB) == ["defend", "yield"]
    state = run(state, (BOB, "defend"))
    assert prompts(state) == [(ANN, "press", True, ANN, "d2")]
    assert [d.kind for d in state.stack.decisions] == ["defend", "press"]
    assert GAME.view(state, None)["contest"] == {
        "plot": GUARDED_PLOT,
        "attacker": ANN,
        "defender": BOB,
        "stage": "press",
    }
    round_trips(state)
    after, events = act(GAME, state, ANN, "press")
    assert [(e.kind, e.params["roll"]) for e in events] == [("proving.press_won", 4)]
    assert after.stack.decisions == () and after.owners == {GUARDED_PLOT: ANN}
    assert prompts(after) == [(BOB, "turn", True, BOB, "t2")]


def test_a_lost_press_scores_for_the_defender_and_a_withdrawal_for_nobody() -> None:
    state = run(new(seed=seed_rolling(3)), (ANN, "claim p010"), (BOB, "defend"))
    lost = run(state, (ANN, "press"))
    assert lost.owners == {} and GAME.view(lost, None)["scores"] == [0, 1, 0]
    withdrawn = run(state, (ANN, "withdraw"))
    assert withdrawn.owners == {} and GAME.view(withdrawn, None)["scores"] == [0, 0, 0]
    assert withdrawn.rng.state == state.rng.state  # no die
    assert prompts(lost) == prompts(withdrawn) == [(BOB, "turn", True, BOB, "t2")]


def test_a_yield_gives_the_plot_and_the_last_seat_is_guarded_by_the_first() -> None:
    state = run(new(), (ANN, "claim p001"), (BOB, "claim p002"), (CAT, "claim p300"))
    assert prompts(state) == [(ANN, "defend", True, CAT, "d1")]
    state = run(state, (ANN, "yield"))
    assert state.owners["p300"] == CAT and GAME.view(state, None)["scores"] == [1, 1, 1]
    assert GAME.view(state, None)["phase"] == "bid"


def _walk_ids(seed: int) -> None:
    """One random game (with a resignation now and then): pending ids are unique, and an id
    that left the pending prompts never comes back, for any decision."""
    rng = Rng(seed)
    count = 2 + rng.randrange(3)
    state = GAME.setup(list(HANDLES[:count]), {"rounds": 1 + rng.randrange(3)}, seed)
    seen: dict[str, tuple[int, str]] = {}
    gone: set[str] = set()
    while GAME.outcome(state) is None:
        now = GAME.pending(state)
        ids = [p.id for p in now]
        assert len(set(ids)) == len(ids) and all(ids), ids
        assert {p.key for p in now} == set(ids)
        for p in now:
            assert p.id not in gone, f"{p.id} used again"
            assert seen.setdefault(p.id, (p.seat, p.kind)) == (p.seat, p.kind)
        if rng.randrange(60) == 0:
            after, _ = GAME.resign(state, now[0].seat)
        else:
            seat = now[rng.randrange(len(now))].seat
            after, _ = act(GAME, state, seat, selfplay.random_action(GAME, state, seat, rng))
        assert GAME.check_invariants(after) == []
        gone |= set(ids) - {p.id for p in GAME.pending(after)}
        state = after
    assert GAME.pending(state) == []
    assert {kind for _, kind in seen.values()} <= set(KINDS)


def test_prompt_ids_are_never_used_again_over_whole_games() -> None:
    for seed in range(100):
        _walk_ids(seed)


# -- offers (may act) ---------------------------------------------------------------------------


def test_an_offer_is_accepted_out_of_turn_while_the_turn_owner_still_must_decide() -> None:
    state = run(new(4), (ANN, "offer"))
    assert prompts(state) == [
        (ANN, "turn", True, ANN, "t1"),
        (BOB, "accept_offer", False, ANN, "o1.1"),
        (CAT, "accept_offer", False, ANN, "o1.2"),
        (DAN, "accept_offer", False, ANN, "o1.3"),
    ]
    now = GAME.pending(state)
    assert deciding(now) == {ANN} and turn_owners(now) == {ANN}
    assert tokens_of(state, ANN) == ["claim", "decree"]  # once per turn
    assert tokens_of(state, CAT) == ["accept"]
    assert GAME.view(state, None)["offer"] == {"from": ANN, "to": [BOB, CAT, DAN]}
    after, events = act(GAME, state, CAT, "accept")
    assert [e.kind for e in events] == ["proving.accepted"]
    assert GAME.view(after, None)["scores"] == [1, 0, 1, 0]
    assert prompts(after) == [(ANN, "turn", True, ANN, "t1")]
    with pytest.raises(IllegalAction) as refused:
        act(GAME, after, BOB, "accept")
    assert refused.value.code == "not_your_turn" and refused.value.params == {"waiting": [ANN]}
    with pytest.raises(IllegalAction) as refused:
        act(GAME, after, ANN, "offer")
    assert refused.value.code == "already_offered"


def test_an_offer_stays_open_during_a_contest_and_lapses_with_the_turn() -> None:
    state = run(new(3), (ANN, "offer"), (ANN, f"claim {GUARDED_PLOT}"))
    # The turn prompt is suspended; the defence must be answered; the offers stay may-act.
    assert prompts(state) == [
        (BOB, "defend", True, ANN, "d1"),
        (BOB, "accept_offer", False, ANN, "o1.1"),
        (CAT, "accept_offer", False, ANN, "o1.2"),
    ]
    assert tokens_of(state, BOB) == ["defend", "yield", "accept"]
    accepted = run(state, (BOB, "accept"))
    assert prompts(accepted) == [(BOB, "defend", True, ANN, "d1")]
    after, events = act(GAME, run(state, (BOB, "defend")), ANN, "withdraw")
    assert [e.kind for e in events] == ["proving.withdrew", "proving.offer_lapsed"]
    assert prompts(after) == [(BOB, "turn", True, BOB, "t2")]
    assert GAME.view(after, None)["offer"] is None


# -- simultaneous secret bids ---------------------------------------------------------------


def _at_bids(players: int = 3) -> ProvingState:
    state = new(players)
    return run(state, *((s, f"claim {plot(s + 1)}") for s in range(players)))


def test_bids_are_simultaneous_and_secret_until_all_are_in() -> None:
    state = _at_bids()
    assert prompts(state) == [
        (ANN, "bid", True, None, "b1.0"),
        (BOB, "bid", True, None, "b1.1"),
        (CAT, "bid", True, None, "b1.2"),
    ]
    now = GAME.pending(state)
    assert deciding(now) == turn_owners(now) == {ANN, BOB, CAT}
    assert tokens_of(state, BOB, "bid") == list(BIDS)
    # What others see is the same whatever ann bid: only ann's own view tells.
    states = {}
    for amount in ("0", "4"):
        after, events = act(GAME, state, ANN, f"bid {amount}")
        states[amount] = after
        public = [e for e in events if e.visible_to is None]
        assert [e.kind for e in public] == ["proving.bid_placed"]
        assert all("bid" not in e.params for e in public)
        assert [e.visible_to for e in events if e.visible_to is not None] == [(ANN,)]
    for seat in (None, BOB, CAT):
        assert GAME.view(states["0"], seat) == GAME.view(states["4"], seat)
    assert GAME.view(states["4"], ANN)["private"] == {"bid": 4}
    assert GAME.view(states["4"], BOB)["private"] == {"bid": None}
    assert GAME.view(states["4"], None)["bids"] == ["hidden", None, None]
    assert prompts(states["4"]) == [
        (BOB, "bid", True, None, "b1.1"),
        (CAT, "bid", True, None, "b1.2"),
    ]
    state = run(states["4"], (CAT, "bid 1"))
    after, events = act(GAME, state, BOB, "bid 2")
    assert [(e.kind, dict(e.params)) for e in events if e.kind.startswith("proving.bid_")] == [
        ("proving.bid_placed", {"player": "bob"}),
        ("proving.bid_secret", {"player": "bob", "bid": 2}),
        ("proving.bid_revealed", {"player": "ann", "bid": 4}),
        ("proving.bid_revealed", {"player": "bob", "bid": 2}),
        ("proving.bid_revealed", {"player": "cat", "bid": 1}),
        ("proving.bid_won", {"player": "ann", "bid": 4}),
    ]
    shown = GAME.view(after, None)
    assert shown["last_bids"] == [4, 2, 1] and shown["scores"] == [3, 1, 1]
    assert shown["round"] == 2 and prompts(after) == [(ANN, "turn", True, ANN, "t4")]
    assert reveals(GAME, state, after, events)
    assert not reveals(GAME, _at_bids(), states["4"], [])


def test_a_shared_highest_bid_scores_for_nobody_and_the_last_round_ends_the_game() -> None:
    state = run(_at_bids(2), (ANN, "bid 3"), (BOB, "bid 3"))
    assert GAME.view(state, None)["scores"] == [1, 1]
    state = run(state, (ANN, "claim p010"), (BOB, "yield"), (BOB, decree_action()))
    state, events = act(GAME, run(state, (ANN, "bid 0")), BOB, "bid 0")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "points"
    assert outcome.scores == (2.0, 3.0) and outcome.ranks == (2, 1)
    assert events[-1].kind == "proving.game_over" and GAME.pending(state) == []


# -- refusals ---------------------------------------------------------------------------------


def _refusal_states() -> dict[str, ProvingState]:
    start = run(new(), (ANN, "claim p001"))
    return {
        "start": start,
        "defend": run(start, (BOB, f"claim {plot(10)}")),
        "bid": run(start, (BOB, "claim p002"), (CAT, "claim p003")),
    }


@pytest.mark.parametrize(
    ("where", "seat", "action", "code"),
    [
        ("start", ANN, "claim p004", "not_your_decision"),
        ("start", BOB, "claim p001", "plot_taken"),
        ("start", BOB, "claim p301", "no_such_plot"),
        ("start", BOB, "claim zzz", "no_such_plot"),
        ("start", BOB, "fly", "unknown_token"),
        ("start", BOB, "claim", "missing_argument"),
        ("start", BOB, "claim p002 p003", "too_many_tokens"),
        ("start", BOB, "offer now", "too_many_tokens"),
        ("start", BOB, f"decree {FIRST_WORDS[0]}", "missing_argument"),
        ("start", BOB, f"decree {SECOND_WORDS[0]} {FIRST_WORDS[0]}", "unknown_token"),
        ("start", BOB, "", "empty_action"),
        ("start", BOB, "   ", "empty_action"),
        ("start", BOB, "claim " + "p" * 200, "action_too_long"),
        ("defend", BOB, "claim p004", "not_your_decision"),
        ("defend", CAT, "claim p004", "unknown_token"),
        ("defend", CAT, "press", "unknown_token"),
        ("bid", ANN, "bid 6", "unknown_token"),
        ("bid", ANN, "bid", "missing_argument"),
        ("bid", ANN, "decree", "unknown_token"),
    ],
)
def test_refusals_name_the_fault_and_change_nothing(
    where: str, seat: int, action: str, code: str
) -> None:
    state = _refusal_states()[where]
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action)
    assert refused.value.code == code
    assert GAME.to_json(state) == before
    # Through act() a seat without a prompt is turned away before the engine sees it.
    if code == "not_your_decision":
        with pytest.raises(IllegalAction) as refused:
            act(GAME, state, seat, action)
        assert refused.value.code == "not_your_turn"
        assert GAME.to_json(state) == before


def test_a_refusal_lists_a_few_of_many_choices_and_counts_them() -> None:
    state = new()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, ANN, "claim")
    assert refused.value.params == {"allowed": list(PLOTS[:10]), "count": 300}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, ANN, "claim p001 x")
    assert refused.value.params == {"token": "x"}


# -- resignations -----------------------------------------------------------------------------


def test_a_defender_resigning_in_a_contest_yields_the_plot() -> None:
    for stage in ([], [(BOB, "defend")]):
        state = run(new(3), (ANN, f"claim {GUARDED_PLOT}"), *stage)
        after, events = GAME.resign(state, BOB)
        assert [e.kind for e in events] == ["proving.resigned", "proving.yielded"]
        assert after.owners == {GUARDED_PLOT: ANN} and after.stack.decisions == ()
        assert prompts(after) == [(CAT, "turn", True, CAT, "t2")]
        assert GAME.check_invariants(after) == []
        # Bob is skipped from now on: cat's guarded claim asks ann.
        after = run(after, (CAT, "claim p010"))
        assert prompts(after) == [(ANN, "defend", True, CAT, "d2" if not stage else "d3")]


def test_a_claimer_resigning_in_a_contest_ends_its_turn() -> None:
    for stage in ([], [(BOB, "defend")]):
        state = run(new(3), (ANN, "offer"), (ANN, f"claim {GUARDED_PLOT}"), *stage)
        after, events = GAME.resign(state, ANN)
        assert [e.kind for e in events] == [
            "proving.resigned",
            "proving.contest_dropped",
            "proving.offer_lapsed",
        ]
        assert after.owners == {} and after.stack.decisions == () and after.offer_to == ()
        assert prompts(after) == [(BOB, "turn", True, BOB, "t2")]
        assert GAME.check_invariants(after) == []


def test_resigning_ends_a_two_player_game_and_completes_the_bids() -> None:
    state = run(new(2), (ANN, f"claim {GUARDED_PLOT}"))
    over, _ = GAME.resign(state, BOB)
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.reason == "resigned" and outcome.ranks == (1, 2)
    assert GAME.pending(over) == [] and GAME.check_invariants(over) == []
    bids = run(_at_bids(3), (ANN, "bid 2"), (BOB, "bid 1"))
    after, events = GAME.resign(bids, CAT)
    assert "proving.bid_won" in [e.kind for e in events]
    assert prompts(after) == [(ANN, "turn", True, ANN, "t4")]
    offered = run(new(3), (ANN, "offer"))
    after, _ = GAME.resign(offered, BOB)
    assert prompts(after)[1:] == [(CAT, "accept_offer", False, ANN, "o1.2")]
    after, _ = GAME.resign(after, CAT)
    outcome = GAME.outcome(after)
    # The last one standing wins; the earliest resignation ranks last.
    assert outcome is not None and outcome.reason == "resigned" and outcome.ranks == (1, 3, 2)


# -- positions, snapshots, invariants -------------------------------------------------------


def test_a_position_starts_mid_game_and_unknown_fields_are_refused() -> None:
    position = {"round": 2, "turn_of": 1, "scores": [3, 1, 0], "owners": {"p007": 0}}
    state = GAME.setup_position(list(HANDLES[:3]), {"rounds": 3}, 5, position)
    assert GAME.check_invariants(state) == []
    assert prompts(state) == [(BOB, "turn", True, BOB, "t1")]
    assert (
        "p007" not in tokens_of(state, BOB, "claim") and len(tokens_of(state, BOB, "claim")) == 299
    )
    with pytest.raises(IllegalAction) as refused:
        GAME.setup_position(list(HANDLES[:3]), {}, 5, {**position, "weather": "fine"})
    assert refused.value.code == "position_unknown_field" and refused.value.params == {
        "field": "weather"
    }
    for bad in (
        {"round": 3},  # two rounds by default
        {"scores": [0, 0, 0], "owners": {"p007": 0}},  # a plot not counted
        {"owners": {"p301": 0}},
        {"turn_of": 5},
        {"phase": "bid", "bids": [1, 2, 3]},  # all in: would have been revealed
        {"resigned": [0, 1]},
    ):
        with pytest.raises(IllegalAction) as refused:
            GAME.setup_position(list(HANDLES[:3]), {}, 5, bad)
        assert refused.value.code == "position_bad_value", bad
    bidding = GAME.setup_position(
        list(HANDLES[:3]), {}, 5, {"phase": "bid", "bids": [None, 2, None], "resigned": [0]}
    )
    assert prompts(bidding) == [(CAT, "bid", True, None, "b1.2")]
    after = run(bidding, (CAT, "bid 2"))
    assert prompts(after) == [(BOB, "turn", True, BOB, "t1")]


def test_snapshots_round_trip_at_every_kind_of_step() -> None:
    state = new(4, seed=3)
    round_trips(state)
    state = run(state, (ANN, "offer"))
    round_trips(state)
    state = run(state, (ANN, f"claim {GUARDED_PLOT}"), (BOB, "defend"))
    round_trips(state)
    state = run(state, (ANN, "press"), (BOB, decree_action()), (CAT, "claim p009"))
    state = run(state, (DAN, "claim p011"), (BOB, "bid 5"))
    round_trips(state)
    state, _ = GAME.resign(state, CAT)
    round_trips(state)
    data = GAME.to_json(state)
    with pytest.raises(ValueError, match="version"):
        GAME.from_json({**data, "version": 2})


def test_the_invariants_catch_a_broken_state() -> None:
    state = run(new(3), (ANN, f"claim {GUARDED_PLOT}"))
    assert GAME.check_invariants(state) == []
    broken = state.copy()
    broken.seats[1].score = -1
    assert GAME.check_invariants(broken)
    broken = state.copy()
    broken.owners[GUARDED_PLOT] = 0  # contested and owned at once; and not scored
    assert len(GAME.check_invariants(broken)) == 2
    broken = state.copy()
    broken.turn_of = CAT  # the defender is no longer the next seat
    assert GAME.check_invariants(broken)
    broken = state.copy()
    broken.offer_to = (ANN,)
    assert GAME.check_invariants(broken)


# -- self-play and the checks every game passes ---------------------------------------------


def test_random_self_play_finishes_every_game_with_the_invariants_kept() -> None:
    reports = [selfplay.run(GAME, games=34, seed=n, players=n) for n in (2, 3, 4)]
    for report in reports:
        assert report.errors == 0, report.messages
        assert report.finished == report.games == 34
    met = selfplay.merge(reports)
    for kind in ("accepted", "defended", "yielded", "press_won", "press_lost", "bid_tied"):
        assert met[f"proving.{kind}"] > 0, kind
    assert met["end.points"] == 102


def test_it_passes_the_checks_of_every_registered_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert NAME not in rules._ENGINES and NAME not in rules.GAME_NAMES  # never offered
    register(monkeypatch, listed=True)
    assert rules.get_game(NAME) is GAME
    for c, (count, options) in enumerate(combinations(NAME)):
        played = play(NAME, count, options, 0, ("uniform", "greedy")[c % 2])
        for record in (played, resigning(played)):
            check_selfplay(GAME, record)
            check_round_trip(GAME, record)
            check_secrecy(GAME, record)
            check_locales(GAME, record, ("en",))
            check_transcript(GAME, record, tmp_path)


def test_register_installs_texts_and_a_blank_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    assert NAME not in rules.GAME_NAMES
    for kind in KINDS:
        assert f"prompt.{NAME}.{kind}" in TEXTS
    line = locales.t("en", f"prompt.{NAME}.defend", player="ann", plot=GUARDED_PLOT)
    assert line == "@ann claims p005, which you guard: defend or yield"
    assert locales.error_text("en", "plot_taken", {"plot": "p001", "player": "ann"}, NAME) == (
        "p001 belongs to @ann already."
    )
    table, hand = render.renderers(NAME)
    view = GAME.view(new(), 0)
    assert table(view, lang="en").startswith(b"\x89PNG") and hand(view, lang="hu")
    assert render.table_png(view, lang="en") == table(view, lang="en")


def test_the_walkthrough_of_the_docstring() -> None:
    state = run(new(2, seed=seed_rolling(2)), (ANN, "claim p001"))
    assert prompts(state) == [(BOB, "turn", True, BOB, "t2")]
    state = run(state, (BOB, "claim p005"))
    assert prompts(state) == [(ANN, "defend", True, BOB, "d1")]
    state = run(state, (ANN, "defend"))
    assert prompts(state) == [(BOB, "press", True, BOB, "d2")]
    state = run(state, (BOB, "press"))
    assert prompts(state) == [(ANN, "bid", True, None, "b1.0"), (BOB, "bid", True, None, "b1.1")]
    state = run(state, (ANN, "bid 3"), (BOB, "bid 1"))
    # ann: p001, the press bob lost (a 2), the bid.
    assert GAME.view(state, None)["scores"] == [4, 0]
    assert prompts(state) == [(ANN, "turn", True, ANN, "t3")]
    state = run(state, (ANN, "offer"))
    assert prompts(state) == [
        (ANN, "turn", True, ANN, "t3"),
        (BOB, "accept_offer", False, ANN, "o3.1"),
    ]
    state = run(state, (BOB, "accept"))
    assert prompts(state) == [(ANN, "turn", True, ANN, "t3")]
    state = run(state, (ANN, decree_action()))
    assert GAME.view(state, None)["scores"] == [7, 1]
