"""A Discord API emulator on loopback, and a web page to play with a bot through it.

Tests drive a real discord.py bot through ``Emulator`` (see ``docs/playground.md``);
``serve`` runs the same emulator with a browser page for trying the bot without Discord.
"""

from playground.emulator import Emulator
from playground.interactions import InteractionResult
from playground.models import (
    Attachment,
    Channel,
    FakeUser,
    Guild,
    IgnoredField,
    Message,
    RecordedFile,
    RecordedRequest,
)
from playground.patch import point_discord_at, restore_discord
from playground.state import EmulatorError
from playground.testing import running_bot
from playground.web import serve

__all__ = [
    "Attachment",
    "Channel",
    "Emulator",
    "EmulatorError",
    "FakeUser",
    "Guild",
    "IgnoredField",
    "InteractionResult",
    "Message",
    "RecordedFile",
    "RecordedRequest",
    "point_discord_at",
    "restore_discord",
    "running_bot",
    "serve",
]
