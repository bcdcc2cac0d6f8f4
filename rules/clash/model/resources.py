"""Paying and gaining resources and tokens (p.4, p.5; rules reference §1.2, §1.3; C6, C7, C138).

* **Paying.** A cost is resources by kind. Each is paid with that resource; **Gold** stands in
  for whatever the player lacks (p.4, C6 (a): a joker in every resource payment, never for
  tokens). Gold may also pay instead of resources the player holds, when they say so (p.4,
  p.7: Gold *can* replace any other resource; C133, C138): each Gold named in the action
  keeps 1 of a resource the player would have paid: the one it names (``gold_ore``), or a
  plain ``gold`` the first still held of Food, Wood, Ore (:data:`KEPT_FIRST`).
  Without it the resources held pay first, Gold only what is lacking, as before C133. At
  most :func:`most_gold` Gold may be named so: what the player would pay from their own
  stock, and the Gold left once Gold paid what they lack [``too_much_gold``]. Where else the
  rules give a choice of what pays (Ideas for Food when buying advances, p.4) the action
  names it.
* **Gaining.** A gain goes up to the track's cap (8; Food 2 without Storage, Ideas 2 with
  Dogma) and the rest is lost (C7 (a)); so are tokens over 8 (p.4).

>>> from rules.clash.model.setup import new_game
>>> me = new_game(["ann", "bob"], {}, 1).seats[0]
>>> me.resources.update(food=1, gold=2)
>>> can_pay(me, {"food": 2, "ore": 1}), pay(me, {"food": 2, "ore": 1})
(True, {'food': 1, 'gold': 2})
>>> gain(me, "food", 5), me.resources["food"]
(2, 2)
>>> me.resources.update(wood=1, gold=2)
>>> most_gold(me, {"food": 1, "wood": 1}), pay(me, {"food": 1, "wood": 1}, gold=(NEXT,))
(2, {'wood': 1, 'gold': 1})
>>> me.resources.update(food=1, wood=1, gold=2)
>>> pay(me, {"food": 1, "wood": 1}, gold=("wood",))
{'food': 1, 'gold': 1}
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.clash.box.components import GOLD, RESOURCES, TOKENS_MAX, storage_limit
from rules.clash.model.state import PlayerState
from rules.core import IllegalAction

MOOD: str = "mood"
CULTURE: str = "culture"
#: The two kinds of token (p.4): mood tokens pay for Civic Improvement, culture tokens boost
#: Cultural Influence and pay for wonders.
TOKENS: tuple[str, ...] = (MOOD, CULTURE)


#: What Gold named by the player keeps first (C138): Food, then Wood, then Ore (the order of
#: the player board; Ideas last, which no cost names).
KEPT_FIRST: tuple[str, ...] = tuple(r for r in RESOURCES if r != GOLD)
#: A Gold named without a resource: it keeps the first of :data:`KEPT_FIRST` still held.
NEXT = ""
#: The Gold a player names to pay a cost, in the order named: each the resource it keeps
#: (``gold_ore``: 1 Ore), or :data:`NEXT` (a plain ``gold``, C133, C138).
Gold = tuple[str, ...]


def shortfall(me: PlayerState, cost: Mapping[str, int]) -> int:
    """How much of ``cost`` the player's own resources (Gold aside) do not cover."""
    return sum(max(0, n - me.resources[r]) for r, n in cost.items() if r != GOLD)


def _held(me: PlayerState, cost: Mapping[str, int]) -> dict[str, int]:
    """What of ``cost`` the player's own resources pay, by kind (Gold aside)."""
    return {r: min(cost.get(r, 0), me.resources[r]) for r in KEPT_FIRST}


def most_gold(me: PlayerState, cost: Mapping[str, int]) -> int:
    """How many Gold the player may name to pay ``cost`` instead of resources they hold
    (C138): no more than their own resources would pay, nor than the Gold left once Gold paid
    what they lack (0 when they cannot pay at all)."""
    spare = me.resources[GOLD] - cost.get(GOLD, 0) - shortfall(me, cost)
    return max(0, min(sum(_held(me, cost).values()), spare))


def _kept(me: PlayerState, cost: Mapping[str, int], gold: Gold) -> dict[str, int] | str:
    """What the Gold named keep, by kind: those naming a resource first, then each plain one
    the first of :data:`KEPT_FIRST` still held; or the resource one of them cannot keep (the
    player would not pay it: the cost names none, or they hold no more of it)."""
    held = _held(me, cost)
    kept = dict.fromkeys(KEPT_FIRST, 0)
    for kind in (k for k in gold if k != NEXT):
        if kind not in kept or kept[kind] >= held[kind]:
            return kind
        kept[kind] += 1
    for _ in (k for k in gold if k == NEXT):
        found = next((r for r in KEPT_FIRST if kept[r] < held[r]), None)
        if found is None:
            return NEXT
        kept[found] += 1
    return kept


