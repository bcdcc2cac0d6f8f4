"""Increase City Size (rules reference §3.3.3; p.2, p.5, p.6, p.8; C6, C7), and random
activations against the engine's invariants: each test names the rule it checks; refusals name
the code the player sees. The map is ``clash_map``'s: ann's city D2 has the Sea space D3 next
to it, D4 has two (D3, C4), B2 none."""

from __future__ import annotations

from typing import Any

from clash_map import board, events, play, refused, tokens, units
from test_clash_collect import START, city, have

from rules.clash import GAME
from rules.clash.model.state import ClashState
from rules.core import IllegalAction, Rng, act
from rules.selfplay import random_action

JSON = Any
CITY_ADVANCES = ["myths", "tactics", "writing", "fishing"]
PAY = {"food": 1, "ore": 1, "wood": 1}


def ann(
    pieces: list[str] | None = None,
    mood: str = "neutral",
    advances: list[str] | None = None,
    **seat: JSON,
) -> dict[str, JSON]:
    """ann with D2 (``pieces``), B2 and F3, every piece's advance, 1 Food, Ore and Wood."""
    d2: dict[str, JSON] = {"hex": "D2", "pieces": pieces or ["settlement"], "mood": mood}
    if "port" in d2["pieces"]:
        d2["port_faces"] = "D3"
    out: dict[str, JSON] = {
        "cities": [d2, {"hex": "B2"}, {"hex": "F3"}],
        "resources": dict(PAY),
        "settlers": {},
        "advances": [*START, *CITY_ADVANCES, *(advances or [])],
    }
    return out | seat


def kinds_of(state: ClashState, space: str = "D2") -> list[str]:
    return [p.kind for p in city(state, space).pieces]


def test_a_piece_costs_one_food_one_ore_one_wood() -> None:
    state, kinds = events(board(ann=ann()), "activate d2 grow fortress")
    assert kinds == ["clash.city_grew"]
    assert kinds_of(state) == ["settlement", "fortress"] and have(state) == {}
    assert state.turn_state.actions_left == 2 and city(state, "D2").activations == 1


def test_gold_stands_in_for_what_is_lacking() -> None:
    state = play(board(ann=ann(resources={"ore": 1, "gold": 2})), "activate d2 grow fortress")
    assert have(state) == {}
    err = refused(board(ann=ann(resources={"ore": 1, "gold": 1})), "activate d2 grow fortress")
    assert err.code == "cannot_pay_growth" and err.params == {"cost": ["food_1", "wood_1", "ore_1"]}


def test_each_piece_needs_its_advance() -> None:
    """Temple Myths, Fortress Tactics, Academy Writing, Port Fishing (p.5, p.6)."""
    state = board(ann=ann() | {"advances": START})
    for piece in ("temple", "fortress", "academy", "port"):
        err = refused(state, f"activate d2 grow {piece}")
        assert err.code == "piece_needs_advance" and err.params == {"piece": piece}
    assert "grow" not in tokens(state, "activate", "d2")


def test_a_city_holds_one_piece_of_each_kind() -> None:
    state = board(ann=ann(pieces=["settlement", "fortress"]))
    err = refused(state, "activate d2 grow fortress")
    assert err.code == "city_has_that_piece" and err.params == {"city": "D2", "piece": "fortress"}
    assert "fortress" not in tokens(state, "activate", "d2", "grow")


def test_no_city_larger_than_the_number_of_cities_owned() -> None:
    """Three cities: D2 of size 3 cannot grow (p.6, p.8)."""
    state = board(ann=ann(pieces=["settlement", "temple", "fortress"]))
    err = refused(state, "activate d2 grow academy")
    assert err.code == "city_size_limit" and err.params == {"size": 4, "cities": 3}
    assert "grow" not in tokens(state, "activate", "d2")


def test_an_angry_city_cannot_grow() -> None:
    state = board(ann=ann(mood="angry"))
    err = refused(state, "activate d2 grow fortress")
    assert err.code == "city_is_angry" and err.params == {"city": "D2"}
    assert "grow" not in tokens(state, "activate", "d2")


def test_forced_labor_lets_an_angry_city_grow_as_a_neutral_one() -> None:
    """The decision of rules/clash/actions/activation.py: "act as neutral" lifts every angry limit
    but the one activation while angry."""
    seat = ann(mood="angry", advances=["draft", "nationalism", "forced_labor"], mood_tokens=1)
    state = board(ann=seat)
    assert "grow" in tokens(state, "activate", "d2", "forced")
    state = play(state, "activate d2 forced grow fortress")
    assert kinds_of(state) == ["settlement", "fortress"] and city(state, "D2").mood == "angry"


