"""Cancelling a lobby is said in Hungarian as cancelling (Mégse, elmarad, bezár), never with
"töröl", which reads as deleting something."""

from __future__ import annotations

import re

import locales

#: The texts of the lobby's Cancel: the button, the status, the answer, the refusal, the
#: command and the limit that sends a member to it.
CANCEL_KEYS = (
    "button.cancel",
    "lobby.status.cancelled",
    "lobby.done.cancel",
    "error.only_creator_cancels",
    "error.too_many_lobbies",
    "cmd.game.cancel.description",
)


def _texts(key: str) -> list[str]:
    message = locales.message("hu", key)
    assert message is not None, key
    return [message] if isinstance(message, str) else list(message.values())


def test_the_lobby_cancel_button_is_mégse() -> None:
    assert locales.t("hu", "button.cancel") == "Mégse"
    assert locales.t("hu", "button.cancel") == locales.t("hu", "button.dismiss")


def test_cancelling_a_lobby_never_reads_as_deleting() -> None:
    for key in CANCEL_KEYS:
        for text in _texts(key):
            assert not re.search(r"törl|töröl", text, re.IGNORECASE), (key, text)
