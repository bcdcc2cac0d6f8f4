"""Cultural Influence and Art & Sculptures (rules reference §3.6, §1.4; p.10, p.11, p.2, p.15;
C36, C37, C38, C63): each test names its rule, with the refusals and their codes. Then random
play from positions with several cities of two players, checking the invariants throughout.

Distances on the base map (``clash_map``): D2-F3 2, D2-B3 2, B3-F3 4; with r6 explored as g13
(D5 Forest, C6 Mountain, D6 Mountain, E6 Fertile) D4-D7 is 3.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from clash_map import BASE_MAP, board, events, play, prompt, refused, tokens, with_needs
from test_clash_support import comparable, roundtrip

import locales
from host import text
from rules import selfplay
from rules.clash import GAME
from rules.clash.actions import influence_rolls
from rules.clash.board.hexes import parse_hex
from rules.clash.dispatch import grammar
from rules.clash.model.state import ClashState, Piece
from rules.core import Rng, act

JSON = Any
BASE = ["farming", "mining"]
R6 = {"r6": {"tile": "g13", "explored": True}}


def city(hex_: str, *pieces: str | tuple[str, str], mood: str = "neutral") -> dict[str, JSON]:
    """A city: its Settlement, then pieces by kind (the owner's colour) or (kind, handle)."""
    out: list[JSON] = ["settlement"]
    for p in pieces:
        out.append(p if isinstance(p, str) else {"kind": p[0], "owner": p[1]})
    return {"hex": hex_, "pieces": out, "mood": mood}


def seat(*cities: dict[str, JSON], advances: tuple[str, ...] = (), **keys: JSON) -> JSON:
    return {"cities": list(cities), "advances": with_needs([*BASE, *advances]), **keys}


def pieces_at(state: ClashState, space: str) -> list[tuple[str, int]]:
    h = parse_hex(space)
    found = [c for me in state.seats for c in me.cities if c.hex == h]
    assert len(found) == 1
    return [(p.kind, p.owner) for p in found[0].pieces]


#: ann's D2 (size 2, range 2) reaches bob's F3 (size 2, a Temple) at distance 2.
def duel(ann: JSON | None = None, bob: JSON | None = None, **keys: JSON) -> ClashState:
    return board(
        ann=ann or seat(city("D2", "academy"), culture_tokens=3),
        bob=bob or seat(city("D7"), city("F3", "temple", mood="angry")),
        **keys,
    )


def test_a_success_puts_your_piece_in_place_of_theirs() -> None:
    """p.10: 5 or 6 succeeds; the city keeps its owner and mood; one action."""
    state = duel(dice=[5])
    assert tokens(state, "influence") == ["d2"]
    assert tokens(state, "influence", "d2") == ["f3"]
    assert tokens(state, "influence", "d2", "f3") == ["temple"]
    state, evs = act(GAME, state, 0, "influence d2 f3 temple")
    assert [e.kind for e in evs] == ["clash.influence_rolled", "clash.influence_succeeded"]
    assert evs[0].params == {
        "player": "ann",
        "from": "D2",
        "to": "F3",
        "piece": "temple",
        "roll": 5,
        "needed": 5,
    }
    assert evs[1].params == {"player": "ann", "space": "F3", "piece": "temple", "owner": "bob"}
    assert pieces_at(state, "F3") == [("settlement", 1), ("temple", 0)]
    f3 = state.seats[1].city_at(parse_hex("F3"))
    assert f3 is not None and (f3.owner, f3.mood) == (1, "angry")
    assert state.turn_state.influenced and state.turn_state.actions_left == 2
    assert state.seats[0].culture_tokens == 3


def test_one_success_per_turn_and_failures_may_be_repeated() -> None:
    """p.11, C36: attempts are repeatable with further actions; one success per turn."""
    state = duel(ann=seat(city("D2", "academy")), dice=[4, 6])
    state, kinds = events(state, "influence d2 f3 temple")
    assert kinds == ["clash.influence_rolled", "clash.influence_failed"]
    assert pieces_at(state, "F3") == [("settlement", 1), ("temple", 1)]
    assert not state.turn_state.influenced and "influence" in tokens(state)
    state = play(state, "influence d2 f3 temple")
    assert state.turn_state.influenced and state.turn_state.actions_left == 1
    assert "influence" not in tokens(state) and tokens(state, "influence") == []
    assert refused(state, "influence d2 f3 temple").code == "already_influenced"
    # The next turn may succeed again.
    assert not play(state, "end", "end").turn_state.influenced


def test_range_is_the_size_plus_culture_tokens_bought_before_the_roll() -> None:
    """p.10, C37 (a): distance <= range; the p.10 example (1 token for range, roll 3, 2 tokens
    more) played from a size-2 city 4 spaces away, 2 tokens for range."""
    ann = seat(city("B3", "academy"), culture_tokens=4)
    state = duel(ann=ann, dice=[3])
    (target,) = GAME.choices(state, 0, ["influence", "b3"])
    assert (target.token, target.label, target.params["count"]) == (
        "f3",
        "clash.choice.influence_to_range",
        2,
    )
    state, kinds = events(state, "influence b3 f3 temple")
    assert kinds == ["clash.range_bought", "clash.influence_rolled"]
    assert state.seats[0].culture_tokens == 2 and prompt(state) == "influence"
    state, kinds = events(state, "2")
    assert kinds == ["clash.influence_boosted", "clash.influence_succeeded"]
    assert state.seats[0].culture_tokens == 0
    # At exactly the size no token is needed (a, not b).
    near = duel(dice=[6])
    (target,) = GAME.choices(near, 0, ["influence", "d2"])
    assert target.label == "clash.choice.influence_to"
    assert play(near, "influence d2 f3 temple").seats[0].culture_tokens == 3


def test_range_tokens_must_be_affordable() -> None:
    state = duel(ann=seat(city("B3", "academy"), culture_tokens=1))
    assert "influence" not in tokens(state)
    err = refused(state, "influence b3 f3 temple")
    assert (err.code, err.params) == ("cannot_pay_range", {"count": 2, "tokens": 1})


def test_the_distance_never_crosses_a_face_down_region() -> None:
    """p.11, C63: D4 (size 3) reaches D7 at 3 only once r6 is explored."""
    ann = seat(city("D4", "temple", "academy"), culture_tokens=8)
    bob = seat(city("D7", "fortress"))
    hidden = board(ann=ann, bob=bob)
    assert "influence" not in tokens(hidden)
    assert refused(hidden, "influence d4 d7 fortress").code == "out_of_reach"
    seen = board(ann=ann, bob=bob, tiles=R6, dice=[6])
    (target,) = GAME.choices(seen, 0, ["influence", "d4"])
    assert target.params == {"space": "D7", "player": "bob", "count": 0}
    assert pieces_at(play(seen, "influence d4 d7 fortress"), "D7")[1] == ("fortress", 0)


def test_after_a_short_roll_you_may_add_culture_tokens() -> None:
    """p.10: +1 per token after seeing the roll: a decision, 0 or the shortfall."""
    state = duel(dice=[3])
    state = play(state, "influence d2 f3 temple")
    (p,) = GAME.pending(state)
    assert (p.seat, p.kind, p.turn) == (0, "influence", 0)
    assert p.params == {"roll": 3, "needed": 5, "count": 2, "space": "F3", "piece": "temple"}
    assert tokens(state) == ["2", "0"] and tokens(state, "2") == []
    for answer in ("1", "3", "x", "02"):
        err = refused(state, answer)
        assert (err.code, err.params) == ("boost_amount", {"allowed": [0, 2]})
    assert refused(state, "2 0").code == "too_many_tokens"
    assert refused(state, "end").code == "boost_amount"
    assert GAME.check_invariants(state) == []
    assert GAME.from_json(GAME.to_json(state)) == state
    failed, kinds = events(state, "0")
    assert kinds == ["clash.influence_failed"]
    assert failed.seats[0].culture_tokens == 3 and prompt(failed) == "turn"
    assert pieces_at(failed, "F3")[1] == ("temple", 1)
    won = play(state, "2")
    assert won.seats[0].culture_tokens == 1 and pieces_at(won, "F3")[1] == ("temple", 0)


def test_a_position_may_stand_at_the_decision() -> None:
    """The decision's params round-trip through positions and snapshots;
    :func:`influence_rolls.decision_problem` names what a position must not give."""
    made = play(duel(dice=[3]), "influence d2 f3 temple")
    (decision,) = made.prompts.decisions
    assert influence_rolls.decision_problem(made, decision) is None
    raw = {**decision.params}
    item = {"id": decision.id, "seat": "ann", "kind": "influence", "params": raw, "turn": "ann"}
    state = duel(prompts=[item], actions_left=2)
    assert tokens(state) == ["2", "0"]
    assert pieces_at(play(state, "2"), "F3")[1] == ("temple", 0)
    for broken in (
        {**raw, "count": 1},
        {**raw, "needed": 4, "count": 1},
        {**raw, "space": "D7"},
        {**raw, "piece": "port"},
        {k: v for k, v in raw.items() if k != "roll"},
    ):
        assert influence_rolls.decision_problem(state, replace(decision, params=broken)), broken
    poor = duel(ann=seat(city("D2", "academy"), culture_tokens=1))
    assert influence_rolls.decision_problem(poor, decision)


def test_no_decision_when_no_tokens_could_reach_the_roll() -> None:
    """The only answer would be 0: it is taken at once."""
    state = duel(ann=seat(city("D2", "academy"), culture_tokens=2), dice=[2])
    state, kinds = events(state, "influence d2 f3 temple")
    assert kinds == ["clash.influence_rolled", "clash.influence_failed"]
    assert prompt(state) == "turn" and state.seats[0].culture_tokens == 2


def test_the_turn_ends_after_the_answer_when_no_action_is_left() -> None:
    state = play(duel(dice=[4], actions_left=1), "influence d2 f3 temple")
    assert prompt(state) == "influence" and state.active == 0
    state, kinds = events(state, "1")
    assert kinds == ["clash.influence_boosted", "clash.influence_succeeded", "clash.turn_ended"]
    assert state.active == 1


def test_the_roll_is_a_reveal() -> None:
    before = duel()
    after, evs = act(GAME, before, 0, "influence d2 f3 temple")
    assert GAME.reveals(before, after, evs)
    fixed = duel(dice=[2, 6])
    after, evs = act(GAME, fixed, 0, "influence d2 f3 temple")
    assert after.dice == (6,) and GAME.reveals(fixed, after, evs)


def test_conversion_succeeds_on_4_and_gives_a_culture_token() -> None:
    ann = seat(city("D2", "academy"), advances=("dogma", "conversion"), culture_tokens=3)
    state, kinds = events(duel(ann=ann, dice=[4]), "influence d2 f3 temple")
    assert kinds == [
        "clash.influence_rolled",
        "clash.influence_succeeded",
        "clash.conversion_token",
    ]
    assert state.seats[0].culture_tokens == 4
    capped = {**ann, "culture_tokens": 8}
    state, kinds = events(duel(ann=capped, dice=[4]), "influence d2 f3 temple")
    assert "clash.conversion_token" not in kinds and state.seats[0].culture_tokens == 8


def test_the_source_is_your_city_without_a_foreign_piece() -> None:
    """p.11: a city under foreign influence cannot influence."""
    ann = seat(city("D2", ("academy", "bob")), city("B3", "temple"), culture_tokens=3)
    state = duel(ann=ann)
    assert tokens(state, "influence") == ["b3"]
    err = refused(state, "influence d2 f3 temple")
    assert (err.code, err.params) == ("source_under_influence", {"space": "D2"})
    err = refused(state, "influence f3 d2 academy")
    assert (err.code, err.params) == ("not_your_city", {"space": "F3"})
    assert refused(state, "influence c3 f3 temple").code == "not_your_city"


def test_your_own_city_is_a_target_only_to_take_a_foreign_piece_back() -> None:
    """p.11, C38; the piece goes back to its colour's supply."""
    ann = seat(city("D2", ("academy", "bob")), city("B3", "temple"), culture_tokens=3)
    state = duel(ann=ann, dice=[6])
    assert tokens(state, "influence", "b3") == ["d2", "f3"]
    assert tokens(state, "influence", "b3", "d2") == ["academy"]
    state = play(state, "influence b3 d2 academy")
    assert pieces_at(state, "D2") == [("settlement", 0), ("academy", 0)]
    err = refused(duel(dice=[6]), "influence d2 d2 academy")
    assert (err.code, err.params) == ("nothing_to_influence", {"space": "D2"})


def test_the_target_is_a_city_of_size_2_or_more_never_a_barbarian_one() -> None:
    bob = seat(city("D7"), city("F3", "temple"), city("E3"))
    state = duel(bob=bob, barbarians={"cities": ["C3"], "armies": {"C3": 1}})
    assert tokens(state, "influence", "d2") == ["f3"]
    for action, code, params in (
        ("influence d2 e3 temple", "target_too_small", {"space": "E3", "size": 1}),
        ("influence d2 c3 temple", "barbarians_never_influenced", {"space": "C3"}),
        ("influence d2 c2 temple", "no_city_there", {"space": "C2"}),
    ):
        err = refused(state, action)
        assert (err.code, err.params) == (code, params), action


def test_a_foreign_city_needs_a_piece_not_of_your_colour_and_not_the_settlement() -> None:
    bob = seat(city("D7"), city("F3", ("temple", "ann"), "port", mood="happy"))
    bob["cities"][1]["port_faces"] = "F2"
    state = duel(bob=bob)
    assert tokens(state, "influence", "d2", "f3") == ["port"]
    for action, code, params in (
        ("influence d2 f3 temple", "no_such_piece", {"space": "F3", "piece": "temple"}),
        ("influence d2 f3 fortress", "no_such_piece", {"space": "F3", "piece": "fortress"}),
        ("influence d2 f3 settlement", "settlement_never_influenced", {}),
        ("influence d2 f3 wonder", "bad_piece", {"token": "wonder"}),
    ):
        err = refused(state, action)
        assert (err.code, err.params) == (code, params), action
    mine = seat(city("D7"), city("F3", ("temple", "ann")))
    err = refused(duel(bob=mine), "influence d2 f3 temple")
    assert (err.code, err.params) == ("nothing_to_influence", {"space": "F3"})


def test_you_need_a_piece_of_that_kind_in_your_supply() -> None:
    """p.2: 7 Temples of a colour; all of ann's are on the board."""
    spaces = ["D2", "B2", "B3", "C2", "C3", "E2", "E4"]
    ann = seat(*(city(h, "temple") for h in spaces), culture_tokens=2)
    bob = seat(city("D7"), city("F3", "temple", "academy"))
    state = duel(ann=ann, bob=bob)
    assert tokens(state, "influence", "d2", "f3") == ["academy"]
    err = refused(state, "influence d2 f3 temple")
    assert (err.code, err.params) == ("no_piece_left", {"piece": "temple"})


@pytest.mark.parametrize(
    ("advances", "where", "keys"),
    [
        (("voting", "separation_of_power"), city("F3", "temple", mood="happy"), {}),
        (("nationalism", "totalitarianism"), city("F3", "temple"), {"armies": {"F3": 1}}),
        (("dogma", "devotion"), city("F3", "temple"), {}),
    ],
)
def test_boost_blockers_forbid_range_and_roll_tokens_against_their_cities(
    advances: tuple[str, ...], where: JSON, keys: JSON
) -> None:
    """p.11: the owner's happy cities (Separation of Power), cities with its army units
    (Totalitarianism), with a Temple (Devotion); still targets within the plain range."""
    bob = seat(city("D7"), where, advances=advances, **keys)
    far = duel(ann=seat(city("B3", "academy"), culture_tokens=8), bob=bob)
    assert "influence" not in tokens(far)
    err = refused(far, "influence b3 f3 temple")
    assert (err.code, err.params) == (
        "range_boost_blocked",
        {"space": "F3", "distance": 4, "range": 2, "advance": advances[1]},
    )
    near = duel(ann=seat(city("D2", "academy"), culture_tokens=8), bob=bob, dice=[3])
    assert tokens(near, "influence", "d2") == ["f3"]
    near, evs = act(GAME, near, 0, "influence d2 f3 temple")
    assert [e.kind for e in evs] == [
        "clash.influence_rolled",
        "clash.boost_blocked",
        "clash.influence_failed",
    ]
    assert evs[1].params == {"player": "bob", "space": "F3", "advance": advances[1]}
    assert prompt(near) == "turn" and near.seats[0].culture_tokens == 8


def test_blockers_do_not_stop_the_owner_taking_a_piece_back() -> None:
    ann = seat(
        city("D2", ("academy", "bob"), mood="happy"),
        city("B3", "temple"),
        advances=("voting", "separation_of_power"),
        culture_tokens=3,
    )
    state = play(duel(ann=ann, dice=[4]), "influence b3 d2 academy")
    assert prompt(state) == "influence"


def test_blockers_only_count_for_the_city_owner_advances_and_this_city() -> None:
    """Separation of Power leaves bob's neutral city open to boosts; ann's own advance does
    nothing for bob's cities."""
    bob = seat(city("D7"), city("F3", "temple"), advances=("voting", "separation_of_power"))
    state = play(duel(bob=bob, dice=[4]), "influence d2 f3 temple")
    assert prompt(state) == "influence"


def test_art_and_sculptures_gives_one_attempt_a_turn_for_a_culture_token() -> None:
    """p.2: no action; once per turn; adds an attempt, not a success (C36)."""
    ann = seat(city("D2", "academy"), advances=("art_sculptures",), culture_tokens=2)
    state = duel(ann=ann, dice=[1, 1])
    assert {"influence", "art"} <= set(tokens(state))
    assert tokens(state, "art", "d2", "f3") == ["temple"]
    state, kinds = events(state, "art d2 f3 temple")
    assert kinds == ["clash.art_used", "clash.influence_rolled", "clash.influence_failed"]
    assert state.turn_state.actions_left == 3 and state.seats[0].culture_tokens == 1
    assert "art_sculptures" in state.turn_state.used and "art" not in tokens(state)
    assert refused(state, "art d2 f3 temple").code == "art_already_used"
    assert "influence" in tokens(state)
    broke = duel(ann={**ann, "culture_tokens": 0})
    assert "art" not in tokens(broke)
    assert refused(broke, "art d2 f3 temple").code == "art_needs_a_culture_token"
    assert refused(duel(), "art d2 f3 temple").code == "needs_art_sculptures"
    assert "art" not in tokens(duel()) and tokens(duel(), "art") == []
    done = play(duel(ann=ann, dice=[6]), "influence d2 f3 temple")
    assert "art" not in tokens(done)
    assert refused(done, "art d2 f3 temple").code == "already_influenced"


def test_art_needs_its_token_besides_the_range_and_the_roll() -> None:
    ann = seat(city("B3", "academy"), advances=("art_sculptures",), culture_tokens=2)
    state = duel(ann=ann)
    assert "influence" in tokens(state) and "art" not in tokens(state)
    err = refused(state, "art b3 f3 temple")
    assert (err.code, err.params) == ("cannot_pay_range", {"count": 2, "tokens": 1})
    rich = {**ann, "culture_tokens": 5}
    state = play(duel(ann=rich, dice=[3]), "art b3 f3 temple")
    (p,) = GAME.pending(state)
    assert p.kind == "influence" and p.params["count"] == 2 and p.id.endswith(".art")
    assert tokens(state) == ["2", "0"] and state.seats[0].culture_tokens == 2


def test_the_great_statue_adds_range_and_shields_its_owner_cities_within_2() -> None:
    """p.15, C38."""
    statue = seat(city("B3", "academy"), culture_tokens=1)
    statue["cities"][0]["wonder"] = "great_statue"
    (target,) = GAME.choices(duel(ann=statue), 0, ["influence", "b3"])
    assert target.params["count"] == 1
    ann = seat(city("D2", "academy"), culture_tokens=3)
    bob = seat(city("D7"), city("F3", "temple"), city("E4", "academy"))
    bob["cities"][2]["wonder"] = "great_statue"
    state = duel(ann=ann, bob=bob)
    assert "influence" not in tokens(state)
    for space, piece in (("f3", "temple"), ("e4", "academy")):
        err = refused(state, f"influence d2 {space} {piece}")
        assert (err.code, err.params) == ("protected_by_great_statue", {"space": space.upper()})


def test_influence_needs_an_action_and_its_three_tokens() -> None:
    state = duel()
    assert refused(state, "influence").code == "influence_incomplete"
    assert refused(state, "influence d2 f3").code == "influence_incomplete"
    assert refused(state, "influence d2 f3 temple now").code == "too_many_tokens"
    tired = duel(actions_left=0)
    assert "influence" not in tokens(tired)
    assert refused(tired, "influence d2 f3 temple").code == "no_actions_left"


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_every_influence_text_exists_with_real_values(lang: str) -> None:
    ann = seat(
        city("B3", "academy"),
        city("D2", "fortress"),
        advances=("art_sculptures",),
        culture_tokens=6,
    )
    bob = seat(city("D7"), city("F3", "temple", mood="happy"), advances=("voting", "devotion"))
    state = duel(
        ann=ann,
        bob={**bob, "advances": with_needs([*BASE, "dogma", "devotion"])},
        dice=[3, 2],
    )
    met: list[str] = []
    ours = [c for c in GAME.choices(state, 0, []) if c.token in ("influence", "art", "end")]
    met += [text.choice_label(lang, c) for c in ours]
    for prefix in (["influence"], ["influence", "d2"], ["art", "d2", "f3"]):
        met += [text.choice_label(lang, c) for c in GAME.choices(state, 0, prefix)]
    other = duel(ann=ann, dice=[2, 6])
    other, evs = act(GAME, other, 0, "art b3 f3 temple")
    met += [text.prompt_what(lang, "clash", p) for p in GAME.pending(other)]
    met += [text.choice_label(lang, c) for c in GAME.choices(other, 0, [])]
    met += [locales.event_text(lang, e.kind, dict(e.params)) for e in evs]
    for answer in ("3", "0"):
        _, evs = act(GAME, other, 0, answer)
        met += [locales.event_text(lang, e.kind, dict(e.params)) for e in evs]
    _, evs = act(GAME, state, 0, "influence d2 f3 temple")
    met += [locales.event_text(lang, e.kind, dict(e.params)) for e in evs]
    for action in ("influence b3 f3 temple", "influence d2 d7 temple", "influence d2 f3 x"):
        err = refused(state, action)
        met.append(locales.error_text(lang, err.code, err.params, "clash"))
    met.append(locales.error_text(lang, "boost_amount", {"allowed": [0, 3]}, "clash"))
    for line in met:
        assert "{" not in line and not line.startswith(("clash.", "event.", "error.")), line


# -- random play ----------------------------------------------------------------------------


def culture_position(variant: int, handles: tuple[str, str] = ("ann", "bob")) -> dict[str, JSON]:
    """Both players with several cities, pieces of the other's colour, moods, tokens and the
    advances of both actions; ``variant`` picks bob's government (its boost blocker)."""
    governments = (
        ("dogma", "devotion", "conversion"),
        ("nationalism", "totalitarianism"),
    )
    first, second = handles
    ann = seat(
        city("D2", "temple", ("academy", second), "port", mood="happy"),
        city("B3", "fortress", mood="angry"),
        city("D4", "academy"),
        city("E2"),
        advances=("rituals", "circus_sports", "voting", "separation_of_power", "art_sculptures"),
        mood_tokens=6,
        culture_tokens=5,
        resources={"food": 2, "wood": 2, "ore": 1, "ideas": 1, "gold": 2},
    )
    ann["cities"][0]["port_faces"] = "D3"
    bob = seat(
        city("D7", "temple", "fortress"),
        city("E6", "academy", mood="happy"),
        city("F3", ("temple", first), mood="angry"),
        city("C6", "fortress"),
        advances=governments[variant % 2],
        mood_tokens=4,
        culture_tokens=6,
        armies={"D7": 1, "E6": 1},
    )
    return {
        "map": {**board_map(), **R6},
        "seats": dict(zip(handles, (ann, bob), strict=True)),
        "first": first,
    }


def board_map() -> dict[str, JSON]:
    return {k: dict(v) for k, v in BASE_MAP.items()}


def supply_totals(state: ClashState) -> Counter[tuple[str, int]]:
    """City pieces on the board by kind and colour (Settlements change only by founding)."""
    return Counter(
        (p.kind, p.owner)
        for me in state.seats
        for c in me.cities
        for p in c.pieces
        if p.kind != "settlement"
    )


#: The turn actions random play takes: those of this step, and ``end``. Founding a city, moving,
#: advancing and activating have their own random play; leaving them out keeps these games
#: on Civic Improvement and Cultural Influence.
HEADS = ("civic", "voting", "influence", "art", "end")


def walk(state: ClashState, seat_: int, rng: Rng, seen: Any = None) -> str:
    """A random complete action, token by token as the picker offers them; in a turn only
    one of :data:`HEADS`."""
    prefix: list[str] = []
    while True:
        options = GAME.choices(state, seat_, prefix)
        if not prefix and GAME.pending(state)[0].kind == "turn" and seat_ == state.active:
            options = [c for c in options if c.token in HEADS]
        assert options, prefix
        if seen is not None:
            seen(options)
        pick = options[rng.randrange(len(options))]
        prefix.append(pick.token)
        assert pick.complete or pick.more, prefix
        if pick.complete and (not pick.more or rng.randrange(2)):
            return " ".join(prefix)


def test_random_play_of_civic_improvement_and_influence_keeps_every_invariant() -> None:
    seen: Counter[str] = Counter()
    for variant in range(4):
        state = GAME.setup_position(["ann", "bob"], {}, variant, culture_position(variant))
        rng = Rng(variant)
        pieces = sum(supply_totals(state).values())
        for _ in range(150):
            if state.outcome is not None:
                break
            seat_ = GAME.pending(state)[0].seat
            action = walk(state, seat_, rng)
            state, evs = act(GAME, state, seat_, action)
            seen.update(e.kind for e in evs)
            assert GAME.check_invariants(state) == [], action
            for decision in state.prompts.decisions:
                check = grammar.DECISIONS[decision.kind].problem
                assert check is None or check(state, decision) is None
                assert comparable(roundtrip(state)) == comparable(state)
            total = supply_totals(state)
            assert sum(total.values()) == pieces
            assert all(n <= 7 for n in total.values())
            for me in state.seats:
                assert all(c.pieces[0] == Piece("settlement", c.owner) for c in me.cities)
                assert 0 <= me.mood_tokens <= 8 and 0 <= me.culture_tokens <= 8
    for kind in (
        "mood_raised",
        "civic_paid",
        "voting_used",
        "influence_succeeded",
        "influence_failed",
        "influence_boosted",
        "art_used",
    ):
        assert seen[f"clash.{kind}"], kind


class _CultureRunner(selfplay.Runner):
    """The standard runner (refusals of mutated actions, quiet seats, snapshots), started
    from :func:`culture_position` and choosing as :func:`walk` does."""

    def _setup(self, handles: list[str], rng: Rng) -> Any:
        seed = rng.randrange(1 << 30)
        self.setup_options, self.setup_seed = {}, seed
        names = (handles[0], handles[1])
        return GAME.setup_position(handles, {}, seed, culture_position(seed, names))

    def _choose(self, state: Any, seat: int, rng: Rng) -> str:
        return walk(state, seat, rng, self._learn)


def test_the_standard_runner_plays_the_culture_positions_cleanly() -> None:
    report = selfplay.Report("clash", 2)
    runner = _CultureRunner(GAME, report, roundtrip_every=2, illegal_every=2)
    for seed in range(2):
        runner.play(seed, 2)
    assert report.errors == 0, report.messages
    assert report.finished == 2
