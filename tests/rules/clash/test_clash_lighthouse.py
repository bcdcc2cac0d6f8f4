"""The Great Lighthouse's move (p.15: "Mozgathatsz egy Hajót, miután aktiváltad azt a várost";
C115, C134): in the printed edition one ship moves as a Move action would move it, exploring
or attacking; the first edition kept a plain sail.

On ``clash_map``'s board ann's D2 (size 2, with the Lighthouse) has its Port on D3; r3 (D3 C4
E4 D4) is g03 (D3, C4 Sea) unless a test lays g05 there (D3 the only Sea, next to r2's E3).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from clash_map import board, events, play, prompt, random_walk, refused, ships, tokens, with_needs
from test_clash_support import comparable, roundtrip

from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.dispatch import grammar
from rules.clash.model.state import ClashState
from rules.clash.player.policy import plan_for
from rules.core import Rng, act

JSON = Any
FIRST: dict[str, JSON] = {"edition": 1}
CITY = {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"}
ADVANCES = with_needs(["farming", "mining", "engineering", "cartography", "fishing", "storage"])
#: r4 (B4 A5 C5 B5) face down with g02 (Sea, Mountain, Sea, Mountain): B4 and C5 Sea as laid.
EXPLORABLE = {"r4": "g02"}
#: D3 alone at sea: r3 is g05 (D3 Sea, C4 Fertile, E4 Fertile, D4 Barren), r2 lies face down
#: (g04: F2 Sea, E3 Forest, G3 Sea, F3 Fertile): the ship can only explore it.
ONLY_EXPLORING = {"r3": {"tile": "g05", "explored": True}, "r2": "g04"}


def ann(**keys: JSON) -> dict[str, JSON]:
    out: dict[str, JSON] = {
        "advances": ADVANCES,
        "cities": [{**CITY, "wonder": "great_lighthouse"}],
        "resources": {"food": 4, "wood": 4, "ore": 4},
        "ships": [{"hex": "D3"}],
    }
    return {**out, **keys}


def game(
    a: dict[str, JSON] | None = None,
    b: dict[str, JSON] | None = None,
    tiles: dict[str, JSON] | None = None,
    options: dict[str, JSON] | None = None,
    **extra: JSON,
) -> ClashState:
    bob = b or {"cities": [{"hex": "D7"}]}
    return board(ann=a or ann(), bob=bob, tiles=tiles, options=options, **extra)


def sound(state: ClashState) -> None:
    """Every invariant holds and every decision on the stack can stand."""
    assert GAME.check_invariants(state) == []
    for decision in state.prompts.decisions:
        check = grammar.DECISIONS[decision.kind].problem
        assert check is None or check(state, decision) is None, decision


def test_the_lighthouse_ship_explores_as_a_move_action_would() -> None:
    """C134: from D3 the ship may explore r4 (C5, B4: the picker says so); g02 lies with its
    Sea next to C4, the ship sails onto the new Sea space it picks (p.19), and the turn goes
    on, no action spent and no mark left."""
    state = play(game(tiles=EXPLORABLE), "activate d2 collect d2")
    assert prompt(state) == "lighthouse"
    labels = {c.token: c.label for c in GAME.choices(state, 0, ["d3"])}
    assert labels == {
        "b4": "clash.choice.to.explore_by_ship",
        "c4": "clash.choice.to.sail",
        "c5": "clash.choice.to.explore_by_ship",
    }
    state, kinds = events(state, "d3 c5 ship1")
    assert kinds == ["clash.lighthouse_used", "clash.ship_sailed", "clash.explored"]
    assert state.regions["r4"].explored and prompt(state) == "explore_ship_space"
    sound(state)
    state = play(state, "b4")
    assert ships(state) == [(1, "B4", ())]
    assert prompt(state) == "turn" and state.turn_state.actions_left == 2
    assert state.turn_state.marks == ()
    sound(state)


def test_the_lighthouse_is_asked_when_the_ship_can_only_explore() -> None:
    """C134: no plain sail is open, exploring is: the decision is asked (C115 asked only for
    sails); the first edition still does not ask."""
    state = play(game(tiles=ONLY_EXPLORING), "activate d2 collect d2")
    assert prompt(state) == "lighthouse" and tokens(state, "d3") == ["e3"]
    state, kinds = events(state, "d3 e3 ship1")
    assert kinds == ["clash.lighthouse_used", "clash.explored"] and state.regions["r2"].turned
    # g04 turned puts its Sea on E3 and F3, next to D3 (p.19): the ship picks one.
    assert prompt(state) == "explore_ship_space" and tokens(state) == ["e3", "f3"]
    sound(state)
    state = play(state, "f3")
    assert ships(state) == [(1, "F3", ())]
    assert prompt(state) == "turn" and state.turn_state.marks == ()
    first = play(game(tiles=ONLY_EXPLORING, options=FIRST), "activate d2 collect d2")
    assert prompt(first) == "turn"


def test_the_lighthouse_ship_attacks_a_foreign_ship() -> None:
    """C134: sailing onto bob's ship on C4 is a naval battle, fought at once (p.9, p.12); the
    ship that fought moves no more this turn, and the turn goes on."""
    bob = {"cities": [{"hex": "D7"}], "ships": [{"hex": "C4"}]}
    state = play(game(b=bob, dice=[5, 1]), "activate d2 collect d2")
    assert prompt(state) == "lighthouse" and "c4" in tokens(state, "d3")
    state, kinds = events(state, "d3 c4 ship1")
    assert kinds[:3] == ["clash.lighthouse_used", "clash.ships_sailed", "clash.battle_began"]
    assert "clash.battle_won" in kinds and state.battle is None
    assert ships(state) == [(1, "C4", ())] and ships(state, 1) == []
    assert prompt(state) == "turn" and state.turn_state.actions_left == 2
    assert refused(state, "move c4 d3 ship1").code == "stopped_this_turn"
    sound(state)


def test_a_lighthouse_battle_after_the_last_action_ends_the_turn_when_it_ends() -> None:
    """Both ships miss: ann chooses to withdraw (p.12), the ship goes back to D3 (C43), and
    with no action left the turn passes to bob."""
    bob = {"cities": [{"hex": "D7"}], "ships": [{"hex": "C4"}]}
    state = play(game(b=bob, dice=[1, 1], actions_left=1), "activate d2 collect d2")
    state = play(state, "d3 c4 ship1")
    assert prompt(state) == "battle" and GAME.pending(state)[0].seat == 0
    sound(state)
    state, kinds = events(state, "withdraw")
    assert "clash.withdrew" in kinds and ships(state) == [(1, "D3", ())]
    assert prompt(state) == "turn" and state.active == 1


def test_the_cargo_goes_along_and_stays_aboard() -> None:
    """A Lighthouse move is the ship's (p.9: landing is a move of the land units): the army
    aboard sails to C4 and has not moved, so a Move action may land it."""
    a = ann(ships=[{"hex": "D3", "cargo": ["army"]}], advances=with_needs([*ADVANCES, "tactics"]))
    state = play(game(a=a), "activate d2 collect d2", "d3 c4 ship1")
    assert ships(state) == [(1, "C4", ("army",))] and prompt(state) == "turn"
    state = play(state, "move ship1 d4 army")
    assert state.seats[0].armies == {parse_hex("D4"): 1}


def test_the_lighthouse_refuses_what_a_move_action_refuses_and_more_than_one_ship() -> None:
    a = ann(ships=[{"hex": "D3"}, {"hex": "D3"}])
    state = play(game(a=a, tiles=EXPLORABLE), "activate d2 collect d2")
    assert refused(state, "d3 c4 ship1 ship2").code == "lighthouse_moves_one_ship"
    assert refused(state, "d3 e4 ship1").code == "ships_stay_at_sea"
    # The approach may be named as in a Move action.
    state, kinds = events(state, "d3 c5 ship2 c4")
    assert "clash.explored" in kinds


def test_the_first_edition_keeps_the_plain_sail() -> None:
    """C115 as it was: no exploring, no battle, the refusal names the sails."""
    bob = {"cities": [{"hex": "D7"}], "ships": [{"hex": "C4"}]}
    state = play(game(b=bob, tiles=EXPLORABLE, options=FIRST), "activate d2 collect d2")
    assert prompt(state) == "turn"  # C4 is a battle, r4 an exploration: nothing to sail
    state = play(game(tiles=EXPLORABLE, options=FIRST), "activate d2 collect d2")
    assert tokens(state) == ["d3", "done"] and tokens(state, "d3") == ["c4"]
    err = refused(state, "d3 c5 ship1")
    assert err.code == "lighthouse_sails_only" and err.params == {"allowed": ["d3 c4 ship1"]}
    state, kinds = events(state, "d3 c4 ship1")
    assert kinds == ["clash.lighthouse_used", "clash.ships_sailed"]


def dogma_game(options: dict[str, JSON] | None = None) -> ClashState:
    """ann owns Dogma (State Religion: the Temple's Food is free) and three cities, so D2 may
    grow to 3: its Temple gives a free Theocracy advance, chosen among several."""
    cities = [{**CITY, "wonder": "great_lighthouse"}, {"hex": "D4"}, {"hex": "B2"}]
    advances = with_needs([*ADVANCES, "myths", "state_religion", "dogma"])
    return game(a=ann(cities=cities, advances=advances), options=options)


def test_a_decision_the_activation_left_is_answered_first() -> None:
    """C134: Dogma's choice comes first, then the Lighthouse's move; the first edition does
    not ask for it then (C115)."""
    state = play(dogma_game(), "activate d2 grow temple mood")
    assert prompt(state) == "dogma_advance"
    assert [d.kind for d in state.prompts.decisions] == ["event_follow_up", "dogma_advance"]
    sound(state)
    state = play(state, tokens(state)[0])
    while prompt(state) not in ("lighthouse", "turn"):
        state = play(state, tokens(state)[0])
    assert prompt(state) == "lighthouse"
    sound(state)
    state = play(state, "d3 c4 ship1")
    assert ships(state) == [(1, "C4", ())] and prompt(state) == "turn"
    first = play(dogma_game(FIRST), "activate d2 grow temple mood")
    assert prompt(first) == "dogma_advance"
    first = play(first, tokens(first)[0])
    while prompt(first) != "turn":
        assert prompt(first) != "lighthouse"
        first = play(first, tokens(first)[0])


def test_a_battle_of_ships_built_there_is_fought_before_the_lighthouse_move() -> None:
    """C44, C134: D2 builds a ship onto bob's two ships on D3; bob chooses which ship sinks
    (his ships differ), the battle goes on to its end above the waiting move, and then ann may
    move her other ship (the new one fought and stays)."""
    a = ann(ships=[{"hex": "C4"}])
    bob = {
        "cities": [{"hex": "D7"}],
        "ships": [{"hex": "D3", "cargo": ["settler"]}, {"hex": "D3"}],
        "settlers": {},
    }
    state = play(game(a=a, b=bob, dice=[5, 1, 1, 5, 1]), "activate d2 build ship")
    assert prompt(state) == "casualties" and GAME.pending(state)[0].seat == 1
    assert state.prompts.decisions[0].kind == "event_follow_up"
    sound(state)
    state, kinds = events(state, "ship1")
    assert "clash.battle_won" in kinds and state.battle is None
    assert prompt(state) == "lighthouse" and tokens(state) == ["c4", "done"]
    sound(state)
    state = play(state, "c4 d3 ship1")
    assert [s[1] for s in ships(state)] == ["D3", "D3"] and prompt(state) == "turn"


def test_the_heuristic_player_explores_with_the_lighthouse_and_declines_a_bad_fight() -> None:
    """The bot scores the Lighthouse's ship as a Move action's ship group: exploring early is
    worth it; one ship against two is not, and a plain sail with no use is not either."""
    state = play(game(tiles=ONLY_EXPLORING), "activate d2 collect d2")
    assert plan_for(state, 0, []) == ("d3", "e3", "ship1")
    bob = {"cities": [{"hex": "D7"}], "ships": [{"hex": "C4"}, {"hex": "C4"}]}
    state = play(game(b=bob), "activate d2 collect d2")
    assert prompt(state) == "lighthouse" and "c4" in tokens(state, "d3")
    assert plan_for(state, 0, []) == ("done",)


#: Turn actions of this walk: activating (for the Lighthouse), moving, ending the turn.
HEADS = ("activate", "move", "end")


def test_random_play_with_the_lighthouse_keeps_every_invariant() -> None:
    """Random answers to every Lighthouse decision (sails, explorations, naval battles) in both
    editions: every invariant holds, every decision can stand, positions round-trip."""
    seen: Counter[str] = Counter()
    for variant in range(4):
        options = FIRST if variant % 2 else None
        a = ann(
            ships=[{"hex": "D3"}, {"hex": "D3", "cargo": ["army"]}],
            advances=with_needs([*ADVANCES, "tactics"]),
            resources={"food": 8, "wood": 8, "ore": 8},
        )
        # bob's ship out of reach (ann may explore r4 from C4), or blocking C4 (a battle).
        bob = {"cities": [{"hex": "D7"}], "ships": [{"hex": "C4" if variant > 1 else "G3"}]}
        state = game(a=a, b=bob, tiles=EXPLORABLE, options=options)
        rng = Rng(variant)
        for _ in range(50):
            if state.outcome is not None:
                break
            seat = GAME.pending(state)[0].seat
            action = random_walk(state, seat, rng, HEADS)
            state, evs = act(GAME, state, seat, action)
            seen.update(e.kind for e in evs)
            sound(state)
            if options is None and state.outcome is None:
                assert comparable(roundtrip(state)) == comparable(state), action
    assert seen["clash.lighthouse_used"] and seen["clash.explored"] and seen["clash.battle_began"]
