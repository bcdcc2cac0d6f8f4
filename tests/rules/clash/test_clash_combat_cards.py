"""The combat halves of action cards K01-K19 (docs/clash-cards.md §3.3, §8.2; C42, C65-C68,
C70): each test names its card, fixes the dice (in the order of :mod:`rules.clash.model.dice`) and
plays the card windows. The map is ``clash_map``'s: ann's army units stand on C3 (Forest),
bob's on B2 (Fertile) or in his city on B3 (Fertile) next to it."""

from __future__ import annotations

from typing import Any

from clash_map import TACTICS, board, play, prompt, refused, tokens, units, with_needs
from test_clash_combat import fight, kinds, the

from rules.clash import GAME
from rules.clash.battles import combat_cards as cc
from rules.clash.board.hexes import parse_hex
from rules.clash.box.cards import ACTION_HALVES
from rules.clash.model.state import ClashState
from rules.core import Event

JSON = Any

# One card of each half, by name.
PREPARED, FLANKING, AMBUSH, ARCHERS, VETERANS = "A22", "A31", "A03", "A26", "A12"
MORALE, HIGH_GROUND, PELTASTS, ROUTING, DEFIANT = "A06", "A09", "A01", "A02", "A07"
WEDGE, RETREAT, SURPRISE, SIEGE, PEOPLE = "A05", "A17", "A10", "A11", "A13"
UPGRADED, SCOUTS, MARTYR, RAMMING = "A16", "A23", "A24", "A04"


def seat(cards: list[str], armies: dict[str, int], **keys: JSON) -> dict[str, JSON]:
    advances = with_needs([*TACTICS, *keys.pop("advances", [])])
    return {"advances": advances, "armies": armies, "actions": cards, **keys}


def duel(
    ann_cards: list[str],
    bob_cards: list[str],
    dice: list[int],
    ann: int = 2,
    bob: int = 2,
    city: dict[str, JSON] | None = None,
    ann_keys: dict[str, JSON] | None = None,
    bob_keys: dict[str, JSON] | None = None,
    move: int | None = None,
    **extra: JSON,
) -> ClashState:
    """ann's ``ann`` army units on C3 attack (``move`` of them if told): bob's ``bob`` on B2,
    or in ``city`` on B3."""
    space = "B3" if city is not None else "B2"
    cities = [{"hex": "D7"}, *([city] if city is not None else [])]
    bob_seat = seat(bob_cards, {space: bob} if bob else {}, cities=cities, **(bob_keys or {}))
    state = board(
        ann=seat(ann_cards, {"C3": ann}, **(ann_keys or {})), bob=bob_seat, dice=dice, **extra
    )
    return play(state, f"move c3 {space.lower()} " + " ".join(["army"] * (move or ann)))


def cards(state: ClashState, *answers: str) -> tuple[ClashState, list[Event]]:
    """Answer the card windows in turn (``pass`` or a card), gathering the events."""
    out: list[Event] = []
    for answer in answers:
        assert prompt(state) == "combat_card", (prompt(state), answer)
        state, events = fight(state, answer)
        out += events
    return state, out


def rnd(events: list[Event]) -> dict[str, JSON]:
    return the(events, "battle_round")


def armies(state: ClashState, who: int) -> dict[str, int]:
    return units(state, who)["army"]


# -- the deck -----------------------------------------------------------------------------


def test_every_action_card_has_its_combat_half_in_the_decks_copies() -> None:
    """docs/clash-cards.md §3.3-3.4: 19 halves on 42 cards, copies as listed, each with a source."""
    assert len(cc.HALVES) == 19 and len(cc.COMBAT_CARDS) == 42
    for card, (_, half) in ACTION_HALVES.items():
        assert cc.half_of(card) == half
    counts = {h: sum(1 for c in cc.COMBAT_CARDS if cc.half_of(c) == h) for h in cc.HALVES}
    assert counts == {h: x.copies for h, x in cc.HALVES.items()}
    assert {x.source for x in cc.HALVES.values()} == {"seed", "original", "monumental", "designed"}
    assert cc.HALVES["K01"].source == "seed" and cc.HALVES["K19"].source == "designed"


