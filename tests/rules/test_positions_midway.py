"""Positions anywhere a real game can be (docs/transcripts.md): mid-draft, inside a pending
decision, mid-round, feeding, after resignations; and positions no game can reach, refused
with the key at fault."""

from __future__ import annotations

from typing import Any

import pytest
from civ_support import outcome_of, rest_of_box
from civ_support import position as civ_position
from test_stoneage_support import PLAYERS2, PLAYERS3, PLAYERS4
from test_stoneage_support import position as sa_position

from rules.civ import GAME as CIV
from rules.core import IllegalAction, act
from rules.stoneage import GAME as STONEAGE

DRAFT = {"deal": "draft"}
KEEP2: dict[str, Any] = {
    "round": 2,
    "seats": {
        "alice": {"kept": {"military": 2}, "packet": {"science": 2}},
        "bob": {"kept": {"economy": 1}, "packet": {"culture": 3}},
        "carol": {"kept": {"religion": 1}, "packet": {"religion": 3}},
    },
}
PICK: dict[str, Any] = {
    "centre": ["culture", "utopia"],
    "seats": {p: {"kept": {"science": 3}} for p in ("alice", "bob", "carol")},
}
THREE = ("alice", "bob", "carol")


def _prompts(game: Any, state: Any) -> list[tuple[int, str]]:
    return [(p.seat, p.kind) for p in game.pending(state)]


# -- CIV ---------------------------------------------------------------------------------------


def test_civ_mid_draft_keep_prompts_only_those_who_have_not_kept() -> None:
    state = civ_position(THREE, DRAFT, step="draft_keep", draft=KEEP2)
    assert _prompts(CIV, state) == [(1, "draft_keep"), (2, "draft_keep")]
    assert CIV.view(state, 0)["private"] == {
        "draft": {"kept": ["military", "military"], "packet": ["science", "science"]}
    }
    assert CIV.check_invariants(state) == []


def test_civ_mid_draft_pick_is_the_next_picker_in_reverse_order() -> None:
    """One card was picked already (by carol, the starting player's right neighbour)."""
    state = civ_position(
        THREE, DRAFT, step="draft_pick", draft=PICK, seats={"carol": {"area": {"military": 1}}}
    )
    assert _prompts(CIV, state) == [(1, "draft_pick")]
    state, _ = act(CIV, state, 1, "pick culture")
    state, _ = act(CIV, state, 0, "pick utopia")
    assert (state.step, state.active, state.seats[0].hand) == ("play", 0, [0, 0, 0, 3, 0, 0])


def test_civ_a_resigned_seat_keeps_at_once_as_in_a_real_game() -> None:
    four = {**KEEP2["seats"], "dave": {"kept": {"military": 1}, "packet": {"military": 3}}}
    state = civ_position(
        (*THREE, "dave"),
        DRAFT,
        step="draft_keep",
        draft={"round": 2, "seats": four},
        seats={"dave": {"resigned": True}},
    )
    assert state.draft is not None and state.draft.done == [True, False, False, True]


def test_civ_inside_inquisition_and_breakthrough() -> None:
    inq = civ_position(
        step="inquisition_return",
        discard=["religion"],
        seats={"alice": {"hand": {"science": 1, "culture": 2}}},
        inquisition={"target": "bob", "taken": {"culture": 2}},
    )
    assert [(p.kind, p.params) for p in CIV.pending(inq)] == [
        ("inquisition_return", {"count": 2, "target": "bob"})
    ]
    assert CIV.view(inq, 0)["private"] == {
        "inquisition": {"target": 1, "taken": ["culture", "culture"]}
    }
    assert CIV.view(inq, None)["turn"]["used_discard"] == ["religion"]
    short = civ_position(
        fill_deck=False,
        step="breakthrough_discard",
        seats={"alice": {"hand": {"utopia": 2}}},
        breakthrough={"drawn": {"utopia": 2}},
        **_all_else_removed(),
    )
    assert CIV.pending(short)[0].params == {"count": 2} and short.final_round
    assert CIV.check_invariants(inq) == [] and CIV.check_invariants(short) == []


def _all_else_removed() -> dict[str, Any]:
    """Two players: 3 cards per age removed and every other card on the discard pile."""
    seats = {"alice": {"hand": {"utopia": 2}}}
    rest = rest_of_box(("alice", "bob"), seats, [])
    rest["discard"].remove("science")
    rest["discard"].append("science")  # the Breakthrough card just paid lies on top
    return rest


