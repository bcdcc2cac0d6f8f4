"""Trading between players (rules/clash/actions/trading.py; p.14, C58, C120-C124): offers, their
may-act answers, what may be traded, limits on receipt, lapsing, hidden cards, snapshots and
positions, and that random play trades without holding the game up."""

from __future__ import annotations

import json
from typing import Any

import pytest
from clash_map import with_needs
from test_clash_support import PLAYERS3, comparable, position, roundtrip

import locales
from host import text
from rules import selfplay
from rules.clash import GAME
from rules.clash.actions import trade_offers
from rules.clash.model.state import ClashState
from rules.core import Event, IllegalAction, act

JSON = Any
ANN, BOB, CY = 0, 1, 2


def three(**seats: dict[str, JSON]) -> ClashState:
    """ann's turn (round 2) in a 3-player game; ``seats`` by handle."""
    base: dict[str, dict[str, JSON]] = {
        "ann": {"resources": {"food": 1, "wood": 3, "ore": 2}, "actions": ["A05"]},
        "bob": {"resources": {"food": 2, "gold": 2}, "actions": ["A11"], "objectives": ["O03"]},
        "cy": {"resources": {"food": 1, "gold": 1}, "actions": ["A20"], "objectives": ["O07"]},
    }
    for name, value in seats.items():
        base[name] = {**base[name], **value}
    pos = {"round": 2, "first": "ann", "active": "ann", "seats": base, "fill_decks": True}
    return position(pos, PLAYERS3)


def do(state: ClashState, seat: int, action: str) -> tuple[ClashState, list[Event]]:
    new, events = act(GAME, state, seat, action)
    assert GAME.check_invariants(new) == []
    return new, events


def refusal(state: ClashState, seat: int, action: str) -> IllegalAction:
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as caught:
        act(GAME, state, seat, action)
    assert GAME.to_json(state) == before
    return caught.value


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def prompts(state: ClashState) -> list[tuple[int, str, bool]]:
    return [(p.seat, p.kind, p.must) for p in GAME.pending(state)]


def heads(state: ClashState, seat: int, *prefix: str) -> list[str]:
    return [c.token for c in GAME.choices(state, seat, list(prefix))]


# -- offering and answering -----------------------------------------------------------------


def test_an_accepted_offer_exchanges_both_sides_at_once() -> None:
    state = three()
    turn = GAME.pending(state)[0]
    state, events = do(state, ANN, "trade @bob give wood2 ore1 for gold2")
    assert kinds(events) == ["clash.trade_offered"]
    assert events[0].params == {
        "player": "ann",
        "partner": "bob",
        "give": ["wood_2", "ore_1"],
        "want": ["gold_2"],
    }
    # The active player's own prompt is as it was; bob may answer (the game does not wait).
    assert GAME.pending(state)[0] == turn and state.turn_state.actions_left == 3
    assert (BOB, "trade_offer", False) in prompts(state)
    assert heads(state, BOB) == ["accept", "refuse"]
    state, events = do(state, BOB, "accept @ann")
    assert kinds(events) == ["clash.trade_made"]
    ann, bob = state.seats[ANN], state.seats[BOB]
    assert (ann.resources["wood"], ann.resources["ore"], ann.resources["gold"]) == (1, 1, 2)
    assert (bob.resources["wood"], bob.resources["ore"], bob.resources["gold"]) == (2, 1, 0)
    assert trade_offers.offers(state) == () and (BOB, "trade_offer", False) not in prompts(state)


def test_a_refused_offer_changes_nothing_but_closes() -> None:
    state, _ = do(three(), ANN, "trade @cy give ore1 for gold1")
    state, events = do(state, CY, "refuse @ann")
    assert kinds(events) == ["clash.trade_refused"]
    assert state.seats[CY].resources["gold"] == 1 and state.seats[ANN].resources["ore"] == 2
    assert trade_offers.offers(state) == () and (CY, "trade_offer", False) not in prompts(state)


