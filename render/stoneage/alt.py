"""The Stone Age table's alt text (:mod:`render.alt`): the header's title, then per seat its
points, people, food, food track, resources, tools, buildings and cards."""

from __future__ import annotations

from collections.abc import Sequence

from render.alt import seat_line
from render.context import context
from render.stoneage.common import good_name
from render.stoneage.table import header_title
from rules.stoneage.views import StoneAgeView


def table_alt(view: StoneAgeView, *, lang: str, names: Sequence[str] | None = None) -> str:
    ctx = context(view, lang, names)
    lines = [header_title(ctx, view)]
    for seat in view["seats"]:
        tools = "+".join(str(t["value"]) for t in seat["tools"]) or "0"
        pairs: list[tuple[str, object]] = [
            (ctx.t("render.stoneage.points"), seat["score"]),
            (ctx.t("render.stoneage.alt.people"), seat["people"]["total"]),
            (good_name(ctx, "food"), seat["food"]),
            (ctx.t("render.stoneage.agriculture"), seat["agriculture"]),
            *((good_name(ctx, r), n) for r, n in seat["resources"].items()),
            (ctx.t("render.stoneage.tools"), tools),
            (ctx.t("render.stoneage.buildings"), len(seat["buildings"])),
            (ctx.t("render.stoneage.cards"), seat["cards"]),
        ]
        lines.append(seat_line(ctx, seat["seat"], pairs, bool(seat.get("resigned"))))
    return "\n".join(lines)
