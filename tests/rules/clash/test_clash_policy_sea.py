"""The heuristic Clash player at sea and trading (``rules/clash/player/sea.py`` and its users in
``policy_turn.py`` and ``policy_war.py``): a Port city builds a ship where the sea leads
somewhere, a Ramming card makes an even naval fight worth it and is played, the Great
Lighthouse is built where its ship has a use, and holding Trader a settler stays near other
players' cities. Each position is checked through the engine's own choices first, so the
player only ever picks what the engine offers.

The map is ``clash_map``'s: ann's city on D2 with D3 (Sea) next to it, bob's cities where a
test puts them."""

from __future__ import annotations

from typing import Any

from clash_map import TACTICS, board, play, prompt, tokens, with_needs

from rules.clash.model.state import ClashState
from rules.clash.player.policy import plan_for

JSON = Any
PORT_CITY = {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"}
RAMMING = "A04"


def plan(state: ClashState, *prefix: str) -> tuple[str, ...]:
    """ann's whole next action as the heuristic player means it."""
    return plan_for(state, 0, list(prefix))


def test_a_port_city_builds_a_ship_when_the_sea_leads_to_unexplored_regions() -> None:
    state = board(
        ann={
            "advances": with_needs(["fishing"]),
            "cities": [PORT_CITY],
            "resources": {"wood": 2},
            "settlers": {},
        },
        bob={"cities": [{"hex": "D7"}]},
    )
    assert "ship" in tokens(state, "activate", "d2", "build")
    assert plan(state) == ("activate", "d2", "build", "ship")


def naval(cards: list[str], city: str = "F3") -> ClashState:
    """ann's ship on D3 and bob's on C4, one each; ann holds ``cards``, both own Tactics;
    ann's city on ``city`` (F3 is 3 spaces from C4, D2 is 2)."""
    seat: dict[str, JSON] = {"advances": with_needs(TACTICS), "settlers": {}, "resources": {}}
    return board(
        ann={**seat, "actions": cards, "ships": [{"hex": "D3"}], "cities": [{"hex": city}]},
        bob={**seat, "ships": [{"hex": "C4"}], "cities": [{"hex": "D7"}]},
        dice=[5, 1, 1, 1],
    )


def test_a_ramming_card_makes_an_even_naval_fight_worth_it_and_is_played() -> None:
    """One ship against one wins 40% of the time: not enough without Ramming's die (K19) or
    a reason to drive the other away."""
    state = naval([RAMMING])
    assert tokens(state, "move", "d3", "c4") == ["ship1"]
    assert plan(state) == ("move", "d3", "c4", "ship1")
    state = play(state, "move d3 c4 ship1")
    assert prompt(state) == "combat_card" and "a04" in tokens(state)
    assert plan(state) == ("a04",)
    # Without it (another card, Prepared Defenses, is for defenders only) the ship stays,
    # unless bob's ship stands within 2 spaces of ann's city (trading with it).
    assert plan(naval(["A22"]))[:2] != ("move", "d3")
    assert plan(naval(["A22"], city="D2")) == ("move", "d3", "c4", "ship1")


def test_the_great_lighthouse_is_built_where_its_ship_has_a_use() -> None:
    """Its free ship can explore from D3: worth more than the Great Library's 3 Ideas."""
    advances = with_needs(["engineering", "cartography", "philosophy", "storage"])
    state = board(
        ann={
            "advances": advances,
            "cities": [PORT_CITY],
            "resources": {"food": 8, "wood": 8, "ore": 8},
            "culture_tokens": 5,
            "settlers": {},
        },
        bob={"cities": [{"hex": "D7"}]},
        wonders={"revealed": ["great_library", "great_lighthouse"], "reserved": {}},
    )
    assert tokens(state, "wonder", "d2") == ["great_library", "great_lighthouse"]
    assert plan(state) == ("wonder", "d2", "great_lighthouse")


def trader(objective: str, settler: str) -> ClashState:
    """Round 5 (a settler founds where it stands, late in the game): ann's settler on
    ``settler``; bob's cities on D7, F3, D4 and B3."""
    bob_cities = [{"hex": h} for h in ("D7", "F3", "D4", "B3")]
    return board(
        ann={
            "objectives": [objective],
            "settlers": {settler: 1},
            "resources": {},
            "cities": [{"hex": "D2"}],
        },
        bob={"cities": bob_cities},
        round=5,
    )


def test_holding_trader_a_settler_near_other_players_cities_does_not_found() -> None:
    """Trader (O28) counts settlers within 2 spaces of other players' cities at the status
    phase; holding New Founder (O27) instead, the settler founds where it stands."""
    assert "found" in tokens(trader("O27", "E3"))
    assert plan(trader("O27", "E3")) == ("found", "e3")
    assert plan(trader("O28", "E3"))[0] != "found"
    assert "e3" not in plan(trader("O28", "E3"))[:2]  # nor walks away