def test_a_piece_must_be_left_in_the_supply() -> None:
    """p.2: 7 Temples of a colour; those in other players' cities count."""
    mine = [{"hex": h, "pieces": ["settlement", "temple"]} for h in ("B2", "F3", "E4", "C3")]
    ann_seat = ann() | {"cities": [{"hex": "D2"}, *mine]}
    theirs = [
        {"hex": h, "pieces": ["settlement", {"kind": "temple", "owner": "ann"}]}
        for h in ("D7", "E8", "C8")
    ]
    state = board(ann=ann_seat, bob={"cities": theirs})
    err = refused(state, "activate d2 grow temple mood")
    assert err.code == "no_piece_to_add" and err.params == {"piece": "temple", "limit": 7}


def test_a_grow_names_one_piece() -> None:
    state = board(ann=ann())
    err = refused(state, "activate d2 grow")
    assert err.code == "grow_needs_a_piece"
    assert err.params == {"allowed": ["temple", "fortress", "academy", "port"]}
    assert refused(state, "activate d2 grow settlement").code == "not_a_piece"
    assert refused(state, "activate d2 grow fortress academy").code == "too_many_tokens"


# -- the pieces' effects ------------------------------------------------------------------


def test_a_temple_gives_a_mood_or_a_culture_token() -> None:
    state = board(ann=ann())
    assert tokens(state, "activate", "d2", "grow", "temple") == ["mood", "culture"]
    assert refused(state, "activate d2 grow temple").code == "choose_mood_or_culture"
    state, kinds = events(state, "activate d2 grow temple culture")
    assert kinds == ["clash.city_grew", "clash.bonus"] and state.seats[0].culture_tokens == 1
    assert play(board(ann=ann()), "activate d2 grow temple mood").seats[0].mood_tokens == 1


def test_an_academy_gives_two_ideas_within_the_caps() -> None:
    state = play(board(ann=ann()), "activate d2 grow academy")
    assert have(state) == {"ideas": 2}
    # Dogma caps Ideas at 2 (p.2); the rest is lost (C7 (a)).
    seat = ann(advances=["state_religion", "dogma"], resources=PAY | {"ideas": 1})
    state, kinds = events(board(ann=seat), "activate d2 grow academy")
    assert kinds[-1] == "clash.over_cap" and have(state) == {"ideas": 2}


def test_a_port_points_into_a_sea_space_next_to_the_city() -> None:
    """D2 has one Sea space next to it: it may be left out."""
    state = board(ann=ann())
    a, kinds = events(state, "activate d2 grow port")
    assert kinds == ["clash.city_grew", "clash.port_faces"]
    b = play(state, "activate d2 grow port d3")
    assert city(a, "D2").port_faces == city(b, "D2").port_faces is not None
    err = refused(state, "activate d2 grow port c4")
    assert err.code == "not_a_port_space" and err.params == {"space": "C4", "allowed": ["D3"]}


def test_a_port_with_two_sea_spaces_names_one() -> None:
    cities = [{"hex": "D4"}, {"hex": "B2"}]
    state = board(ann=ann() | {"cities": cities})
    assert tokens(state, "activate", "d4", "grow", "port") == ["c4", "d3"]
    err = refused(state, "activate d4 grow port")
    assert err.code == "choose_port_space" and err.params == {"allowed": ["C4", "D3"]}
    state = play(state, "activate d4 grow port c4")
    assert city(state, "D4").port_faces is not None
    assert state.seats[0].city_at(city(state, "D4").hex) is not None


def test_a_port_needs_a_sea_space_next_to_the_city() -> None:
    err = refused(board(ann=ann()), "activate b2 grow port")
    assert err.code == "port_needs_sea" and err.params == {"city": "B2"}
    assert "port" not in tokens(board(ann=ann()), "activate", "b2", "grow")


def test_state_religion_once_a_turn_a_temple_costs_no_food() -> None:
    seat = ann(advances=["state_religion"], resources={"ore": 2, "wood": 2, "food": 1})
    state, kinds = events(board(ann=seat), "activate d2 grow temple mood")
    assert kinds == ["clash.city_grew", "clash.state_religion", "clash.bonus"]
    assert have(state) == {"food": 1, "ore": 1, "wood": 1, "mood": 1}
    state = play(state, "activate b2 grow temple mood")
    assert have(state) == {"mood": 2}


