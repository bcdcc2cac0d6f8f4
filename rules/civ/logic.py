"""Small rule helpers shared by the engine, the views and the scoring.

Everything here reads a :class:`~rules.civ.state.CivState`; the few writers (``draw``,
``refresh_coin``) work on the engine's private copy.
"""

from __future__ import annotations

from rules.civ.data import CUL, DOMAINS, HAND_LIMITS, REL, card_domain, hegemony_base, thresholds
from rules.civ.state import CivState
from rules.core import Event


def live_seats(state: CivState) -> list[int]:
    """Seats still in the game, in seat order."""
    return [i for i, s in enumerate(state.seats) if not s.resigned]


def is_live(state: CivState, seat: int) -> bool:
    """True if ``seat`` has not resigned."""
    return not state.seats[seat].resigned


def team_of(state: CivState, seat: int) -> int | None:
    """0 or 1 in the team game (partners sit opposite: seats 0 and 2, 1 and 3), else None."""
    return seat % 2 if state.options.teams else None


def level(state: CivState, seat: int, domain: int) -> int:
    """The permanent-effect level (0-2) ``seat`` has reached in ``domain``."""
    count = state.seats[seat].area[domain]
    l1, l2 = thresholds(state.n)
    return 2 if count >= l2 else 1 if count >= l1 else 0


def hand_limit(state: CivState, seat: int) -> int:
    """3, 5 or 7: from the Religion level now, or a Religion effect copied this turn."""
    limit = HAND_LIMITS[level(state, seat, REL)]
    if seat == state.active and state.turn is not None:
        limit = max(limit, state.turn.copied_limit)
    return limit


def hegemony_need(state: CivState, seat: int, domain: int) -> int:
    """Face-up cards of ``domain`` that make ``seat`` win (base + face-down Republic cards)."""
    return hegemony_base(state.n) + state.seats[seat].facedown[domain]


def hegemony_domain(state: CivState, seat: int) -> int | None:
    """The first domain in which ``seat`` meets the hegemony condition, if any."""
    area = state.seats[seat].area
    for d in range(len(DOMAINS)):
        if area[d] >= hegemony_need(state, seat, d):
            return d
    return None


def has_culture_majority(state: CivState, seat: int) -> bool:
    """Strictly more face-up Culture cards than every other player still in the game."""
    mine = state.seats[seat].area[CUL]
    return all(
        s.area[CUL] < mine for i, s in enumerate(state.seats) if i != seat and not s.resigned
    )


def embargoed_mask(state: CivState, seat: int) -> int:
    """Bit ``1 << domain`` for every domain ``seat`` may not play now."""
    mask = 0
    for d in state.seats[seat].embargoes:
        mask |= 1 << d
    return mask


def playable_count(hand: list[int], embargo_mask: int) -> int:
    """Hand cards whose domain is not embargoed."""
    return sum(c for d, c in enumerate(hand) if not embargo_mask >> d & 1)


def next_live_seat(state: CivState, seat: int) -> tuple[int, bool]:
    """The next seat in turn order that is still in the game, and whether the round wrapped.

    The round wraps when the way from ``seat`` to the next player passes the starting seat:
    the final round stops there.
    """
    n = state.n
    wrapped = False
    nxt = seat
    for _ in range(n):
        nxt = (nxt + 1) % n
        if nxt == state.start:
            wrapped = True
        if not state.seats[nxt].resigned:
            return nxt, wrapped
    return seat, True


def draw(state: CivState, seat: int, count: int) -> list[int]:
    """Move up to ``count`` cards from the top of the deck to ``seat``'s hand (domains)."""
    taken = state.deck[:count]
    state.deck = state.deck[count:]
    hand = state.seats[seat].hand
    drawn = []
    for code in taken:
        d = card_domain(code)
        hand[d] += 1
        drawn.append(d)
    return drawn


def refresh_coin(state: CivState) -> list[Event]:
    """Return the Culture coin to neutral once its holder lost the Culture lead."""
    coin = state.coin
    if coin is None:
        return []
    if state.seats[coin.holder].resigned or not has_culture_majority(state, coin.holder):
        state.coin = None
        return [Event("civ.coin_returned", {"player": state.players[coin.holder]})]
    return []


def domain_list(counts: list[int] | tuple[int, ...]) -> list[str]:
    """Domain tokens of a count vector, in domain order, one per card."""
    return [DOMAINS[d] for d, c in enumerate(counts) for _ in range(c)]


def counts_of(domains: list[int]) -> list[int]:
    """Count vector of a list of domain indices."""
    out = [0] * len(DOMAINS)
    for d in domains:
        out[d] += 1
    return out
