"""The view schema (docs/architecture.md) and hidden information."""

from __future__ import annotations

import json

from civ_support import in_effects, random_states, run

from rules.civ import GAME
from rules.civ.data import DOMAINS
from rules.civ.state import CivState
from rules.core import act

TOP_KEYS = {
    "game",
    "players",
    "seat",
    "options",
    "teams",
    "start_seat",
    "active",
    "step",
    "turn_number",
    "final_round",
    "thresholds",
    "deck",
    "discard",
    "coin",
    "centre",
    "seats",
    "turn",
    "pending",
    "recent",
    "outcome",
}
SEAT_KEYS = {
    "seat",
    "player",
    "team",
    "hand_size",
    "hand_limit",
    "area",
    "facedown_utopia",
    "hegemony_need",
    "levels",
    "embargoed",
    "culture_leader",
    "resigned",
}
STEPS = {"draft_keep", "draft_pick", "play", "effects", "over"}


def _check_schema(view: dict, seat: int | None) -> None:
    expected = TOP_KEYS | ({"hand", "private"} if seat is not None else set())
    assert set(view) == expected
    assert view["step"] in STEPS
    assert set(view["thresholds"]) == {"level1", "level2", "hegemony"}
    assert set(view["deck"]) == {"total", "by_age"} and set(view["deck"]["by_age"]) == {
        "1",
        "2",
        "3",
    }
    assert view["deck"]["total"] == sum(view["deck"]["by_age"].values())
    assert all(d in DOMAINS for d in view["discard"])
    assert len(view["recent"]) <= 8
    for s in view["seats"]:
        assert set(s) == SEAT_KEYS
        for field in ("area", "facedown_utopia", "hegemony_need", "levels"):
            assert list(s[field]) == list(DOMAINS)
    if view["turn"] is not None:
        assert set(view["turn"]) == {"played", "used_permanent", "used_discard", "inspired"}
    if seat is not None:
        order = [DOMAINS.index(d) for d in view["hand"]]
        assert order == sorted(order)
        assert len(view["hand"]) == view["seats"][seat]["hand_size"]
    json.dumps(view)


def test_views_follow_the_schema_through_whole_games() -> None:
    """Every view of every seat in random games has exactly the documented fields."""
    for players, options in ((2, {"deal": "draft"}), (3, {}), (4, {"teams": True})):
        for state in random_states(players * 7, players, options, every=5):
            for seat in (None, *range(players)):
                _check_schema(GAME.view(state, seat), seat)


def test_public_view_has_no_hand_and_private_view_only_its_own() -> None:
    """The spectator view has no hand at all; a seat sees only its own hand."""
    state = in_effects(seats={"alice": {"hand": {"utopia": 2}}, "bob": {"hand": {"science": 3}}})
    assert "hand" not in GAME.view(state, None)
    assert GAME.view(state, 0)["hand"] == ["utopia", "utopia"]
    assert GAME.view(state, 1)["hand"] == ["science", "science", "science"]
    assert "utopia" not in json.dumps(GAME.view(state, 1)["private"])


def _scramble(state: CivState, keep: int) -> CivState:
    """The same public situation with other hands, packets and the deck order changed."""
    other = state.copy()
    for s, seat in enumerate(other.seats):
        if s == keep:
            continue
        total = sum(seat.hand)
        seat.hand = [0] * 6
        seat.hand[(s + 3) % 6] = total
        if other.draft is not None:
            size = sum(other.draft.packets[s])
            other.draft.packets[s] = [0] * 6
            other.draft.packets[s][s % 6] = size
            size = sum(other.draft.kept[s])
            other.draft.kept[s] = [0] * 6
            other.draft.kept[s][(s + 1) % 6] = size
    other.deck = tuple(sorted(other.deck, key=lambda c: (c // 6, -(c % 6))))
    other.removed = tuple(reversed(other.removed))
    return other


def test_views_do_not_depend_on_other_seats_hidden_cards() -> None:
    """Changing other hands, packets and the deck order changes no view of this seat."""
    for players, options in ((2, {"deal": "draft"}), (3, {"deal": "draft"}), (4, {})):
        for state in random_states(players * 13, players, options, every=3):
            for seat in range(players):
                if state.sub is not None and state.active == seat:
                    continue  # the taken/drawn cards are this seat's own knowledge
                scrambled = _scramble(state, seat)
                assert GAME.view(scrambled, seat) == GAME.view(state, seat)
                assert GAME.view(scrambled, None) == GAME.view(state, None)


def _first_complete(state: CivState, seat: int, head: str) -> str:
    """``head`` completed with the first offered token at every step."""
    prefix = [head]
    choice = next(c for c in GAME.choices(state, seat, []) if c.token == head)
    while not choice.complete:
        choice = GAME.choices(state, seat, prefix)[0]
        prefix.append(choice.token)
    return " ".join(prefix)


def test_public_events_do_not_depend_on_hidden_cards() -> None:
    """The active seat's action produces the same public events whatever others hold."""
    checked = 0
    for players in (2, 3, 4):
        for state in random_states(players * 31, players, {}, every=2):
            if GAME.outcome(state) is not None or state.step not in ("play", "effects"):
                continue
            seat = state.active
            for head in [c.token for c in GAME.choices(state, seat, [])]:
                action = _first_complete(state, seat, head)
                _, events = act(GAME, state, seat, action)
                _, others = act(GAME, _scramble(state, seat), seat, action)
                public = [(e.kind, e.params) for e in events if e.visible_to is None]
                assert public == [(e.kind, e.params) for e in others if e.visible_to is None]
                checked += 1
    assert checked > 100


def test_private_event_kinds_are_always_private() -> None:
    """Cards drawn, taken or passed are only ever told to the seats involved."""
    private = {
        "civ.drew_cards",
        "civ.draft_packet",
        "civ.inquisition_hand",
        "civ.inquisition_cards",
        "civ.breakthrough_drawn",
    }
    state = in_effects(
        seats={"alice": {"area": {"religion": 1, "science": 1}}, "bob": {"hand": {"utopia": 2}}}
    )
    state, events = run(
        state, "alice: inquisition @bob", "alice: return utopia utopia", "alice: breakthrough"
    )
    seen = {e.kind for e in events}
    assert {"civ.inquisition_hand", "civ.inquisition_cards", "civ.breakthrough_drawn"} <= seen
    for e in events:
        assert (e.kind in private) == (e.visible_to is not None)
    for state in random_states(5, 3, {"deal": "draft"}, every=50):
        assert all(r["kind"] not in private for r in GAME.view(state, None)["recent"])


def test_recent_keeps_the_last_eight_public_events() -> None:
    """view()['recent'] is bounded and oldest first."""
    states = random_states(3, 2)
    last = states[-1]
    recent = GAME.view(last, None)["recent"]
    assert 0 < len(recent) <= 8
    assert recent[-1]["kind"] in ("civ.game_over", "civ.tiebreak")
