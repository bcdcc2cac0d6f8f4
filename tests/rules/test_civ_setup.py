"""Setup, options, the classic deal and the draft deal."""

from __future__ import annotations

import pytest
from civ_support import kinds, refused, run, seat, tokens_after

from rules.civ import GAME
from rules.civ.data import BOX_BY_DOMAIN, card_age
from rules.civ.state import CivState, DraftState
from rules.core import IllegalAction


@pytest.mark.parametrize(("players", "deck", "removed"), [(2, 89, 9), (3, 86, 9), (4, 92, 0)])
def test_classic_setup_removes_cards_and_deals_three(players: int, deck: int, removed: int) -> None:
    """2-3 players remove 3 cards per age unseen; everyone starts with 3 cards."""
    state = GAME.setup([f"p{i}" for i in range(players)], {}, 5)
    assert len(state.deck) == deck
    assert len(state.removed) == removed
    assert [card_age(c) for c in state.removed].count(1) == removed // 3
    assert all(sum(s.hand) == 3 and not any(s.area) for s in state.seats)
    assert GAME.check_invariants(state) == []
    assert [card_age(c) for c in state.deck] == sorted(card_age(c) for c in state.deck)


def test_setup_is_deterministic_and_seeded() -> None:
    """The same seed gives the same game; another seed gives another deck."""
    a = GAME.setup(["a", "b", "c"], {}, 11)
    assert a == GAME.setup(["a", "b", "c"], {}, 11)
    assert a.deck != GAME.setup(["a", "b", "c"], {}, 12).deck


def test_box_totals() -> None:
    """The box holds 104 cards: 20/16/16/20/16/16."""
    assert BOX_BY_DOMAIN == (20, 16, 16, 20, 16, 16)


@pytest.mark.parametrize(
    ("players", "options", "code"),
    [
        (["a"], {}, "bad_player_count"),
        (["a", "b", "c", "d", "e"], {}, "bad_player_count"),
        (["a", "b"], {"colour": "red"}, "unknown_option"),
        (["a", "b"], {"deal": "poker"}, "bad_option"),
        (["a", "b"], {"teams": 1}, "bad_option"),
        (["a", "b", "c"], {"teams": True}, "teams_need_four_players"),
        (["a", "B"], {}, "bad_player_name"),
        (["a", "a"], {}, "duplicate_player_name"),
    ],
)
def test_bad_setup_is_refused(players: list[str], options: dict[str, object], code: str) -> None:
    """Bad player lists and options raise IllegalAction with a specific code."""
    with pytest.raises(IllegalAction) as info:
        GAME.setup(players, options, 1)
    assert info.value.code == code


def test_options_are_declared() -> None:
    """deal, teams and partial_effects are lobby options with defaults."""
    assert [(o.name, o.default) for o in GAME.options] == [
        ("deal", "classic"),
        ("teams", False),
        ("partial_effects", False),
    ]
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("civ", 2, 4)


def _draft_of(state: CivState) -> DraftState:
    assert state.draft is not None
    return state.draft


def _draft(players: int, seed: int = 3) -> CivState:
    return GAME.setup([f"p{i}" for i in range(players)], {"deal": "draft"}, seed)


def test_draft_keeps_are_simultaneous_and_packets_pass_left() -> None:
    """Everyone is prompted at once; packets go to the next seat in turn order."""
    state = _draft(3)
    assert [(p.seat, p.kind) for p in GAME.pending(state)] == [
        (0, "draft_keep"),
        (1, "draft_keep"),
        (2, "draft_keep"),
    ]
    assert all(sum(p) == 4 for p in _draft_of(state).packets)
    packets = [p[:] for p in _draft_of(state).packets]
    kept = []
    for s in (2, 0):
        d = tokens_after(state, f"p{s}", "keep")[0]
        kept.append(d)
        state, _ = run(state, f"p{s}: keep {d}")
    # p2 and p0 kept; only p1 is still asked, and p2 cannot keep twice.
    assert [p.seat for p in GAME.pending(state)] == [1]
    assert refused(state, f"p2: keep {kept[0]}").code == "not_your_turn"
    d = tokens_after(state, "p1", "keep")[0]
    state, events = run(state, f"p1: keep {d}")
    assert _draft_of(state).round == 2
    assert all(sum(p) == 3 for p in _draft_of(state).packets)
    # Seat 1 now holds what seat 0 had, minus the card seat 0 kept.
    expected = packets[0][:]
    expected[
        ["military", "religion", "economy", "science", "culture", "utopia"].index(kept[1])
    ] -= 1
    assert _draft_of(state).packets[1] == expected
    private = [e for e in events if e.kind == "civ.draft_packet"]
    assert sorted(e.visible_to or () for e in private) == [(0,), (1,), (2,)]


def test_draft_keep_refuses_cards_not_in_the_packet() -> None:
    """keep needs a domain of your packet."""
    state = _draft(2)
    packet = _draft_of(state).packets[0]
    missing = next(
        d
        for d, c in zip(
            ["military", "religion", "economy", "science", "culture", "utopia"], packet, strict=True
        )
        if c == 0
    )
    assert refused(state, f"p0: keep {missing}").code == "not_in_packet"
    assert refused(state, "p0: keep nonsense").code == "bad_token"
    assert refused(state, "p0: play science").code == "not_now"


def test_draft_full_run_with_four_players_picks_in_reverse_order() -> None:
    """Centre picks start right of the starting player and go backwards; start picks last."""
    state = _draft(4, seed=9)
    start = state.start
    while state.step == "draft_keep":
        prompt = GAME.pending(state)[0]
        d = tokens_after(state, f"p{prompt.seat}", "keep")[0]
        state, _ = run(state, f"p{prompt.seat}: keep {d}")
    assert len(_draft_of(state).centre) == 4
    order = []
    while state.step == "draft_pick":
        (prompt,) = GAME.pending(state)
        order.append(prompt.seat)
        d = tokens_after(state, f"p{prompt.seat}", "pick")[0]
        state, events = run(state, f"p{prompt.seat}: pick {d}")
        assert "civ.draft_picked" in kinds(events)
    assert order == [(start - k) % 4 for k in range(1, 5)]
    assert all(sum(s.hand) == 3 and sum(s.area) == 1 for s in state.seats)
    assert state.step == "play" and state.active == start
    assert GAME.check_invariants(state) == []


def test_draft_pick_refuses_other_seats_and_missing_cards() -> None:
    """Only the current picker picks, and only a centre card."""
    state = _draft(2, seed=4)
    while state.step == "draft_keep":
        prompt = GAME.pending(state)[0]
        d = tokens_after(state, f"p{prompt.seat}", "keep")[0]
        state, _ = run(state, f"p{prompt.seat}: keep {d}")
    picker = GAME.pending(state)[0].seat
    other = 1 - picker
    centre = tokens_after(state, f"p{picker}", "pick")
    assert refused(state, f"p{other}: pick {centre[0]}").code == "not_your_turn"
    absent = next(d for d in ("utopia", "culture", "science") if d not in centre)
    assert refused(state, f"p{picker}: pick {absent}").code == "not_in_centre"


def test_draft_view_hides_packets_from_other_seats() -> None:
    """A seat sees its own packet and kept cards only."""
    state = _draft(3)
    view0 = GAME.view(state, 0)
    assert view0["private"]["draft"]["packet"]
    assert "private" not in GAME.view(state, None)
    assert GAME.view(state, 1)["private"]["draft"]["packet"] != [] and seat(state, "p1") == 1