def test_civ_copied_hand_limit_and_resign_order() -> None:
    state = civ_position(
        step="effects",
        turn={"inspired": True, "used_permanent": ["religion"], "copied_limit": 7},
    )
    assert CIV.view(state, None)["seats"][0]["hand_limit"] == 7
    four = ("alice", "bob", "carol", "dave")
    seats = {"bob": {"resigned": True}, "carol": {"resigned": True}}
    # The earliest resignation ranks lowest, so the order decides bob's and carol's places.
    for order, ranks in ((["bob", "carol"], (1, 4, 3, 2)), (["carol", "bob"], (1, 3, 4, 2))):
        state = civ_position(four, seats=seats, resign_order=order)
        state, _ = CIV.resign(state, 3)
        assert outcome_of(state).ranks == ranks


@pytest.mark.parametrize(
    ("options", "pos", "problem", "field"),
    [
        ({}, {"step": "draft_keep", "draft": KEEP2}, "draft_needs_the_draft_deal", "step"),
        (DRAFT, {"step": "play", "draft": KEEP2}, "draft_needs_step_", "draft"),
        (DRAFT, {"step": "draft_keep"}, "draft_round_1_cards", "draft.seats.alice"),
        (
            DRAFT,
            {"step": "draft_keep", "draft": {**KEEP2, "round": 3}},
            "draft_round_3_cards",
            "draft.seats.bob",
        ),
        (
            DRAFT,
            {"step": "draft_keep", "draft": KEEP2, "seats": {"bob": {"hand": {"utopia": 1}}}},
            "draft_keep_needs_empty_table",
            "seats",
        ),
        (
            DRAFT,
            {"step": "draft_keep", "draft": KEEP2, "active": "bob"},
            "draft_keep_with_",
            "active",
        ),
        (
            DRAFT,
            {"step": "draft_pick", "draft": PICK},
            "one_pick_each_in_order",
            "seats.carol.area",
        ),
        (
            DRAFT,
            {"step": "draft_pick", "draft": PICK, "seats": {"alice": {"area": {"military": 1}}}},
            "one_pick_each_in_order",
            "seats.alice.area",
        ),
        (
            {},
            {
                "step": "inquisition_return",
                "discard": ["religion"],
                "inquisition": {"target": "bob", "taken": {"science": 1}},
            },
            "taken_cards_not_in_hand",
            "inquisition.taken",
        ),
        (
            {},
            {
                "step": "inquisition_return",
                "discard": ["science"],
                "seats": {"alice": {"hand": {"science": 1}}},
                "inquisition": {"target": "bob", "taken": {"science": 1}},
            },
            "inquisition_card_on_top_of_discard",
            "discard",
        ),
        (
            {},
            {
                "step": "inquisition_return",
                "discard": ["religion"],
                "seats": {"alice": {"hand": {"science": 1}}, "bob": {"hand": {"culture": 1}}},
                "inquisition": {"target": "bob", "taken": {"science": 1}},
            },
            "target_hand_was_taken",
            "seats.bob.hand",
        ),
        (
            {},
            {
                "step": "inquisition_return",
                "discard": ["religion"],
                "seats": {"alice": {"hand": {"science": 1}}},
                "turn": {"used_discard": []},
                "inquisition": {"target": "bob", "taken": {"science": 1}},
            },
            "inquisition_return_needs_its_effect_used",
            "turn.used_discard",
        ),
        (
            {},
            {
                "step": "breakthrough_discard",
                "discard": ["science"],
                "seats": {"alice": {"hand": {"science": 2}}},
                "breakthrough": {"drawn": {"science": 2}},
            },
            "breakthrough_draws_5_unless_deck_empty",
            "breakthrough.drawn",
        ),
        (
            {},
            {"step": "effects", "turn": {"copied_limit": 5}},
            "copied_limit_needs_religion_inspired",
            "turn.copied_limit",
        ),
        (
            {},
            {"seats": {"bob": {"resigned": True}}},
            "resigned_seats",
            "seats",
        ),
    ],
)
def test_civ_unreachable_positions_name_the_key(
    options: dict[str, Any], pos: dict[str, Any], problem: str, field: str
) -> None:
    players = THREE if "draft" in pos else ("alice", "bob")
    with pytest.raises(IllegalAction) as info:
        civ_position(players, options, **pos)
    assert info.value.code == "position_inconsistent"
    assert info.value.params["problem"].startswith(problem)
    assert info.value.params["field"] == field