def test_the_offerer_may_withdraw_its_offer() -> None:
    state, _ = do(three(), ANN, "trade @bob give wood1 for gold1")
    assert "withdraw" in heads(state, ANN) and heads(state, ANN, "withdraw") == ["@bob"]
    state, events = do(state, ANN, "withdraw @bob")
    assert kinds(events) == ["clash.trade_withdrawn"] and trade_offers.offers(state) == ()
    assert refusal(state, BOB, "accept @ann").code == "no_offer_to_you"


def test_an_offer_may_be_a_gift() -> None:
    state, events = do(three(), ANN, "trade @cy give wood1")
    assert events[0].params["want"] == ["nothing"]
    state, _ = do(state, CY, "accept @ann")
    assert state.seats[CY].resources["wood"] == 1 and state.seats[ANN].resources["wood"] == 2


def test_open_offers_lapse_when_the_turn_ends() -> None:
    state, _ = do(three(), ANN, "trade @bob give wood1 for gold1")
    state, _ = do(state, CY, "trade @ann give gold1")
    state, events = do(state, ANN, "end")
    assert kinds(events).count("clash.trade_lapsed") == 2
    assert state.active == BOB and trade_offers.offers(state) == ()
    assert (ANN, "trade", False) in prompts(state) and (CY, "trade", False) in prompts(state)


def test_an_offer_lapses_when_its_offerer_no_longer_has_what_it_gives() -> None:
    ann = {"advances": with_needs(["bartering"]), "resources": {"food": 1, "wood": 2}}
    state, _ = do(three(ann=ann), ANN, "trade @bob give wood2 for gold1")
    state, events = do(state, ANN, "barter wood-gold")
    assert "clash.trade_lapsed_goods" in kinds(events) and trade_offers.offers(state) == ()


def test_the_non_active_player_may_offer_to_the_active_player_only() -> None:
    state = three()
    bob = next(p for p in GAME.pending(state) if p.seat == BOB)
    assert (bob.kind, bob.must, bob.turn, bob.params) == ("trade", False, ANN, {"player": "ann"})
    assert heads(state, BOB) == ["trade"] and heads(state, BOB, "trade") == ["@ann"]
    refused = refusal(state, BOB, "trade @cy give gold1")
    assert (refused.code, refused.params) == (
        "trade_only_with_the_active_player",
        {"player": "ann"},
    )
    assert refusal(state, BOB, "end").code == "not_your_turn"
    state, _ = do(state, BOB, "trade @ann give gold1 for wood1")
    assert (ANN, "trade_offer", False) in prompts(state)
    assert [c.token for c in GAME.choices(state, ANN, [])][-3:] == ["accept", "refuse", "end"]
    state, _ = do(state, ANN, "accept @bob")
    assert state.seats[ANN].resources["gold"] == 1 and state.seats[BOB].resources["wood"] == 1


def test_trading_keeps_no_turn_open() -> None:
    """A turn whose last action is spent ends by itself, though trades were still possible."""
    state = position(
        {"first": "ann", "actions_left": 1, "seats": {"ann": {"resources": {"food": 2}}}},
        PLAYERS3,
    )
    state, _ = do(state, ANN, "advance bartering")
    assert state.active == BOB


