"""CIV's ``reveals`` hook: which actions may be taken back (``/undo``)."""

from __future__ import annotations

from civ_support import in_effects, position, seat

from rules.civ import GAME
from rules.civ.state import CivState
from rules.core import act, reveals


def _reveals(state: CivState, step: str) -> bool:
    """Apply ``"alice: play science"`` and ask the engine whether it showed something."""
    who, action = step.split(":", 1)
    after, events = act(GAME, state, seat(state, who.strip()), action.strip())
    return reveals(GAME, state, after, events)


def test_playing_a_known_card_reveals_nothing() -> None:
    state = position(seats={"alice": {"hand": {"science": 1, "culture": 1}}})
    assert not _reveals(state, "alice: play science")


def test_ending_the_turn_draws_and_reveals() -> None:
    state = in_effects(seats={"alice": {"hand": {"science": 1}}})
    assert _reveals(state, "alice: end")


def test_inquisition_shows_a_hand() -> None:
    seats = {
        "alice": {"area": {"religion": 1}, "hand": {"utopia": 1}},
        "bob": {"hand": {"science": 2, "culture": 1}},
    }
    assert _reveals(in_effects(seats=seats), "alice: inquisition @bob")


def test_breakthrough_draws_from_the_deck() -> None:
    state = in_effects(seats={"alice": {"area": {"science": 1}, "hand": {"utopia": 2}}})
    assert _reveals(state, "alice: breakthrough")


def test_the_last_draft_keep_passes_packets_and_reveals() -> None:
    """A keep alone shows nothing; the one completing the round hands over new packets."""
    state = GAME.setup(["p0", "p1", "p2"], {"deal": "draft"}, 3)
    for s in (0, 1):
        token = GAME.choices(state, s, ["keep"])[0].token
        assert not _reveals(state, f"p{s}: keep {token}")
        state, _ = act(GAME, state, s, f"keep {token}")
    token = GAME.choices(state, 2, ["keep"])[0].token
    assert _reveals(state, f"p2: keep {token}")


def test_the_generator_advancing_is_a_reveal_even_without_events() -> None:
    """A shuffle with no private event still counts: undoing it would allow a reshuffle."""
    before = position(seats={"alice": {"hand": {"science": 1}}})
    after = before.copy()
    after.rng.next64()
    assert reveals(GAME, before, after, [])
    assert not reveals(GAME, before, before.copy(), [])
