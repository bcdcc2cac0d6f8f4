"""The heuristic Clash of Cultures player: self-play's ``--policy greedy`` and the bot seats
(docs/rules-decisions.md, "Bot heuristics").

The walk asks for one token at a time (:func:`rules.selfplay.random_action`); this player
plans the whole action at the first token and then follows its plan: :func:`greedy_choice`
names the plan's next token and :func:`greedy_stop` ends the action where the plan ends. A
plan is worked out from the position alone (no generator), so the same position always gets
the same plan; it is kept for the position it was made for (the very same state object, which
the engine never changes) so that the tokens after the first cost nothing more. One decision
in ten is uniform instead (never razing a city, never ending a turn early), so that self-play
still wanders everywhere; after such a token the plan is made again from the tokens chosen.

What to do is decided by kind: the turn (:mod:`rules.clash.player.turn`), moving, fighting and
exploring (:mod:`rules.clash.player.war`), and every other decision
(:mod:`rules.clash.player.answers`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.clash.dispatch.contexts import current
from rules.clash.model.state import ClashState
from rules.clash.model.under_way import MOVE
from rules.clash.player import answers, turn, war
from rules.clash.player.survey import Reading
from rules.clash.player.walk import walk
from rules.core import Choice, Rng

#: A plan: the whole action's tokens, or None when nothing planned fits.
Plan = list[str] | None
#: One decision in NOISE is uniform.
NOISE = 10
#: Tokens a uniform pick leaves out: they throw away a city or the rest of a turn.
RECKLESS = frozenset({"raze", "end"})


class _Memo:
    """The last plan made, for the state object it was made for (held, so never reused)."""

    state: ClashState | None = None
    seat = -1
    plan: tuple[str, ...] = ()


_memo = _Memo()


def greedy_choice(
    state: ClashState, seat: int, prefix: Sequence[str], options: Sequence[Choice], rng: Rng
) -> int:
    """Index of the option this player takes next."""
    tokens = [c.token for c in options]
    if len(tokens) == 1:
        return 0
    if rng.randrange(NOISE) == 0:
        calm = [i for i, t in enumerate(tokens) if t not in RECKLESS]
        if calm:
            return calm[rng.randrange(len(calm))]
    plan = plan_for(state, seat, list(prefix), tokens)
    if len(plan) > len(prefix) and plan[len(prefix)] in tokens:
        return tokens.index(plan[len(prefix)])
    return 0


def greedy_stop(state: ClashState, seat: int, prefix: Sequence[str], rng: Rng) -> bool:
    """Whether the action ends at ``prefix`` (complete, though more could follow)."""
    return len(plan_for(state, seat, list(prefix))) <= len(prefix)


def plan_for(
    state: ClashState, seat: int, prefix: list[str], tokens: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The whole action this player means to take, extending ``prefix`` (``tokens``: the
    choices after it, when known)."""
    memo = _memo
    if memo.state is state and memo.seat == seat and list(memo.plan[: len(prefix)]) == prefix:
        return memo.plan
    plan = tuple(_plan(state, seat, prefix, tokens))
    memo.state, memo.seat, memo.plan = state, seat, plan
    return plan


def _plan(
    state: ClashState, seat: int, prefix: list[str], tokens: Sequence[str] | None
) -> list[str]:
    reading = Reading(state, seat)
    context = current(state, seat, prefix[0] if prefix else None)
    found = None if context is None else PLANNERS[context.name](reading, prefix, tokens)
    if found is None:
        # Nothing planned fits these tokens: go on with the first choices.
        found = walk(state, seat, prefix, lambda _toks, _opts: 0)
    return found or prefix


def _decision(reading: Reading, prefix: list[str], tokens: Sequence[str] | None) -> Plan:
    decision = reading.state.prompts.top()
    assert decision is not None
    return answers.answer(reading, decision, prefix)


def _under_way(reading: Reading, prefix: list[str], tokens: Sequence[str] | None) -> Plan:
    top = reading.state.prompts.top()
    assert top is not None
    if top.kind == MOVE:
        return war.next_group(reading, prefix)
    return war.explore(reading, prefix)


#: What this player does in each context of the one dispatcher
#: (:data:`rules.clash.dispatch.contexts.CONTEXTS`, by name): a plan, or None when none fits.
PLANNERS: dict[str, Callable[[Reading, list[str], Sequence[str] | None], Plan]] = {
    "ahead": lambda reading, prefix, tokens: answers.status(reading, prefix),
    "decision": _decision,
    "trading": lambda reading, prefix, tokens: answers.trade(reading, prefix),
    "under_way": _under_way,
    "status": lambda reading, prefix, tokens: answers.status(reading, prefix),
    "turn": lambda reading, prefix, tokens: turn.turn(reading, prefix, None if prefix else tokens),
}