def test_one_open_offer_between_two_players_and_a_new_offer_after_a_refusal_c123() -> None:
    """p.14 sets no limit on offers (C123): one is open between two players at a time, and a
    refused or withdrawn offer may be followed by a better one, either way round."""
    state, _ = do(three(), ANN, "trade @bob give wood1 for gold1")
    assert refusal(state, ANN, "trade @bob give ore1").code == "trade_offer_open"
    assert refusal(state, BOB, "trade @ann give gold1").code == "trade_offer_open"
    assert "@bob" not in heads(state, ANN, "trade") and "trade" not in heads(state, BOB)
    state, _ = do(state, BOB, "refuse @ann")
    # ann improves her refused offer: the trade button offers bob again.
    assert heads(state, ANN, "trade") == ["@bob", "@cy"]
    state, _ = do(state, ANN, "trade @bob give wood1 ore1 for gold1")
    state, _ = do(state, ANN, "withdraw @bob")
    state, _ = do(state, ANN, "trade @bob give ore1 for gold1")
    assert [p.id for p in GAME.pending(state) if p.kind == "trade_offer"] == ["offer:2.1.0.1.3"]
    state, _ = do(state, BOB, "refuse @ann")
    # bob may answer with a counter-offer, and make another after its refusal.
    state, _ = do(state, BOB, "trade @ann give gold1")
    assert [p.id for p in GAME.pending(state) if p.kind == "trade_offer"] == ["offer:2.1.1.0.1"]
    state, _ = do(state, ANN, "refuse @bob")
    assert [p.id for p in GAME.pending(state) if p.seat == BOB] == ["trade:2.1.1.1.0"]
    state, _ = do(state, BOB, "trade @ann give gold2")
    made = ((ANN, BOB, 3), (BOB, ANN, 2))
    assert state.turn_state.trades.made == made


def test_limits_apply_on_receipt() -> None:
    """An offer that would pass the receiver's limit cannot be made (C121): bob holds 2 Food
    without Storage, ann 1."""
    state = three()
    assert not any(t.startswith("food") for t in heads(state, ANN, "trade", "@bob", "give"))
    assert "food1" in heads(state, ANN, "trade", "@cy", "give")
    refused = refusal(state, ANN, "trade @bob give food1")
    assert (refused.code, refused.params) == (
        "trade_over_limit",
        {"player": "bob", "token": "food1", "room": 0},
    )
    asked = heads(state, ANN, "trade", "@bob", "give", "wood1", "for")
    assert "food1" in asked and "food2" not in asked
    refused = refusal(state, ANN, "trade @bob give wood1 for food2")
    assert (refused.code, refused.params) == (
        "trade_over_limit",
        {"player": "ann", "token": "food2", "room": 1},
    )


def test_accepting_checks_the_limits_again() -> None:
    state, _ = do(three(), ANN, "trade @bob give ore1 for food1")
    state, _ = do(state, CY, "trade @ann give food1")
    state, _ = do(state, ANN, "accept @cy")
    assert state.seats[ANN].resources["food"] == 2
    # ann has no room for bob's Food any more: bob may only refuse.
    assert heads(state, BOB) == ["refuse"]
    refused = refusal(state, BOB, "accept @ann")
    assert (refused.code, refused.params) == (
        "trade_over_limit",
        {"player": "ann", "token": "food1", "room": 0},
    )


def test_a_card_trade_keeps_the_cards_hidden_from_the_third_player() -> None:
    state = three()
    every: list[Event] = []
    state, events = do(state, BOB, "trade @ann give a11 o03 for wood1")
    every += events
    public = [e for e in events if e.visible_to is None]
    assert public[0].params["give"] == ["action_1", "objective_1"]
    (private,) = [e for e in events if e.visible_to is not None]
    assert private.visible_to == (ANN, BOB) and private.params["cards"] == ["A11", "O03"]
    # ann is shown them; cy and the spectators see two cards, not which.
    shown_ann = {"from": BOB, "to": ANN, "cards": ["A11", "O03"]}
    assert GAME.view(state, ANN)["private"]["trade_cards"] == [shown_ann]
    for seat in (None, CY):
        shown = json.dumps(GAME.view(state, seat))
        assert '"A11"' not in shown and '"O03"' not in shown
        entry = GAME.view(state, seat)["offers"][0]
        assert (entry["action_cards"], entry["objective_cards"]) == (1, 1) and "cards" not in entry
    state, events = do(state, ANN, "accept @bob")
    every += events
    assert "A11" in state.seats[ANN].actions and "O03" in state.seats[ANN].objectives
    assert "A11" not in state.seats[BOB].actions and state.seats[BOB].resources["wood"] == 1
    for event in every:
        if event.is_visible(CY):
            assert "A11" not in json.dumps(event.params) and "O03" not in json.dumps(event.params)
    for seat in (None, CY):
        shown = json.dumps(GAME.view(state, seat))
        assert '"A11"' not in shown and '"O03"' not in shown


