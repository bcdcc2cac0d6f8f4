"""The 64 objectives' conditions (docs/clash-cards.md §5.2, §5.3;
:mod:`rules.clash.rounds.objective_checks`): one named case per card half, each with a position (or
the facts of a step) where it holds and one where it does not, on the base map of
:mod:`clash_map` (ann's city on D2, bob's on D7)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from clash_map import board, with_needs

from rules.clash.board.hexes import parse_hex
from rules.clash.box.advances import ADVANCES
from rules.clash.box.cards import HALVES, OBJECTIVE_CARDS
from rules.clash.box.objective_cards import IMMEDIATE, OBJECTIVES, STATUS, half
from rules.clash.model.state import BARBARIAN_SIDE, ClashState, Fought
from rules.clash.rounds.objective_checks import IMMEDIATE_CHECKS, STATUS_CHECKS, Facts

JSON = Any
ANN, BOB = 0, 1


def cities(*spaces: str, **keys: JSON) -> list[dict[str, JSON]]:
    return [{"hex": h, **keys} for h in spaces]


def all_of(category: str) -> list[str]:
    return [a.id for a in ADVANCES if a.category == category]


def seats(ann: dict[str, JSON], bob: dict[str, JSON] | None = None) -> ClashState:
    """ann's and bob's boards (bob keeps his city on D7 first)."""
    them = dict(bob or {})
    them["cities"] = [{"hex": "D7"}, *them.get("cities", [])]
    mine = {"cities": [{"hex": "D2"}], "settlers": {}, **ann}
    them.setdefault("settlers", {})
    if "advances" in mine:
        mine["advances"] = with_needs(mine["advances"])
    if "advances" in them:
        them["advances"] = with_needs(them["advances"])
    return board(ann=mine, bob=them)


BUILDINGS = ["myths", "tactics", "writing", "fishing"]


def lead(kind: str, ports: bool = False) -> tuple[ClashState, ClashState]:
    """ann has ``kind`` in two cities; bob in one, then in two."""
    faces = {"D2": "D3", "D4": "C4", "F3": "F2", "B3": "C4"}

    def city(h: str) -> dict[str, JSON]:
        c: dict[str, JSON] = {"hex": h, "pieces": ["settlement", kind]}
        if kind == "port":
            c["port_faces"] = faces[h]
        return c

    ann = {"cities": [city("D2"), city("D4")], "advances": BUILDINGS}
    one = seats(ann, {"cities": [city("F3")], "advances": BUILDINGS})
    two = seats(ann, {"cities": [city("F3"), city("B3")], "advances": BUILDINGS})
    return one, two


def resource(kind: str) -> tuple[ClashState, ClashState]:
    adv = ["storage"] if kind == "food" else []
    return (
        seats({"resources": {kind: 6}, "advances": adv}),
        seats({"resources": {kind: 5}, "advances": adv}),
    )


def category(name: str) -> tuple[ClashState, ClashState]:
    every = all_of(name)
    return seats({"advances": every}), seats({"advances": every[:3]})


TRADE = {"cities": [{"hex": "F3"}, {"hex": "B2"}, {"hex": "D4"}]}
TRADE_ANGRY = {"cities": [{"hex": "F3"}, {"hex": "B2", "mood": "angry"}, {"hex": "D4"}]}
FOREIGN = {"kind": "temple", "owner": "ann"}
BOBS = {"kind": "temple", "owner": "bob"}
NINE = [
    "farming",
    "mining",
    "bartering",
    "art_sculptures",
    "fishing",
    "writing",
    "tactics",
    "mathematics",
    "myths",
]


def _status_cases() -> dict[str, Callable[[], tuple[ClashState, ClashState]]]:
    """Each status-phase objective: (a position where it holds, one where it does not)."""
    return {
        "civilization": lambda: (
            seats({"cities": cities("D2", "B2", "B3", "D4", "E3", "F3")}),
            seats({"cities": cities("D2", "B2", "B3", "D4", "E3")}),
        ),
        "academic": lambda: lead("academy"),
        "harbors": lambda: lead("port"),
        "advanced": lambda: (
            seats({"advances": all_of("agriculture") + all_of("construction")}),
            seats({"advances": all_of("agriculture") + all_of("construction")[:3]}),
        ),
        "religious": lambda: lead("temple"),
        "engineers": lambda: category("construction"),
        "ideas": lambda: resource("ideas"),
        "happy": lambda: (
            seats({"cities": cities("D2", "B2", "D4", "F3", mood="happy")}),
            seats({"cities": [*cities("D2", "B2", "D4", mood="happy"), {"hex": "F3"}]}),
        ),
        "enlightened": lambda: category("education"),
        "blockade": lambda: (
            seats(
                {"ships": [{"hex": "F2"}, {"hex": "F2"}]},
                {
                    "cities": [{"hex": "F3", "pieces": ["settlement", "port"], "port_faces": "F2"}],
                    "advances": ["fishing"],
                },
            ),
            seats(
                {"ships": [{"hex": "F2"}, {"hex": "D3"}]},
                {
                    "cities": [{"hex": "F3", "pieces": ["settlement", "port"], "port_faces": "F2"}],
                    "advances": ["fishing"],
                },
            ),
        ),
        "well_stocked": lambda: (
            seats({"resources": {"food": 3, "ore": 3, "wood": 3}, "advances": ["storage"]}),
            seats({"resources": {"food": 3, "ore": 3, "wood": 2}, "advances": ["storage"]}),
        ),
        "rich": lambda: resource("gold"),
        "great_navy": lambda: (
            seats({"ships": [{"hex": "D3"}, {"hex": "C4"}]}, {"ships": [{"hex": "F2"}]}),
            seats({"ships": [{"hex": "D3"}, {"hex": "C4"}]}, {"ships": [{"hex": "F2"}] * 2}),
        ),
        "ore": lambda: resource("ore"),
        "great_army": lambda: (
            seats({"armies": {"D2": 4, "C3": 1}}, {"armies": {"D7": 1}}),
            seats({"armies": {"D2": 4}}, {"armies": {"D7": 1}}),
        ),
        "wood": lambda: resource("wood"),
        "fortified": lambda: lead("fortress"),
        "food": lambda: resource("food"),
        "standing_army": lambda: (
            seats(
                {
                    "cities": cities("D2", "B2", "D4", "F3"),
                    "armies": dict.fromkeys(["D2", "B2", "D4", "F3"], 1),
                }
            ),
            seats(
                {
                    "cities": cities("D2", "B2", "D4", "F3"),
                    "armies": {"D2": 2, "B2": 1, "D4": 1, "C3": 1},
                }
            ),
        ),
        "city_planner": lambda: (
            seats(
                {
                    "advances": BUILDINGS,
                    "cities": [
                        {"hex": "D2", "pieces": ["settlement", "temple", "fortress"]},
                        {
                            "hex": "B3",
                            "pieces": ["settlement", "academy", "port"],
                            "port_faces": "C4",
                        },
                    ],
                }
            ),
            seats(
                {
                    "advances": BUILDINGS,
                    "cities": [
                        {"hex": "D2", "pieces": ["settlement", BOBS, "fortress"]},
                        {
                            "hex": "B3",
                            "pieces": ["settlement", "academy", "port"],
                            "port_faces": "C4",
                        },
                    ],
                }
            ),
        ),
        "militarized": lambda: category("warfare"),
        "focused": lambda: (
            seats({"advances": all_of("agriculture") + all_of("construction") + all_of("culture")}),
            seats(
                {"advances": all_of("agriculture") + all_of("construction") + all_of("culture")[:3]}
            ),
        ),
        "colony": lambda: (
            # E8 cannot be reached from D2 through explored spaces: not within 4 (C93).
            seats({"cities": cities("D2", "E8")}),
            seats({"cities": cities("D2", "F3")}),
        ),
        "threat": lambda: (
            seats({"armies": {"E3": 2, "E4": 2}}, {"cities": [{"hex": "F3"}]}),
            seats({"armies": {"E3": 2, "E4": 1, "B2": 1}}, {"cities": [{"hex": "F3"}]}),
        ),
        "culture": lambda: category("culture"),
        "consulates": lambda: (
            seats(
                {},
                {
                    "advances": ["myths"],
                    "cities": cities("F3", "D4", pieces=["settlement", FOREIGN]),
                },
            ),
            seats(
                {},
                {
                    "advances": ["myths"],
                    "cities": [{"hex": "F3", "pieces": ["settlement", FOREIGN]}, {"hex": "D4"}],
                },
            ),
        ),
        "science": lambda: category("science"),
        "merchant": lambda: category("economics"),
        "citadel": lambda: (
            seats(
                {
                    "advances": BUILDINGS,
                    "cities": [
                        {
                            "hex": "D2",
                            "pieces": ["settlement", "temple", "fortress", "academy", "port"],
                            "port_faces": "D3",
                        }
                    ],
                }
            ),
            seats(
                {
                    "advances": BUILDINGS,
                    "cities": [
                        {"hex": "D2", "pieces": ["settlement", "temple", "fortress", "academy"]}
                    ],
                }
            ),
        ),
        "seafarer": lambda: category("maritime"),
        "government": lambda: (
            seats({"advances": all_of("autocracy")}),
            seats({"advances": all_of("autocracy")[:3]}),
        ),
        "dominion": lambda: (
            seats({"cities": cities("D2", "A3", "D4", "F3")}),
            seats({"cities": cities("D2", "A3", "D4", "F3")}, {"cities": [{"hex": "E4"}]}),
        ),
        "military_might": lambda: (
            seats({"armies": {"D2": 4, "B2": 4, "C3": 2}, "ships": [{"hex": "D3"}, {"hex": "C4"}]}),
            seats({"armies": {"D2": 4, "B2": 4, "C3": 1}, "ships": [{"hex": "D3"}, {"hex": "C4"}]}),
        ),
        "trader": lambda: (
            seats({"settlers": {"E3": 1, "C2": 1, "E4": 1}}, TRADE),
            seats({"settlers": {"E3": 1, "C2": 1, "E4": 1}}, TRADE_ANGRY),
        ),
        "sea_lanes": lambda: (
            seats({"ships": [{"hex": "F2"}, {"hex": "C4"}]}, {"cities": cities("F3", "D4")}),
            seats(
                {"ships": [{"hex": "F2"}, {"hex": "C4"}]},
                {"cities": [{"hex": "F3"}, {"hex": "D4", "mood": "angry"}]},
            ),
        ),
        "draconian": lambda: (
            seats({"cities": cities("D2", "B2", "D4", "F3", mood="angry")}),
            seats({"cities": [*cities("D2", "B2", "D4", mood="angry"), {"hex": "F3"}]}),
        ),
        "balanced": lambda: (
            seats({"advances": NINE}),  # with Farming and Mining: 9 categories
            seats({"advances": NINE[:-1]}),
        ),
        "influence": lambda: (
            seats(
                {"advances": ["myths"]},
                {
                    "advances": ["myths"],
                    "cities": cities("F3", "D4", pieces=["settlement", FOREIGN]),
                },
            ),
            seats(
                {"advances": ["myths"], "cities": cities("D2", "B2", pieces=["settlement", BOBS])},
                {
                    "advances": ["myths"],
                    "cities": cities("F3", "D4", pieces=["settlement", FOREIGN]),
                },
            ),
        ),
        "outposts": lambda: (
            seats({"armies": {"B2": 1, "D4": 1, "F3": 1}}),
            seats({"armies": {"B2": 1, "D4": 1, "C3": 1}}),
        ),
    }


STATUS_CASES = _status_cases()


def fought(**keys: JSON) -> Fought:
    """A land battle ann fought against bob on B2 (no city), nobody winning, as ``keys`` say."""
    base = Fought(
        space=parse_hex("b2"), sea=False, attacker=ANN, defender=BOB, units=(2, 2), lost=(0, 0)
    )
    return replace(base, **keys)


def battle(**keys: JSON) -> Facts:
    return Facts(battles=(fought(**keys),), turn_seat=ANN)


PLAIN = seats({})
WONDER_ANN = seats({"cities": [{"hex": "D2", "wonder": "great_wall"}]})
WONDERS_BOB = seats(
    {"cities": [{"hex": "D2", "wonder": "great_wall"}]},
    {"cities": [{"hex": "F3", "wonder": "great_library"}, {"hex": "D4", "wonder": "great_statue"}]},
)
WARFARE_BOB = seats({}, {"advances": ["tactics"]})
B2, C3 = parse_hex("b2"), parse_hex("c3")
CITY = {"city": BOB, "captured": True, "defended": True, "winner": ANN}

#: Each immediate objective: (state, facts where it holds), (state, facts where it does not).
IMMEDIATE_CASES: dict[str, tuple[tuple[ClashState, Facts], tuple[ClashState, Facts]]] = {
    "conscripts": (
        (PLAIN, Facts(built=(ANN,), turn_seat=ANN, builds=2, drafted=True)),
        (PLAIN, Facts(built=(ANN,), turn_seat=ANN, builds=2, drafted=False)),
    ),
    "conqueror": ((PLAIN, battle(**CITY)), (PLAIN, battle(**{**CITY, "defended": False}))),
    "warmonger": (
        (PLAIN, replace(battle(winner=ANN), turn_battles=((C3, False), (B2, True)))),
        (PLAIN, replace(battle(winner=ANN), turn_battles=((B2, False), (B2, True)))),
    ),
    "warlord": ((PLAIN, battle(lost=(0, 3))), (PLAIN, battle(lost=(0, 3), sea=True))),
    "great_battle": ((PLAIN, battle(units=(4, 2))), (PLAIN, battle(units=(3, 2)))),
    "against_all_odds": (
        (PLAIN, battle(units=(1, 2), winner=ANN)),
        (PLAIN, battle(units=(1, 2), winner=ANN, defender=BARBARIAN_SIDE)),
    ),
    "amphibious_assault": (
        (PLAIN, battle(**CITY, landed=True)),
        (PLAIN, battle(**CITY, landed=False)),
    ),
    "daring": ((WARFARE_BOB, battle(winner=ANN)), (PLAIN, battle(winner=ANN))),
    "legend": (
        (PLAIN, battle(units=(3, 1), city=BOB, wonder=True)),
        (PLAIN, battle(units=(3, 1), city=BOB, size=4)),
    ),
    "marauder": ((PLAIN, battle(settlers_lost=(0, 1))), (PLAIN, battle(settlers_lost=(1, 0)))),
    "aggressor": (
        (PLAIN, battle(winner=ANN, lost=(0, 2))),
        (PLAIN, battle(winner=ANN, lost=(0, 1))),
    ),
    "assimilator": (
        (PLAIN, battle(defender=BARBARIAN_SIDE, city=BARBARIAN_SIDE, captured=True, units=(2, 2))),
        (PLAIN, battle(defender=BARBARIAN_SIDE, city=BARBARIAN_SIDE, captured=True, units=(2, 1))),
    ),
    "new_founder": (
        (PLAIN, Facts(founded=((ANN, parse_hex("e8")),))),
        (PLAIN, Facts(founded=((ANN, parse_hex("f3")),))),
    ),
    "defiance": (
        (PLAIN, battle(attacker=BOB, defender=ANN, city=ANN, units=(3, 2), winner=ANN)),
        (PLAIN, battle(attacker=BOB, defender=ANN, city=ANN, units=(2, 2), winner=ANN)),
    ),
    "wonderful": (
        (WONDER_ANN, Facts(wonders=((ANN, "great_wall"),))),
        (WONDERS_BOB, Facts(wonders=((ANN, "great_wall"),))),
    ),
}

HALF_IDS = [(c, h) for c in OBJECTIVE_CARDS for h in HALVES]


@pytest.mark.parametrize(
    ("card", "which"), HALF_IDS, ids=[f"{c}-{h}-{half(c, h).name}" for c, h in HALF_IDS]
)
def test_each_objective_holds_and_fails_where_its_condition_says(card: str, which: str) -> None:
    objective = half(card, which)
    if objective.timing == STATUS:
        yes, no = STATUS_CASES[objective.name]()
        check = STATUS_CHECKS[objective.name]
        assert check(yes, ANN) and not check(no, ANN)
    else:
        assert objective.timing == IMMEDIATE
        (yes, yes_facts), (no, no_facts) = IMMEDIATE_CASES[objective.name]
        check_i = IMMEDIATE_CHECKS[objective.name]
        assert check_i(yes, ANN, yes_facts) and not check_i(no, ANN, no_facts)


def test_every_half_has_a_case_and_a_source_tag() -> None:
    names = {h.name for c in OBJECTIVES.values() for h in c.values()}
    assert names == set(STATUS_CASES) | set(IMMEDIATE_CASES)
    tags = {h.source.split("+")[0] for c in OBJECTIVES.values() for h in c.values()}
    assert tags == {"seed", "original", "monumental", "designed"}


def test_a_battle_counts_only_for_the_players_in_it() -> None:
    """bob did not fight ann's battle with the barbarians: none of it is his."""
    facts = battle(defender=BARBARIAN_SIDE, lost=(0, 3), units=(4, 3), winner=ANN)
    assert IMMEDIATE_CHECKS["warlord"](PLAIN, ANN, facts)
    assert not any(IMMEDIATE_CHECKS[n](PLAIN, BOB, facts) for n in ("warlord", "great_battle"))


def test_warmonger_needs_a_win_and_the_players_own_turn() -> None:
    no_win = replace(battle(), turn_battles=((C3, False), (B2, False)))
    assert not IMMEDIATE_CHECKS["warmonger"](PLAIN, ANN, no_win)
    theirs = replace(battle(winner=ANN), turn_seat=BOB, turn_battles=((C3, True), (B2, True)))
    assert not IMMEDIATE_CHECKS["warmonger"](PLAIN, ANN, theirs)


def test_great_navy_with_three_ships_needs_no_lead() -> None:
    three = seats(
        {"ships": [{"hex": "D3"}, {"hex": "C4"}, {"hex": "F2"}]}, {"ships": [{"hex": "G3"}] * 4}
    )
    assert STATUS_CHECKS["great_navy"](three, ANN)


def test_conscripts_needs_a_second_build() -> None:
    once = Facts(built=(ANN,), turn_seat=ANN, builds=1, drafted=True)
    assert not IMMEDIATE_CHECKS["conscripts"](PLAIN, ANN, once)
