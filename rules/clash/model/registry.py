"""The shape every action module of a turn has, so that :mod:`rules.clash.dispatch.grammar` can
offer and dispatch them from one table (``TURN_ACTIONS``), and nested decisions likewise
(``DECISIONS``, by :attr:`rules.core.Decision.kind`).

A turn action (Found City, Advance, Activate City, Civic Improvement, Cultural Influence...)
is offered when its module says it can be taken now, lists the tokens that may follow its
head token, and resolves the tokens after it on the engine's private copy. Whether it costs
one of the turn's actions is the table's ``costs_action``: the dispatcher spends it (and
refuses the action without one left) before the module resolves it, so a module only ever
raises ``IllegalAction`` before it changes anything.

A nested decision (a Cultural Influence roll to boost, a combat card, an event's choice) is
pushed on the state's :class:`rules.core.PromptStack` by the module that needs it; its
``kind`` names the :class:`Answer` that lists and resolves the answers. Resolving pops it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.clash.model.state import ClashState
from rules.core import Choice, Decision, Event


@dataclass(frozen=True, slots=True)
class TurnAction:
    """One action of p.7 (or an ability) as the active player's turn offers it."""

    token: str
    #: Whether it can be taken now (an action left is checked by the dispatcher).
    offered: Callable[[ClashState, int], bool]
    #: The tokens that may follow ``token`` and the ones typed after it.
    choices: Callable[[ClashState, int, list[str]], list[Choice]]
    #: Resolve the tokens after ``token``; IllegalAction before any change.
    apply: Callable[[ClashState, int, list[str]], list[Event]]
    costs_action: bool = True
    #: Whether ``token`` alone is a complete action (else it needs more tokens).
    alone: bool = False
    #: Whether more tokens may follow ``token`` (False for an action that is only its token).
    more: bool = True
    #: For an entry whose price depends on what follows (``card``: only an AAA card takes an
    #: action): whether these tokens take one; the dispatcher spends it. ``costs_action`` is
    #: then False, and ``offered`` and ``choices`` leave out what needs an action when none
    #: is left.
    cost: Callable[[ClashState, int, list[str]], bool] | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """How a nested decision of one ``kind`` is answered."""

    choices: Callable[[ClashState, Decision, list[str]], list[Choice]]
    apply: Callable[[ClashState, Decision, list[str]], list[Event]]
    #: Why a decision of this kind cannot stand in a state (positions, invariants), or None.
    problem: Callable[[ClashState, Decision], str | None] | None = None
