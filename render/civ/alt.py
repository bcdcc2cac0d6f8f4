"""The CIV table's alt text (:mod:`render.alt`): the header's title and step, then per seat the
cards in each domain of its area and the size of its hand."""

from __future__ import annotations

from collections.abc import Sequence

from render.alt import seat_line
from render.civ.common import DOMAINS, domain_name
from render.civ.table import header_title
from render.context import context
from rules.civ.views import CivView


def table_alt(view: CivView, *, lang: str, names: Sequence[str] | None = None) -> str:
    ctx = context(view, lang, names)
    step = ctx.t(f"render.civ.step.{view['step']}")
    lines = [f"{header_title(ctx, view)} · {step}"]
    for seat in view["seats"]:
        area = seat["area"]
        pairs: list[tuple[str, object]] = [(domain_name(ctx, d), area.get(d, 0)) for d in DOMAINS]
        pairs.append((ctx.t("render.civ.hand"), seat["hand_size"]))
        lines.append(seat_line(ctx, seat["seat"], pairs, bool(seat.get("resigned"))))
    return "\n".join(lines)
