"""The Clash of Cultures table's alt text (:mod:`render.alt`): the status line and whose turn it
is, then per seat what its board shows: victory points, cities, units, resources, tokens,
levels, advances and the cards it holds (counted), those it has none of left out."""

from __future__ import annotations

from collections.abc import Sequence

from render.alt import seat_line
from render.clash.header import status_line
from render.context import context
from rules.clash.formats.view_types import ClashView

_RESOURCES = ("food", "wood", "ore", "ideas", "gold")
_UNITS = ("army", "settler", "ship")


def table_alt(view: ClashView, *, lang: str, names: Sequence[str] | None = None) -> str:
    ctx = context(view, lang, names)
    head = status_line(ctx, view)
    if view.get("outcome") is None and isinstance(view.get("turn_of"), int):
        head += " · " + ctx.t("render.alt.to_play", player=ctx.name(view["turn_of"]))
    lines = [head]
    for seat in view["seats"]:
        key = "render.clash.key"
        pairs: list[tuple[str, object]] = [
            (ctx.t(f"{key}.points"), ctx.number(float(seat["points"]["total"]))),
            (ctx.t("render.clash.alt.cities"), seat["cities"]),
            *((ctx.t(f"render.clash.alt.{u}"), seat["units"].get(u, 0)) for u in _UNITS),
            *((ctx.t(f"{key}.{r}"), seat["resources"].get(r, 0)) for r in _RESOURCES),
            (ctx.t(f"{key}.mood_tokens"), seat["mood_tokens"]),
            (ctx.t(f"{key}.culture_tokens"), seat["culture_tokens"]),
            (ctx.t(f"{key}.culture_level"), seat["culture_level"]),
            (ctx.t(f"{key}.happiness_level"), seat["happiness_level"]),
            (ctx.t("render.clash.alt.advances"), len(seat["advances"])),
            (ctx.t(f"{key}.action_cards"), seat["actions"]),
            (ctx.t(f"{key}.objective_cards"), seat["objectives"]),
        ]
        # What a seat has none of is left out (the points always stay): a board has many.
        shown = pairs[:1] + [(label, n) for label, n in pairs[1:] if n != 0]
        lines.append(seat_line(ctx, seat["seat"], shown, bool(seat.get("resigned"))))
    return "\n".join(lines)
