"""The heuristic player's trades (:mod:`rules.clash.player.turn`, C120): an offer made to
this seat is accepted when what comes is worth more than what goes, refused otherwise; an
offer of one resource held in surplus for one that is lacking, to the partner holding most.
In its own turn it makes one offer to the same player at most (the rules set no limit, C123:
this player simply does not insist, so a refused offer is not made again and again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.clash.actions.trade_offers import made
from rules.clash.box.components import (
    FOOD,
    GOLD,
    IDEAS,
)
from rules.clash.dispatch.contexts import choices
from rules.clash.model.resources import CULTURE, MOOD
from rules.clash.player.survey import Reading
from rules.clash.player.walk import Candidate, ready, walk
from rules.core import Choice


def answer(head: str) -> Callable[[Reading], list[Candidate]]:
    def make(r: Reading) -> list[Candidate]:
        out: list[Candidate] = []
        for c in choices(r.state, r.seat, [head]):
            value = offer_value(r, c.params)
            if (head == "accept") == (value > 0.05):
                out.append((0.4 + max(value, 0.0), ready([head, c.token])))
        return out

    return make


def offer_value(r: Reading, params: object) -> float:
    """What accepting an offer gains this seat (the partner): what comes less what goes."""
    if not isinstance(params, dict):
        return 0.0
    incoming = _items(params.get("give", []))
    outgoing = _items(params.get("want", []))
    value = 0.0
    for kind, n in incoming.items():
        value += 0.35 * n if kind in ("action", "objective") else r.worth_of({kind: n})
    for kind, n in outgoing.items():
        for k in range(n):
            value -= max(r.worth(kind, -k - 1), 0.2)
    return value


def _items(items: object) -> dict[str, int]:
    out: dict[str, int] = {}
    if not isinstance(items, list):
        return out
    for item in items:
        kind, _, n = str(item).rpartition("_")
        if kind and n.isdigit():
            out[kind] = out.get(kind, 0) + int(n)
    return out


def trade_candidates(r: Reading) -> list[Candidate]:
    """An offer of a resource held in surplus for one that is lacking (C120)."""
    me = r.me
    kinds = [k for k in (FOOD, "wood", "ore", IDEAS, GOLD) if me.resources[k] >= 2]
    surplus = [k for k in kinds if r.worth(k, -1) < 0.2]
    lacking = [k for k in (FOOD, "wood", "ore", GOLD) if r.worth(k) >= 0.6]
    if not surplus or not lacking:
        return []
    if not [c for c in choices(r.state, r.seat, ["trade"]) if _fresh(r, c)]:
        return []
    return [(0.4, lambda: offer(r, ["trade"]))]


def _fresh(r: Reading, c: Choice) -> bool:
    """Whether ``c`` names a partner this player made no offer to this turn."""
    name = c.token.lstrip("@")
    if name not in r.state.players:
        return False
    return made(r.state, r.seat, r.state.players.index(name)) == 0


def offer(r: Reading, prefix: list[str]) -> list[str] | None:
    """``trade @<partner> give <one of what is needed least> for <one of what is needed
    most>``: the partner holding most of it."""
    state, seat = r.state, r.seat

    def worth(c: Choice) -> float:
        kind, _, n = str(c.params.get("item", "")).rpartition("_")
        if not kind or n != "1" or (kind not in r.me.resources and kind not in (MOOD, CULTURE)):
            return -1.0
        return r.worth(kind, -1)

    def partner_stock(c: Choice) -> int:
        name = c.token.lstrip("@")
        if name not in state.players:
            return -1
        them = state.seats[state.players.index(name)]
        return max(them.resources[k] for k in (FOOD, "wood", "ore", GOLD))

    def pick(toks: list[str], options: Sequence[Choice]) -> int | None:
        tokens = [c.token for c in options]
        if toks == ["trade"]:
            fresh = [i for i, c in enumerate(options) if _fresh(r, c)] or list(range(len(options)))
            return max(fresh, key=lambda i: partner_stock(options[i]))
        if "give" in tokens:
            return tokens.index("give")
        if toks[-1] == "give":
            items = [i for i, c in enumerate(options) if worth(c) >= 0]
            return min(items, key=lambda i: worth(options[i])) if items else 0
        if "for" in toks:
            if toks[-1] != "for":
                return None
            wanted = [i for i, c in enumerate(options) if worth(c) >= 0]
            if not wanted:
                return None
            return max(wanted, key=lambda i: r.worth(_kind(options[i])))
        return tokens.index("for") if "for" in tokens else None

    return walk(state, seat, prefix, pick)


def _kind(c: Choice) -> str:
    return str(c.params.get("item", "")).rpartition("_")[0]
