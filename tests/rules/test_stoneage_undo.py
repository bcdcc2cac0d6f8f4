"""Stone Age's ``reveals`` hook: placements may be taken back, dice and draws may not."""

from __future__ import annotations

from test_stoneage_support import PLAYERS2, position, run, seat

from rules.core import act, reveals
from rules.stoneage import GAME
from rules.stoneage.state import StoneAgeState


def _reveals(state: StoneAgeState, step: str) -> bool:
    who, action = step.split(":", 1)
    after, events = act(GAME, state, seat(state, who.strip()), action.strip())
    return reveals(GAME, state, after, events)


def test_a_placement_reveals_nothing() -> None:
    state = position(PLAYERS2, first="alice")
    assert not _reveals(state, "alice: place hunting 3")
    state, _ = run(state, "alice: place hunting 3")
    assert not _reveals(state, "bob: place forest 2")


def test_resolving_a_rolled_location_rolls() -> None:
    state = position(PLAYERS2, first="alice", dice=[6, 5, 3])
    state, _ = run(state, "alice: place hunting 3", "bob: place forest 5", "alice: place clay 2")
    assert _reveals(state, "alice: resolve hunting")


def test_a_roll_from_the_generator_is_a_reveal() -> None:
    """No fixed dice: the generator advances."""
    state = position(PLAYERS2, first="alice")
    state, _ = run(state, "alice: place hunting 3", "bob: place forest 5", "alice: place clay 2")
    assert _reveals(state, "alice: resolve hunting")


def test_writing_draws_a_card() -> None:
    state = position(
        PLAYERS2,
        first="alice",
        display=["G09", "G01", "G03", "G04"],
        seats={"alice": {"resources": {"wood": 1}}},
        deck=["S15"],
        fill_deck=True,
    )
    state, _ = run(state, "alice: place card 1", "bob: place hunting 5", "alice: place forest 2")
    state, _ = run(state, "alice: place quarry 2", "alice: resolve card 1")
    assert _reveals(state, "alice: buy wood")


def test_buying_a_building_shows_the_next_tile() -> None:
    state = position(
        PLAYERS2,
        first="alice",
        seats={"alice": {"resources": {"wood": 2, "brick": 1}}},
        buildings=[["B01", "B04"], ["B02"]],
    )
    state, _ = run(state, "alice: place building 1", "bob: place hunting 5")
    state, _ = run(state, "alice: place hunting 4", "alice: resolve building 1")
    buy = next(c.token for c in GAME.choices(state, 0, []) if c.token != "decline")
    rest = [c.token for c in GAME.choices(state, 0, [buy])]
    action = " ".join([buy, *rest[:1]])
    assert _reveals(state, f"alice: {action}")


def test_the_fallback_counts_private_events() -> None:
    """An engine without the hook: a private event is a reveal, a public one is not."""
    from rules.core import Event

    plain = object()
    assert reveals(plain, None, None, [Event("x", visible_to=(1,))])  # type: ignore[arg-type]
    assert not reveals(plain, None, None, [Event("x")])  # type: ignore[arg-type]
