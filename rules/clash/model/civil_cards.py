"""The civil halves of the action cards (docs/clash-cards.md §3.1, §3.2, §8.1): what each of
the 21 kinds costs, whether it takes one of the turn's actions (AAA), when it may be played
and where its text comes from.

An action card (``A01``-``A42``, :data:`rules.clash.box.cards.ACTION_HALVES`) is used for its
civil half (here) or its combat half (:mod:`rules.clash.battles.combat_cards`), never both, and is
discarded after use (p.14). The names and texts are in ``locales/*/clash_cards.toml``
(``clash.civil.<code>``, ``clash.civil_text.<code>``); ``source`` is the stand-in's provenance
tag (``seed``, ``monumental``, ``designed``; ``/rules`` says "printed text unknown" for the
others than ``seed`` and ``original``).

**Windows** (§8.1): ``turn`` any time in your turn between actions; ``turn_start`` before
the turn's first action (Negotiations); ``won_land_battle`` after a land battle you won this
turn (Heroic General); ``won_or_captured`` after a land battle won or a city captured this
turn (Good Ideas); ``captured`` after you captured another player's city this turn
(Inspiration); ``advance`` right after you gained an advance (Tech Synergy, Idea Synergy: the
``synergy`` decision of :mod:`rules.clash.cards.decisions`); ``influence_roll`` right after
your Cultural Influence roll (Propaganda: the ``influence`` decision of
:mod:`rules.clash.actions.influence`).

>>> len(CIVIL), sorted({c.source.split("+")[0] for c in CIVIL.values()})
(21, ['designed', 'monumental', 'seed'])
>>> civil_half("A22"), CIVIL["P11"].costs_action, CIVIL["P11"].culture
('P11', True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from rules.clash.box.cards import ACTION_HALVES
from rules.clash.model import decks
from rules.clash.model.resources import CULTURE, spend_tokens
from rules.clash.model.state import TURN as TURN_PHASE
from rules.clash.model.state import ClashState, PlayerState
from rules.core import Choice, Event, IllegalAction

TURN: Final = "turn"
TURN_START: Final = "turn_start"
WON_LAND_BATTLE: Final = "won_land_battle"
WON_OR_CAPTURED: Final = "won_or_captured"
CAPTURED: Final = "captured"
ADVANCE: Final = "advance"
INFLUENCE_ROLL: Final = "influence_roll"
WINDOWS: tuple[str, ...] = (
    TURN,
    TURN_START,
    WON_LAND_BATTLE,
    WON_OR_CAPTURED,
    CAPTURED,
    ADVANCE,
    INFLUENCE_ROLL,
)


@dataclass(frozen=True, slots=True)
class CivilHalf:
    """One civil half: its culture-token price (paid when played), whether it takes an action,
    its window and its provenance."""

    code: str
    culture: int
    costs_action: bool
    window: str
    source: str


def _c(code: str, culture: int, aaa: bool, window: str, source: str) -> CivilHalf:
    return CivilHalf(code, culture, aaa, window, source)


ADVANCE_CARD, PROPAGANDA, HEROIC_GENERAL, SPIES = "P01", "P02", "P03", "P04"
LEAP, GOOD_IDEAS, MERCENARIES, CULTURAL_AWE = "P05", "P06", "P07", "P08"
CITY_GROWTH, FOCUSED, EXPLORERS, NEGOTIATIONS = "P09", "P10", "P11", "P12"
LEADERSHIP, ASSASSINATION, MASS, NEW_GOALS = "P13", "P14", "P15", "P16"
TECH_SYNERGY, INSPIRATION, MILITIA, TECH_EXCHANGE, IDEA_SYNERGY = "P17", "P18", "P19", "P20", "P21"

#: The 21 civil halves (§3.2).
CIVIL: dict[str, CivilHalf] = {
    c.code: c
    for c in (
        _c(ADVANCE_CARD, 1, False, TURN, "monumental"),
        _c(PROPAGANDA, 0, False, INFLUENCE_ROLL, "designed"),
        _c(HEROIC_GENERAL, 0, False, WON_LAND_BATTLE, "monumental"),
        _c(SPIES, 1, True, TURN, "monumental"),
        _c(LEAP, 0, False, TURN, "monumental"),
        _c(GOOD_IDEAS, 0, False, WON_OR_CAPTURED, "monumental"),
        _c(MERCENARIES, 0, True, TURN, "seed+monumental+designed"),
        _c(CULTURAL_AWE, 0, False, TURN, "monumental"),
        _c(CITY_GROWTH, 1, False, TURN, "monumental"),
        _c(FOCUSED, 0, False, TURN, "monumental"),
        _c(EXPLORERS, 1, True, TURN, "seed"),
        _c(NEGOTIATIONS, 1, False, TURN_START, "monumental"),
        _c(LEADERSHIP, 1, False, TURN, "monumental"),
        _c(ASSASSINATION, 1, False, TURN, "monumental"),
        _c(MASS, 0, False, TURN, "monumental"),
        _c(NEW_GOALS, 1, True, TURN, "monumental"),
        _c(TECH_SYNERGY, 0, False, ADVANCE, "monumental+seed"),
        _c(INSPIRATION, 0, False, CAPTURED, "seed+monumental"),
        _c(MILITIA, 1, False, TURN, "monumental"),
        _c(TECH_EXCHANGE, 0, False, TURN, "monumental"),
        _c(IDEA_SYNERGY, 0, False, ADVANCE, "monumental"),
    )
}


def civil_half(card: str) -> str:
    """The civil half (``P..``) of action card ``card``."""
    return ACTION_HALVES[card][0]


def held(me: PlayerState, code: str) -> list[str]:
    """The action cards in ``me``'s hand whose civil half is ``code``, in hand order."""
    return [a for a in me.actions if civil_half(a) == code]


