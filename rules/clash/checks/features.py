"""Rule features an event list exercises, for the self-play coverage report.

Every event kind counts (as for an engine without the hook), and so does each card: an action
card by its id (``action.A07``, from either half: the events name its two halves, which tell the
card apart) and by the half played (``civil.P03``, ``combat.K12``), an event card
(``event.E21``), an objective card and the half completed (``objective.O05``,
``objective.half.great_army``) and a wonder built (``wonder.great_library``). :data:`CATALOGUE` is
every card feature a complete run should show.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from rules.clash.box.cards import ACTION_CARDS, ACTION_HALVES, EVENT_CARDS, OBJECTIVE_CARDS, WONDERS
from rules.clash.box.objective_cards import NAMES
from rules.core import Event

#: (civil half, combat half) -> the action card carrying them (no two cards share both).
_BY_HALVES: Final = {halves: card for card, halves in ACTION_HALVES.items()}

#: The card features of a run that played or resolved every card at least once.
CATALOGUE: Final[frozenset[str]] = frozenset(
    [
        *(f"action.{c}" for c in ACTION_CARDS),
        *(f"civil.{civil}" for civil, _ in ACTION_HALVES.values()),
        *(f"combat.{combat}" for _, combat in ACTION_HALVES.values()),
        *(f"event.{c}" for c in EVENT_CARDS),
        *(f"objective.{c}" for c in OBJECTIVE_CARDS),
        *(f"objective.half.{n}" for n in NAMES),
        *(f"wonder.{w}" for w in WONDERS),
    ]
)


def features(events: Iterable[Event]) -> list[str]:
    """The events' kinds, and the cards they show played, resolved, completed or built."""
    out: list[str] = []
    for e in events:
        out.append(e.kind)
        kind, params = e.kind.removeprefix("clash."), e.params
        if kind == "card_played":
            civil, combat = params["civil"], params["combat"]
            out += [f"action.{_BY_HALVES[civil, combat]}", f"civil.{civil}"]
        elif kind == "combat_card_played":
            civil, combat = params["civil"], params["half"]
            out += [f"action.{_BY_HALVES[civil, combat]}", f"combat.{combat}"]
        elif kind == "event_card":
            out.append(f"event.{params['card']}")
        elif kind == "objective_completed":
            out += [f"objective.{params['card']}", f"objective.half.{params['objective']}"]
        elif kind == "wonder_built":
            out.append(f"wonder.{params['wonder']}")
    return out
