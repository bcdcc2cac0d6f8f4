"""How the lobby names a seat: the mention, and the handle only when it adds something."""

from __future__ import annotations

from discordui.lobbies import player_line


def test_a_handle_equal_to_the_display_name_is_not_repeated() -> None:
    assert player_line(7, "alice", "alice") == "<@7>"
    assert player_line(7, "alice", "Alice") == "<@7>"


def test_a_handle_differing_from_the_display_name_is_kept() -> None:
    assert player_line(7, "odon_agoston", "Ödön Ágoston") == "<@7> (`@odon_agoston`)"
    assert player_line(7, "alice_2", "alice") == "<@7> (`@alice_2`)"


def test_an_unknown_display_name_keeps_both() -> None:
    assert player_line(7, "alice", None) == "<@7> (`@alice`)"


def test_a_bot_seat_is_never_mentioned() -> None:
    assert player_line(-1, "bot", "bot") == "🤖 bot"
