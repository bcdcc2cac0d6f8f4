"""Inspiration (Culture) and the Culture coin."""

from __future__ import annotations

from civ_support import area, hand, in_effects, kinds, refused, run, tokens_after

from rules.civ import GAME

THREE = ("alice", "bob", "carol")


def _leader(**extra: dict) -> dict:
    seats = {
        "alice": {"area": {"culture": 2}, "hand": {"science": 2}},
        "bob": {"area": {"culture": 1, "economy": 3, "religion": 5}},
        "carol": {"area": {"utopia": 3}},
    }
    for who, fields in extra.items():
        seats[who].update(fields)
    return seats


def test_inspiration_copies_an_available_effect_and_places_the_coin() -> None:
    """The Culture leader resolves another player's effect with their own cards."""
    state = in_effects(players=THREE, seats=_leader())
    assert "inspire" in tokens_after(state, "alice")
    assert tokens_after(state, "alice", "inspire") == ["@bob"]
    assert tokens_after(state, "alice", "inspire @bob") == [
        "holy-book",
        "divine-right",
        "progress",
    ]
    choice = GAME.choices(state, 0, ["inspire", "@bob"])
    assert [(c.token, c.label, c.complete) for c in choice][:1] == [
        ("holy-book", "civ.effect.holy-book", True)
    ]
    state, events = run(state, "alice: inspire @bob progress culture science")
    assert kinds(events) == ["civ.inspire", "civ.progress", "civ.coin_returned"]
    assert area(state, "alice") == {"culture": 1, "science": 1}
    # alice discarded a Culture card, so bob now equals her: the coin goes back.
    assert GAME.view(state, None)["coin"] is None


def test_coin_stays_while_the_lead_lasts() -> None:
    """The coin marks holder, copied player, domain and level."""
    state = in_effects(players=THREE, seats=_leader())
    state, _ = run(state, "alice: inspire @bob divine-right")
    assert GAME.view(state, None)["coin"] == {
        "holder": 0,
        "target": 1,
        "domain": "religion",
        "level": 2,
    }
    assert GAME.view(state, None)["seats"][0]["culture_leader"] is True
    assert GAME.view(state, None)["seats"][0]["hand_limit"] == 7
    state, _ = run(state, "alice: end")
    assert sum(state.seats[0].hand) == 7
    assert GAME.view(state, None)["coin"]["holder"] == 0


def test_coin_returns_when_another_player_equals_the_culture_count() -> None:
    """Playing a Culture card to tie the leader returns the coin to neutral."""
    seats = _leader(
        alice={"area": {"culture": 2, "military": 1}, "hand": {"science": 2}},
        bob={"area": {"culture": 1, "economy": 3}, "hand": {"culture": 1}},
    )
    state = in_effects(players=THREE, seats=seats)
    state, _ = run(state, "alice: inspire @bob progress military science", "alice: end")
    assert GAME.view(state, None)["coin"] is not None
    state, events = run(state, "bob: play culture")
    assert "civ.coin_returned" in kinds(events)
    assert GAME.view(state, None)["coin"] is None


def test_inspiration_needs_a_strict_culture_majority() -> None:
    """A tie in Culture is not enough."""
    seats = _leader(carol={"area": {"culture": 2}})
    state = in_effects(players=THREE, seats=seats)
    assert "inspire" not in tokens_after(state, "alice")
    assert refused(state, "alice: inspire @bob progress science science").code == (
        "no_culture_majority"
    )


def test_once_per_turn_and_it_uses_the_domains_permanent_effect() -> None:
    """One copy per turn; the copied domain's permanent effect is then used up."""
    seats = _leader(alice={"area": {"culture": 2, "economy": 3}, "hand": {"science": 3}})
    state = in_effects(players=THREE, seats=seats)
    state, _ = run(state, "alice: inspire @bob progress economy science")
    assert refused(state, "alice: progress economy science").code == "effect_used"
    assert refused(state, "alice: inspire @carol oligarchy science").code == "already_inspired"


def test_own_effect_first_blocks_copying_that_domain() -> None:
    """After using your own Progress you cannot copy an Economy effect this turn."""
    seats = _leader(alice={"area": {"culture": 2, "economy": 3}, "hand": {"science": 3}})
    state = in_effects(players=THREE, seats=seats)
    state, _ = run(state, "alice: progress economy science")
    assert tokens_after(state, "alice", "inspire @bob") == ["holy-book", "divine-right"]
    assert refused(state, "alice: inspire @bob progress science science").code == "effect_used"


def test_copy_needs_the_target_to_have_the_level() -> None:
    """Monopoly cannot be copied from a player who only has level 1 Economy."""
    state = in_effects(players=THREE, seats=_leader())
    assert refused(state, "alice: inspire @bob monopoly science science science science").code == (
        "not_available"
    )
    assert refused(state, "alice: inspire @carol progress culture science").code == "bad_target"
    assert refused(state, "alice: inspire @bob telepathy").code == "bad_token"


def test_copied_holy_book_sets_the_hand_limit_for_this_draw_only() -> None:
    """A copied Religion effect counts at this turn's draw; own level otherwise."""
    state = in_effects(players=THREE, seats=_leader())
    state, _ = run(state, "alice: inspire @bob holy-book", "alice: end")
    assert sum(state.seats[0].hand) == 5
    assert GAME.view(state, None)["seats"][0]["hand_limit"] == 3


def test_copied_effect_with_partial_effects() -> None:
    """Copying Oligarchy with an empty discard pile is not offered."""
    state = in_effects(players=THREE, seats=_leader())
    assert "oligarchy" not in tokens_after(state, "alice", "inspire @carol")
    state = in_effects(players=THREE, seats=_leader(), discard=["military"])
    state, _ = run(state, "alice: inspire @carol oligarchy military")
    assert hand(state, "alice") == {"military": 1, "science": 2}