def test_only_the_offerers_own_cards_are_offered_and_none_asked_for() -> None:
    state = three()
    after_give = heads(state, BOB, "trade", "@ann", "give")
    assert {"a11", "o03"} <= set(after_give) and "a05" not in after_give
    after_for = heads(state, BOB, "trade", "@ann", "give", "gold1", "for")
    assert not any(t.startswith(("a", "o")) and t[1:].isdigit() for t in after_for)
    assert refusal(state, BOB, "trade @ann give gold1 for a05").code == (
        "trade_cannot_ask_for_cards"
    )
    assert refusal(state, BOB, "trade @ann give a05").code == "trade_card_not_held"


_BAD: list[tuple[int, str, str]] = [
    (ANN, "trade", "trade_needs_a_partner"),
    (ANN, "trade @ann give wood1", "trade_with_yourself"),
    (ANN, "trade @zed give wood1", "trade_unknown_partner"),
    (ANN, "trade @bob", "trade_needs_give"),
    (ANN, "trade @bob wood1", "trade_needs_give"),
    (ANN, "trade @bob give", "trade_needs_items"),
    (ANN, "trade @bob give for gold1", "trade_needs_items"),
    (ANN, "trade @bob give wood1 for", "trade_needs_items"),
    (ANN, "trade @bob give stone1", "trade_unknown_item"),
    (ANN, "trade @bob give wood0", "trade_unknown_item"),
    (ANN, "trade @bob give wood4", "trade_not_enough"),
    (ANN, "trade @bob give wood1 wood1", "trade_item_twice"),
    (ANN, "trade @bob give a05 a05", "trade_item_twice"),
    (ANN, "trade @bob give wood1 for wood1", "trade_same_kind"),
    (ANN, "trade @bob give wood1 for gold3", "trade_partner_lacks"),
    (ANN, "trade @bob give wood1 for gold1 for", "trade_unknown_item"),
    (ANN, "accept", "trade_needs_a_player"),
    (ANN, "accept @bob", "no_offer_to_you"),
    (ANN, "refuse @bob now", "too_many_tokens"),
    (ANN, "withdraw @bob", "no_offer_of_yours"),
    (BOB, "trade @cy give gold1", "trade_only_with_the_active_player"),
    (BOB, "advance bartering", "not_your_turn"),
]


@pytest.mark.parametrize(("seat", "action", "code"), _BAD)
def test_bad_offers_are_refused(seat: int, action: str, code: str) -> None:
    assert refusal(three(), seat, action).code == code


def test_no_trading_in_the_status_phase_nor_during_a_move() -> None:
    status = position({"phase": "status", "status": {"step": 4, "waiting": ["cy"]}}, PLAYERS3)
    assert [p.kind for p in GAME.pending(status)] == ["raze"]
    assert refusal(status, CY, "trade @ann give food1").code == "no_trading_in_the_status_phase"
    moving = three(ann={"settlers": {"D2": 1}})
    moving, _ = do(moving, ANN, "move")
    assert [p.kind for p in GAME.pending(moving)] == ["move"]
    assert refusal(moving, ANN, "trade @bob give wood1").code == "trade_between_actions"


def test_a_resigning_players_offers_lapse() -> None:
    state, _ = do(three(), BOB, "trade @ann give gold1")
    state, _ = do(state, ANN, "trade @cy give wood1")
    state, events = GAME.resign(state, BOB)
    assert "clash.trade_lapsed_resigned" in kinds(events)
    assert [(o.offerer, o.partner) for o in trade_offers.offers(state)] == [(ANN, CY)]
    assert GAME.check_invariants(state) == []
    assert all(p.seat != BOB for p in GAME.pending(state))


