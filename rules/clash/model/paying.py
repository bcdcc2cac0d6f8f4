"""What pays, as the player says it (p.4, p.7; C133, C138): the ``gold`` words that end an
action or an answer paying resources, and the picker's "pay 1 Gold instead of 1 Food".

Every action and answer that pays resources may end with ``gold`` once per Gold the player
pays instead of a resource they hold: an advance (``advance storage gold``), Activate City's
three uses (``activate d2 build settler gold gold``, Husbandry's Food in a Collect, the piece
and Sanitation's settler of Increase City Size), a wonder, a Move group going by Roads,
Siegecraft (``wood gold``), The Siege's Food (``pay gold``) and the Trojan Horse. Which
resource each keeps, and how many may be named, is
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

from rules.clash.model.resources import gold_problem, keeps, most_gold
from rules.clash.model.state import PlayerState
from rules.core import Choice, IllegalAction

GOLD_TOKEN = "gold"

#: What a site's action costs: for the tokens of a whole action (no ``gold`` among them) the
#: player who pays and the resources, or None when they are no whole action (or pay nothing).
Cost = tuple[PlayerState, Mapping[str, int]]
Costs = Callable[[list[str]], Cost | None]


def split(toks: Sequence[str]) -> tuple[list[str], int]:
    """The tokens before the ``gold`` words that end ``toks``, and how many there are."""
    head = list(toks)
    gold = 0
    while head and head[-1] == GOLD_TOKEN:
        head.pop()
        gold += 1
    return head, gold


def check(me: PlayerState, cost: Mapping[str, int], gold: int) -> None:
    """Refuse ``gold`` Gold named for ``cost`` when they would keep nothing (C138)."""
    err = gold_problem(me, cost, gold)
    if err is not None:
        raise err


def offer(
    toks: Sequence[str], choices: Callable[[list[str]], list[Choice]], costs: Costs
) -> list[Choice]:
    """The choices after ``toks``: the site's own (``choices`` of the tokens before any
    ``gold``), each that completes an action going on when a ``gold`` may follow it, then a
    ``gold`` when one more may follow (``costs``: what a whole action costs; a refusal it
    raises is no whole action)."""
    head, gold = split(toks)
    if gold:
        return _gold(costs, head, gold)
    out = []
    for c in choices(head):
        if c.complete and not c.more and _gold(costs, [*head, c.token], 0):
            c = replace(c, more=True)
        out.append(c)
    return out + _gold(costs, head, 0)


def _gold(costs: Costs, head: list[str], gold: int) -> list[Choice]:
    """The ``gold`` choice after ``head`` and ``gold`` named already, if one more keeps
    something."""
    try:
        found = costs(head)
    except IllegalAction:
        return []
    if found is None:
        return []
    me, cost = found
    most = most_gold(me, cost)
    if gold >= most:
        return []
    label = f"clash.choice.gold_for_{keeps(me, cost, gold)}"
    return [Choice(GOLD_TOKEN, label, {}, complete=True, more=gold + 1 < most, extra=True)]
