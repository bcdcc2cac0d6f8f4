"""The invariants hold after the setup and in play, and catch broken states (p.2's box
limits, where pieces may stand, the tracks, every card once, hidden information)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from test_clash_support import PLAYERS2, PLAYERS3, PLAYERS4, played, position, rich

from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.checks import invariants
from rules.clash.model.state import City, ClashState, Piece, Region, Ship, StatusState

JSON = Any
H = parse_hex


@pytest.mark.parametrize("players", [PLAYERS2, PLAYERS3, PLAYERS4], ids=["2p", "3p", "4p"])
def test_they_hold_after_the_setup_and_in_play(players: tuple[str, ...]) -> None:
    for seed in range(20):
        assert GAME.check_invariants(GAME.setup(list(players), {}, seed)) == []
    for state in played(players, 1, 60):
        assert GAME.check_invariants(state) == []
    assert GAME.check_invariants(position(rich())) == []


def _ann(state: ClashState) -> Any:
    return state.seats[0]


def _set_city(state: ClashState, **changes: Any) -> None:
    me = _ann(state)
    me.cities[0] = replace(me.cities[0], **changes)


def _many_temples(s: ClashState) -> None:
    spaces = ("A3", "B2", "C3", "C2", "E2", "C8", "E8")
    bob = s.seats[1]
    bob.cities[0] = replace(bob.cities[0], pieces=(Piece("settlement", 1), Piece("temple", 0)))
    _ann(s).cities.extend(
        City(H(h), 0, (Piece("settlement", 0), Piece("temple", 0))) for h in spaces
    )


def _many_armies(s: ClashState) -> None:
    _ann(s).armies.update({H(h): 4 for h in ("C3", "D2", "A3", "B2")})
    _ann(s).ships.append(Ship(1, H("C4"), ("army",)))


def _dogma(s: ClashState) -> None:
    _ann(s).advances = (_ann(s).advances - {"voting"}) | {"dogma", "devotion"}
    _ann(s).resources.update(ideas=3)


def _resign_active(s: ClashState) -> None:
    _ann(s).resigned = True
    s.resign_order = (0,)


#: A way to break the rich position, and a part of the problem it must give.
BREAKS: dict[str, tuple[Callable[[ClashState], object], str]] = {
    "army on a face-down space": (lambda s: _ann(s).armies.update({H("F2"): 1}), "army on F2"),
    "army off the board": (lambda s: _ann(s).armies.update({H("Z9"): 1}), "army on Z9"),
    "settler at sea": (lambda s: _ann(s).settlers.update({H("D3"): 1}), "settler on D3 (sea)"),
    "five armies on a space": (lambda s: _ann(s).armies.update({H("C3"): 5}), "5 army units on C3"),
    "an empty count": (lambda s: _ann(s).armies.update({H("C3"): 0}), "0 army on C3"),
    "seventeen armies": (_many_armies, "army units (the box has 16)"),
    "five settlers": (lambda s: _ann(s).settlers.update({H("D2"): 5}), "(the box has 4)"),
    "five ships": (
        lambda s: _ann(s).ships.extend([Ship(i, H("C4")) for i in (2, 3, 4)]),
        "5 ship units",
    ),
    "a ship on land": (lambda s: _ann(s).ships.append(Ship(1, H("D4"))), "ship on D4"),
    "three aboard": (
        lambda s: _ann(s).ships.append(Ship(1, H("C4"), ("army", "army", "army"))),
        "carries",
    ),
    "food over 2 without Storage": (
        lambda s: setattr(_ann(s), "advances", _ann(s).advances - {"storage"}),
        "5 food over the limit 2",
    ),
    "ideas over 2 with Dogma": (_dogma, "3 ideas over the limit 2"),
    "gold over 8": (lambda s: _ann(s).resources.update(gold=9), "9 gold"),
    "negative wood": (lambda s: _ann(s).resources.update(wood=-1), "-1 wood"),
    "nine mood tokens": (lambda s: setattr(_ann(s), "mood_tokens", 9), "9 mood tokens"),
    "level nine": (lambda s: setattr(_ann(s), "culture_level", 9), "culture level 9"),
    "two governments": (
        lambda s: setattr(_ann(s), "advances", _ann(s).advances | {"dogma"}),
        "two governments",
    ),
    "a city at sea": (lambda s: _set_city(s, hex=H("C4")), "city C4 on sea"),
    "a city on Barren": (lambda s: _set_city(s, hex=H("D1")), "city D1 on barren"),
    "a city without its Settlement": (
        lambda s: _set_city(s, pieces=(Piece("port", 0),)),
        "city D2: owner 0",
    ),
    "a piece twice": (
        lambda s: _set_city(s, pieces=(Piece("settlement", 0), Piece("port", 0), Piece("port", 0))),
        "pieces ['settlement', 'port', 'port']",
    ),
    "a Port facing land": (lambda s: _set_city(s, port_faces=H("E2")), "port True facing"),
    "a Port without its space": (lambda s: _set_city(s, port_faces=None), "facing None"),
    "eight temples of a colour": (_many_temples, "8 pieces temple of its colour"),
    "two cities on a space": (
        lambda s: _ann(s).cities.append(City(H("D4"), 0, (Piece("settlement", 0),))),
        "two cities on ['D4']",
    ),
    "an activation in another's turn": (
        lambda s: setattr(s, "active", 1),
        "activated outside its owner's turn",
    ),
    "a card twice": (
        lambda s: setattr(_ann(s), "actions", (*_ann(s).actions, "A01")),
        "twice ['A01']",
    ),
    "a card lost": (lambda s: setattr(_ann(s), "objectives", ()), "missing ['O01']"),
    "a wonder twice": (
        lambda s: setattr(s.cards, "lost", ("great_gardens", "great_wall")),
        "twice ['great_wall']",
    ),
    "a region twice": (lambda s: s.regions.update(r2=Region("g03", False)), "not distinct"),
    "a starting region turned": (
        lambda s: s.regions.update(s1=Region("start_b", True, True)),
        "starting region s1",
    ),
    "a starting region face down": (
        lambda s: s.regions.update(s1=Region("start_b", False)),
        "starting region s1",
    ),
    "a resigned active seat": (_resign_active, "a resigned seat is active"),
    "resigned out of order": (lambda s: setattr(s, "resign_order", (1,)), "resign order"),
    "round seven": (lambda s: setattr(s, "round", 7), "round 7"),
    "six actions": (
        lambda s: setattr(s, "turn_state", replace(s.turn_state, actions_left=6)),
        "6 actions left",
    ),
    "five actions in the first edition (C132)": (
        lambda s: (
            setattr(s, "edition", 1),
            setattr(s, "turn_state", replace(s.turn_state, actions_left=5)),
        ),
        "5 actions left",
    ),
    "status without the phase": (
        lambda s: setattr(s, "status", StatusState(1, (0,))),
        "with status",
    ),
    "a die of seven": (lambda s: setattr(s, "dice", (7,)), "dice queue"),
    "seventeen barbarians": (
        lambda s: s.barbarians.armies.update(
            {H("B3"): 4, H("A3"): 4, H("B2"): 4, H("C3"): 4, H("D4"): 1}
        ),
        "17 barbarian units",
    ),
    "a barbarian city at sea": (
        lambda s: setattr(s.barbarians, "cities", frozenset({H("D3")})),
        "barbarian city on D3",
    ),
    "five Exhausted markers": (
        lambda s: setattr(s, "exhausted", frozenset(H(h) for h in ("E4", "A3", "B2", "C3", "E8"))),
        "5 Exhausted markers",
    ),
    "an outcome while playing": (lambda s: setattr(s, "phase", "over"), "phase over"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_broken_states_are_caught(name: str) -> None:
    state = position(rich())
    assert GAME.check_invariants(state) == []
    breaks, expected = BREAKS[name]
    breaks(state)
    problems = GAME.check_invariants(state)
    assert any(expected in p for p in problems), problems


def test_a_view_showing_a_face_down_region_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check searches every view's JSON for each hidden tile and another player's cards:
    the public part every view shares, and each seat's own part."""
    state = position(rich())
    public, own = invariants.public_part, invariants.seat_part

    def leaky(s: ClashState) -> dict[str, JSON]:
        view = public(s)
        view["map"]["spaces"][0]["tile"] = s.regions["r5"].tile
        return view

    monkeypatch.setattr(invariants, "public_part", leaky)
    assert any("shows ['g16']" in p for p in GAME.check_invariants(state))

    def peeking(s: ClashState) -> dict[str, JSON]:
        view = public(s)
        view["seats"][1]["hand"] = list(s.seats[1].actions)
        return view

    monkeypatch.setattr(invariants, "public_part", peeking)
    problems = GAME.check_invariants(state)
    assert any("seat None shows ['A10']" in p for p in problems)
    assert any("seat 0 shows ['A10']" in p for p in problems)
    assert not any("seat 1 shows" in p for p in problems)
    monkeypatch.setattr(invariants, "public_part", public)

    def swapped(s: ClashState, seat: int) -> dict[str, JSON]:
        return own(s, 1 - seat)  # each seat's own part shows the other's hand

    monkeypatch.setattr(invariants, "seat_part", swapped)
    problems = GAME.check_invariants(state)
    assert any("seat 0 shows" in p for p in problems)
    assert not any("seat None shows" in p for p in problems)


def test_a_view_is_its_public_part_and_the_seats_own() -> None:
    """What the check reads is what the engine shows (view.build_view)."""
    state = position(rich())
    for seat in (None, 0, 1):
        expected = {**invariants.public_part(state), "seat": seat}
        if seat is not None:
            expected.update(invariants.seat_part(state, seat))
        assert GAME.view(state, seat) == expected


def test_a_secret_spelt_like_a_handle_is_not_searched() -> None:
    """Handles such as ``g05`` are legal: a tile id equal to a handle cannot be told apart."""
    state = GAME.setup(["g05", "g06"], {}, 1)
    secrets = invariants.secrets(state)
    assert all("g05" not in s and "g06" not in s for s in secrets.values())
    assert GAME.check_invariants(state) == []
