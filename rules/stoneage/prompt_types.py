"""The parameters of the Stone Age prompts (``GAME.pending``, ``view["pending"]``), as types.
The Discord layer shows every prompt through its sentence ``prompt.stoneage.<kind>``, and the
table picture's player panels through ``render.stoneage.prompt.<kind>``; both read these
parameters (docs/architecture.md, "Event and prompt parameters"). They are made by
:func:`rules.stoneage.prompts.pending`, and :func:`rules.params.params` reads them typed.

:data:`PROMPT_TYPES` maps every prompt kind to its type; ``tests/rules/test_param_types.py``
checks the prompts of self-played games and of the transcripts against them.
"""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = [
    "PROMPT_TYPES",
    "FeedDecision",
    "NoParams",
    "PayBuildingDecision",
    "PayCardDecision",
    "PickDecision",
    "PlaceDecision",
    "ToolsDecision",
]


class NoParams(TypedDict):
    """``resolve``: use the next location."""


class PlaceDecision(TypedDict):
    """``place``: the people still ``home``."""

    home: int


class ToolsDecision(TypedDict):
    """``tools``: add tools to a roll of ``total`` for ``resource`` (``food`` when hunting)."""

    total: int
    resource: str


class PayCardDecision(TypedDict):
    """``pay_card``: the card ``card`` on display ``position`` (1-4), costing ``cost``
    resources of any kinds."""

    position: int
    cost: int
    card: str


class PayBuildingDecision(TypedDict):
    """``pay_building``: the top ``building`` of ``stack`` (1-4), of ``kind``."""

    stack: int
    building: str
    kind: Literal["fixed", "variable", "any"]


class PickDecision(TypedDict):
    """``pick``: a die of ``faces`` of the "dice for all" card bought by the handle
    ``buyer``."""

    faces: list[int]
    buyer: str


class FeedDecision(TypedDict):
    """``feed``: the food ``short`` (several seats at once)."""

    short: int


#: Every prompt kind and the type of its parameters.
PROMPT_TYPES: dict[str, type] = {
    "place": PlaceDecision,
    "resolve": NoParams,
    "tools": ToolsDecision,
    "pay_card": PayCardDecision,
    "pay_building": PayBuildingDecision,
    "pick": PickDecision,
    "feed": FeedDecision,
}
