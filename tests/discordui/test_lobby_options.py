"""The lobby's options: every game's shown the same way (Clash of Cultures' one option is its
rules edition), and a game without options says so."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import locales
from discordui.lobbies import lobby_embed, parse_options
from host.errors import UserError
from host.service import Loaded
from rules import get_game
from rules.core import OptionSpec
from tests.host.test_ratings_export import row


def _lobby(game: str, engine: Any = None) -> Loaded:
    lobby = replace(row("lobby", game), seed=None, options={})
    return Loaded(lobby, [], engine or get_game(game))


def _field(embed: Any, name: str) -> list[str]:
    return next(f.value for f in embed.fields if f.name == name).split("\n")


@pytest.mark.parametrize("game", ["civ", "stoneage", "clash"])
def test_games_with_options_list_them_and_may_change_them(game: str) -> None:
    embed = lobby_embed("en", _lobby(game))
    options = _field(embed, "Options")
    specs = get_game(game).options
    assert [line.split(":")[0] for line in options[: len(specs)]] == [
        locales.t("en", f"{s.label}.name") for s in specs
    ]
    assert locales.t("en", "lobby.no_options") not in options
    assert embed.footer.text == locales.t("en", "lobby.footer")


def test_an_option_given_to_a_game_without_options_is_refused_plainly() -> None:
    with pytest.raises(UserError) as refused:
        parse_options((), "map=original", "en")
    assert refused.value.code == "no_options"
    assert locales.t("en", "error.no_options", **refused.value.params) == (
        "This game has no options, so “map” cannot be set."
    )
    assert parse_options((), "", "en") == {}


def test_options_a_clash_engine_declares_would_be_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing in the lobby is particular to a game: an option Clash declares is shown."""
    engine = get_game("clash")
    spec = OptionSpec("deal", "classic", ("classic", "draft"), "civ.option.deal")
    monkeypatch.setattr(type(engine), "options", (spec,))
    options = _field(lobby_embed("en", _lobby("clash", engine)), "Options")
    assert options[0].startswith(locales.t("en", "civ.option.deal.name") + ": ")
