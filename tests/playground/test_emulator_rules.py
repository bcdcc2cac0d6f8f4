"""Discord's limits as the emulator checks them, and the loopback-only guard."""

from __future__ import annotations

import discord
import pytest

from playground import Emulator, point_discord_at, restore_discord
from playground.validation import commands_problems, message_problems


def _command(**overrides: object) -> dict[str, object]:
    command: dict[str, object] = {"name": "game", "description": "Play", "type": 1, "options": []}
    command.update(overrides)
    return command


def test_a_valid_command_sync_has_no_problems() -> None:
    """A plain command with a localized description passes."""
    localized = _command(description_localizations={"hu": "Játék"})
    assert commands_problems([localized]) == {}


@pytest.mark.parametrize(
    ("command", "path"),
    [
        (_command(name="Game"), "0.name"),
        (_command(description=""), "0.description"),
        (_command(description_localizations={"hu": "x" * 101}), "0.description_localizations.hu"),
        (_command(name_localizations={"xx": "game"}), "0.name_localizations.xx"),
        (
            _command(
                options=[
                    {"name": "a", "description": "a", "type": 3},
                    {"name": "b", "description": "b", "type": 3, "required": True},
                ]
            ),
            "0.options.1.required",
        ),
        (
            _command(
                options=[
                    {
                        "name": "a",
                        "description": "a",
                        "type": 3,
                        "autocomplete": True,
                        "choices": [{"name": "x", "value": "x"}],
                    }
                ]
            ),
            "0.options.0.autocomplete",
        ),
    ],
)
def test_command_sync_problems_name_the_field(command: dict[str, object], path: str) -> None:
    """Each rule Discord enforces on a sync is reported at the field it concerns."""
    assert path in commands_problems([command])


def test_subcommands_nest_at_most_group_then_subcommand() -> None:
    """A subcommand inside a subcommand (or a group inside a group) is refused."""
    leaf = {"name": "leaf", "description": "d", "type": 1}
    ok = _command(options=[{"name": "grp", "description": "d", "type": 2, "options": [leaf]}])
    bad = _command(options=[{"name": "sub", "description": "d", "type": 1, "options": [leaf]}])
    assert commands_problems([ok]) == {}
    assert "0.options.0.options.0.type" in commands_problems([bad])


def test_duplicate_command_names_are_refused() -> None:
    """Two chat commands cannot share a name."""
    assert "1.name" in commands_problems([_command(), _command()])


def test_message_limits() -> None:
    """Empty messages, long content, too many rows and duplicate custom_ids are refused."""
    assert "content" in message_problems({}, file_count=0, creating=True)
    assert message_problems({}, file_count=1, creating=True) == {}
    assert message_problems({}, file_count=0, creating=False) == {}
    assert "content" in message_problems({"content": "x" * 2001}, file_count=0, creating=True)
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
    rows = [{"type": 1, "components": [button]}] * 2
    problems = message_problems({"components": rows}, file_count=0, creating=True)
    assert problems == {
        "components.1.components.0.custom_id": "Component custom id cannot be duplicated"
    }
    six = [{"type": 1, "components": [{**button, "custom_id": str(i)}]} for i in range(6)]
    assert "components" in message_problems({"components": six}, file_count=0, creating=True)


def test_select_option_values_are_unique() -> None:
    """Two options of one select menu cannot share a value (the bot's picker relies on each
    value naming one choice); the same value in two menus is fine."""
    option = {"label": "A", "value": "a"}
    menu = {"type": 3, "custom_id": "m", "options": [option, {**option, "label": "B"}]}
    problems = message_problems(
        {"components": [{"type": 1, "components": [menu]}]}, file_count=0, creating=True
    )
    assert set(problems) == {"components.0.components.0.options.1.value"}
    assert (
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED"
        in problems["components.0.components.0.options.1.value"]
    )
    other = {**menu, "custom_id": "n", "options": [option]}
    rows = [
        {"type": 1, "components": [{**menu, "options": [option]}]},
        {"type": 1, "components": [other]},
    ]
    assert message_problems({"components": rows}, file_count=0, creating=True) == {}


def test_embed_limits() -> None:
    """Embed titles, field values and the 6000-character total are checked."""
    embed = {"title": "t" * 257, "fields": [{"name": "n", "value": ""}]}
    problems = message_problems({"embeds": [embed]}, file_count=0, creating=True)
    assert set(problems) == {"embeds.0.title", "embeds.0.fields.0.value"}
    big = [{"description": "d" * 4000}, {"description": "d" * 2001}]
    assert "embeds" in message_problems({"embeds": big}, file_count=0, creating=True)


@pytest.mark.parametrize(
    "url", ["http://discord.com", "https://127.0.0.1:8765", "http://10.0.0.1:80", "http://[::2]:1"]
)
def test_discord_is_only_pointed_at_loopback(url: str) -> None:
    """Anything but plain http on a loopback host is refused."""
    with pytest.raises(ValueError, match="loopback"):
        point_discord_at(url)


def test_point_and_restore() -> None:
    """Pointing sets REST base and gateway; restoring puts Discord's back."""
    original = discord.http.Route.BASE
    point_discord_at("http://[::1]:8765")
    try:
        assert discord.http.Route.BASE == "http://[::1]:8765/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://[::1]:8765/gateway"
    finally:
        restore_discord()
    assert original == discord.http.Route.BASE


def test_emulator_binds_loopback_only() -> None:
    """The emulator refuses to listen on a public interface."""
    with pytest.raises(ValueError, match="loopback"):
        Emulator(host="0.0.0.0")