# -- how a civil half is played (the ``card`` turn action, rules.clash.cards.play) -------------

#: What playing a card does, once its cost and window are met: nothing to undo.
Effect = Callable[[], list[Event]]


@dataclass(frozen=True, slots=True)
class Play:
    """How one civil half is played as ``card <id> <tokens...>``.

    ``problem``: why it cannot have its effect now (beyond its culture tokens and an action),
    or None; ``next``: the tokens that may follow the ones after the card id; ``check``: read
    and check those tokens, raising IllegalAction before any change, and return the effect."""

    problem: Callable[[ClashState, int], IllegalAction | None]
    next: Callable[[ClashState, int, list[str]], list[Choice]]
    check: Callable[[ClashState, int, list[str]], Effect]


def played_count(state: ClashState, code: str) -> int:
    """How many civil halves of ``code`` were played this turn."""
    return state.turn_state.civil_played.count(code)


def no_more(rest: list[str], at: int = 0) -> None:
    """Refuse tokens after the ``at`` ones a card reads."""
    if len(rest) > at:
        raise IllegalAction("too_many_tokens", token=rest[at])


def play_card(state: ClashState, seat: int, card: str) -> list[Event]:
    """``card`` leaves ``seat``'s hand for the discard pile (where everyone sees it), its
    culture tokens paid, and is counted as played this turn."""
    me = state.seats[seat]
    code = civil_half(card)
    half = CIVIL[code]
    if half.culture:
        spend_tokens(me, CULTURE, half.culture)
    hand = list(me.actions)
    hand.remove(card)
    me.actions = tuple(hand)
    decks.discard(state, "action", card)
    ts = state.turn_state
    if state.phase == TURN_PHASE and state.active == seat:
        state.turn_state = replace(ts, civil_played=(*ts.civil_played, code))
    # Named by its halves, not its id: once reshuffled into the deck the id is a secret again
    # (rules.clash.checks.invariants.secrets), while the recent events still tell this play.
    combat = ACTION_HALVES[card][1]
    params = {"player": state.players[seat], "civil": code, "combat": combat, "paid": half.culture}
    return [Event("clash.card_played", params)]