def test_civ_too_many_cards_names_every_place_holding_them() -> None:
    with pytest.raises(IllegalAction) as info:
        civ_position(seats={"alice": {"area": {"utopia": 10}}, "bob": {"hand": {"utopia": 7}}})
    assert info.value.code == "position_too_many_cards"
    assert info.value.params["field"] == "seats.alice.area, seats.bob.hand"
    with pytest.raises(IllegalAction) as info:
        civ_position(deck=[[1, "science"]] * 3, removed=[[1, "science"]] * 2)
    assert info.value.params["field"] == "deck, removed"


# -- Stone Age ---------------------------------------------------------------------------------


def test_stoneage_mid_placement_goes_on_with_the_active_player() -> None:
    state = sa_position(
        PLAYERS3,
        first="bob",
        active="alice",
        seats={"bob": {"placed": ["forest 3"]}, "carol": {"placed": ["hut"]}},
    )
    assert _prompts(STONEAGE, state) == [(0, "place")]
    view = STONEAGE.view(state, None)
    assert view["locations"]["forest"] == [0, 3, 0] and view["locations"]["hut"] == [0, 0, 2]
    assert view["seats"][1]["people"] == {"total": 5, "home": 2, "placed": 3}
    assert STONEAGE.check_invariants(state) == []


def test_stoneage_mid_resolve_with_tools_used_and_a_card_bought() -> None:
    state = sa_position(
        PLAYERS2,
        phase="resolve",
        active="bob",
        display=["G01", None, "G03", "G04"],
        seats={
            "alice": {"tools": 4, "used_tools": [2], "cards": ["S01"]},
            "bob": {"placed": ["hunting 3", "clay 2"]},
        },
    )
    assert _prompts(STONEAGE, state) == [(1, "resolve")]
    assert [t["used"] for t in STONEAGE.view(state, None)["seats"][0]["tools"]] == [
        True,
        False,
        False,
    ]


def test_stoneage_waiting_decisions() -> None:
    tools = sa_position(
        PLAYERS2,
        phase="resolve",
        seats={"alice": {"tools": 2, "placed": ["hunting 2"]}},
        roll={"where": "forest", "dice": [1, 2, 2]},
    )
    assert [(p.kind, p.params) for p in STONEAGE.pending(tools)] == [
        ("tools", {"total": 5, "resource": "wood"})
    ]
    paying = sa_position(
        PLAYERS2,
        phase="resolve",
        seats={"alice": {"placed": ["building 2", "hunting 4"], "resources": {"wood": 9}}},
        paying="building 2",
    )
    assert _prompts(STONEAGE, paying) == [(0, "pay_building")]
    dfa = sa_position(
        PLAYERS3,
        phase="resolve",
        active="bob",
        display=[None, "G01", "G03", "G04"],
        seats={"bob": {"cards": ["S05"], "placed": ["hunting 2"]}},
        dice_for_all={"card": "S05", "faces": [2, 4], "picks": [{"player": "bob", "face": 6}]},
    )
    assert _prompts(STONEAGE, dfa) == [(2, "pick")]
    assert STONEAGE.view(dfa, None)["dice_for_all"]["order"] == [2, 0]
    assert all(STONEAGE.check_invariants(s) == [] for s in (tools, paying, dfa))


def test_stoneage_feeding_and_resigned_seats() -> None:
    state = sa_position(
        PLAYERS4,
        phase="feed",
        display=[None, None, "G03", "G04"],
        seats={
            "alice": {"food": 0, "short": 2, "resources": {"wood": 3}},
            "carol": {"food": 0, "short": 1, "medicine": 1},
            "dave": {"resigned": True},
        },
    )
    assert [(p.seat, p.kind, p.params) for p in STONEAGE.pending(state)] == [
        (0, "feed", {"short": 2}),
        (2, "feed", {"short": 1}),
    ]
    assert STONEAGE.view(state, None)["seats"][3]["resigned"] and state.resign_order == (3,)


