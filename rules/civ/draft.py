"""The draft deal: three simultaneous rounds of ``keep``, then ``pick`` from the centre.

Each player draws 4 cards, keeps one face down and passes the rest to the left neighbour (the
next seat in turn order); after three rounds the last card of each packet goes face up to the
centre. Beginning with the starting player's right neighbour and going against turn order,
each player picks one centre card into their play area; the kept cards become the hand.

A seat that resigned during the draft keeps and picks automatically (the first card in domain
order), so the packets keep moving for everyone else.
"""

from __future__ import annotations

from rules.civ.data import DOMAINS, DRAFT_PACKET, DRAFT_ROUNDS, ND
from rules.civ.logic import counts_of, domain_list, draw
from rules.civ.state import CivState, DraftState
from rules.civ.turn import start_turn
from rules.core import Event


def begin_draft(state: CivState) -> list[Event]:
    """Deal 4 cards to each player (starting with the starting player) as their first packet."""
    n = state.n
    packets = [[0] * ND for _ in range(n)]
    for i in range(n):
        seat = (state.start + i) % n
        packets[seat] = counts_of(draw(state, seat, DRAFT_PACKET))
        # draw() put the cards in the hand; during the draft they are the packet instead.
        state.seats[seat].hand = [0] * ND
    state.draft = DraftState(1, packets, [[0] * ND for _ in range(n)], [False] * n)
    state.step = "draft_keep"
    state.active = state.start
    events = [Event("civ.draft_dealt", {"count": DRAFT_PACKET})]
    events += _packet_events(state)
    return events + auto_draft(state)


def _packet_events(state: CivState) -> list[Event]:
    assert state.draft is not None
    return [
        Event(
            "civ.draft_packet",
            {
                "player": state.players[s],
                "round": state.draft.round,
                "domains": domain_list(state.draft.packets[s]),
            },
            visible_to=(s,),
        )
        for s in range(state.n)
    ]


def picker(state: CivState) -> int:
    """The seat that picks from the centre now (reverse turn order, starting player last)."""
    assert state.draft is not None
    picked = state.n - len(state.draft.centre)
    return (state.start - 1 - picked) % state.n


def keep(state: CivState, seat: int, domain: int) -> list[Event]:
    """``keep <domain>``: keep one card of the packet; pass on when everyone has kept."""
    draft = state.draft
    assert draft is not None
    draft.packets[seat][domain] -= 1
    draft.kept[seat][domain] += 1
    draft.done[seat] = True
    events = [Event("civ.draft_kept", {"player": state.players[seat], "round": draft.round})]
    if all(draft.done):
        events += _pass_packets(state)
    return events


def _pass_packets(state: CivState) -> list[Event]:
    draft = state.draft
    assert draft is not None
    n = state.n
    if draft.round < DRAFT_ROUNDS:
        draft.packets = [draft.packets[(s - 1) % n] for s in range(n)]
        draft.round += 1
        draft.done = [False] * n
        return _packet_events(state)
    for s in range(n):
        for d in range(ND):
            draft.centre.extend([d] * draft.packets[s][d])
            draft.packets[s][d] = 0
    draft.centre.sort()
    state.step = "draft_pick"
    state.active = picker(state)
    return [Event("civ.draft_centre", {"domains": [DOMAINS[d] for d in draft.centre]})]


def pick(state: CivState, seat: int, domain: int) -> list[Event]:
    """``pick <domain>``: take a centre card into the play area."""
    draft = state.draft
    assert draft is not None
    draft.centre.remove(domain)
    state.seats[seat].area[domain] += 1
    events = [Event("civ.draft_picked", {"player": state.players[seat], "domain": DOMAINS[domain]})]
    if draft.centre:
        state.active = picker(state)
        return events
    for s in range(state.n):
        state.seats[s].hand = draft.kept[s][:]
    state.draft = None
    return events + start_turn(state, state.start)


def auto_draft(state: CivState) -> list[Event]:
    """Let resigned seats keep and pick (first card in domain order) until a live seat acts."""
    events: list[Event] = []
    while state.draft is not None:
        draft = state.draft
        if state.step == "draft_keep":
            waiting = [s for s in range(state.n) if not draft.done[s]]
            auto = [s for s in waiting if state.seats[s].resigned]
            if not auto:
                break
            s = auto[0]
            d = next(d for d in range(ND) if draft.packets[s][d])
            events += keep(state, s, d)
        else:
            s = picker(state)
            if not state.seats[s].resigned:
                break
            events += pick(state, s, draft.centre[0])
    return events