def test_sanitation_pays_one_food_for_a_settler_in_the_city() -> None:
    seat = ann(advances=["engineering", "sanitation"], resources={"food": 2, "ore": 1, "wood": 1})
    state = board(ann=seat)
    assert "settler" in tokens(state, "activate", "d2", "grow", "fortress")
    state, kinds = events(state, "activate d2 grow fortress settler")
    assert kinds == ["clash.city_grew", "clash.sanitation_settler"]
    assert units(state)["settler"] == {"D2": 1} and have(state) == {}
    # Without the Food after the piece, no settler.
    poor = board(ann=seat | {"resources": PAY})
    assert refused(poor, "activate d2 grow fortress settler").code == "cannot_pay_sanitation"
    assert "settler" not in tokens(poor, "activate", "d2", "grow", "fortress")


def test_sanitation_needs_the_advance_and_a_settler_in_the_supply() -> None:
    state = board(ann=ann(resources={"food": 2, "ore": 1, "wood": 1}))
    err = refused(state, "activate d2 grow fortress settler")
    assert err.code == "sanitation_needs_the_advance"
    full = ann(
        advances=["engineering", "sanitation"],
        resources={"food": 2, "ore": 1, "wood": 1},
        settlers={"C2": 4},
    )
    err = refused(board(ann=full), "activate d2 grow fortress settler")
    assert err.code == "no_unit_left" and err.params == {"kind": "settler", "limit": 4}


def test_after_the_temple_token_comes_sanitation() -> None:
    seat = ann(advances=["engineering", "sanitation"], resources={"food": 2, "ore": 1, "wood": 1})
    state = play(board(ann=seat), "activate d2 grow temple mood settler")
    assert kinds_of(state) == ["settlement", "temple"] and units(state)["settler"] == {"D2": 1}


def test_the_grown_event_names_the_piece_the_size_and_the_payment() -> None:
    _, evs = GAME.apply(board(ann=ann()), 0, "activate d2 grow fortress")
    assert dict(evs[0].params) == {
        "player": "ann",
        "city": "D2",
        "piece": "fortress",
        "size": 2,
        "paid": ["food_1", "wood_1", "ore_1"],
    }


def test_a_second_growth_in_a_turn_lowers_the_mood() -> None:
    seat = ann(resources={"food": 2, "ore": 2, "wood": 2})
    state, kinds = events(
        play(board(ann=seat), "activate d2 grow fortress"), "activate d2 grow temple mood"
    )
    assert kinds[-1] == "clash.mood_lowered" and city(state, "D2").mood == "angry"


# -- random activations against the invariants ----------------------------------------------

RICH_ADVANCES = [
    *START,
    *CITY_ADVANCES,
    "storage",
    "irrigation",
    "husbandry",
    "engineering",
    "sanitation",
    "public_education",
    "state_religion",
    "draft",
    "nationalism",
    "forced_labor",
    "tactics",
    "myths",
    "writing",
]


