"""The thread's line after an undo or a rollback: a sentence of its own, addressed to the
players it concerns (not to whoever took the move back, nor to a bot seat)."""

from __future__ import annotations

import pytest

from discordui.restores import restore_line
from host.service import Loaded
from rules import get_game
from store import SeatRow
from tests.host.test_ratings_export import row


def _game(*seats: tuple[int, str]) -> Loaded:
    rows = [SeatRow(4, i, user, handle, "") for i, (user, handle) in enumerate(seats)]
    return Loaded(row("running", "civ"), rows, get_game("civ"))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "↩️ <@2> and <@3>: <@1> took back their last move."),
        ("hu", "↩️ <@2> és <@3>: <@1> visszavonta az utolsó lépését."),
    ],
)
def test_an_undo_is_told_to_the_other_players(lang: str, expected: str) -> None:
    game = _game((1, "alice"), (2, "bob"), (3, "carol"))
    assert restore_line(lang, game, "play.undone_public", who="<@1>") == expected


def test_a_bot_seat_is_not_addressed() -> None:
    game = _game((1, "alice"), (-1, "bot"))
    assert restore_line("en", game, "play.undone_public", who="<@1>") == (
        "↩️ <@1> took back their last move."
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "↩️ <@1> and <@2>: A moderator (<@9>) rolled the game back to entry #4; everything "
            "after it is taken back.",
        ),
        (
            "hu",
            "↩️ <@1> és <@2>: <@9> moderátor visszaállította a játékot a napló egy korábbi "
            "pontjára (#4), és minden későbbi lépést visszavont.",
        ),
    ],
)
def test_a_rollback_is_told_to_every_player(lang: str, expected: str) -> None:
    game = _game((1, "alice"), (2, "bob"))
    assert restore_line(lang, game, "mod.rolled_back", who="<@9>", seq=4) == expected
