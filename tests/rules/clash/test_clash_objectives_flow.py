"""Completing objectives (:mod:`rules.clash.rounds.objectives`): status phase step 1 (optional, in
turn order, several at once, payments, the same-name and contradiction rules) and immediate
completion after a step (a nested decision for each holder, on anyone's turn), hidden
information, snapshots and positions."""

from __future__ import annotations

import json
from typing import Any

from clash_map import board, play, refused, with_needs
from test_clash_combat import ann, bob, fight
from test_clash_objectives import all_of
from test_clash_support import comparable, roundtrip

from rules.clash import GAME
from rules.clash.board import boards
from rules.clash.board.hexes import label, parse_hex
from rules.clash.box.cards import OBJECTIVE_CARDS
from rules.clash.box.objective_cards import OBJECTIVES
from rules.clash.model.setup import home
from rules.clash.model.state import ClashState, Completed
from rules.clash.rounds import objectives
from rules.core import Event, IllegalAction, act

JSON = Any


def status_step_1(
    ann_seat: dict[str, JSON], bob_seat: dict[str, JSON] | None = None, **extra: JSON
) -> ClashState:
    return board(
        ann={"settlers": {}, **ann_seat},
        bob={"settlers": {}, "cities": [{"hex": "D7"}], **(bob_seat or {})},
        **{"phase": "status", "status": {"step": 1}, **extra},
    )


RICH = {"resources": {"gold": 6}, "objectives": ["O11", "O01"]}


def test_step_1_asks_only_who_can_complete_and_takes_the_payment() -> None:
    state = status_step_1(RICH, {"objectives": ["O02"]})
    # bob has no objective to complete: he is asked his free advance at once (C128).
    prompt, ahead = GAME.pending(state)
    assert (ahead.seat, ahead.kind, ahead.params["step"]) == (1, "free_advance", 2)
    assert state.status is not None
    assert (prompt.seat, prompt.kind, state.status.waiting) == (0, "objectives", (0,))
    assert [c.token for c in GAME.choices(state, 0, [])] == ["complete", "pass"]
    assert [c.token for c in GAME.choices(state, 0, ["complete"])] == ["o11"]
    assert [c.token for c in GAME.choices(state, 0, ["complete", "o11"])] == ["top"]
    state, events = act(GAME, state, 0, "complete o11 top")
    me = state.seats[0]
    assert me.completed == (Completed("O11", "top"),) and me.objectives == ("O01",)
    assert me.resources["gold"] == 4  # Rich: pay 2 Gold
    assert events[0].kind == "clash.status_answered"
    assert events[1] == Event(
        "clash.objective_completed",
        {"player": "ann", "card": "O11", "half": "top", "objective": "rich"},
    )
    assert state.status is None or state.status.step > 1  # bob had nothing: step 2 follows
    assert GAME.view(state, None)["seats"][0]["points"]["objectives"] == 2


def test_step_1_is_optional() -> None:
    state, events = act(GAME, status_step_1(RICH), 0, "pass")
    assert state.seats[0].objectives == ("O11", "O01") and state.seats[0].completed == ()
    assert [e.kind for e in events[:2]] == ["clash.status_answered", "clash.objectives_held"]
    assert refused(status_step_1(RICH), "keep").code == "complete_or_pass"
    assert refused(status_step_1(RICH), "complete o01 top").code == "not_a_completable_objective"


ARMED = {
    "advances": with_needs([*all_of("autocracy"), "tactics"]),
    "cities": [{"hex": h} for h in ("D2", "B2", "D4", "F3")],
    "armies": dict.fromkeys(("D2", "B2", "D4", "F3"), 4),
    "objectives": ["O24", "O25", "O14", "O26"],
}


def test_several_at_once_but_never_one_name_twice_nor_a_contradiction() -> None:
    """Government twice (O24, O25) is one condition met once; Standing Army (O14) and
    Military Might (O26) never count in one status phase."""
    state = status_step_1(ARMED)
    assert refused(state, "complete o24 top o25 top").code == "objectives_exclude_each_other"
    assert refused(state, "complete o14 bottom o26 bottom").code == "objectives_exclude_each_other"
    # The menu after one pick leaves out what cannot go with it.
    after = [c.token for c in GAME.choices(state, 0, ["complete", "o24", "top"])]
    assert after == ["o14", "o26"]
    nxt = [c.token for c in GAME.choices(state, 0, ["complete", "o14", "bottom"])]
    assert nxt == ["o24", "o25", "o26"]  # O26's top (Dominion) holds too
    halves = GAME.choices(state, 0, ["complete", "o14", "bottom", "o26"])
    assert [c.token for c in halves] == ["top"]  # never Military Might with Standing Army
    state, _ = act(GAME, state, 0, "complete o14 bottom o24 top")
    assert state.seats[0].completed == (Completed("O14", "bottom"), Completed("O24", "top"))