def test_roles_and_forces_limit_the_cards_offered() -> None:
    """Att/Def/DefCity/Land/Naval, "not when you attack a city", and the force labels."""
    army = {cc.ARMY_FORCE}
    half = cc.HALVES
    assert not cc.playable(half["K01"], True, False, False, army)  # Def only
    assert cc.playable(half["K01"], False, True, False, {cc.SHIP_FORCE})
    assert not cc.playable(half["K02"], False, False, False, army)  # Att only
    assert not cc.playable(half["K03"], False, False, True, army)  # not in a city
    assert not cc.playable(half["K07"], True, False, True, army)  # attacking a city
    assert cc.playable(half["K07"], False, False, True, {cc.FORTRESS_FORCE})
    assert not cc.playable(half["K15"], False, False, False, army)  # DefCity
    assert not cc.playable(half["K19"], True, False, False, army)  # Ship / Naval
    assert not cc.playable(half["K08"], True, True, False, {cc.SHIP_FORCE})  # Army only
    assert not cc.playable(half["K14"], True, False, False, army)  # against a city only


def test_an_attacker_is_not_offered_defenders_cards_nor_naval_ones() -> None:
    state = duel([PREPARED, RAMMING, AMBUSH, FLANKING], [], [1, 1, 1, 1])
    assert prompt(state) == "combat_card" and tokens(state) == ["a31", "pass"]
    assert refused(state, PREPARED).code == "not_a_combat_card"


# -- K01-K19 ------------------------------------------------------------------------------


def test_k01_prepared_defenses_gives_the_defender_an_extra_die() -> None:
    state = duel([], [PREPARED], [1, 1, 5, 5, 5])
    state, events = cards(state, "a22")
    assert the(events, "combat_card_played") == {"player": "bob", "half": "K01", "civil": "P11"}
    assert rnd(events)["defender_dice"] == ["5", "5", "5"] and rnd(events)["defender_hits"] == 3
    assert armies(state, 0) == {} and "A22" in state.cards.discards["action"]


def test_k02_flanking_gives_the_attacker_on_land_an_extra_die() -> None:
    state = duel([FLANKING], ["A42"], [5, 5, 5, 1, 1])
    state, events = cards(state, "a31")  # bob's Flanking is an attacker's card: no window
    assert rnd(events)["attacker_dice"] == ["5", "5", "5"] and rnd(events)["attacker_hits"] == 3
    assert armies(state, 1) == {}


def test_k03_ambush_the_defender_rolls_first_and_the_attacker_loses_before_rolling() -> None:
    # bob rolls 5+1: 1 hit; ann loses 1 at once and rolls 1 die (6): 1 hit.
    state = duel([], [AMBUSH], [5, 1, 6])
    state, events = cards(state, "a03")
    assert kinds(events)[:4] == ["combat_card_played", "ambush", "units_lost", "battle_round"]
    assert the(events, "ambush") == {"player": "bob", "count": 1}
    assert rnd(events)["attacker_dice"] == ["6"] and rnd(events)["defender_dice"] == ["5", "1"]
    assert armies(state, 0) == {"B2": 1} and armies(state, 1) == {"B2": 1}
    assert state.dice == ()


def test_k03_ambush_is_not_offered_in_a_city() -> None:
    state = duel([], [AMBUSH], [1, 1, 1], city={"hex": "B3"}, bob=1)
    assert prompt(state) == "battle"


def test_k04_archers_roll_before_the_battle_and_a_5_removes_an_enemy_unit() -> None:
    state = duel([ARCHERS], [], [5, 1, 1, 1])
    state, events = cards(state, "a26")
    assert the(events, "archers") == {"player": "ann", "die": "5", "result": "hit"}
    assert kinds(events).index("units_lost") < kinds(events).index("battle_round")
    assert rnd(events)["defender_dice"] == ["1"] and armies(state, 1) == {"B2": 1}


def test_k04_archers_missing_remove_nothing() -> None:
    _state, events = cards(duel([ARCHERS], [], [4, 1, 1, 1, 1]), "a26")
    assert the(events, "archers")["result"] == "miss" and len(rnd(events)["defender_dice"]) == 2


