"""Rule features an event list exercises, for the self-play coverage report."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core import Event

#: Event kind -> effect it reports.
EFFECT_EVENTS: dict[str, str] = {
    f"civ.{e}": e
    for e in (
        "assassination",
        "purge",
        "attack",
        "inquisition",
        "progress",
        "monopoly",
        "embargo",
        "experiment",
        "research",
        "breakthrough",
        "oligarchy",
        "democracy",
        "republic",
    )
}

#: Event kinds counted as features of their own (without the ``civ.`` prefix).
PLAIN_EVENTS = frozenset(
    {
        "civ.skipped",
        "civ.final_round",
        "civ.embargo_expired",
        "civ.coin_returned",
        "civ.draft_picked",
        "civ.inquisition_returned",
        "civ.breakthrough_discarded",
        "civ.resigned",
        "civ.hegemony",
    }
)

#: Hand limits above 3 that a draw used: the passive Religion effects at work.
LIMIT_EFFECTS = {5: "holy-book", 7: "divine-right"}


def features(events: Iterable[Event]) -> list[str]:
    """Names such as ``effect.attack``, ``inspire.progress``, ``final_round``."""
    out: list[str] = []
    for e in events:
        kind, params = e.kind, e.params
        if kind in EFFECT_EVENTS:
            out.append(f"effect.{EFFECT_EVENTS[kind]}")
            if kind == "civ.attack" and params.get("victims"):
                out.append("attack_hit")
            if kind == "civ.breakthrough" and params.get("count", 5) < 5:
                out.append("breakthrough_short")
        elif kind == "civ.inspire":
            out += ["effect.inspiration", f"inspire.{params['effect']}"]
        elif kind == "civ.drew" and params.get("limit") in LIMIT_EFFECTS:
            out.append(f"effect.{LIMIT_EFFECTS[params['limit']]}")
        elif kind in PLAIN_EVENTS:
            out.append(kind.removeprefix("civ."))
    return out
