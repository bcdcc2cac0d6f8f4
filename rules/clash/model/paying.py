"""What pays, as the player says it (p.4, p.7; C133, C138): the ``gold`` words that end an
action or an answer paying resources, and the picker's "pay 1 Gold instead of 1 Food".

Every action and answer that pays resources may end with ``gold`` once per Gold the player
pays instead of a resource they hold (``gold_wood``, ``gold_ore``, ``gold_food`` to say which
it keeps; a plain ``gold`` keeps the first still held of Food, Wood, Ore): an advance
(``advance storage gold``), Activate City's three uses (``activate d2 build settler gold``,
Husbandry's Food in a Collect, the piece and Sanitation's settler of Increase City Size), a
wonder, a Move group going by Roads, Siegecraft (``wood gold``), The Siege's Food (``pay
gold``) and the Trojan Horse. Which resource each keeps, and how many may be named, is
:func:`rules.clash.model.resources.due`'s and :func:`~rules.clash.model.resources.most_gold`'s:
one rule for every payment. Without ``gold`` a payment is the one it always was.

:func:`split` takes the words off the end, so each site reads its own tokens as before and
passes the count to :func:`~rules.clash.model.resources.pay`; :func:`offer` adds them to the
site's choices: after a whole action, and only while one more keeps something (the player
holds a resource of the cost and Gold to spare), next to Done, so that the payment as it
stands stays the first offered and a player without that choice taps nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from rules.clash.model.resources import KEPT_FIRST, NEXT, Gold, gold_problem, keeps
from rules.clash.model.state import PlayerState
from rules.core import Choice, IllegalAction

GOLD_TOKEN = "gold"
#: The words that name a Gold and the resource it keeps (:data:`NEXT`: the plain ``gold``).
GOLD_WORDS: dict[str, str] = {GOLD_TOKEN: NEXT, **{f"gold_{r}": r for r in KEPT_FIRST}}

#: What a site's action costs: for the tokens of a whole action (no ``gold`` among them) the
#: player who pays and the resources, or None when they are no whole action (or pay nothing).
Cost = tuple[PlayerState, Mapping[str, int]]
Costs = Callable[[list[str]], Cost | None]


def split(toks: Sequence[str]) -> tuple[list[str], Gold]:
    """The tokens before the Gold words that end ``toks``, and the Gold they name, in order."""
    head = list(toks)
    gold: list[str] = []
    while head and head[-1] in GOLD_WORDS:
        gold.insert(0, GOLD_WORDS[head.pop()])
    return head, tuple(gold)


def check(me: PlayerState, cost: Mapping[str, int], gold: Gold) -> None:
    """Refuse the Gold named for ``cost`` when one of them would keep nothing (C138)."""
    err = gold_problem(me, cost, gold)
    if err is not None:
        raise err


def offer(
    toks: Sequence[str], choices: Callable[[list[str]], list[Choice]], costs: Costs
) -> list[Choice]:
    """The choices after ``toks``: the site's own (``choices`` of the tokens before any
    Gold word), each that completes an action going on when a Gold may follow it, then a
    Gold for each resource one more may keep (``costs``: what a whole action costs; a
    refusal it raises is no whole action)."""
    head, gold = split(toks)
    if gold:
        return _gold(costs, head, gold)
    out = []
    for c in choices(head):
        if c.complete and not c.more and _gold(costs, [*head, c.token], ()):
            c = replace(c, more=True)
        out.append(c)
    return out + _gold(costs, head, ())


def _gold(costs: Costs, head: list[str], gold: Gold) -> list[Choice]:
    """A Gold word for each resource one more Gold may keep after ``head`` and ``gold``
    named already: the plain ``gold`` for the first (what it keeps), ``gold_<resource>`` for
    the others. Extras (``Choice.extra``): they change how the action pays, not what it is."""
    try:
        found = costs(head)
    except IllegalAction:
        return []
    if found is None:
        return []
    me, cost = found
    kinds = keeps(me, cost, gold)
    out = []
    for i, kind in enumerate(kinds):
        token = GOLD_TOKEN if i == 0 else f"gold_{kind}"
        more = bool(keeps(me, cost, (*gold, kind)))
        label = f"clash.choice.gold_for_{kind}"
        out.append(Choice(token, label, {}, complete=True, more=more, extra=True))
    return out
