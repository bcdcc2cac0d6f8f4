"""Found City (rules reference §3.2, p.6, p.8, p.13, p.20, p.2): each test names its rule."""

from __future__ import annotations

from clash_map import board, events, play, refused, tokens, units

from rules.clash import GAME
from rules.clash.board.hexes import label, parse_hex


def test_a_settler_becomes_a_neutral_size_1_city_for_one_action() -> None:
    state = board(ann={"settlers": {"C3": 1, "D2": 1}})
    state, kinds = events(state, "found c3")
    assert kinds == ["clash.city_founded"]
    city = state.seats[0].city_at(parse_hex("C3"))
    assert city is not None and (city.size, city.mood, city.owner) == (1, "neutral", 0)
    assert units(state)["settler"] == {"D2": 1}
    assert state.turn_state.actions_left == 2


def test_cities_may_stand_next_to_each_other() -> None:
    """C3 is next to ann's city on D2."""
    state = play(board(ann={"settlers": {"C3": 1}}), "found c3")
    assert sorted(label(c.hex) for c in state.seats[0].cities) == ["C3", "D2"]


def test_found_needs_your_settler_on_the_space() -> None:
    state = board(ann={"settlers": {"C3": 1}}, bob={"settlers": {"B2": 1}})
    for space in ("b2", "e3"):
        err = refused(state, f"found {space}")
        assert err.code == "no_settler_there" and err.params == {"space": space.upper()}


def test_a_settler_aboard_a_ship_founds_nothing() -> None:
    state = board(ann={"settlers": {}, "ships": [{"hex": "D3", "cargo": ["settler"]}]})
    assert refused(state, "found d3").code == "no_settler_there"
    assert "found" not in tokens(state)


def test_never_on_barren_land() -> None:
    assert refused(board(ann={"settlers": {"D1": 1}}), "found d1").code == "cannot_found_on_barren"


def test_never_on_an_exhausted_space() -> None:
    state = board(ann={"settlers": {"B2": 1}}, exhausted=["B2"])
    assert refused(state, "found b2").code == "cannot_found_on_exhausted"


def test_never_on_a_space_with_a_city() -> None:
    """ann's own starting city (her settler starts there) and a barbarian city alike."""
    assert refused(board(), "found d2").code == "cannot_found_on_a_city"


def test_never_on_a_space_with_foreign_units() -> None:
    state = board(
        ann={"settlers": {"C3": 1, "B2": 1}},
        bob={"settlers": {"C3": 1}},
        barbarians={"cities": ["B3"], "armies": {"B2": 1}},
    )
    for space in ("c3", "b2"):
        assert refused(state, f"found {space}").code == "cannot_found_by_foreign_units"


def test_only_with_a_settlement_left_in_the_supply() -> None:
    """Seven Settlements of a colour exist (p.2): seven cities are the most."""
    spaces = ["D2", "B2", "B3", "F3", "D4", "E3", "E4"]
    ann = {"cities": [{"hex": h} for h in spaces], "settlers": {"C3": 1}}
    err = refused(board(ann=ann), "found c3")
    assert err.code == "no_settlement_left" and err.params == {"limit": 7}


def test_found_is_offered_only_where_it_is_legal_and_needs_an_action() -> None:
    state = board(ann={"settlers": {"C3": 1, "D1": 1, "D2": 1}})
    assert "found" in tokens(state) and tokens(state, "found") == ["c3"]
    tired = board(ann={"settlers": {"C3": 1}}, actions_left=0)
    assert GAME.pending(tired)[0].seat == 0
    assert refused(tired, "found c3").code == "no_actions_left"
    assert refused(state, "found").code == "found_needs_a_space"
