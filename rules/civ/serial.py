"""Snapshots: :class:`rules.civ.state.CivState` field by field (:mod:`rules.formats`).

Version 2 writes the state as it is held: domains as their numbers (``rules.civ.data.DOMAINS``
order) and deck cards as their codes (``card_code``). Version 1, written by hand until then,
named domains (``"science"``) and cards (``[age, domain]``); :func:`upgrade_v1` reads it.
"""

from __future__ import annotations

from rules.civ.data import DOMAIN_INDEX, card_code
from rules.civ.state import CivState
from rules.core import JSON
from rules.formats import Format


def upgrade_v1(data: dict[str, JSON]) -> dict[str, JSON]:
    """Version 1's fields as version 2 writes them: every other field was already the same."""

    def domains(names: list[str]) -> list[int]:
        return [DOMAIN_INDEX[d] for d in names]

    def cards(pairs: list[list[JSON]]) -> list[int]:
        return [card_code(int(age), DOMAIN_INDEX[d]) for age, d in pairs]

    out = dict(data)
    out["seats"] = [{**s, "embargoes": domains(s["embargoes"])} for s in data["seats"]]
    out["deck"], out["removed"] = cards(data["deck"]), cards(data["removed"])
    out["discard"] = domains(data["discard"])
    if data["draft"] is not None:
        out["draft"] = {**data["draft"], "centre": domains(data["draft"]["centre"])}
    if data["coin"] is not None:
        out["coin"] = {**data["coin"], "domain": DOMAIN_INDEX[data["coin"]["domain"]]}
    return out


FORMAT = Format(CivState, 2, {1: upgrade_v1})
