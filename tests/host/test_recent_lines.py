"""The table post's recent lines: the view's last events as sentences, only those written."""

from __future__ import annotations

from host import text
from rules import get_game
from rules.core import Rng, act
from rules.selfplay import random_action


def _played_view() -> dict[str, object]:
    engine = get_game("civ")
    state = engine.setup(["anna", "bob"], {}, 3)
    rng = Rng(3)
    for _ in range(12):
        seat = next(p.seat for p in engine.pending(state) if p.must)
        state, _ = act(engine, state, seat, random_action(engine, state, seat, rng))
    return dict(engine.view(state, None))


def test_the_last_lines_are_the_last_of_all() -> None:
    view = _played_view()
    every = text.recent_lines("en", view)
    assert len(every) > 3
    assert text.recent_lines("en", view, 3) == every[-3:]
    assert text.recent_lines("en", view, len(every) + 5) == every
    assert text.recent_lines("en", view, 0) == []