# -- snapshots, positions, views ------------------------------------------------------------


def _open(state: ClashState) -> ClashState:
    state, _ = do(state, BOB, "trade @ann give a11 gold1 for wood1")
    state, _ = do(state, ANN, "trade @cy give ore2")
    state, _ = do(state, CY, "refuse @ann")
    state, _ = do(state, CY, "trade @ann give gold1 for ore1")
    return state


def test_open_offers_are_in_snapshots_and_positions() -> None:
    state = _open(three())
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state
    assert comparable(roundtrip(state)) == comparable(state)
    view = GAME.view(state, None)
    assert [(o["from"], o["to"]) for o in view["offers"]] == [(BOB, ANN), (CY, ANN)]
    assert state.turn_state.trades.made == ((ANN, CY, 1), (BOB, ANN, 1), (CY, ANN, 1))


def test_an_offer_position_as_documented() -> None:
    pos = {
        "first": "ann",
        "seats": {"bob": {"resources": {"gold": 2}, "actions": ["A11"]}},
        "offers": [{"from": "bob", "to": "ann", "give": {"gold": 1, "cards": ["A11"]}}],
        "offers_made": [{"from": "ann", "to": "cy", "count": 1}],
    }
    state = position(pos, PLAYERS3)
    (offer,) = trade_offers.offers(state)
    assert (offer.offerer, offer.partner, offer.number) == (BOB, ANN, 1)
    assert heads(state, BOB) == ["withdraw"] and heads(state, ANN, "trade") == []
    pos["offers_made"] = [{"from": "ann", "to": "cy", "count": 0}]
    with pytest.raises(IllegalAction) as refused:
        position(pos, PLAYERS3)
    assert refused.value.params["field"] == "offers_made[0].count"


@pytest.mark.parametrize(
    ("offers", "problem"),
    [
        ([{"from": "bob", "to": "cy", "give": {"gold": 1}}], "offer_without_the_active_player"),
        ([{"from": "bob", "to": "ann", "give": {"gold": 3}}], "offer_of_what_its_offerer_lacks"),
        ([{"from": "bob", "to": "ann", "give": {}}], "offer_gives_nothing"),
        (
            [{"from": "bob", "to": "ann", "give": {"gold": 1}, "want": {"gold": 1}}],
            "offer_kind_on_both_sides",
        ),
        (
            [
                {"from": "bob", "to": "ann", "give": {"gold": 1}},
                {"from": "ann", "to": "bob", "give": {"food": 1}},
            ],
            "two_offers_between_two_players",
        ),
    ],
)
def test_bad_offer_positions_are_refused(offers: list[JSON], problem: str) -> None:
    pos = {"first": "ann", "seats": {"bob": {"resources": {"gold": 2}}}, "offers": offers}
    with pytest.raises(IllegalAction) as refused:
        position(pos, PLAYERS3)
    assert (refused.value.code, refused.value.params["problem"]) == (
        "position_inconsistent",
        problem,
    )


def test_offer_position_keys_are_turn_keys_and_cards_are_not_asked_for() -> None:
    offer = {"from": "bob", "to": "ann", "give": {"gold": 1}}
    status = {"phase": "status", "status": {"step": 4, "waiting": ["cy"]}, "offers": [offer]}
    with pytest.raises(IllegalAction) as refused:
        position(status, PLAYERS3)
    assert refused.value.params["problem"] == "turn_key_in_the_status_phase"
    asking = {"first": "ann", "offers": [{**offer, "want": {"cards": ["A01"]}}]}
    with pytest.raises(IllegalAction) as refused:
        position({**asking, "seats": {"bob": {"resources": {"gold": 1}}}}, PLAYERS3)
    assert refused.value.code == "position_unknown_field"


def test_the_invariants_catch_a_broken_offer() -> None:
    state = _open(three())
    state.seats[BOB].resources["gold"] = 0
    assert any("does not have" in p for p in GAME.check_invariants(state))