def test_k05_veterans_roll_each_6_again_and_add_it() -> None:
    # 6 + 3 = 9 (1 hit); the 6 is rolled again: 1, so 10 (2 hits).
    state, events = cards(duel([VETERANS], [], [6, 3, 1, 1, 1]), "a12")
    assert the(events, "veterans") == {"player": "ann", "dice": ["1"]}
    assert rnd(events)["attacker_hits"] == 2 and state.dice == ()


def test_k06_high_morale_adds_2_combat_value() -> None:
    _state, events = cards(duel([MORALE], [], [4, 4, 1, 1]), "a06")
    assert rnd(events)["attacker_hits"] == 2


def test_k07_high_ground_ignores_the_opponents_card_and_advance_bonuses() -> None:
    """ann's High Morale and Steel Weapons count for nothing: 4+4 is 1 hit."""
    state = duel([MORALE], [HIGH_GROUND], [4, 4, 1, 1], ann_keys={"advances": ["steel_weapons"]})
    state, events = cards(state, "a06", "a09")
    assert the(events, "combat_card_ignored") == {"player": "ann", "half": "K06"}
    assert rnd(events)["attacker_hits"] == 1


def test_k07_high_ground_is_not_offered_when_attacking_a_city() -> None:
    state = duel([HIGH_GROUND], [], [1, 1, 1], city={"hex": "B3"}, bob=1)
    assert prompt(state) == "battle"


def test_when_both_sides_cancel_both_cards_are_ignored() -> None:
    """C66: Scouts against High Ground: neither acts, Scouts takes nothing."""
    state, events = cards(duel([SCOUTS], [HIGH_GROUND], [1, 1, 1, 1]), "a23", "a09")
    ignored = [e.params["half"] for e in events if e.kind == "clash.combat_card_ignored"]
    assert ignored == ["K17", "K07"] and "clash.scouts_took" not in [e.kind for e in events]
    assert state.seats[0].actions == () and state.seats[1].actions == ()


def test_k08_peltasts_cancel_a_hit_when_a_die_shows_5_or_6() -> None:
    # bob's Peltasts: 5, 1 (a cancel); ann's 5+5 is 2 hits, 1 after the cancel.
    state, events = cards(duel([], [PELTASTS], [5, 1, 5, 5, 1, 1]), "a01")
    assert the(events, "peltasts") == {"player": "bob", "dice": ["5", "1"], "result": "cancel"}
    assert rnd(events)["attacker_hits"] == 1 and armies(state, 1) == {"B2": 1}


def test_k09_routing_adds_a_hit_that_no_fortress_cancels() -> None:
    # ann: 5+1 = 1 hit, bob 0: Routing's 6 adds a hit; the Fortress cancels only the first.
    fort = {"hex": "B3", "pieces": ["settlement", "fortress"]}
    state = duel([ROUTING], [], [5, 1, 1, 1, 1, 6], city=fort)
    state, events = cards(state, "a02")
    assert the(events, "routing") == {"player": "ann", "die": "6", "result": "hit"}
    assert rnd(events)["attacker_hits"] == 1 and armies(state, 1) == {"B3": 1}


def test_k10_defiant_stand_lowers_the_attackers_cv_by_its_units() -> None:
    _state, events = cards(duel([], [DEFIANT], [5, 5, 1, 1]), "a07")
    assert rnd(events)["attacker_hits"] == 1  # 10 - 2


def test_k11_wedge_formation_adds_a_cv_per_defending_army_unit() -> None:
    _state, events = cards(duel([WEDGE], [], [4, 4, 1, 1]), "a05")
    assert rnd(events)["attacker_hits"] == 2  # 8 + 2


def test_k11_wedge_formation_is_not_offered_against_a_fortress_alone() -> None:
    fort = {"hex": "B3", "pieces": ["settlement", "fortress"]}
    state = duel([WEDGE], [], [1, 1, 1], city=fort, bob=0)
    assert state.seats[0].actions == ("A05",) and state.dice == ()


