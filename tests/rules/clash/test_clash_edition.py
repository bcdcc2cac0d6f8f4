"""The rules edition (docs/architecture.md, "Rules editions"): the option ``edition`` chosen
at setup, kept in the state; a snapshot written before editions existed is the first."""

from __future__ import annotations

import pytest

from rules.clash import GAME
from rules.clash.model.state import FIRST_EDITION, PRINTED_EDITION
from rules.core import IllegalAction
from tests.rules.clash.clash_map import board


def test_new_games_and_positions_play_the_printed_rules_unless_they_say_otherwise() -> None:
    assert GAME.parse_options(["ann", "bob"], {})["edition"] == PRINTED_EDITION
    assert GAME.setup(["ann", "bob"], {}, 3).edition == PRINTED_EDITION
    assert GAME.setup(["ann", "bob"], {"edition": 1}, 3).edition == FIRST_EDITION
    assert board().edition == PRINTED_EDITION
    assert board(options={"edition": 1}).edition == FIRST_EDITION
    with pytest.raises(IllegalAction):
        GAME.setup(["ann", "bob"], {"edition": 3}, 3)


def test_the_edition_survives_a_snapshot_and_an_older_one_is_the_first() -> None:
    for edition in (FIRST_EDITION, PRINTED_EDITION):
        state = GAME.setup(["ann", "bob"], {"edition": edition}, 3)
        assert GAME.from_json(GAME.to_json(state)).edition == edition
    old = GAME.to_json(GAME.setup(["ann", "bob"], {}, 3))
    del old["edition"]
    assert GAME.from_json(old).edition == FIRST_EDITION
