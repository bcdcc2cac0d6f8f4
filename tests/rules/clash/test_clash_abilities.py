"""Abilities of advances as actions of a turn (rules reference §2.1, §3.7, §7.1; p.2, p.4,
p.5; C7, C25): Bartering, Taxation, Cartography, Civil Liberties (one action each), Drama &
Music and Absolute Power (no action). Each test names its rule, with the refusals and their
codes; a short random walk checks the invariants."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from clash_map import board, events, play, refused, tokens

from rules.clash import GAME
from rules.clash.actions.abilities import ABILITY_ACTIONS
from rules.clash.actions.trade_routes import TRADE_ANSWER, TRADE_DECISION
from rules.clash.box.components import MAX_ACTIONS, RESOURCES, TOKENS_MAX, storage_limit
from rules.clash.dispatch import grammar
from rules.clash.model.state import ClashState
from rules.core import IllegalAction, Rng, act

JSON = Any
BASE = ["farming", "mining"]
ECONOMICS = ["bartering", "trade_routes", "currency", "taxation"]
AUTOCRACY = ["tactics", "draft", "nationalism", "absolute_power"]


def ann(
    *advances: str,
    actions_left: int = 3,
    turn_used: tuple[str, ...] = (),
    options: dict[str, JSON] | None = None,
    **keys: JSON,
) -> ClashState:
    """ann's turn with these advances; ``keys`` are her seat's keys."""
    seat = {"advances": [*BASE, *advances], **keys}
    return board(ann=seat, actions_left=actions_left, turn_used=list(turn_used), options=options)


def codes(state: ClashState, *cases: tuple[str, str, dict[str, JSON]]) -> None:
    for action, code, params in cases:
        err = refused(state, action)
        assert (err.code, err.params) == (code, params), action


def resources(state: ClashState, seat: int = 0) -> dict[str, int]:
    return {k: v for k, v in state.seats[seat].resources.items() if v}


def test_the_abilities_are_turn_actions() -> None:
    assert set(ABILITY_ACTIONS) <= set(grammar.TURN_ACTIONS)


# -- Bartering -------------------------------------------------------------------------------


def test_bartering_turns_up_to_3_resources_into_gold_or_culture_tokens() -> None:
    """p.2: each resource given for 1 Gold or 1 culture token, a mix allowed; one action."""
    state = ann("bartering", resources={"food": 2, "ore": 1, "ideas": 1})
    state, evs = act(GAME, state, 0, "barter food-gold ore-culture food-culture")
    assert resources(state) == {"ideas": 1, "gold": 1}
    assert state.seats[0].culture_tokens == 2 and state.turn_state.actions_left == 2
    (ev,) = evs
    assert (ev.kind, dict(ev.params)) == (
        "clash.bartered",
        {"player": "ann", "gave": ["food_2", "ore_1"], "got": ["gold_1", "culture_2"]},
    )


def test_bartering_may_give_gold_for_a_culture_token_and_has_no_limit_per_turn() -> None:
    """Gold is a resource; no "once per turn" is printed (C25): an action each."""
    state = ann("bartering", resources={"gold": 3, "wood": 1})
    state = play(state, "barter gold-culture", "barter wood-gold gold-culture")
    assert resources(state) == {"gold": 2} and state.seats[0].culture_tokens == 2
    assert state.turn_state.actions_left == 1


def test_bartering_offers_what_can_be_given_and_kept() -> None:
    state = ann("bartering", resources={"food": 1, "gold": 7}, culture_tokens=8)
    assert tokens(state, "barter") == ["food-gold"]
    (choice,) = GAME.choices(state, 0, ["barter"])
    assert choice.complete and not choice.more
    rich = ann("bartering", resources={"food": 2, "wood": 1, "ore": 1})
    assert tokens(rich, "barter") == [
        "food-gold",
        "food-culture",
        "wood-gold",
        "wood-culture",
        "ore-gold",
        "ore-culture",
    ]
    assert tokens(rich, "barter", "wood-gold") == [
        "food-gold",
        "food-culture",
        "ore-gold",
        "ore-culture",
    ]
    assert tokens(rich, "barter", "food-gold", "food-gold", "ore-gold") == []
    assert "barter" not in tokens(ann("bartering", resources={}))
    assert "barter" not in tokens(ann(resources={"food": 2}))


def test_bartering_refusals() -> None:
    state = ann("bartering", resources={"food": 2, "ore": 1, "gold": 7}, culture_tokens=7)
    codes(
        state,
        ("barter", "barter_needs_a_resource", {}),
        ("barter food", "bad_barter", {"token": "food"}),
        ("barter food-mood", "bad_barter", {"token": "food-mood"}),
        ("barter mood-gold", "bad_barter", {"token": "mood-gold"}),
        ("barter gold-gold", "barter_gold_for_gold", {"token": "gold-gold"}),
        ("barter ore-gold ore-gold", "barter_not_enough", {"resource": "ore", "count": 1}),
        ("barter wood-gold", "barter_not_enough", {"resource": "wood", "count": 0}),
        ("barter food-gold ore-gold", "barter_over_cap", {"kind": "gold", "room": 1}),
        ("barter food-culture ore-culture", "barter_over_cap", {"kind": "culture", "room": 1}),
        (
            "barter food-gold food-culture gold-culture ore-gold",
            "too_many_barters",
            {"limit": 3},
        ),
    )
    err = refused(ann(resources={"food": 2}), "barter food-gold")
    assert (err.code, err.params) == ("needs_ability_advance", {"advance": "bartering"})
    err = refused(ann("bartering", resources={"food": 2}, actions_left=0), "barter food-gold")
    assert err.code == "no_actions_left"


# -- Taxation ---------------------------------------------------------------------------------


def test_taxation_pays_a_mood_token_for_a_gold_per_city_once_per_turn() -> None:
    cities = [{"hex": "D2"}, {"hex": "B2"}, {"hex": "F3", "mood": "angry"}]
    state = ann(*ECONOMICS, cities=cities, mood_tokens=2, resources={"gold": 1})
    state, evs = act(GAME, state, 0, "tax")
    assert resources(state) == {"gold": 4} and state.seats[0].mood_tokens == 1
    assert state.turn_state.actions_left == 2 and "taxation" in state.turn_state.used
    assert [(e.kind, dict(e.params)) for e in evs] == [
        ("clash.taxed", {"player": "ann", "count": 3, "got": ["gold_3"]})
    ]
    assert "tax" not in tokens(state)
    codes(state, ("tax", "ability_used", {"advance": "taxation"}))


def test_taxation_keeps_gold_up_to_8_and_is_refused_when_nothing_would_be_kept() -> None:
    """C7 (a): the rest is lost; with 8 Gold it would only cost the mood token."""
    cities = [{"hex": "D2"}, {"hex": "B2"}]
    state = ann(*ECONOMICS, cities=cities, mood_tokens=1, resources={"gold": 7})
    state, kinds = events(state, "tax")
    assert kinds == ["clash.taxed", "clash.over_cap"] and resources(state) == {"gold": 8}
    full = ann(*ECONOMICS, mood_tokens=1, resources={"gold": 8})
    assert "tax" not in tokens(full)
    codes(full, ("tax", "nothing_to_gain", {"advance": "taxation"}))


def test_taxation_refusals() -> None:
    codes(
        ann(*ECONOMICS, mood_tokens=0),
        ("tax", "ability_needs_mood_tokens", {"advance": "taxation", "count": 1}),
    )
    codes(
        ann(*ECONOMICS[:3], mood_tokens=1),
        ("tax", "needs_ability_advance", {"advance": "taxation"}),
    )
    codes(ann(*ECONOMICS, mood_tokens=1), ("tax now", "too_many_tokens", {"token": "now"}))
    used = ann(*ECONOMICS, mood_tokens=1, turn_used=("taxation",))
    codes(used, ("tax", "ability_used", {"advance": "taxation"}))
    none = board(ann={"advances": [*BASE, *ECONOMICS], "cities": [], "mood_tokens": 1})
    codes(none, ("tax", "taxation_needs_a_city", {}))


# -- Cartography -------------------------------------------------------------------------------


MARITIME = ["fishing", "cartography"]
PORT = {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"}


def test_cartography_gives_a_culture_token_and_an_idea_per_region_with_a_ship() -> None:
    """D3 and C4 lie in r3, F2 in r2: two regions (p.2, p.5); once per turn, one action."""
    ships = [{"hex": "D3"}, {"hex": "C4"}, {"hex": "F2"}]
    state = ann(*MARITIME, cities=[PORT], ships=ships, culture_tokens=1)
    state, evs = act(GAME, state, 0, "cartography")
    assert state.seats[0].culture_tokens == 3 and resources(state) == {"food": 2, "ideas": 2}
    assert state.turn_state.actions_left == 2
    assert [(e.kind, dict(e.params)) for e in evs] == [
        ("clash.charted", {"player": "ann", "count": 2, "got": ["ideas_2", "culture_2"]})
    ]
    codes(state, ("cartography", "ability_used", {"advance": "cartography"}))


def test_cartography_caps_and_refusals() -> None:
    ships = [{"hex": "D3"}, {"hex": "F2"}]
    near_full = ann(*MARITIME, cities=[PORT], ships=ships, culture_tokens=7, resources={})
    state, kinds = events(near_full, "cartography")
    assert kinds == ["clash.charted", "clash.over_cap"] and state.seats[0].culture_tokens == 8
    full = ann(
        *MARITIME,
        cities=[PORT],
        ships=ships,
        culture_tokens=8,
        resources={"ideas": 8},
    )
    codes(full, ("cartography", "nothing_to_gain", {"advance": "cartography"}))
    codes(ann(*MARITIME, cities=[PORT]), ("cartography", "cartography_needs_a_ship", {}))
    codes(
        ann("fishing", cities=[PORT], ships=ships),
        ("cartography", "needs_ability_advance", {"advance": "cartography"}),
    )
    assert "cartography" not in tokens(ann(*MARITIME, cities=[PORT]))


# -- Civil Liberties ---------------------------------------------------------------------------


DEMOCRACY = ["writing", "philosophy", "voting", "civil_liberties"]


def test_civil_liberties_gives_3_mood_tokens_for_an_action_without_limit() -> None:
    """C25: no "once per turn" is printed; tokens stop at 8 (p.4)."""
    state = ann(*DEMOCRACY, mood_tokens=1)
    state, evs = act(GAME, state, 0, "liberties")
    assert state.seats[0].mood_tokens == 4 and state.turn_state.actions_left == 2
    assert [(e.kind, dict(e.params)) for e in evs] == [
        ("clash.liberties", {"player": "ann", "got": ["mood_3"]})
    ]
    state, kinds = events(state, "liberties")
    assert state.seats[0].mood_tokens == 7
    state, kinds = events(state, "liberties")
    assert kinds[-1] == "clash.over_cap" and state.seats[0].mood_tokens == 8


def test_civil_liberties_refusals() -> None:
    codes(
        ann(*DEMOCRACY, mood_tokens=8),
        ("liberties", "nothing_to_gain", {"advance": "civil_liberties"}),
    )
    codes(
        ann(mood_tokens=0), ("liberties", "needs_ability_advance", {"advance": "civil_liberties"})
    )
    codes(ann(*DEMOCRACY), ("liberties x", "too_many_tokens", {"token": "x"}))
    assert "liberties" not in tokens(ann(*DEMOCRACY, mood_tokens=8))


# -- Drama & Music -----------------------------------------------------------------------------


CULTURE = ["art_sculptures", "drama_music"]


def test_drama_and_music_swaps_one_token_once_per_turn_without_an_action() -> None:
    state = ann(*CULTURE, mood_tokens=2, culture_tokens=1)
    assert tokens(state, "drama") == ["culture", "mood"]
    state, evs = act(GAME, state, 0, "drama culture")
    me = state.seats[0]
    assert (me.mood_tokens, me.culture_tokens) == (1, 2) and state.turn_state.actions_left == 3
    assert [(e.kind, dict(e.params)) for e in evs] == [
        ("clash.drama_music", {"player": "ann", "gave": ["mood_1"], "got": ["culture_1"]})
    ]
    assert "drama" not in tokens(state)
    codes(state, ("drama mood", "ability_used", {"advance": "drama_music"}))
    back = play(ann(*CULTURE, culture_tokens=1), "drama mood")
    assert (back.seats[0].mood_tokens, back.seats[0].culture_tokens) == (1, 0)


def test_drama_and_music_refusals() -> None:
    state = ann(*CULTURE, mood_tokens=1, culture_tokens=8)
    assert tokens(state, "drama") == ["mood"]
    codes(
        state,
        ("drama", "drama_incomplete", {}),
        ("drama gold", "bad_drama_token", {"token": "gold"}),
        ("drama culture", "drama_tokens_full", {"kind": "culture"}),
        ("drama mood mood", "too_many_tokens", {"token": "mood"}),
    )
    codes(ann(*CULTURE), ("drama mood", "no_token_to_give", {"kind": "culture"}))
    codes(
        ann(mood_tokens=1), ("drama culture", "needs_ability_advance", {"advance": "drama_music"})
    )
    assert "drama" not in tokens(ann(*CULTURE))


def test_a_turn_without_actions_stays_open_while_drama_and_music_can_be_used() -> None:
    """The last action spent, ``end`` is needed (grammar.py's rule for free abilities)."""
    state = ann(*CULTURE, "bartering", mood_tokens=1, resources={"food": 1}, actions_left=1)
    state = play(state, "barter food-gold")
    assert state.active == 0 and tokens(state) == ["drama", "trade", "end"]
    state = play(state, "drama culture")
    assert state.active == 1


# -- Absolute Power ----------------------------------------------------------------------------


def test_absolute_power_buys_an_extra_action_for_2_mood_tokens_once_per_turn() -> None:
    state = ann(*AUTOCRACY, mood_tokens=3, actions_left=0)
    assert state.active == 0 and "power" in tokens(state)
    state, evs = act(GAME, state, 0, "power")
    assert state.turn_state.actions_left == 1 and state.seats[0].mood_tokens == 1
    assert [(e.kind, dict(e.params)) for e in evs] == [
        ("clash.extra_action", {"player": "ann", "count": 1})
    ]
    codes(state, ("power", "ability_used", {"advance": "absolute_power"}))
    full = ann(*AUTOCRACY, mood_tokens=2)
    full = play(full, "power")
    assert full.turn_state.actions_left == MAX_ACTIONS


def test_absolute_power_refusals() -> None:
    codes(
        ann(*AUTOCRACY, mood_tokens=1),
        ("power", "ability_needs_mood_tokens", {"advance": "absolute_power", "count": 2}),
    )
    codes(ann(mood_tokens=2), ("power", "needs_ability_advance", {"advance": "absolute_power"}))
    codes(ann(*AUTOCRACY, mood_tokens=2), ("power 2", "too_many_tokens", {"token": "2"}))
    codes(  # the first edition's cap (C132)
        ann(*AUTOCRACY, mood_tokens=2, actions_left=4, options={"edition": 1}),
        ("power", "actions_full", {"count": MAX_ACTIONS}),
    )


def test_free_abilities_wait_while_a_move_action_is_under_way() -> None:
    """Only the Move action's groups and ``done`` are asked during it (p.9)."""
    state = ann(*CULTURE, *AUTOCRACY, mood_tokens=3, settlers={"D2": 1, "B2": 1})
    state = play(state, "move d2 c3 settler")
    assert state.turn_state.moving and not {"drama", "power"} & set(tokens(state))
    refused(state, "power")


# -- random play -------------------------------------------------------------------------------


#: ann and bob own every advance of this issue (ann with Storage), with ships, settlers near
#: each other's cities, tokens and resources to spend.
EVERYTHING = [
    *BASE,
    "storage",
    *ECONOMICS,
    "fishing",
    "cartography",
    "art_sculptures",
    "drama_music",
    *AUTOCRACY,
]
DEMOCRATS = [*BASE, *ECONOMICS, "fishing", "cartography", *CULTURE, *DEMOCRACY]
RICH: dict[str, JSON] = {
    "seats": {
        "ann": {
            "advances": EVERYTHING,
            "resources": {"food": 3, "wood": 2, "ore": 2, "ideas": 1, "gold": 2},
            "cities": [PORT, {"hex": "B2"}],
            "settlers": {"C3": 2, "E3": 1},
            "ships": [{"hex": "D3"}, {"hex": "F2"}],
            "mood_tokens": 5,
            "culture_tokens": 6,
        },
        "bob": {
            "advances": DEMOCRATS,
            "resources": {"food": 2, "wood": 3, "gold": 6},
            "cities": [
                {"hex": "F3"},
                {"hex": "D4", "pieces": ["settlement", "port"], "port_faces": "C4"},
            ],
            "settlers": {"E4": 1},
            "ships": [{"hex": "C4"}, {"hex": "G3"}],
            "mood_tokens": 7,
            "culture_tokens": 2,
        },
    },
    "map": {
        "r1": {"tile": "g15", "explored": True},
        "r2": {"tile": "g04", "explored": True},
        "r3": {"tile": "g03", "explored": True},
    },
}


@pytest.fixture
def _answer_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(grammar.DECISIONS, TRADE_DECISION, TRADE_ANSWER)
    yield


def _walk(state: ClashState, seat: int, rng: Rng, words: set[str]) -> str:
    """A random offered action (an ability alone may end there even when the menu says
    more may follow); every token met goes into ``words``."""
    prefix: list[str] = []
    complete = False
    while True:
        options = GAME.choices(state, seat, prefix)
        words.update(c.token for c in options)
        if not options:
            assert complete, f"dead end after {prefix}"
            return " ".join(prefix)
        pick = options[rng.randrange(len(options))]
        prefix.append(pick.token)
        complete = pick.complete
        assert pick.complete or pick.more
        if pick.complete and (not pick.more or rng.randrange(2) == 0):
            return " ".join(prefix)


def _offered(state: ClashState, seat: int, parts: list[str]) -> bool:
    for i, tok in enumerate(parts):
        match = [c for c in GAME.choices(state, seat, parts[:i]) if c.token == tok]
        if not match:
            return False
        if i == len(parts) - 1:
            return match[0].complete
    return False


def _mutated_agree(state: ClashState, seat: int, action: str, rng: Rng, words: set[str]) -> None:
    """A broken action applies exactly when it is offered (and never changes ``state``)."""
    parts = action.split()
    vocabulary = sorted(words)
    parts[rng.randrange(len(parts))] = vocabulary[rng.randrange(len(vocabulary))]
    for broken in (parts, [*action.split(), vocabulary[rng.randrange(len(vocabulary))]]):
        offered = _offered(state, seat, broken)
        try:
            act(GAME, state, seat, " ".join(broken))
        except IllegalAction as exc:
            assert not offered, f"offered {broken} refused: {exc}"
        else:
            assert offered, f"{broken} applied but not offered"


#: The events of the once-per-turn abilities (p.2).
ONCE = ("clash.taxed", "clash.charted", "clash.drama_music", "clash.extra_action")


def _check(state: ClashState) -> None:
    assert GAME.check_invariants(state) == []
    for me in state.seats:
        assert 0 <= me.mood_tokens <= TOKENS_MAX and 0 <= me.culture_tokens <= TOKENS_MAX
        for r in RESOURCES:
            assert 0 <= me.resources[r] <= storage_limit(me.advances, r)
    assert 0 <= state.turn_state.actions_left <= MAX_ACTIONS


@pytest.mark.usefixtures("_answer_registered")
def test_random_play_with_the_abilities_keeps_the_invariants() -> None:
    seen: set[str] = set()
    for seed in range(3):
        state = GAME.setup_position(["ann", "bob"], {}, seed, RICH)
        rng = Rng(seed)
        used: dict[str, int] = {}
        words: set[str] = set()
        for step in range(90):
            if GAME.outcome(state) is not None:
                break
            prompt = GAME.pending(state)[0]  # the turn's (trading offers come after it)
            action = _walk(state, prompt.seat, rng, words)
            if step % 3 == 0:
                _mutated_agree(state, prompt.seat, action, rng, words)
            try:
                state, evs = act(GAME, state, prompt.seat, action)
            except IllegalAction as exc:  # pragma: no cover - shown on failure
                raise AssertionError(f"offered {action!r} refused: {exc}") from exc
            for e in evs:
                seen.add(e.kind)
                if e.kind == "clash.turn_ended":
                    used = {}
                elif e.kind in ONCE:
                    used[e.kind] = used.get(e.kind, 0) + 1
                    assert used[e.kind] == 1, f"{e.kind} twice in a turn"
            _check(state)
    wanted = {
        "clash.bartered",
        "clash.taxed",
        "clash.charted",
        "clash.drama_music",
        "clash.extra_action",
        "clash.liberties",
        "clash.trade_routes",
        "clash.trade_routes_due",
    }
    assert sorted(wanted - seen) == []