def test_the_game_ends_after_the_completions_of_the_last_round() -> None:
    state = status_step_1(RICH, round=6)
    assert GAME.outcome(state) is None
    state, _ = act(GAME, state, 0, "complete o11 top")
    assert GAME.outcome(state) is not None
    assert GAME.view(state, None)["seats"][0]["points"]["objectives"] == 2


def test_the_last_turn_of_a_round_leads_to_step_1() -> None:
    state = board(ann={**RICH}, first="ann", active="bob", turn=3)
    state = play(state, "end")
    assert state.phase == "status" and GAME.pending(state)[0].kind == "objectives"


def test_a_position_in_step_1_waits_only_for_seats_with_a_choice() -> None:
    try:
        status_step_1(RICH, status={"step": 1, "waiting": ["bob"]})
    except IllegalAction as exc:
        assert exc.params["problem"] == "status_waiting_for_a_seat_without_a_choice"
    else:
        raise AssertionError("accepted")


# -- immediately ------------------------------------------------------------------------------

B3 = {"hex": "B3", "pieces": ["settlement", "temple"]}


def conquest(objective_cards: list[str]) -> ClashState:
    """ann takes bob's B3, defended by one army unit, with three (dice fixed)."""
    state = board(
        ann=ann(armies={"C3": 3}, objectives=objective_cards),
        bob=bob(cities=[B3], armies={"B3": 1}),
        dice=[6] * 3 + [1],
    )
    state, _ = fight(state, "move c3 b3 army army army")
    return state


def test_conqueror_is_offered_after_the_capture_and_completed() -> None:
    state = conquest(["O02"])
    prompt = GAME.pending(state)[0]
    assert (prompt.seat, prompt.kind, dict(prompt.params)) == (0, "objective", {})
    assert [c.token for c in GAME.choices(state, 0, [])] == ["complete", "keep"]
    assert [c.token for c in GAME.choices(state, 0, ["complete", "o02"])] == ["bottom"]
    state, events = act(GAME, state, 0, "complete o02 bottom")
    assert state.seats[0].completed == (Completed("O02", "bottom"),)
    assert events[0].kind == "clash.objective_completed" and events[0].visible_to is None
    assert not any(p.kind == "objective" for p in GAME.pending(state))


def test_keep_holds_the_card_for_its_other_half() -> None:
    state, events = act(GAME, conquest(["O02"]), 0, "keep")
    assert state.seats[0].objectives == ("O02",) and state.seats[0].completed == ()
    assert events[0].kind == "clash.objectives_held"
    assert state.objective_watch.offers == ()


def test_nothing_is_offered_without_a_card_that_holds() -> None:
    state = conquest(["O01"])  # Civilization / Conscripts
    assert not any(p.kind == "objective" for p in GAME.pending(state))


def defence(objective_cards: list[str]) -> ClashState:
    """On bob's turn, his three army units attack ann's D2 (four) and all die."""
    return defended(objective_cards)[0]


def defended(objective_cards: list[str]) -> tuple[ClashState, list[Event]]:
    state = board(
        ann={"armies": {"D2": 4}, "objectives": objective_cards, "settlers": {}},
        bob=bob(advances=with_needs(["tactics"]), armies={"C3": 3}),
        active="bob",
        dice=[1, 1, 1, 6, 6, 6, 6],
    )
    return fight(state, "move c3 d2 army army army")


def test_defiance_is_completed_by_the_defender_during_the_attackers_turn() -> None:
    state = defence(["O27"])
    prompt = GAME.pending(state)[0]
    assert (prompt.seat, prompt.kind, state.active) == (0, "objective", 1)
    state, _ = act(GAME, state, 0, "complete o27 bottom")
    assert state.seats[0].completed == (Completed("O27", "bottom"),)
    assert GAME.pending(state)[0].seat == 1  # bob's turn goes on


def test_one_battle_completes_one_objective_of_a_name_but_another_name_too() -> None:
    """Warlord on O05 and O22 (same name): one of them; Great Battle (O06): also."""
    state = defence(["O05", "O22", "O06"])
    assert sorted(objectives.offered(state, 0)) == [
        ("O05", "bottom"),
        ("O06", "bottom"),
        ("O22", "bottom"),
    ]
    state, _ = act(GAME, state, 0, "complete o05 bottom")
    assert objectives.offered(state, 0) == [("O06", "bottom")]
    assert GAME.pending(state)[0].kind == "objective"
    assert [c.token for c in GAME.choices(state, 0, ["complete"])] == ["o06"]
    state, _ = act(GAME, state, 0, "complete o06 bottom")
    assert [c.card for c in state.seats[0].completed] == ["O05", "O06"]
    assert state.seats[0].objectives == ("O22",)


