"""Paying and gaining resources and tokens (p.4, p.5; rules reference §1.2, §1.3; C6, C7).

* **Paying.** A cost is resources by kind. Each is paid with that resource; **Gold** stands in
  for whatever the player lacks (p.4, C6 (a): a joker in every resource payment, never for
  tokens). The resource itself is always paid first: Gold is worth more, being any resource,
  so paying it while holding the resource is never a sensible choice and is not asked
  (docs/rules-decisions.md, C6). Where the rules do give a real choice of what to pay with
  (Ideas for Food when buying advances, p.4) the action names it.
* **Gaining.** A gain goes up to the track's cap (8; Food 2 without Storage, Ideas 2 with
  Dogma) and the rest is lost (C7 (a)); so are tokens over 8 (p.4).

>>> from rules.clash.model.setup import new_game
>>> me = new_game(["ann", "bob"], {}, 1).seats[0]
>>> me.resources.update(food=1, gold=2)
>>> can_pay(me, {"food": 2, "ore": 1}), pay(me, {"food": 2, "ore": 1})
(True, {'food': 1, 'gold': 2})
>>> gain(me, "food", 5), me.resources["food"]
(2, 2)
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.clash.box.components import GOLD, RESOURCES, TOKENS_MAX, storage_limit
from rules.clash.model.state import PlayerState

MOOD: str = "mood"
CULTURE: str = "culture"
#: The two kinds of token (p.4): mood tokens pay for Civic Improvement, culture tokens boost
#: Cultural Influence and pay for wonders.
TOKENS: tuple[str, ...] = (MOOD, CULTURE)


def shortfall(me: PlayerState, cost: Mapping[str, int]) -> int:
    """How much of ``cost`` the player's own resources (Gold aside) do not cover."""
    return sum(max(0, n - me.resources[r]) for r, n in cost.items() if r != GOLD)


def can_pay(me: PlayerState, cost: Mapping[str, int]) -> bool:
    """Whether ``cost`` can be paid, Gold covering any shortfall (and its own part)."""
    return shortfall(me, cost) + cost.get(GOLD, 0) <= me.resources[GOLD]


def pay(me: PlayerState, cost: Mapping[str, int]) -> dict[str, int]:
    """Pay ``cost`` (the caller checked :func:`can_pay`); returns what was paid, by kind."""
    if not can_pay(me, cost):
        raise ValueError(f"cannot pay {dict(cost)} with {me.resources}")
    paid: dict[str, int] = {}
    gold = cost.get(GOLD, 0)
    for r, n in cost.items():
        if r == GOLD or not n:
            continue
        own = min(n, me.resources[r])
        me.resources[r] -= own
        if own:
            paid[r] = paid.get(r, 0) + own
        gold += n - own
    if gold:
        me.resources[GOLD] -= gold
        paid[GOLD] = gold
    return {r: paid[r] for r in RESOURCES if r in paid}


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
