"""The text that stands in for a table picture (its alt text): one line for the state of play,
then one per seat, ``name: label value, label value...``, made by each game's ``table_alt``.

Only what the picture shows every seat, and no more: the counts of hands, never their cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from render.context import Ctx

__all__ = ["facts", "seat_line"]


def facts(pairs: Iterable[tuple[str, object]]) -> str:
    """``Food 2, Wood 0``: each label with its value."""
    return ", ".join(f"{label} {value}" for label, value in pairs)


def seat_line(ctx: Ctx, seat: int, pairs: Iterable[tuple[str, object]], resigned: bool) -> str:
    """One seat's line: its display name, then its facts (or that it resigned)."""
    if resigned:
        return ctx.t("render.alt.resigned", player=ctx.name(seat))
    return ctx.t("render.alt.seat", player=ctx.name(seat), facts=facts(pairs))
