"""The parameters of the Clash of Cultures prompts (the decisions of ``GAME.pending`` and of
``view["pending"]``), as types. The Discord layer shows every prompt through its sentence
``prompt.clash.<kind>``, which reads these parameters (docs/architecture.md, "Event and
prompt parameters"); :func:`rules.params.params` reads them typed.

:data:`PROMPT_TYPES` maps every prompt kind to its type (kinds of the same shape share one);
``tests/rules/test_param_types.py`` checks the prompts of self-played games and of the
transcripts against them, and that every ``prompt.clash.<kind>`` sentence has a type that
holds each parameter it uses. ``event_follow_up`` is never asked (the engine carries it out
as soon as it is on top of the stack), so it has none.

Where they come from: the turn, a Move action, an exploration, the status steps and trading
(``rules.clash.dispatch.prompts``); battles (``rules.clash.battles.sides.ask``: the space and
the round, and more for some); barbarians (``rules.clash.battles.barbarian_raids``); event
cards (``rules.clash.events``: the card and what its effect asks, ``purpose``); advances,
wonders and action cards. Spaces are named as in actions (``C4``), players are handles. Keys
that are Python keywords (``from``) make the functional ``TypedDict`` form necessary for one
type. This module imports nothing of the engine.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

__all__ = [
    "PROMPT_TYPES",
    "BarbarianAttackDecision",
    "BarbarianLossDecision",
    "BattleCountDecision",
    "BattleDecision",
    "CountDecision",
    "EventCityDecision",
    "EventLossDecision",
    "EventMythsDecision",
    "EventPiecesDecision",
    "EventPlayerDecision",
    "EventTokensDecision",
    "InfluenceDecision",
    "LighthouseDecision",
    "NoParams",
    "PlayerDecision",
    "PyramidsDecision",
    "SpaceDecision",
    "StatusDecision",
    "SynergyDecision",
    "TradeOfferDecision",
    "TurnDecision",
]


class NoParams(TypedDict):
    """A decision its kind says all of."""


class TurnDecision(TypedDict):
    """``turn``: the active player's turn, ``count`` actions left."""

    round: int
    turn: int
    count: int


class CountDecision(TypedDict):
    """``move``: the group of the Move action under way; ``barbarian_target``: the most
    barbarian units that may attack; ``trade_routes``: the Trade Routes income to split."""

    count: int


class SpaceDecision(TypedDict):
    """``explore_layout``, ``explore_barbarians``, ``explore_ship_space``: the space entered."""

    space: str


class StatusDecision(TypedDict):
    """A status phase step (``objectives``, ``free_advance``, ``raze``, ``first_player``)."""

    round: int
    step: int


class PlayerDecision(TypedDict):
    """``trade``: an offer to the active player ``player`` (may act); ``spies`` and
    ``tech_exchange``: the other player of the card."""

    player: str


class TradeOfferDecision(TypedDict):
    """``trade_offer``: ``player``'s open offer, what it gives and wants as the public events
    tell it (may act)."""

    player: str
    give: list[str]
    want: list[str]


class BattleDecision(TypedDict):
    """A battle's decision on ``space`` in its ``round`` (``battle``, ``siege``...)."""

    space: str
    round: int


class BattleCountDecision(TypedDict):
    """``casualties`` (the ships to lose) and ``great_mausoleum`` (its price)."""

    space: str
    round: int
    count: int


# ``barbarian_great_general`` and ``barbarian_combat_card``: ``count`` barbarian units of the
# settlement ``from`` (a keyword) attack the city on ``space``; ``general``: a Great General
# already used for the round (the combat card window after it).
BarbarianAttackDecision = TypedDict(
    "BarbarianAttackDecision",
    {"space": str, "from": str, "count": int, "general": NotRequired[bool]},
)


class BarbarianLossDecision(TypedDict):
    """``barbarian_casualties`` (army units lost) and ``barbarian_pieces`` (city pieces)."""

    space: str
    count: int


class SynergyDecision(TypedDict):
    """``synergy``: the Synergy cards that may come with ``advance``; those already played."""

    advance: str
    played: list[str]


