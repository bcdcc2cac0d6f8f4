"""The turn: step 1 (play or skip), the end of the turn (draw, hegemony, embargo expiry) and
moving on to the next player or to the final scoring."""

from __future__ import annotations

from rules.civ.data import DOMAINS, ECO
from rules.civ.logic import (
    counts_of,
    domain_list,
    draw,
    hand_limit,
    hegemony_domain,
    next_live_seat,
)
from rules.civ.scoring import finish, hegemony_outcome, majority_outcome
from rules.civ.state import CivState, TurnState
from rules.core import Event


def start_turn(state: CivState, seat: int) -> list[Event]:
    """``seat`` begins a turn at step 1."""
    state.active = seat
    state.turn = TurnState()
    state.step = "play"
    state.turn_number += 1
    return [Event("civ.turn", {"player": state.players[seat], "turn": state.turn_number})]


def play_card(state: CivState, seat: int, domain: int) -> list[Event]:
    """Step 1: put a hand card into the play area."""
    me = state.seats[seat]
    me.hand[domain] -= 1
    me.area[domain] += 1
    assert state.turn is not None
    state.turn.played = True
    state.step = "effects"
    return [Event("civ.played", {"player": state.players[seat], "domain": DOMAINS[domain]})]


def skip_play(state: CivState, seat: int) -> list[Event]:
    """Step 1 skipped: no card in hand may be played (empty hand or all embargoed)."""
    assert state.turn is not None
    state.turn.played = True
    state.step = "effects"
    return [Event("civ.skipped", {"player": state.players[seat]})]


def draw_to_limit(state: CivState, seat: int) -> list[Event]:
    """Step 3: draw up to the hand limit (never discard down); the last card starts the end."""
    if state.final_round:
        return []
    limit = hand_limit(state, seat)
    need = limit - sum(state.seats[seat].hand)
    if need <= 0:
        return []
    drawn = draw(state, seat, need)
    who = state.players[seat]
    events = [
        Event("civ.drew", {"player": who, "count": len(drawn), "limit": limit}),
        Event(
            "civ.drew_cards",
            {"player": who, "domains": [DOMAINS[d] for d in sorted(drawn)]},
            visible_to=(seat,),
        ),
    ]
    if not state.deck:
        state.final_round = True
        events.append(Event("civ.final_round", {"player": who}))
    return events


def expire_embargoes(state: CivState, seat: int) -> list[Event]:
    """The Economy markers on ``seat`` go to the discard pile at the end of its turn."""
    me = state.seats[seat]
    if not me.embargoes:
        return []
    domains = sorted(me.embargoes)
    state.discard.extend([ECO] * len(me.embargoes))
    me.embargoes = []
    return [
        Event(
            "civ.embargo_expired",
            {"player": state.players[seat], "domains": [DOMAINS[d] for d in domains]},
        )
    ]


def end_turn(state: CivState, seat: int) -> list[Event]:
    """``end``: draw, check hegemony for the active player, expire embargoes, move on."""
    events = draw_to_limit(state, seat)
    won = hegemony_domain(state, seat)
    if won is not None:
        events.append(
            Event("civ.hegemony", {"player": state.players[seat], "domain": DOMAINS[won]})
        )
        return events + finish(state, hegemony_outcome(state, seat, won))
    events += expire_embargoes(state, seat)
    return events + advance(state, seat)


def advance(state: CivState, seat: int) -> list[Event]:
    """Next player, or the majority scoring once the final round is complete."""
    nxt, wrapped = next_live_seat(state, seat)
    if state.final_round and wrapped:
        return finish(state, majority_outcome(state))
    return start_turn(state, nxt)


def deal_classic(state: CivState) -> list[Event]:
    """Everyone draws 3 cards, starting with the starting player."""
    events: list[Event] = [Event("civ.dealt", {"count": 3})]
    for i in range(state.n):
        seat = (state.start + i) % state.n
        drawn = draw(state, seat, 3)
        events.append(
            Event(
                "civ.drew_cards",
                {"player": state.players[seat], "domains": domain_list(counts_of(drawn))},
                visible_to=(seat,),
            )
        )
    return events + start_turn(state, state.start)
