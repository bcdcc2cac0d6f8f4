"""Walking ``choices`` to a whole action for the heuristic player
(:mod:`rules.clash.player.policy`): a picker names the next option (or None to stop where the action
is already whole).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.clash.dispatch.contexts import choices
from rules.clash.model.state import ClashState
from rules.core import Choice

#: ``picker(tokens so far, options)``: the index of the next token, or None to stop (only
#: heeded where the tokens so far are a whole action).
Picker = Callable[[list[str], Sequence[Choice]], int | None]
#: No action of the grammar is longer (Mass Collection's Collect: 8 spaces and a city).
LONGEST = 24
#: How to write out an action (only the candidate taken is written: walking is the cost).
Build = Callable[[], list[str] | None]
#: A candidate action: its score and how to write it.
Candidate = tuple[float, Build]


def ready(toks: list[str] | None) -> Build:
    """A candidate already written out."""
    return lambda: toks


def walk(
    state: ClashState, seat: int, prefix: Sequence[str], pick: Picker, complete: bool = False
) -> list[str] | None:
    """The whole action ``pick`` leads to from ``prefix`` (``complete``: ``prefix`` is
    already a whole action), or None when the tokens lead nowhere."""
    toks = list(prefix)
    while len(toks) < LONGEST:
        options = choices(state, seat, toks)
        if not options:
            return toks if complete else None
        index = pick(toks, options)
        if index is None:
            if complete:
                return toks
            index = 0
        chosen = options[index]
        toks.append(chosen.token)
        complete = chosen.complete
        if complete and not chosen.more:
            return toks
    return toks if complete else None


def first(_toks: list[str], _options: Sequence[Choice]) -> int:
    """The picker that takes the first option every time."""
    return 0


def index_of(options: Sequence[Choice], token: str) -> int | None:
    """The index of ``token`` among ``options``, if offered."""
    for i, c in enumerate(options):
        if c.token == token:
            return i
    return None