class InfluenceDecision(TypedDict):
    """``influence``: boosting a Cultural Influence roll on ``space`` by ``count`` culture
    tokens; ``unit`` (or ``none``) for a barbarian unit won over with it."""

    roll: int
    needed: int
    count: int
    space: str
    piece: str
    unit: NotRequired[str]


class PyramidsDecision(TypedDict):
    """``pyramids``: the Great Pyramids' attempts left from ``city``."""

    city: str
    count: int


class LighthouseDecision(TypedDict):
    """``lighthouse``: the Great Lighthouse's move from ``city``."""

    city: str


class EventCityDecision(TypedDict):
    """``event_city``: a city for the event ``card``'s ``purpose``; lowering moods counts the
    cities ``left``, those ``done`` and the spaces it may be ``among``; ``to`` is the seat a
    reform hands the city to."""

    card: str
    purpose: str
    left: NotRequired[int]
    done: NotRequired[list[str]]
    among: NotRequired[list[str]]
    to: NotRequired[int]


class EventPlayerDecision(TypedDict):
    """``event_player``: ``count`` players for the event ``card``'s ``purpose``."""

    card: str
    purpose: str
    count: int


class EventPiecesDecision(TypedDict):
    """``event_pieces``: ``count`` city pieces of ``space`` to lose."""

    card: str
    purpose: str
    space: str
    count: int


class EventLossDecision(TypedDict):
    """``event_loss``: the next item to lose, ``left`` in all."""

    card: str
    purpose: str
    left: int
    count: int


class EventTokensDecision(TypedDict):
    """``event_tokens``: between ``least`` and ``most`` mood or culture tokens to give."""

    card: str
    least: int
    most: int


class EventMythsDecision(TypedDict):
    """``event_myths``: whether Myths saves the mood of the city on ``space``."""

    card: str
    space: str


#: Every prompt kind the engine asks and the type of its parameters.
PROMPT_TYPES: dict[str, type] = {
    # The turn, a Move action, an exploration, the status phase, trading.
    "turn": TurnDecision,
    "move": CountDecision,
    "explore_layout": SpaceDecision,
    "explore_barbarians": SpaceDecision,
    "explore_ship_space": SpaceDecision,
    "objectives": StatusDecision,
    "free_advance": StatusDecision,
    "raze": StatusDecision,
    "first_player": StatusDecision,
    # A status step without a kind of its own (none waits for a player now).
    "status": StatusDecision,
    "trade": PlayerDecision,
    "trade_offer": TradeOfferDecision,
    # Battles.
    "battle": BattleDecision,
    "siege": BattleDecision,
    "siege_food": BattleDecision,
    "refugees": BattleDecision,
    "barbarian_city": BattleDecision,
    "combat_card": BattleDecision,
    "great_general": BattleDecision,
    "trojan_horse": BattleDecision,
    "casualties": BattleCountDecision,
    "great_mausoleum": BattleCountDecision,
    "fanaticism": NoParams,
    # Barbarians.
    "barbarian_spawn": NoParams,
    "barbarian_reinforce": NoParams,
    "barbarian_target": CountDecision,
    "barbarian_great_general": BarbarianAttackDecision,
    "barbarian_combat_card": BarbarianAttackDecision,
    "barbarian_casualties": BarbarianLossDecision,
    "barbarian_pieces": BarbarianLossDecision,
    # Event cards.
    "event_city": EventCityDecision,
    "event_player": EventPlayerDecision,
    "event_pieces": EventPiecesDecision,
    "event_loss": EventLossDecision,
    "event_tokens": EventTokensDecision,
    "event_myths": EventMythsDecision,
    "event_exhaust": NoParams,
    # Advances, wonders, objectives and action cards.
    "synergy": SynergyDecision,
    "dogma_advance": NoParams,
    "reserve_wonder": NoParams,
    "influence": InfluenceDecision,
    "pyramids": PyramidsDecision,
    "lighthouse": LighthouseDecision,
    "trade_routes": CountDecision,
    "objective": NoParams,
    "spies": PlayerDecision,
    "new_goals": NoParams,
    "tech_exchange": PlayerDecision,
}
