"""The parameters of the Clash of Cultures events read outside the engine, as types: the
battle report (:mod:`render.clash.battle`) reads these events of ``view["recent"]`` and
``view["battle_events"]`` by key, through :func:`rules.params.params`, so mypy checks each key
and value it reads (docs/architecture.md, "Event and prompt parameters").

:data:`EVENT_TYPES` maps each declared kind to its type; ``tests/rules/test_param_types.py``
checks the events of self-played games and of the transcripts against them. Other events reach
the players only as sentences (``event.clash.<kind>``), which take their parameters whole.

Players are handles (``barbarians`` for the barbarians' side), spaces are named as in actions
(``C4``), dice are the numbers rolled as text, units lost are ``<kind>_<count>``
(``army_2``). Keys that are Python keywords (``from``) make the functional ``TypedDict``
form necessary for two types. This module imports nothing of the engine.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

__all__ = [
    "EVENT_TYPES",
    "BarbarianAttackRound",
    "BarbarianUnitsLost",
    "BarbariansAttack",
    "BarbariansDefeated",
    "BarbariansHeld",
    "BattleBegan",
    "BattleDrawn",
    "BattleRound",
    "BattleWon",
    "CityCaptured",
    "CityPiecesLost",
    "CityRemoved",
    "CombatCardIgnored",
    "CombatCardPlayed",
    "Plunder",
    "Refugees",
    "ShipsSunk",
    "Siegecraft",
    "UnitsLost",
    "Withdrew",
]


class BattleBegan(TypedDict):
    """``clash.battle_began``: ``player`` attacks ``against`` (a handle or ``barbarians``) on
    ``space``, with what each side began with."""

    player: str
    against: str
    space: str
    at_sea: bool
    battle: Literal["land", "naval", "barbarians"]
    attacker_units: int
    defender_units: int
    #: The owner of the city fought over (a handle or ``barbarians``), None without one.
    city: str | None
    city_size: int
    wonder: bool
    defended: bool
    landed: bool


class BattleRound(TypedDict):
    """``clash.battle_round``: one combat round's dice and hits."""

    space: str
    round: int
    attacker: str
    defender: str
    attacker_dice: list[str]
    defender_dice: list[str]
    #: Whether the last of ``defender_dice`` is the Fortress's.
    fortress_die: bool
    attacker_hits: int
    defender_hits: int


# ``clash.barbarians_attack``: ``count`` barbarian units of the settlement ``from`` (a keyword)
# attack ``player``'s city on ``space``, ``armies`` defending it.
BarbariansAttack = TypedDict(
    "BarbariansAttack",
    {
        "player": str,
        "space": str,
        "from": str,
        "count": int,
        "armies": int,
        "fortress": bool,
        "city_size": int,
        "wonder": bool,
    },
)


class BarbarianAttackRound(TypedDict):
    """``clash.barbarian_attack_round``: a barbarian attack's one round (p.13)."""

    player: str
    space: str
    barbarian_dice: list[str]
    defender_dice: list[str]
    fortress_die: bool
    barbarian_hits: int
    defender_hits: int


class UnitsLost(TypedDict):
    """``clash.units_lost``: ``units`` as ``<kind>_<count>``. The opening log of a position's
    battle under way names no ``space``."""

    player: str
    units: list[str]
    space: NotRequired[str]


class ShipsSunk(TypedDict):
    """``clash.ships_sunk``: the ships' numbers (the units aboard follow as ``units_lost``)."""

    player: str
    ships: list[str]
    count: int
    space: NotRequired[str]


class BarbarianUnitsLost(TypedDict):
    """``clash.barbarian_units_lost``."""

    units: list[str]
    space: NotRequired[str]


class CombatCardPlayed(TypedDict):
    """``clash.combat_card_played``: the card's two halves (never its id)."""

    player: str
    half: str
    civil: str


class CombatCardIgnored(TypedDict):
    """``clash.combat_card_ignored``: a played combat half that does not act."""

    player: str
    half: str


class Siegecraft(TypedDict):
    """``clash.siegecraft``: what the attacker paid (``wood_2``) and what it cancels."""

    player: str
    space: str
    paid: list[str]
    cancels: list[Literal["die", "cancel"]]


class SiegecraftFree(TypedDict):
    """``clash.siegecraft_free``: the Great Wall read as ``great_wall=free`` (C136): the
    attacker's Siegecraft cancels both the Fortress's extra die and its hit cancel unpaid."""

    player: str
    space: str


class BattleWon(TypedDict):
    """``clash.battle_won``: ``defending`` when the defender won."""

    player: str
    space: str
    defending: bool


class BattleDrawn(TypedDict):
    """``clash.battle_drawn``."""

    space: str


class BarbariansHeld(TypedDict):
    """``clash.barbarians_held``: the barbarians' settlement held."""

    space: str


class Withdrew(TypedDict):
    """``clash.withdrew``: the attacker withdrew."""

    player: str
    space: str


# ``clash.city_captured``: ``player`` took the city of ``from`` (a keyword).
CityCaptured = TypedDict("CityCaptured", {"player": str, "from": str, "space": str})


class CityRemoved(TypedDict):
    """``clash.city_removed``: a city taken beyond the pieces left, removed for ``gold``."""

    player: str
    space: str
    gold: int


class Plunder(TypedDict):
    """``clash.plunder``: the gold a capture took."""

    player: str
    count: int


class Refugees(TypedDict):
    """``clash.refugees``: ``player``'s refugees went to ``space``."""

    player: str
    space: str


class BarbariansDefeated(TypedDict):
    """``clash.barbarians_defeated``: a barbarian settlement taken, ``count`` gold won."""

    player: str
    space: str
    count: int


class CityPiecesLost(TypedDict):
    """``clash.city_pieces_lost``: the pieces barbarians destroyed."""

    player: str
    space: str
    pieces: list[str]
    count: int


#: Every declared event kind and the type of its parameters.
EVENT_TYPES: dict[str, type] = {
    "clash.battle_began": BattleBegan,
    "clash.battle_round": BattleRound,
    "clash.barbarians_attack": BarbariansAttack,
    "clash.barbarian_attack_round": BarbarianAttackRound,
    "clash.units_lost": UnitsLost,
    "clash.ships_sunk": ShipsSunk,
    "clash.barbarian_units_lost": BarbarianUnitsLost,
    "clash.combat_card_played": CombatCardPlayed,
    "clash.combat_card_ignored": CombatCardIgnored,
    "clash.siegecraft": Siegecraft,
    "clash.siegecraft_free": SiegecraftFree,
    "clash.battle_won": BattleWon,
    "clash.battle_drawn": BattleDrawn,
    "clash.barbarians_held": BarbariansHeld,
    "clash.withdrew": Withdrew,
    "clash.city_captured": CityCaptured,
    "clash.city_removed": CityRemoved,
    "clash.plunder": Plunder,
    "clash.refugees": Refugees,
    "clash.barbarians_defeated": BarbariansDefeated,
    "clash.city_pieces_lost": CityPiecesLost,
}