def test_k12_tactical_retreat_leaves_the_battle_and_the_attacker_wins() -> None:
    bob_keys = {"settlers": {"B2": 1}}
    state = duel([], [RETREAT], [6, 6, 6, 6], bob_keys=bob_keys)
    assert tokens(state) == ["a17", "pass"]
    spaces = tokens(state, "a17")
    assert "b3" in spaces and "c3" in spaces  # ann's armies all left C3
    assert refused(state, "a17 d7").code == "not_a_retreat_space"
    state, events = cards(state, "a17 b3")
    assert the(events, "tactical_retreat") == {"player": "bob", "space": "B2", "to": "B3"}
    assert the(events, "battle_won") == {"player": "ann", "space": "B2", "defending": False}
    assert units(state, 1) == {"army": {"B3": 2}, "settler": {"B3": 1}}
    assert state.dice == (6, 6, 6, 6) and state.battle is None


def test_k12_tactical_retreat_from_a_city_gives_it_to_the_attacker() -> None:
    state = duel([], [RETREAT], [1, 1, 1], city={"hex": "B3"}, bob=1)
    state, events = cards(state, "a17 b2")
    assert "city_captured" in kinds(events) and state.seats[0].city_at(parse_hex("B3"))
    assert armies(state, 1) == {"B2": 1}


def test_k12_tactical_retreat_needs_a_space_to_go_to() -> None:
    """C65: B2's explored land neighbours hold barbarians (A3, B3, C2) or ann's army (C3);
    A2 and B1 are unexplored: no window opens for bob."""
    barbarians = {"cities": [], "armies": {"A3": 1, "B3": 1, "C2": 1}}
    state = duel([], [RETREAT], [1, 1, 1, 1], ann=3, barbarians=barbarians, move=2)
    assert prompt(state) == "battle" and state.seats[1].actions == ("A17",)


def test_k13_tactical_surprise_draws_a_hidden_card_after_a_hit() -> None:
    state = duel([SURPRISE], [], [4, 1, 1, 1])
    top = state.cards.decks["action"][0]
    state, events = cards(state, "a10")
    assert rnd(events)["attacker_hits"] == 1  # 5 + 1
    drawn = [e for e in events if e.kind == "clash.you_drew"]
    assert len(drawn) == 1 and drawn[0].visible_to == (0,) and drawn[0].params["card"] == top
    assert the(events, "tactical_surprise") == {"player": "ann"}
    assert state.seats[0].actions == (top,)


def test_k13_tactical_surprise_draws_nothing_without_a_hit() -> None:
    state, events = cards(duel([SURPRISE], [], [1, 1, 1, 1]), "a10")
    assert "tactical_surprise" not in kinds(events) and state.seats[0].actions == ()


FORT = {"hex": "B3", "pieces": ["settlement", "fortress"]}


def test_k14_the_siege_unpaid_ignores_the_defenders_card_and_fortress() -> None:
    """C68: bob may pay 2 Food; he does not: no Fortress die, no cancel, no High Morale."""
    bob_keys = {"resources": {"food": 2}}
    state = duel([SIEGE], [MORALE], [5, 1, 1], city=FORT, bob=1, bob_keys=bob_keys)
    state, _ = cards(state, "a11", "a06")
    assert state.battle is not None and state.battle.siege_food == ""
    assert prompt(state) == "siege_food" and GAME.pending(state)[0].seat == 1
    assert tokens(state) == ["pay", "none"]
    state, events = fight(state, "none")
    assert rnd(events)["defender_dice"] == ["1"] and rnd(events)["attacker_hits"] == 1
    assert "city_captured" in kinds(events) and state.seats[1].resources["food"] == 2


def test_k14_the_siege_paid_keeps_the_defenders_card_and_fortress() -> None:
    bob_keys = {"resources": {"food": 2}}
    state = duel([SIEGE], [MORALE], [5, 1, 1, 6], city=FORT, bob=1, bob_keys=bob_keys)
    state, _ = cards(state, "a11", "a06")
    state, events = fight(state, "pay")
    assert the(events, "siege_food_paid") == {"player": "bob", "paid": ["food_2"]}
    # ann 5+1+1 = 7: 1 hit, cancelled by the Fortress; bob 1+6+2 = 9: 1 hit.
    assert rnd(events)["attacker_hits"] == 0 and rnd(events)["defender_hits"] == 1
    assert armies(state, 0) == {"B3": 1} and state.seats[1].resources["food"] == 0


