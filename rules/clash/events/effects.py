"""The main effects of the event cards (docs/clash-cards.md §4.2; open points C75-C89), by
effect: :mod:`rules.clash.events.resolving` draws the card and runs its symbol, then :func:`main`;
the effects are in :mod:`rules.clash.events.harm` (E01-E17) and :mod:`rules.clash.events.boons`
(E18-E38), what they share in :mod:`rules.clash.events.steps`, and they run one step at a time
(:mod:`rules.clash.events.flow`).

Choices go to the player they belong to as nested decisions (``event_city``,
``event_player``, ``event_pieces``, ``event_loss``, ``event_tokens``), each with the
``purpose`` that says what the answer does (:data:`PICKS`); none is asked when one answer is
left. "Every player" effects go in turn order from the first player. Irrigation ignores the
Famine cards (E01-E05), Sanitation Plague, Epidemic and Pandemic (E06-E08), each for its owner.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.clash.box.event_cards import EVENTS, EventCard
from rules.clash.events.boons import BOON_MAIN, BOON_PICKS, BOON_STEPS
from rules.clash.events.harm import HARM_MAIN, HARM_PICKS, HARM_STEPS, paid
from rules.clash.events.steps import (
    CITY,
    LOSS,
    PICKS,
    PIECES,
    PLAYER,
    Params,
    Pick,
    got_tokens,
    lower_chosen,
    lower_options,
    lower_step,
)
from rules.clash.model.state import ClashState
from rules.core import Event

#: Every card's main effect, by effect (:attr:`rules.clash.box.event_cards.EventCard.effect`).
MAIN: dict[str, Callable[[ClashState, int, EventCard], list[Event]]] = {**HARM_MAIN, **BOON_MAIN}
#: The follow-up steps of the effects, by name.
STEPS: dict[str, Callable[[ClashState, int, Params], list[Event]]] = {
    "lower": lower_step,
    **HARM_STEPS,
    **BOON_STEPS,
}
#: The purposes of the effects' decisions.
PICKS.update({"lower": Pick(lower_options, lower_chosen), **HARM_PICKS, **BOON_PICKS})
#: Which decision kind each purpose is asked with.
PURPOSE_KIND: dict[str, str] = {
    **dict.fromkeys(("lower", "quake", "volcano", "civil_war", "settler", "reform_city"), CITY),
    "quake_pieces": PIECES,
    "loss": LOSS,
    **dict.fromkeys(("migrant", "boom", "share", "envoy", "reformer", "reform_target"), PLAYER),
}


def main(state: ClashState, seat: int, card: str) -> list[Event]:
    """The main effect of ``card`` drawn by ``seat``."""
    return MAIN[EVENTS[card].effect](state, seat, EVENTS[card])


def tokens_chosen(state: ClashState, seat: int, p: Params, kinds: list[str]) -> list[Event]:
    """The answer to ``event_tokens``: paid (Uprising) or gained (Era of Stability)."""
    if EVENTS[p["card"]].effect == "uprising":
        return paid(state, seat, p["card"], kinds)
    return got_tokens(state, seat, p["card"], kinds)
