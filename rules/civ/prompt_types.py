"""The parameters of the CIV prompts (``GAME.pending``, ``view["pending"]``), as types. The
Discord layer shows every prompt through its sentence ``prompt.civ.<kind>``, which reads
these parameters (docs/architecture.md, "Event and prompt parameters"); they are made by
``rules.civ.actions.pending``, and :func:`rules.params.params` reads them typed.

:data:`PROMPT_TYPES` maps every prompt kind to its type; ``tests/rules/test_param_types.py``
checks the prompts of self-played games and of the transcripts against them.
"""

from __future__ import annotations

from typing import TypedDict

__all__ = [
    "PROMPT_TYPES",
    "CountDecision",
    "DraftKeepDecision",
    "InquisitionReturnDecision",
    "NoParams",
]


class NoParams(TypedDict):
    """``turn_play`` (step 1) and ``turn_effects`` (step 2)."""


class DraftKeepDecision(TypedDict):
    """``draft_keep``: keep a card of the ``count`` in the packet, in draft ``round``."""

    round: int
    count: int


class CountDecision(TypedDict):
    """``draft_pick``: the centre cards to pick from; ``breakthrough_discard``: the cards to
    discard."""

    count: int


class InquisitionReturnDecision(TypedDict):
    """``inquisition_return``: ``count`` cards to give back to the handle ``target``."""

    count: int
    target: str


#: Every prompt kind and the type of its parameters.
PROMPT_TYPES: dict[str, type] = {
    "draft_keep": DraftKeepDecision,
    "draft_pick": CountDecision,
    "turn_play": NoParams,
    "turn_effects": NoParams,
    "inquisition_return": InquisitionReturnDecision,
    "breakthrough_discard": CountDecision,
}
