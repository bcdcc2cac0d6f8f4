"""One small function per effect, in a table keyed by the effect token.

Each resolver receives the engine's private state copy, the active seat and the arguments the
:class:`~rules.civ.args.Cursor` already validated (``picks[kind]`` = domains or seats in the
order given), and returns the events. A discard effect pays its card here: Attack, Inquisition
and Breakthrough put it on the discard pile, Embargo turns it into a marker, Republic lays it
face down in another play area.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.civ.data import BREAKTHROUGH_DRAW, DOMAINS, ECO, MIL, REL, SCI, UTO
from rules.civ.logic import domain_list, draw
from rules.civ.state import CivState, SubPrompt
from rules.core import Event

Picks = dict[str, list[int]]
Resolver = Callable[[CivState, int, Picks], list[Event]]


def _names(domains: list[int]) -> list[str]:
    return [DOMAINS[d] for d in domains]


def _discard_from_hand(state: CivState, seat: int, domains: list[int]) -> None:
    hand = state.seats[seat].hand
    for d in domains:
        hand[d] -= 1
        state.discard.append(d)


def _discard_from_area(state: CivState, seat: int, domains: list[int]) -> None:
    area = state.seats[seat].area
    for d in domains:
        area[d] -= 1
        state.discard.append(d)


def _play_from_hand(state: CivState, seat: int, domains: list[int]) -> None:
    me = state.seats[seat]
    for d in domains:
        me.hand[d] -= 1
        me.area[d] += 1


def _who(state: CivState, seat: int) -> str:
    return state.players[seat]


# -- Military -----------------------------------------------------------------------------


def assassination(state: CivState, seat: int, picks: Picks) -> list[Event]:
    """Discard one card of your choice from your own hand."""
    _discard_from_hand(state, seat, picks["hand"])
    return [
        Event("civ.assassination", {"player": _who(state, seat), "domains": _names(picks["hand"])})
    ]


def purge(state: CivState, seat: int, picks: Picks) -> list[Event]:
    """Discard two cards of your choice from your own hand."""
    _discard_from_hand(state, seat, picks["hand"])
    return [Event("civ.purge", {"player": _who(state, seat), "domains": _names(picks["hand"])})]


def attack_victims(state: CivState, seat: int, domain: int) -> list[int]:
    """The other seats an Attack naming ``domain`` makes discard: those still in the game with
    a face-up card of it (the attacker's partner too)."""
    return [
        t for t, s in enumerate(state.seats) if t != seat and not s.resigned and s.area[domain] > 0
    ]


def attack(state: CivState, seat: int, picks: Picks) -> list[Event]:
    """Pay a Military card, discard one card of the named domain; every other player too."""
    (d,) = picks["attack"]
    _discard_from_area(state, seat, [MIL, d])
    victims = []
    for t in attack_victims(state, seat, d):
        _discard_from_area(state, t, [d])
        victims.append(state.players[t])
    events = [
        Event(
            "civ.attack",
            {"player": _who(state, seat), "domain": DOMAINS[d], "victims": victims},
        )
    ]
    events += [Event("civ.attack_loss", {"player": v, "domain": DOMAINS[d]}) for v in victims]
    return events


# -- Religion -----------------------------------------------------------------------------


def copied_hand_limit(limit: int) -> Resolver:
    """Holy Book / Divine Right copied with Inspiration: a bigger hand limit this turn."""

    def resolve(state: CivState, seat: int, picks: Picks) -> list[Event]:
        assert state.turn is not None
        state.turn.copied_limit = max(state.turn.copied_limit, limit)
        return []

    return resolve


def inquisition(state: CivState, seat: int, picks: Picks) -> list[Event]:
    """Pay a Religion card and take another player's whole hand; give as many back later."""
    (t,) = picks["player"]
    _discard_from_area(state, seat, [REL])
    me, them = state.seats[seat], state.seats[t]
    taken = tuple(them.hand)
    count = sum(taken)
    for d, c in enumerate(taken):
        me.hand[d] += c
        them.hand[d] = 0
    events = [
        Event(
            "civ.inquisition",
            {"player": _who(state, seat), "target": _who(state, t), "count": count},
        ),
        Event(
            "civ.inquisition_hand",
            {"player": _who(state, seat), "target": _who(state, t), "domains": domain_list(taken)},
            visible_to=(seat,),
        ),
    ]
    if count:
        state.sub = SubPrompt("inquisition_return", count, taken, t)
        state.step = "inquisition_return"
    return events


def inquisition_return(state: CivState, seat: int, domains: list[int]) -> list[Event]:
    """Hand back exactly as many cards as were taken (any cards of the combined hand)."""
    assert state.sub is not None and state.sub.target is not None
    t = state.sub.target
    me, them = state.seats[seat], state.seats[t]
    for d in domains:
        me.hand[d] -= 1
        them.hand[d] += 1
    state.sub = None
    state.step = "effects"
    names = _names(sorted(domains))
    return [
        Event(
            "civ.inquisition_returned",
            {"player": _who(state, seat), "target": _who(state, t), "count": len(domains)},
        ),
        Event(
            "civ.inquisition_cards",
            {"player": _who(state, seat), "target": _who(state, t), "domains": names},
            visible_to=(seat, t),
        ),
    ]


# -- Economy ------------------------------------------------------------------------------


def _discard_then_play(kind: str) -> Resolver:
    def resolve(state: CivState, seat: int, picks: Picks) -> list[Event]:
        _discard_from_area(state, seat, picks["area"])
        _play_from_hand(state, seat, picks["play"])
        return [
            Event(
                f"civ.{kind}",
                {
                    "player": _who(state, seat),
                    "discarded": _names(picks["area"]),
                    "played": _names(picks["play"]),
                },
            )
        ]

    resolve.__doc__ = f"{kind.title()}: discard from your play area, then play from your hand."
    return resolve


progress = _discard_then_play("progress")
monopoly = _discard_then_play("monopoly")


def embargo(state: CivState, seat: int, picks: Picks) -> list[Event]:
    """Lay an Economy card on another player's card: they may not play that domain next turn."""
    (t,) = picks["target"]
    (d,) = picks["target_area"]
    state.seats[seat].area[ECO] -= 1
    state.seats[t].embargoes.append(d)
    return [
        Event(
            "civ.embargo",
            {"player": _who(state, seat), "target": _who(state, t), "domain": DOMAINS[d]},
        )
    ]


# -- Science ------------------------------------------------------------------------------


def _take_then_play(kind: str) -> Resolver:
    def resolve(state: CivState, seat: int, picks: Picks) -> list[Event]:
        me = state.seats[seat]
        for d in picks["take"]:
            me.area[d] -= 1
            me.hand[d] += 1
        _play_from_hand(state, seat, picks["play"])
        return [
            Event(
                f"civ.{kind}",
                {
                    "player": _who(state, seat),
                    "taken": _names(picks["take"]),
                    "played": _names(picks["play"]),
                },
            )
        ]

    resolve.__doc__ = f"{kind.title()}: take face-up cards back to hand, then play from hand."
    return resolve


experiment = _take_then_play("experiment")
research = _take_then_play("research")


def breakthrough(state: CivState, seat: int, picks: Picks) -> list[Event]:
    """Pay a Science card, draw up to 5 cards, then discard as many from your hand."""
    _discard_from_area(state, seat, [SCI])
    drawn = draw(state, seat, BREAKTHROUGH_DRAW)
    who = _who(state, seat)
    events = [
        Event("civ.breakthrough", {"player": who, "count": len(drawn)}),
        Event(
            "civ.breakthrough_drawn",
            {"player": who, "domains": _names(sorted(drawn))},
            visible_to=(seat,),
        ),
    ]
    if drawn:
        cards = [0] * len(DOMAINS)
        for d in drawn:
            cards[d] += 1
        state.sub = SubPrompt("breakthrough_discard", len(drawn), tuple(cards))
        state.step = "breakthrough_discard"
        if not state.deck and not state.final_round:
            state.final_round = True
            events.append(Event("civ.final_round", {"player": who}))
    return events


def breakthrough_discard(state: CivState, seat: int, domains: list[int]) -> list[Event]:
    """Discard as many hand cards as Breakthrough drew (old or new)."""
    _discard_from_hand(state, seat, domains)
    state.sub = None
    state.step = "effects"
    return [
        Event(
            "civ.breakthrough_discarded",
            {"player": _who(state, seat), "domains": _names(sorted(domains))},
        )
    ]


# -- Utopia -------------------------------------------------------------------------------


def _from_pile(kind: str) -> Resolver:
    def resolve(state: CivState, seat: int, picks: Picks) -> list[Event]:
        hand = state.seats[seat].hand
        for d in picks["pile"]:
            # The topmost card of that domain: cards of one domain are interchangeable.
            i = len(state.discard) - 1 - state.discard[::-1].index(d)
            del state.discard[i]
            hand[d] += 1
        return [
            Event(f"civ.{kind}", {"player": _who(state, seat), "domains": _names(picks["pile"])})
        ]

    resolve.__doc__ = f"{kind.title()}: take cards of your choice from the discard pile."
    return resolve


oligarchy = _from_pile("oligarchy")
democracy = _from_pile("democracy")


def republic(state: CivState, seat: int, picks: Picks) -> list[Event]:
    """Lay a Utopia card face down among another player's cards of one domain, for good."""
    (t,) = picks["target"]
    (d,) = picks["target_area"]
    state.seats[seat].area[UTO] -= 1
    state.seats[t].facedown[d] += 1
    return [
        Event(
            "civ.republic",
            {"player": _who(state, seat), "target": _who(state, t), "domain": DOMAINS[d]},
        )
    ]


RESOLVERS: dict[str, Resolver] = {
    "assassination": assassination,
    "purge": purge,
    "attack": attack,
    "holy-book": copied_hand_limit(5),
    "divine-right": copied_hand_limit(7),
    "inquisition": inquisition,
    "progress": progress,
    "monopoly": monopoly,
    "embargo": embargo,
    "experiment": experiment,
    "research": research,
    "breakthrough": breakthrough,
    "oligarchy": oligarchy,
    "democracy": democracy,
    "republic": republic,
}
