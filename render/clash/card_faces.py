"""What the face of a card in hand says: its two halves' names and texts, in the picture's
language, and whether each half is a stand-in.

The view gives only card ids; the halves come from the engine's card tables
(:data:`rules.clash.box.cards.ACTION_HALVES`, :data:`rules.clash.box.objective_cards.OBJECTIVES`),
the words from the catalogues (``clash.civil``/``clash.civil_text``, ``clash.combat_half``/
``clash.combat_half_effect``, ``clash.objective``/``clash.objective_text``). The printed card
texts are lost (docs/clash-cards.md): a half whose main source, the first tag of its
provenance, is neither ``seed`` nor ``original`` (nor ``printed``, reserved for texts checked
against the cards) is marked as a stand-in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from render.context import Ctx
from rules.clash.battles.combat_cards import HALVES as COMBAT
from rules.clash.box.cards import ACTION_HALVES, HALVES
from rules.clash.box.objective_cards import OBJECTIVES
from rules.clash.model.civil_cards import CIVIL

__all__ = ["ATTESTED", "CardFace", "HalfFace", "action_face", "face", "objective_face", "stand_in"]

#: Main sources whose card content is attested (docs/clash-cards.md §1).
ATTESTED: Final = frozenset({"seed", "original", "printed"})
#: The kinds of half: an action card's civil and combat halves, an objective card's two.
CIVIL_HALF, COMBAT_HALF = "civil", "combat"


@dataclass(frozen=True, slots=True)
class HalfFace:
    """One half as drawn: ``kind`` (``civil``, ``combat``, ``top``, ``bottom``), ``code`` (the
    half's key: ``P01``, ``K08``, an objective's name), its name and text, whether it is a
    stand-in, and for an objective its timing (``status``, ``immediate``)."""

    kind: str
    code: str
    name: str
    text: str
    stand_in: bool
    timing: str | None = None


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as drawn: its id (``A05``, ``O12``) and its two halves."""

    card: str
    halves: tuple[HalfFace, HalfFace]

    @property
    def objective(self) -> bool:
        return self.card in OBJECTIVES


def stand_in(source: str) -> bool:
    """Whether a provenance tag (``seed+monumental``) makes the content a stand-in."""
    return source.split("+", 1)[0] not in ATTESTED


def _sentence(text: str) -> str:
    """The combat effects are written as clauses ("the defender rolls..."): capitalised."""
    return text[:1].upper() + text[1:]


def action_face(ctx: Ctx, card: str) -> CardFace:
    """An action card: its civil half (cost, timing and effect) and its combat half."""
    civil, combat = ACTION_HALVES[card]
    return CardFace(
        card,
        (
            HalfFace(
                CIVIL_HALF,
                civil,
                ctx.t(f"clash.civil.{civil}"),
                ctx.t(f"clash.civil_text.{civil}"),
                stand_in(CIVIL[civil].source),
            ),
            HalfFace(
                COMBAT_HALF,
                combat,
                ctx.t(f"clash.combat_half.{combat}"),
                _sentence(ctx.t(f"clash.combat_half_effect.{combat}")),
                stand_in(COMBAT[combat].source),
            ),
        ),
    )


def objective_face(ctx: Ctx, card: str) -> CardFace:
    """An objective card: its top and bottom objectives (only one may be completed)."""
    top, bottom = (
        HalfFace(
            which,
            half.name,
            ctx.t(f"clash.objective.{half.name}"),
            ctx.t(f"clash.objective_text.{half.name}"),
            stand_in(half.source),
            half.timing,
        )
        for which, half in ((w, OBJECTIVES[card][w]) for w in HALVES)
    )
    return CardFace(card, (top, bottom))


def face(ctx: Ctx, card: str) -> CardFace | None:
    """The face of an action or objective card id; None for anything else."""
    if card in ACTION_HALVES:
        return action_face(ctx, card)
    if card in OBJECTIVES:
        return objective_face(ctx, card)
    return None
