"""The engine's shortcuts agree with the full listings they stand in for: a check that stops at
the first legal option (``offered``, ``can_move``, ``available``) says yes exactly when the
listing is not empty, and the worked-out shortcuts (Husbandry's reach, the lazy prompts) give
what the plain computation gives, over the states of played games."""

from __future__ import annotations

from collections.abc import Iterator

from test_clash_support import PLAYERS2, PLAYERS3

from rules.clash import GAME
from rules.clash.actions import activation, advance_gains, advancing, collect, movement, routes
from rules.clash.board.hexes import steps
from rules.clash.cards import play
from rules.clash.dispatch import contexts as prompts
from rules.clash.model.occupancy import occupancy
from rules.clash.model.state import ClashState
from rules.core import IllegalAction, Rng, act
from rules.selfplay import random_action


def _states(players: tuple[str, ...], seed: int, count: int, greedy: bool) -> Iterator[ClashState]:
    """The states of a game played for ``count`` actions (or to its end)."""
    rng = Rng(seed)
    state = GAME.setup(list(players), {}, seed)
    for _ in range(count):
        if GAME.outcome(state) is not None:
            return
        yield state
        seat = GAME.pending(state)[0].seat
        action = random_action(GAME, state, seat, rng, greedy=greedy)
        state, _ = act(GAME, state, seat, action)


def _all_states() -> Iterator[ClashState]:
    yield from _states(PLAYERS2, 1, 300, greedy=True)
    yield from _states(PLAYERS3, 2, 300, greedy=True)
    yield from _states(PLAYERS3, 3, 300, greedy=False)


STATES = list(_all_states())


def _more_by_listing(state: ClashState, seat: int, rest: list[str]) -> list[str]:
    """The tokens that may follow an advance purchase before its ``gold`` words (those are
    :mod:`rules.clash.model.paying`'s), every one tried (the plain listing)."""
    out = []
    for tok in [*advancing.ADVANCE_IDS, advancing.IDEAS_TOKEN]:
        if tok in rest and tok != advancing.IDEAS_TOKEN:
            continue
        try:
            p = advancing.parse(state, seat, [*rest, tok])
        except IllegalAction:
            continue
        if advancing.purchase_problem(state, seat, p, partial=True) is None:
            out.append(tok)
    return out


def test_the_turn_menu_checks_agree_with_the_listings() -> None:
    moved = bought = played = 0
    for state in STATES:
        seat = state.active
        origins = movement.origins(state, seat)
        assert movement.can_move(state, seat) == bool(origins)
        assert advancing.offered(state, seat) == bool(advance_gains.buyable(state, seat))
        assert play.offered(state, seat) == bool(play.playable(state, seat))
        assert activation.offered(state, seat) == bool(activation.cities(state, seat))
        moved += bool(origins)
        bought += bool(advance_gains.buyable(state, seat))
        played += bool(play.playable(state, seat))
    # The games reach states on both sides of each check.
    assert 0 < moved < len(STATES) and 0 < bought < len(STATES) and 0 < played < len(STATES)


def test_a_group_is_extendable_when_its_extensions_are_listed() -> None:
    checked = 0
    for state in STATES[::3]:
        seat = state.active
        occ = occupancy(state)
        for origin in movement.origins(state, seat, occ):
            for to in routes.routes(state, seat, origin, occ):
                prefix = [origin, movement.token(to)]
                for depth in (1, 2):
                    full = movement._extensions(state, seat, occ, prefix, depth)
                    assert movement._extendable(state, seat, occ, prefix, depth) == bool(full)
                checked += 1
    assert checked > 100


def _with_advances(state: ClashState, seat: int, advances: frozenset[str]) -> ClashState:
    out = state.copy()
    out.seats[seat].advances = advances
    return out


def test_collect_is_available_when_some_space_yields() -> None:
    yes = no = 0
    for played in STATES[::2]:
        seat = played.active
        have = played.seats[seat].advances
        # As played, with Husbandry (the spaces two steps away too), and with no advance at
        # all (no terrain yields anything).
        for advances in (have, have | {"husbandry"}, frozenset()):
            state = _with_advances(played, seat, advances)
            occ = occupancy(state)
            for city in state.seats[seat].cities:
                act_ = activation.context(state, seat, city, False, occ)
                listed = collect.candidates(state, seat, act_, occ)
                liberty = collect._liberty_problem(state, seat, act_) is None
                assert collect.available(state, seat, act_) == (liberty and bool(listed))
                yes, no = yes + bool(listed), no + (not listed)
    assert yes and no


def test_husbandry_reaches_the_spaces_two_steps_away_through_explored_ones() -> None:
    for state in STATES[::5]:
        occ = occupancy(state)
        for me in state.seats:
            for city in me.cities:
                found = steps(city.hex, occ.terrain.__contains__, 2)
                assert collect._far(city.hex, occ) == {h for h, k in found.items() if k == 2}


#: Two advances of Autocracy and the prerequisites of the other governments' tops: buying
#: Voting or Dogma switches the government, and its cubes follow (p.7).
AUTOCRAT = frozenset({"nationalism", "draft", "totalitarianism", "philosophy", "state_religion"})


def test_what_may_follow_an_advance_is_what_trying_every_token_finds() -> None:
    checked = cubes = 0
    for played in STATES[::4]:
        seat = played.active
        have = played.seats[seat].advances
        for advances in (have, have | AUTOCRAT):
            state = _with_advances(played, seat, advances)
            for advance in advance_gains.gainable(state.seats[seat]):
                rest = [advance]
                listed = _more_by_listing(state, seat, rest)
                assert list(advancing._following(state, seat, rest)) == listed
                assert advancing._has_more(state, seat, rest) == bool(listed)
                checked += 1
                cubes += any(tok in advancing.ADVANCE for tok in listed)
    assert checked > 100 and cubes


def test_a_seat_is_prompted_when_a_pending_prompt_is_its_own() -> None:
    for state in STATES:
        for seat in range(state.n):
            mine = any(p.seat == seat for p in prompts.pending(state))
            assert prompts.prompted(state, seat) == mine