def gold_problem(me: PlayerState, cost: Mapping[str, int], gold: Gold) -> IllegalAction | None:
    """Why ``gold`` cannot pay ``cost`` instead of resources held, or None (C138)."""
    most = most_gold(me, cost)
    if len(gold) > most:
        return IllegalAction("too_much_gold", gold=len(gold), count=most)
    kept = _kept(me, cost, gold)
    if isinstance(kept, str):
        return IllegalAction("gold_keeps_nothing", resource=kept or KEPT_FIRST[0])
    return None


def keeps(me: PlayerState, cost: Mapping[str, int], gold: Gold) -> tuple[str, ...]:
    """The resources one more Gold may keep after ``gold`` named already, in
    :data:`KEPT_FIRST` order (the first is what a plain ``gold`` keeps); none when no more
    may be named."""
    kept = _kept(me, cost, gold)
    if len(gold) >= most_gold(me, cost) or isinstance(kept, str):
        return ()
    held = _held(me, cost)
    return tuple(r for r in KEPT_FIRST if kept[r] < held[r])


def due(me: PlayerState, cost: Mapping[str, int], gold: Gold = ()) -> dict[str, int]:
    """Exactly what paying ``cost`` takes, by kind, ``gold`` named (C138): each kind from the
    player's own stock as far as it goes, less what the Gold named keeps, and Gold for the
    rest (its own part, what is lacking, what it was named for). The caller checked
    :func:`can_pay` (with ``gold``)."""
    kept = _kept(me, cost, gold)
    if isinstance(kept, str):
        raise ValueError(f"{gold} cannot pay {dict(cost)} with {me.resources}")
    held = {r: n - kept[r] for r, n in _held(me, cost).items()}
    out = {r: n for r, n in held.items() if n}
    out[GOLD] = cost.get(GOLD, 0) + shortfall(me, cost) + len(gold)
    return {r: out[r] for r in RESOURCES if out.get(r)}


def can_pay(me: PlayerState, cost: Mapping[str, int], gold: Gold = ()) -> bool:
    """Whether ``cost`` can be paid, Gold covering any shortfall (and its own part), with
    ``gold`` named to pay instead of resources held (C138)."""
    if shortfall(me, cost) + cost.get(GOLD, 0) > me.resources[GOLD]:
        return False
    return not gold or gold_problem(me, cost, gold) is None


def pay(me: PlayerState, cost: Mapping[str, int], gold: Gold = ()) -> dict[str, int]:
    """Pay ``cost``, ``gold`` named to pay instead of resources held (the caller checked
    :func:`can_pay`); returns what was paid, by kind (:func:`due`)."""
    if not can_pay(me, cost, gold):
        raise ValueError(f"cannot pay {dict(cost)} with {gold} Gold named, {me.resources}")
    paid = due(me, cost, gold)
    for r, n in paid.items():
        me.resources[r] -= n
    return paid


def part(paid: Mapping[str, int], cost: Mapping[str, int]) -> dict[str, int]:
    """The share of a payment ``paid`` (by kind, :func:`due`) that pays ``cost``, a part of
    what it paid for: each kind with itself as far as ``paid`` holds it, Gold for the rest
    (Sanitation's settler paid with its piece, C138)."""
    out = {r: min(n, paid.get(r, 0)) for r, n in cost.items() if r != GOLD}
    out[GOLD] = cost.get(GOLD, 0) + sum(n - out[r] for r, n in cost.items() if r != GOLD)
    return {r: out[r] for r in RESOURCES if out.get(r)}


def gain(me: PlayerState, resource: str, n: int) -> int:
    """Add up to ``n`` of ``resource`` within its cap; returns how many were kept (C7)."""
    room = max(0, storage_limit(me.advances, resource) - me.resources[resource])
    kept = min(n, room)
    me.resources[resource] += kept
    return kept


def enforce_caps(me: PlayerState) -> None:
    """Cut resources down to their caps (gaining Dogma caps Ideas at 2 at once, C7)."""
    for r in RESOURCES:
        me.resources[r] = min(me.resources[r], storage_limit(me.advances, r))


def tokens(me: PlayerState, kind: str) -> int:
    """Mood or culture tokens held."""
    return me.mood_tokens if kind == MOOD else me.culture_tokens


def gain_tokens(me: PlayerState, kind: str, n: int) -> int:
    """Take up to ``n`` tokens of ``kind`` (at most 8 held, p.4); returns how many."""
    kept = max(0, min(n, TOKENS_MAX - tokens(me, kind)))
    if kind == MOOD:
        me.mood_tokens += kept
    else:
        me.culture_tokens += kept
    return kept


def spend_tokens(me: PlayerState, kind: str, n: int) -> None:
    """Pay ``n`` tokens of ``kind`` (the caller checked there are enough)."""
    if tokens(me, kind) < n:
        raise ValueError(f"{n} {kind} tokens wanted, {tokens(me, kind)} held")
    if kind == MOOD:
        me.mood_tokens -= n
    else:
        me.culture_tokens -= n