def test_stoneage_a_maximum_reached_in_phase_2_is_reachable_but_not_in_phase_1() -> None:
    """A person may still wait on the field after a card took the food track to 10."""
    seats = {"alice": {"agriculture": 10, "placed": ["field", "hunting 4"]}}
    state = sa_position(PLAYERS2, phase="resolve", seats=seats)
    assert STONEAGE.view(state, None)["locations"]["field"] == [1, 0]
    with pytest.raises(IllegalAction) as info:
        sa_position(PLAYERS2, active="bob", seats=seats)
    assert info.value.params == {"problem": "at_maximum", "field": "seats.alice.placed"}
    hut = {"alice": {"people": 10, "placed": ["hut", "hunting 8"]}}
    with pytest.raises(IllegalAction):
        sa_position(PLAYERS2, phase="resolve", seats=hut)


@pytest.mark.parametrize(
    ("players", "pos", "code", "problem", "field"),
    [
        (PLAYERS2, {"phase": "over"}, "position_bad_value", None, "phase"),
        (
            PLAYERS2,
            {"seats": {"alice": {"placed": ["forest x"]}}},
            "position_bad_value",
            None,
            "seats.alice.placed",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"placed": ["forest 2", "forest 1"]}}},
            "position_duplicate",
            None,
            "seats.alice.placed",
        ),
        (
            PLAYERS3,
            {
                "seats": {"alice": {"placed": ["forest 5"]}, "bob": {"placed": ["forest 3"]}},
                "active": "carol",
            },
            "position_inconsistent",
            "too_many_people",
            "seats.bob.placed",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"placed": ["forest 2"]}, "bob": {"placed": ["forest 1"]}}},
            "position_inconsistent",
            "blocked_by_player_count",
            "seats.bob.placed",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"placed": ["card 1"]}, "bob": {"placed": ["card 1"]}}},
            "position_inconsistent",
            "location_full",
            "seats.bob.placed",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"placed": ["forest 2", "hut"]}}, "active": "bob"},
            "position_inconsistent",
            "placements_out_of_turn",
            "seats.alice.placed",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"placed": ["forest 2"]}}},
            "position_inconsistent",
            "placements_out_of_turn",
            "seats.bob.placed",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"placed": ["hunting 5"]}, "bob": {"placed": ["hunting 5"]}}},
            "position_inconsistent",
            "active_cannot_place",
            "active",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"tools": 1, "used_tools": [1]}}},
            "position_inconsistent",
            "tools_used_before_phase_2",
            "seats.alice.used_tools",
        ),
        (
            PLAYERS2,
            {"phase": "resolve", "seats": {"alice": {"tools": 1, "used_tools": [2]}}},
            "position_bad_value",
            None,
            "seats.alice.used_tools",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"short": 1}}},
            "position_inconsistent",
            "short_outside_feeding",
            "seats.alice.short",
        ),
        (
            PLAYERS2,
            {"phase": "feed", "seats": {"alice": {"short": 1}}},
            "position_inconsistent",
            "shortfall_after_income_and_food",
            "seats.alice.short",
        ),
        (
            PLAYERS2,
            {"phase": "feed", "seats": {"alice": {"food": 0, "short": 5, "agriculture": 1}}},
            "position_inconsistent",
            "shortfall_after_income_and_food",
            "seats.alice.short",
        ),
        (
            PLAYERS2,
            {"phase": "feed", "seats": {"alice": {"placed": ["hunting 1"]}}},
            "position_inconsistent",
            "people_on_the_board_while_feeding",
            "seats.alice.placed",
        ),
        (
            PLAYERS2,
            {"phase": "feed", "active": "bob"},
            "position_inconsistent",
            "nobody_is_active_while_feeding",
            "active",
        ),
        (
            PLAYERS2,
            {
                "phase": "resolve",
                "active": "bob",
                "seats": {"alice": {"placed": ["hunting 2"]}, "bob": {"placed": ["hunting 2"]}},
            },
            "position_inconsistent",
            "resolved_before_the_active_player",
            "seats.alice.placed",
        ),
        (
            PLAYERS2,
            {"roll": {"where": "forest", "dice": [1]}},
            "position_inconsistent",
            "roll_outside_phase_2",
            "roll",
        ),
        (
            PLAYERS2,
            {"phase": "resolve", "roll": {"where": "forest", "dice": [1]}, "paying": "card 1"},
            "position_inconsistent",
            "one_decision_at_a_time",
            "paying",
        ),
        (
            PLAYERS2,
            {
                "phase": "resolve",
                "seats": {"alice": {"placed": ["forest 2"]}},
                "roll": {"where": "forest", "dice": [1, 2]},
            },
            "position_inconsistent",
            "roll_location_still_occupied",
            "roll.where",
        ),
        (
            PLAYERS2,
            {
                "phase": "resolve",
                "seats": {"bob": {"placed": ["forest 2"]}},
                "roll": {"where": "forest", "dice": [1, 2]},
            },
            "position_inconsistent",
            "roll_does_not_fit_the_location",
            "roll.dice",
        ),
        (
            PLAYERS2,
            {"phase": "resolve", "roll": {"where": "hut", "dice": [1, 2]}},
            "position_bad_value",
            None,
            "roll.where",
        ),
        (
            PLAYERS2,
            {
                "phase": "resolve",
                "display": [None, "G01", "G03", "G04"],
                "seats": {"alice": {"cards": ["S18"]}},
                "roll": {"where": "card", "card": "S18", "dice": [1]},
            },
            "position_bad_value",
            None,
            "roll.dice",
        ),
        (
            PLAYERS2,
            {
                "phase": "resolve",
                "seats": {"alice": {"cards": ["S18"]}},
                "roll": {"where": "card", "card": "S18", "dice": [1, 2]},
            },
            "position_inconsistent",
            "bought_card_needs_an_empty_display_space",
            "roll.card",
        ),
        (
            PLAYERS2,
            {
                "phase": "resolve",
                "display": [None, "G01", "G03", "G04"],
                "roll": {"where": "card", "card": "S18", "dice": [1, 2]},
            },
            "position_inconsistent",
            "card_not_bought_by_the_active_player",
            "roll.card",
        ),
        (
            PLAYERS2,
            {"phase": "resolve", "seats": {"alice": {"placed": ["hunting 2"]}}, "paying": "card 1"},
            "position_inconsistent",
            "paying_needs_the_active_player_there",
            "paying",
        ),
        (PLAYERS2, {"phase": "resolve", "paying": "forest"}, "position_bad_value", None, "paying"),
        (
            PLAYERS3,
            {
                "phase": "resolve",
                "display": [None, "G01", "G03", "G04"],
                "seats": {"alice": {"cards": ["G02"]}},
                "dice_for_all": {
                    "card": "G02",
                    "faces": [1, 2],
                    "picks": [{"player": "bob", "face": 3}],
                },
            },
            "position_inconsistent",
            "picks_in_turn_order_from_the_buyer",
            "dice_for_all.picks",
        ),
        (
            PLAYERS3,
            {
                "phase": "resolve",
                "display": [None, "G01", "G03", "G04"],
                "seats": {"alice": {"cards": ["G02"]}},
                "dice_for_all": {"card": "G02", "faces": [1]},
            },
            "position_inconsistent",
            "one_die_per_player",
            "dice_for_all.faces",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"resigned": True}}},
            "position_inconsistent",
            "resigned_seats",
            "seats",
        ),
        (
            PLAYERS3,
            {"seats": {"bob": {"resigned": True, "placed": ["hunting 1"]}}},
            "position_inconsistent",
            "resigned_seat_on_the_board",
            "seats.bob.placed",
        ),
        (
            PLAYERS3,
            {"seats": {"bob": {"resigned": True}}, "resign_order": ["carol"]},
            "position_inconsistent",
            "resign_order_lists_the_resigned_seats",
            "resign_order",
        ),
        (
            PLAYERS2,
            {"display": [None, "G01", "G03", "G04"]},
            "position_inconsistent",
            "display_gap",
            "display",
        ),
        (
            PLAYERS2,
            {"seats": {"alice": {"cards": ["G01"]}}, "deck": ["G01"]},
            "position_duplicate",
            None,
            "seats.alice.cards, deck",
        ),
    ],
)
def test_stoneage_unreachable_positions_name_the_key(
    players: tuple[str, ...], pos: dict[str, Any], code: str, problem: str | None, field: str
) -> None:
    with pytest.raises(IllegalAction) as info:
        sa_position(players, **pos)
    assert info.value.code == code
    assert info.value.params["field"] == field
    if problem is not None:
        assert info.value.params["problem"] == problem
