"""choices and apply agree: every complete choice applies, nothing else does."""

from __future__ import annotations

from civ_support import in_effects, random_states

from host import text
from rules.civ import GAME
from rules.civ.state import CivState
from rules.core import IllegalAction, act


def _all_actions(state: CivState, seat: int, prefix: list[str], limit: int) -> list[str]:
    """Every complete action ``choices`` can build (depth-first, at most ``limit``)."""
    out: list[str] = []
    options = GAME.choices(state, seat, prefix)
    tokens = [c.token for c in options]
    assert len(tokens) == len(set(tokens)), f"duplicate tokens after {prefix}: {tokens}"
    assert options == GAME.choices(state, seat, prefix), "choices are not stable"
    for choice in options:
        assert choice.complete or choice.more
        parts = [*prefix, choice.token]
        if choice.complete:
            out.append(" ".join(parts))
        else:
            try:
                act(GAME, state, seat, " ".join(parts))
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"incomplete {parts} applied")
        if choice.more and len(out) < limit:
            assert GAME.choices(state, seat, parts), f"{parts} promises more but offers nothing"
            out += _all_actions(state, seat, parts, limit - len(out))
    return out


def test_every_complete_choice_applies_in_random_games() -> None:
    """Enumerate (up to a bound) the actions offered at many points; all of them apply."""
    count = 0
    for players, options in ((2, {}), (3, {"partial_effects": True}), (4, {"deal": "draft"})):
        for state in random_states(players * 5, players, options, every=2):
            for prompt in GAME.pending(state):
                for action in _all_actions(state, prompt.seat, [], 60):
                    act(GAME, state, prompt.seat, action)
                    count += 1
            quiet = set(range(players)) - {p.seat for p in GAME.pending(state)}
            assert all(GAME.choices(state, s, []) == [] for s in quiet)
    assert count > 1200


def test_labels_and_flags_of_an_effect() -> None:
    """Labels are full locale keys; only the last argument completes the action."""
    state = in_effects(seats={"alice": {"area": {"economy": 3}, "hand": {"science": 1}}})
    heads = {c.token: c for c in GAME.choices(state, 0, [])}
    assert heads["progress"].label == "civ.effect.progress"
    assert (heads["progress"].complete, heads["progress"].more) == (False, True)
    assert (heads["end"].label, heads["end"].complete) == ("civ.action.end", True)
    first = GAME.choices(state, 0, ["progress"])
    assert [(c.token, c.label, c.complete, c.more) for c in first] == [
        ("economy", "civ.domain.economy", False, True)
    ]
    second = GAME.choices(state, 0, ["progress", "economy"])
    assert [(c.token, c.complete, c.more) for c in second] == [("science", True, False)]
    assert GAME.choices(state, 0, ["progress", "culture"]) == []
    assert GAME.choices(state, 1, []) == []


def test_player_choices_use_the_player_label() -> None:
    """@handle tokens carry the civ.player label and the handle as a parameter."""
    state = in_effects(seats={"alice": {"area": {"religion": 1}}})
    (choice,) = GAME.choices(state, 0, ["inquisition"])
    assert (choice.token, choice.label, dict(choice.params)) == (
        "@bob",
        "civ.player",
        {"player": "bob"},
    )


def test_actions_are_case_and_space_insensitive() -> None:
    """Tokens are case-folded and any whitespace separates them."""
    state = in_effects(seats={"alice": {"area": {"economy": 3}, "hand": {"science": 1}}})
    new, _ = act(GAME, state, 0, "  PROGRESS   Economy science ")
    assert new.seats[0].area[3] == 1


def test_attack_says_on_each_domain_who_else_would_lose_a_card() -> None:
    """A domain nobody else has a face-up card of hurts only the attacker: its choice says
    so; another names the players who would discard one too (the engine's own victims)."""
    state = in_effects(
        players=("alice", "bob", "carol"),
        seats={
            "alice": {"area": {"military": 2, "science": 1, "culture": 1, "economy": 1}},
            "bob": {"area": {"science": 1, "economy": 2}},
            "carol": {"area": {"science": 2}},
        },
    )
    offered = {c.token: (c.label, dict(c.params)) for c in GAME.choices(state, 0, ["attack"])}
    assert offered == {
        "military": ("civ.choice.attack_alone", {"domain": "military"}),
        "economy": ("civ.choice.attack", {"domain": "economy", "victims": ["@bob"]}),
        "science": ("civ.choice.attack", {"domain": "science", "victims": ["@bob", "@carol"]}),
        "culture": ("civ.choice.attack_alone", {"domain": "culture"}),
    }
    _, events = act(GAME, state, 0, "attack culture")
    assert [e.kind for e in events if e.kind == "civ.attack_loss"] == []
    _, events = act(GAME, state, 0, "attack science")
    lost = [e.params["player"] for e in events if e.kind == "civ.attack_loss"]
    assert lost == ["bob", "carol"]
    label = text.choice_label("en", GAME.choices(state, 0, ["attack"])[-1])
    assert label == "Culture: only you would lose a card"
    assert text.choice_label("hu", GAME.choices(state, 0, ["attack"])[-1]) == (
        "Kultúra: csak te dobnál el kártyát"
    )