def test_offers_are_hidden_from_the_others() -> None:
    state, events = defended(["O27"])
    (told,) = [e for e in events if e.kind == "clash.objective_offered"]
    assert told.visible_to == (0,) and told.params == {"player": "ann", "objectives": ["defiance"]}
    assert not any("O27" in json.dumps(dict(e.params)) for e in events)
    assert GAME.reveals(state, state, events)  # the offer is known: no undo
    theirs, mine = GAME.view(state, 1), GAME.view(state, 0)
    assert "O27" not in json.dumps(theirs) and "O27" not in json.dumps(GAME.view(state, None))
    assert mine["private"]["objective_offers"] == [{"card": "O27", "half": "bottom"}]
    assert theirs["pending"] == [{"seat": 0, "kind": "objective", "params": {}}]


def test_a_pending_offer_survives_snapshots_and_positions() -> None:
    state = defence(["O05", "O22", "O06"])
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert comparable(again) == comparable(state)
    assert comparable(roundtrip(state)) == comparable(state)


def test_a_position_refuses_offers_without_their_decision() -> None:
    try:
        board(ann={"objectives": ["O27"]}, objective_offers={"ann": ["o27 bottom"]})
    except IllegalAction as exc:
        assert exc.params["problem"] == "objective_offers_without_a_decision"
    else:
        raise AssertionError("accepted")


def test_wonderful_follows_the_wonder_built_event() -> None:
    """The wonder code emits ``clash.wonder_built`` (player, wonder, space)."""
    state = board(ann={"cities": [{"hex": "D2", "wonder": "great_wall"}], "objectives": ["O32"]})
    built = Event("clash.wonder_built", {"player": "ann", "wonder": "great_wall", "space": "D2"})
    objectives.after_step(state, [built])
    assert objectives.offered(state, 0) == [("O32", "top")]
    assert GAME.pending(state)[0].kind == "objective"
    objectives.after_step(state, [])  # nothing new: nothing more asked
    assert len(state.prompts.decisions) == 1


def test_new_founder_follows_a_city_founded_far_away() -> None:
    state = board(ann={"settlers": {"E8": 1, "B2": 1}, "objectives": ["O27"]})
    near = play(state, "found b2")
    assert not any(p.kind == "objective" for p in GAME.pending(near))
    far = play(state, "found e8")
    assert objectives.offered(far, 0) == [("O27", "top")]


def test_conscripts_follows_the_second_build_of_a_turn_with_a_draft() -> None:
    state = board(
        ann={
            "advances": with_needs(["draft"]),
            "cities": [{"hex": "D2"}, {"hex": "B2"}],
            "mood_tokens": 1,
            "resources": {"food": 2, "ore": 2},
            "objectives": ["O01"],
        }
    )
    state = play(state, "activate d2 build draft")
    assert not any(p.kind == "objective" for p in GAME.pending(state))
    assert (state.objective_watch.builds, state.objective_watch.drafted) == (1, True)
    state = play(state, "activate b2 build army")
    assert objectives.offered(state, 0) == [("O01", "bottom")]


def test_the_turns_counts_start_again_with_the_next_turn() -> None:
    state = board(ann={"advances": with_needs(["draft"]), "mood_tokens": 1, "objectives": ["O01"]})
    state = play(state, "activate d2 build draft", "end")
    assert (state.objective_watch.builds, state.objective_watch.drafted) == (0, False)


def test_every_card_has_two_halves() -> None:
    assert all(len(OBJECTIVES[c]) == 2 for c in OBJECTIVE_CARDS)


WON_ON_B2 = {
    "space": "B2",
    "at_sea": False,
    "attacker": "ann",
    "defender": "bob",
    "units": [1, 0],
    "lost": [0, 0],
    "settlers_lost": [0, 1],
    "winner": "ann",
    "city": None,
    "captured": False,
    "defended": False,
    "city_size": 0,
    "wonder": False,
    "landed": False,
}