def test_k14_the_siege_asks_nothing_of_a_defender_without_food() -> None:
    bob_keys = {"resources": {"food": 1}}
    state = duel([SIEGE], [MORALE], [5, 1, 1], city=FORT, bob=1, bob_keys=bob_keys)
    state, events = cards(state, "a11", "a06")
    assert "combat_card_ignored" in kinds(events) and "city_captured" in kinds(events)


def test_k15_for_the_people_gives_a_citys_defender_an_extra_die() -> None:
    _state, events = cards(duel([], [PEOPLE], [1, 1, 5, 5], city={"hex": "B3"}, bob=1), "a13")
    assert rnd(events)["defender_dice"] == ["5", "5"] and rnd(events)["defender_hits"] == 2


def test_k15_for_the_people_is_not_offered_outside_a_city() -> None:
    assert prompt(duel([], [PEOPLE], [1, 1, 1, 1])) == "battle"


def test_k16_upgraded_defenses_cancel_a_hit_in_a_city() -> None:
    state, events = cards(duel([], [UPGRADED], [5, 5, 1, 1], city={"hex": "B3"}), "a16")
    assert rnd(events)["attacker_hits"] == 1 and armies(state, 1) == {"B3": 1}


def test_k17_scouts_ignore_the_opponents_card_and_take_it() -> None:
    state, events = cards(duel([MORALE], [SCOUTS], [4, 4, 1, 1]), "a06", "a23")
    assert the(events, "scouts_took") == {"player": "bob", "half": "K06", "from": "ann"}
    assert rnd(events)["attacker_hits"] == 1
    assert state.seats[1].actions == ("A06",) and "A06" not in state.cards.discards["action"]


def test_k17_a_defenders_scouts_need_a_card_to_take() -> None:
    state, _events = cards(duel([MORALE], [SCOUTS], [1, 1, 1, 1]), "pass")
    assert prompt(state) == "battle" and state.seats[1].actions == ("A23",)


def test_k18_martyr_removes_a_unit_of_each_side_and_ignores_the_other_card() -> None:
    state = duel([MARTYR], [MORALE], [1, 1, 1], ann=3)
    state, events = cards(state, "a24", "a06")
    lost = [(e.params["player"], e.params["units"]) for e in events if e.kind == "clash.units_lost"]
    assert lost[:2] == [("ann", ["army_1"]), ("bob", ["army_1"])]
    assert "combat_card_ignored" in kinds(events)
    assert len(rnd(events)["attacker_dice"]) == 2 and len(rnd(events)["defender_dice"]) == 1


def test_k18_martyr_at_sea_sinks_the_emptiest_ship_of_each_side() -> None:
    """C70: at sea the ship with least cargo, the lowest number first."""
    ann_keys = {"ships": [{"hex": "D3", "cargo": ["army"]}, {"hex": "D3"}]}
    bob_keys = {"ships": [{"hex": "C4", "cargo": ["army"]}, {"hex": "C4"}]}
    state = board(ann=seat([MARTYR], {}, **ann_keys), bob=seat([], {}, **bob_keys), dice=[1, 1])
    state = play(state, "move d3 c4 ship1 ship2")
    state, events = cards(state, "a24")
    sunk = [(e.params["player"], e.params["ships"]) for e in events if e.kind == "clash.ships_sunk"]
    assert sunk == [("ann", ["2"]), ("bob", ["2"])]


def test_k19_ramming_adds_a_die_and_a_hit_warships_cannot_cancel() -> None:
    ann_keys = {"ships": [{"hex": "D3"}]}
    bob_keys = {"ships": [{"hex": "C4"}, {"hex": "C4"}], "advances": ["warships"]}
    state = board(
        ann=seat([RAMMING], {}, **ann_keys), bob=seat([], {}, **bob_keys), dice=[5, 1, 1, 1]
    )
    state = play(state, "move d3 c4 ship1")
    state, events = cards(state, "a04")
    assert rnd(events)["attacker_dice"] == ["5", "1"] and rnd(events)["attacker_hits"] == 1
    assert len([s for s in state.seats[1].ships if s.hex == state.seats[0].ships[0].hex]) == 1


