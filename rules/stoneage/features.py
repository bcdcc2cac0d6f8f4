"""Rule features an event list exercises, for the self-play coverage report."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core import Event
from rules.stoneage.data import building_type

#: Event kinds counted as features of their own (without the ``stoneage.`` prefix).
PLAIN_EVENTS = frozenset(
    {
        "stoneage.starved",
        "stoneage.starved_forced",
        "stoneage.fed_resources",
        "stoneage.medicine",
        "stoneage.writing",
        "stoneage.writing_empty",
        "stoneage.dice_for_all",
        "stoneage.declined_card",
        "stoneage.declined_building",
        "stoneage.cannot_pay_card",
        "stoneage.cannot_pay_building",
        "stoneage.stack_empty",
        "stoneage.hut",
        "stoneage.field",
        "stoneage.toolmaker",
    }
)


def features(events: Iterable[Event]) -> list[str]:
    """Names such as ``location.forest``, ``card.G06``, ``building.V42``, ``starved``."""
    out: list[str] = []
    for e in events:
        kind, params = e.kind, e.params
        if kind == "stoneage.rolled":
            out.append(f"location.{params['location']}")
        elif kind in ("stoneage.hut", "stoneage.field", "stoneage.toolmaker"):
            out += [f"location.{kind.removeprefix('stoneage.')}"]
        elif kind == "stoneage.bought_card":
            out.append(f"card.{params['card']}")
        elif kind == "stoneage.bought_building":
            btype = building_type(str(params["building"]))
            out += [f"building.{btype.id}", f"building_kind.{btype.kind}"]
        elif kind == "stoneage.gained" and params["tools"]:
            out.append("tools_used")
        elif kind == "stoneage.picked":
            out.append(f"dice_for_all.face{params['face']}")
        elif kind == "stoneage.capped":
            out.append(f"capped.{params['what']}")
        if kind in PLAIN_EVENTS:
            out.append(kind.removeprefix("stoneage."))
    return out
