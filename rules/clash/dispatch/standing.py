"""The standing answers of Clash of Cultures: decisions with a safe default a player may
answer in advance (docs/async-play.md, "Standing answers"; the host applies them).

| prompt | key | action |
|---|---|---|
| ``raze`` (status phase, step 4) | ``keep_cities`` | ``pass``: raze none of my size-1 cities |
| ``first_player`` (status phase, step 5) | ``first_self`` | ``@<own handle>``: I go first |
| ``trade_offer`` (may-act, asking something back) | ``refuse_offers`` | ``refuse @<offerer>`` |

Each answers the prompt with nothing hidden shown and nothing spent: keeping a city changes
nothing, choosing oneself is what a player with the choice usually wants, and a refused offer
costs its maker one of their offers but the refuser nothing. A gift (an offer asking nothing
back) is never refused so: that would throw away what the player is given. No other decision
qualifies: the objectives and the free advance of the status phase spend or forgo something a
player would weigh, and every decision in a turn or a battle is the player's own play.

Each answer is offered only where the engine's choices allow it (:func:`answers`), so it is
legal whenever offered.
"""

from __future__ import annotations

from rules.clash.actions import trade_offers
from rules.clash.dispatch import contexts
from rules.clash.model.state import ClashState, Goods
from rules.core import Prompt, Standing

KEEP_CITIES, FIRST_SELF, REFUSE_OFFERS = "keep_cities", "first_self", "refuse_offers"
#: Every key Clash offers, in the order a settings list shows them.
KEYS = (KEEP_CITIES, FIRST_SELF, REFUSE_OFFERS)


def _label(key: str) -> str:
    return f"clash.standing.{key}"


def catalogue() -> tuple[tuple[str, str], ...]:
    """Every key with its label key, in the order of :data:`KEYS`."""
    return tuple((key, _label(key)) for key in KEYS)


def _offered(state: ClashState, seat: int, action: str) -> bool:
    """Whether ``action`` is a whole legal action of ``seat`` now, by the engine's choices."""
    *prefix, last = action.split()
    return any(c.token == last and c.complete for c in contexts.choices(state, seat, list(prefix)))


def answers(state: ClashState, prompt: Prompt) -> tuple[Standing, ...]:
    """The standing answers ``prompt`` (one of ``pending(state)``) may be given."""
    seat = prompt.seat
    if state.outcome is not None or state.seats[seat].resigned:
        return ()
    if prompt.kind == "raze":
        key, action = KEEP_CITIES, "pass"
    elif prompt.kind == "first_player":
        key, action = FIRST_SELF, f"@{state.players[seat]}"
    elif prompt.kind == "trade_offer":
        offerer = state.players.index(str(prompt.params["player"]))
        offer = trade_offers.between(state, offerer, seat)
        if offer is None or offer.want == Goods():
            return ()  # a gift: refusing it would throw away what the player is given
        key, action = REFUSE_OFFERS, f"refuse @{prompt.params['player']}"
    else:
        return ()
    if not _offered(state, seat, action):
        return ()
    return (Standing(key, action, _label(key)),)