def test_k19_ramming_is_not_offered_on_land() -> None:
    assert prompt(duel([RAMMING], [], [1, 1, 1, 1])) == "battle"


def test_cards_need_tactics_and_barbarians_play_none() -> None:
    barbarians = {"cities": ["B3"], "armies": {"B3": 1}}
    state = board(ann=seat([MORALE], {"C3": 2}), barbarians=barbarians, dice=[4, 4, 1])
    state = play(state, "move c3 b3 army army")
    state, events = cards(state, "a06")  # only ann's window opens
    assert rnd(events)["attacker_hits"] == 2


# -- random battles with cards ------------------------------------------------------------


def test_random_battles_with_cards_keep_every_invariant() -> None:
    """test_clash_combat's front with hands of combat cards, a Great General and both table
    effects: every decision the battles ask is answered at random."""
    import json
    from collections import Counter

    from test_clash_combat import FRONT, walk

    from rules.clash.battles import combat, sides
    from rules.core import Rng, act

    front = json.loads(json.dumps(FRONT))
    front["seats"]["ann"]["actions"] = ["A02", "A04", "A05", "A10", "A11", "A12", "A23", "A24"]
    front["seats"]["ann"]["kept_events"] = ["E36"]
    front["seats"]["ann"]["culture_tokens"] = 2
    front["seats"]["bob"]["actions"] = ["A01", "A03", "A07", "A09", "A13", "A16", "A17", "A22"]
    front["table_effects"] = ["trojan_horse", "solar_eclipse"]
    seen: Counter[str] = Counter()
    for seed in range(6):
        state = GAME.setup_position(["ann", "bob"], {}, seed, json.loads(json.dumps(front)))
        rng = Rng(seed)
        for _ in range(40):
            if state.outcome is not None:
                break
            who = GAME.pending(state)[0].seat
            state, events = act(GAME, state, who, walk(state, who, rng))
            seen.update(kinds(events))
            assert GAME.check_invariants(state) == [], kinds(events)
            if state.battle is not None:
                assert GAME.pending(state)[0].kind in (*combat.KINDS, sides.FANATICISM)
    assert seen["combat_card_played"] and seen["battle_round"], seen


def test_a_defender_resigning_at_its_card_window_plays_none() -> None:
    """3 players: bob resigns while his card window is open; the round is fought at once."""
    from test_clash_support import PLAYERS3, position

    pos = {
        "first": "ann",
        "seats": {
            "ann": {"armies": {"E3": 2}, "advances": ["farming", "mining", "tactics"]},
            "bob": {"armies": {"E2": 2}, "advances": TACTICS, "actions": [PREPARED]},
        },
        "dice": [1, 1, 1, 1],
    }
    state = play(position(pos, PLAYERS3), "move e3 e2 army army")
    assert prompt(state) == "combat_card" and GAME.pending(state)[0].seat == 1
    state, events = GAME.resign(state, 1)
    assert "clash.battle_round" in [e.kind for e in events]
    assert prompt(state) == "battle" and state.seats[1].actions == (PREPARED,)
    assert GAME.check_invariants(state) == []


def test_k14_the_siege_food_may_be_paid_with_gold_instead_c138() -> None:
    bob_keys = {"resources": {"food": 2, "gold": 1}}
    state = duel([SIEGE], [MORALE], [5, 1, 1, 6], city=FORT, bob=1, bob_keys=bob_keys)
    state, _ = cards(state, "a11", "a06")
    choice = {c.token: c for c in GAME.choices(state, 1, [])}
    assert choice["pay"].complete and choice["pay"].more and not choice["none"].more
    assert tokens(state, "pay") == ["gold"]
    assert refused(state, "none gold").code == "too_much_gold"
    state, events = fight(state, "pay gold")
    assert the(events, "siege_food_paid") == {"player": "bob", "paid": ["food_1", "gold_1"]}
    assert state.seats[1].resources["food"] == 1