def _position(seed: int) -> dict[str, JSON]:
    """Cities of every mood and size, a Port, units, resources and tokens for every use."""
    rng = Rng(seed)
    moods = ["neutral", "happy", "angry"]
    ann_cities = [
        {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3", "mood": "happy"},
        {"hex": "D4", "mood": moods[rng.randrange(3)]},
        {"hex": "B2", "pieces": ["settlement", "temple"], "mood": moods[rng.randrange(3)]},
        {"hex": "E4", "mood": "angry"},
    ]
    resources = {r: rng.randrange(6) for r in ("food", "wood", "ore", "gold", "ideas")}
    resources["food"] = min(resources["food"], 8)
    return {
        "seats": {
            "ann": {
                "cities": ann_cities,
                "advances": RICH_ADVANCES,
                "resources": resources,
                "mood_tokens": rng.randrange(4),
                "armies": {"D2": 2},
                "settlers": {"C3": 1},
                "ships": [{"hex": "C4"}],
            },
            "bob": {"advances": [*START, *CITY_ADVANCES, "storage"], "resources": {"food": 4}},
        },
        "barbarians": {"cities": ["B3"]},
        "exhausted": ["E3"],
    }


def _offered(state: ClashState, seat: int, parts: list[str]) -> bool:
    for i, tok in enumerate(parts):
        match = [c for c in GAME.choices(state, seat, parts[:i]) if c.token == tok]
        if not match:
            return False
        if i == len(parts) - 1:
            return match[0].complete
    return False


def _broken(state: ClashState, seat: int, parts: list[str], words: list[str], rng: Rng) -> None:
    """A few mutations of an offered action: each applies exactly when it is offered, and
    trying it never changes the state."""
    swapped = parts[:]
    swapped[rng.randrange(len(swapped))] = words[rng.randrange(len(words))]
    tail = parts[3:]
    rng.shuffle(tail)
    shuffled = parts[:3] + tail
    before = GAME.to_json(state)
    for broken in (swapped, [*parts, words[rng.randrange(len(words))]], parts[:-1], shuffled):
        offered = _offered(state, seat, broken)
        try:
            act(GAME, state, seat, " ".join(broken))
        except IllegalAction:
            assert not offered, broken
        else:
            assert offered, broken
        assert GAME.to_json(state) == before


def test_random_activations_keep_every_invariant() -> None:
    """Walk GAME.choices token by token from rich positions, apply, check the invariants;
    mutated actions apply exactly when the picker offers them."""
    seen: set[str] = set()
    words: set[str] = {"army", "mood", "d3-gold", "forced", "grow"}
    for seed in range(6):
        state = board(**_position(seed))
        rng = Rng(seed)
        for _ in range(40):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.pending(state)[0].seat
            if "activate" in tokens(state) and rng.randrange(4):
                prefix = ["activate"]
                while True:
                    options = GAME.choices(state, seat, prefix)
                    assert options and all(c.complete or c.more for c in options), prefix
                    words |= {c.token for c in options}
                    pick = options[rng.randrange(len(options))]
                    prefix.append(pick.token)
                    if pick.complete and (not pick.more or rng.randrange(2) == 0):
                        break
                action = " ".join(prefix)
                if rng.randrange(3) == 0:
                    _broken(state, seat, prefix, sorted(words), rng)
            else:
                action = random_action(GAME, state, seat, rng)
            state, evs = act(GAME, state, seat, action)
            seen |= {e.kind for e in evs}
            assert GAME.check_invariants(state) == [], action
    assert {"clash.collected", "clash.units_built", "clash.city_grew"} <= seen
    assert {"clash.mood_lowered", "clash.forced_labor"} <= seen


# -- what pays (C138) -------------------------------------------------------------------------


def test_gold_may_pay_the_piece_instead_of_food_then_wood_then_ore_c138() -> None:
    state = board(ann=ann(resources={**PAY, "gold": 2}))
    grow = ["activate", "d2", "grow", "fortress"]
    assert tokens(state, *grow) == ["gold", "gold_wood", "gold_ore"]
    labels = [c.label for c in GAME.choices(state, 0, [*grow, "gold"])]
    assert labels == ["clash.choice.gold_for_wood", "clash.choice.gold_for_ore"]
    assert have(play(state, "activate d2 grow fortress gold")) == {"food": 1, "gold": 1}
    assert have(play(state, "activate d2 grow fortress gold gold")) == {"food": 1, "wood": 1}
    assert have(play(state, "activate d2 grow fortress gold_ore")) == {"ore": 1, "gold": 1}
    err = refused(state, "activate d2 grow fortress gold gold gold")
    assert err.code == "too_much_gold" and dict(err.params) == {"gold": 3, "count": 2}


def test_gold_pays_the_piece_and_sanitations_settler_as_one_payment_c138() -> None:
    """The Food kept first is the piece's; the settler is paid with the Gold left (p.2)."""
    seat = ann(
        advances=["engineering", "sanitation"],
        resources={"food": 2, "ore": 1, "wood": 1, "gold": 1},
    )
    _, evs = GAME.apply(board(ann=seat), 0, "activate d2 grow fortress settler gold")
    paid = {e.kind: e.params["paid"] for e in evs if "paid" in e.params}
    assert paid == {
        "clash.city_grew": ["food_1", "wood_1", "ore_1"],
        "clash.sanitation_settler": ["gold_1"],
    }
    state = play(board(ann=seat), "activate d2 grow fortress settler gold")
    assert have(state) == {"food": 1} and units(state)["settler"] == {"D2": 1}