def test_warmonger_counts_the_battle_that_ends_the_turn() -> None:
    """ann won on B2 earlier this turn; her last action takes bob's settler on F3 (a second
    space, a win): the turn ends in the same step, and Warmonger is still hers to complete."""
    state = board(
        ann=ann(
            advances=with_needs(["tactics"]), armies={"E3": 1}, settlers={}, objectives=["O03"]
        ),
        bob=bob(settlers={"F3": 1}),
        actions_left=1,
        fought=[WON_ON_B2],
    )
    assert state.objective_watch.battles == ((parse_hex("b2"), True),)
    state, events = fight(state, "move e3 f3 army")
    assert "clash.turn_ended" in [e.kind for e in events] and state.active == 1
    assert objectives.offered(state, 0) == [("O03", "bottom")]
    assert state.objective_watch.battles == ()  # bob's turn starts its own count
    state, _ = act(GAME, state, 0, "complete o03 bottom")
    assert state.seats[0].completed == (Completed("O03", "bottom"),)
    assert GAME.pending(state)[0].seat == 1


def test_warmonger_needs_two_spaces() -> None:
    state = board(
        ann=ann(advances=with_needs(["tactics"]), armies={"C3": 1}, objectives=["O03"]),
        bob=bob(settlers={"B2": 1}),
        actions_left=1,
        fought=[WON_ON_B2],
    )
    state, _ = fight(state, "move c3 b2 army")
    assert objectives.offered(state, 0) == []


def three_with_an_offer() -> ClashState:
    """Three players, ann's turn; cyd (a wonder in her city) holds Wonderful and is asked."""
    players = ["ann", "bob", "cyd"]
    cyd_home = label(home((0, 1, 2), boards.board(3), 2))
    seat_keys = {"cities": [{"hex": cyd_home, "wonder": "great_wall"}], "objectives": ["O32"]}
    state = GAME.setup_position(players, {}, 1, {"seats": {"cyd": seat_keys}, "first": "ann"})
    built = Event(
        "clash.wonder_built", {"player": "cyd", "wonder": "great_wall", "space": cyd_home}
    )
    objectives.after_step(state, [built])
    assert objectives.offered(state, 2) == [("O32", "top")]
    return state


def test_the_offer_outlives_the_resignation_of_the_active_player() -> None:
    state, _ = GAME.resign(three_with_an_offer(), 0)
    assert GAME.check_invariants(state) == []
    assert GAME.pending(state)[0].seat == 2 and GAME.pending(state)[0].kind == "objective"
    state, _ = act(GAME, state, 2, "complete o32 top")
    assert state.seats[2].completed == (Completed("O32", "top"),)


def test_a_holder_that_resigns_loses_its_offer() -> None:
    state, _ = GAME.resign(three_with_an_offer(), 2)
    assert GAME.check_invariants(state) == []
    assert state.objective_watch.offers == ()
    assert not any(d.kind == "objective" for d in state.prompts.decisions)


def test_the_menus_offer_nothing_after_a_wrong_token() -> None:
    state = status_step_1(ARMED)
    for prefix in (["complete", "o99", "top"], ["complete", "o24", "side"], ["pass", "o24"]):
        assert GAME.choices(state, 0, prefix) == []
    offer = defence(["O27"])
    assert GAME.choices(offer, 0, ["complete", "o27", "bottom"]) == []  # one at a time
    assert refused(offer, "complete o27 bottom o27 top").code == "too_many_tokens"
    assert refused(offer, "pass").code == "complete_or_keep"


def test_assimilator_and_aggressor_from_one_barbarian_settlement_taken() -> None:
    """ann's three army units kill both barbarians of B3 and take it: Assimilator (O24) and
    Aggressor (O23), two names, both hers; the settlement's keep-or-destroy comes after."""
    state = board(
        ann=ann(armies={"C3": 3}, objectives=["O23", "O24"]),
        barbarians={"cities": ["B3"], "armies": {"B3": 2}},
        dice=[6, 6, 6, 1, 1],
    )
    state, _ = fight(state, "move c3 b3 army army army")
    assert objectives.offered(state, 0) == [("O23", "bottom"), ("O24", "bottom")]
    state, _ = act(GAME, state, 0, "complete o24 bottom")
    state, _ = act(GAME, state, 0, "complete o23 bottom")
    assert [c.card for c in state.seats[0].completed] == ["O24", "O23"]
    assert GAME.pending(state)[0].kind == "barbarian_city"


def test_trader_and_sea_lanes_never_in_one_status_phase() -> None:
    routes = {"ships": [{"hex": "F2"}, {"hex": "C4"}], "settlers": {"C2": 1}}
    state = status_step_1(
        {**routes, "objectives": ["O28", "O29"]},
        {"cities": [{"hex": "D7"}, {"hex": "F3"}, {"hex": "B2"}, {"hex": "D4"}]},
    )
    assert objectives.status_options(state, 0) == [("O28", "top"), ("O29", "top")]
    assert refused(state, "complete o28 top o29 top").code == "objectives_exclude_each_other"
    state, _ = act(GAME, state, 0, "complete o29 top")
    assert state.seats[0].completed == (Completed("O29", "top"),)