# -- random play ----------------------------------------------------------------------------


def test_random_play_trades_without_holding_the_game_up() -> None:
    """The standard self-play runner (every prompt, must or may, picked at random): games end,
    trades are offered, made, refused, withdrawn and lapse."""
    report = selfplay.Report("clash", 3)
    runner = selfplay.Runner(GAME, report, roundtrip_every=4, illegal_every=3)
    runner.play(77, 3)
    assert report.errors == 0, report.messages
    assert report.finished == 1
    for kind in ("offered", "made", "refused", "withdrawn", "lapsed", "cards_offered"):
        assert report.coverage[f"clash.trade_{kind}"], kind


def test_an_offer_lapses_when_a_two_player_game_ends_by_resignation() -> None:
    state = position({"first": "ann", "seats": {"bob": {"resources": {"gold": 1}}}})
    state, _ = do(state, BOB, "trade @ann give gold1")
    state, events = GAME.resign(state, ANN)
    assert state.outcome is not None and "clash.trade_lapsed_resigned" in kinds(events)
    assert trade_offers.offers(state) == () and GAME.check_invariants(state) == []


def test_the_picker_walks_only_into_offers_that_apply() -> None:
    """Every token the picker offers on the way to an offer leads on when it says so, and
    completes an offer that applies when it says so (three items at most on a side)."""
    state = three(bob={"resources": {"food": 2, "gold": 2, "ore": 1}, "mood_tokens": 1})
    walked = 0
    todo: list[tuple[int, list[str]]] = [(ANN, ["trade"]), (BOB, ["trade"])]
    while todo:
        seat, prefix = todo.pop()
        for choice in GAME.choices(state, seat, prefix):
            path = [*prefix, choice.token]
            walked += 1
            if choice.more:
                assert GAME.choices(state, seat, path), path
                if len(path) < 7:
                    todo.append((seat, path))
            if choice.complete:
                act(GAME, state, seat, " ".join(path))
            else:
                assert choice.more, path
    assert walked > 500


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_every_trading_text_reads_complete(lang: str) -> None:
    """The events, prompts, choices and refusals of a trading turn, with the values the
    engine passes: no bare key, no placeholder left unfilled."""
    met: list[str] = []
    state = three()
    script = [
        (BOB, "trade @ann give a11 o03 gold1 for wood2"),
        (ANN, "trade @cy give ore1 for food1"),
        (CY, "refuse @ann"),
        (CY, "trade @ann give gold1"),
        (ANN, "refuse @cy"),
        (ANN, "accept @bob"),
        (ANN, "end"),
        (BOB, "trade @ann give gold1"),
        (BOB, "withdraw @ann"),
    ]
    bad = [(seat, action) for seat, action, _ in _BAD]
    for seat, action in script:
        for who, broken in [*bad, (BOB, "trade @cy give gold1"), (BOB, "end")]:
            try:
                act(GAME, state, who, broken)
            except IllegalAction as exc:
                met.append(locales.error_text(lang, exc.code, exc.params, "clash"))
        met += [text.prompt_line(lang, "clash", p, "bob") for p in GAME.pending(state)]
        for s in range(3):
            for prefix in ([], ["trade"], ["trade", "@ann"], ["accept"], ["withdraw"]):
                met += [text.choice_label(lang, c) for c in GAME.choices(state, s, prefix)]
        state, events = act(GAME, state, seat, action)
        met += [locales.event_text(lang, e.kind, dict(e.params)) for e in events]
    _, events = GAME.resign(do(state, ANN, "trade @bob give gold1")[0], ANN)
    lapsed = [e for e in events if e.kind.startswith("clash.trade")]
    met += [locales.event_text(lang, e.kind, dict(e.params)) for e in lapsed]
    assert len(met) > 100
    for line in met:
        assert "{" not in line and not line.startswith(("clash.", "event.", "prompt.")), line
        assert "unknown" not in line.lower() or "zed" in line, line
