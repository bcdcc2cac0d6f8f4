"""Lobbies: their message, the Join/Leave/Add bot/Start/Cancel actions and option changes.

Shared by the lobby buttons (``discordui.components``) and the ``/game`` commands
(``cogs.lobby``); a start hands the thread and first table post to ``discordui.publish``.

**A lobby post is never lost.** ``/game new`` stores the game, then answers with the lobby
post, then stores the post's id. When the bot stops in between (or Discord refused the answer)
the id is missing, and the next event of the lobby finds the post again (:func:`lobby_post`): a
press of one of its buttons names it, otherwise the bot's message carrying the lobby's buttons
is looked for in the channel from the game's creation on; an open lobby with no post at all
gets a new one, whose nonce makes Discord return it rather than post it twice. The outbox
(``discordui.outbox``) does the same for every such lobby at start.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands

import locales
from discordui.access import (
    game_here,
)
from discordui.actions import bot_of
from discordui.checks import is_moderator, moderates
from discordui.client import TableBot
from discordui.i18n import user_lang
from discordui.items import ID, GameItem, selected_value
from discordui.replies import reply, send_error
from discordui.tables import mention_of
from host import text
from host.bots import is_bot, seat_name
from host.errors import UserError
from host.game_settings import IMAGE_POLICIES, settings_lines
from host.lobbies import Actor
from host.names import handle_for
from host.prefs import duration_text
from host.rows import DEADLINE_POLICIES, DeadlineRow, GameRow
from host.service import Loaded
from host.timing import duration_option, stored_duration
from rules.core import IllegalAction, OptionSpec

log = logging.getLogger(__name__)

#: English names (the source text); other languages come from ``choice.<policy>``.
POLICY_CHOICES = [
    app_commands.Choice(name=locales.t("en", f"choice.{p}"), value=p) for p in DEADLINE_POLICIES
]
IMAGE_CHOICES = [
    app_commands.Choice(name=locales.t("en", f"choice.{p}"), value=p) for p in IMAGE_POLICIES
]


def parse_deadline(raw: str) -> int:
    """``12h`` -> seconds; UserError for anything that is not a duration or is too long."""
    return int(duration_option(raw, "deadline").total_seconds())


def deadline_line(lang: str, deadline: DeadlineRow) -> str:
    """``Turn deadline: 12 hours, then: the other players vote``."""
    turn = duration_text(lang, stored_duration(deadline.turn_seconds, "deadline"))
    return locales.t(lang, "lobby.deadline", turn=turn, policy=deadline.policy)


def parse_options(specs: tuple[OptionSpec, ...], raw: str, lang: str) -> dict[str, Any]:
    """``deal=draft teams=true`` -> options, checked against the game's option specs; a
    refusal names the options (or values) by their labels in ``lang``, with what to type.

    >>> from rules.core import OptionSpec
    >>> specs = (OptionSpec("deal", "classic", ("classic", "draft"), "civ.option.deal"),)
    >>> parse_options(specs, "deal=draft", "en")
    {'deal': 'draft'}
    >>> try:
    ...     parse_options(specs, "deal=poker", "en")
    ... except UserError as exc:
    ...     exc.params["allowed"][1] == f"“{locales.t('en', 'civ.option.deal.draft')}” (deal=draft)"
    True
    """
    options = {s.name: s.default for s in specs}
    by_name = {s.name: s for s in specs}
    for part in raw.replace(",", " ").split():
        name, _, value = part.partition("=")
        spec = by_name.get(name.strip().lower())
        if spec is None and not specs:
            raise UserError("no_options", option=name)
        if spec is None:
            raise UserError("bad_option", option=name, allowed=option_names(lang, specs))
        options[spec.name] = _option_value(spec, value.strip().lower(), lang)
    return options


def option_names(lang: str, specs: tuple[OptionSpec, ...]) -> list[str]:
    """Each option by its label, with the name to type: ``“Deal” (deal)``."""
    return [_choice(lang, f"{s.label}.name", s.name) for s in specs]


def _choice(lang: str, label: str, token: str) -> str:
    """One option or value as a refusal lists it: its label (key ``label``) and what to type."""
    return locales.t(lang, "lobby.option_choice", label=locales.t(lang, label), token=token)


def _option_value(spec: OptionSpec, value: str, lang: str) -> Any:
    for allowed in spec.values:
        if str(allowed).lower() == value:
            return allowed
    raise UserError(
        "bad_option_value",
        option=locales.t(lang, f"{spec.label}.name"),
        value=value,
        allowed=[
            _choice(lang, f"{spec.label}.{str(v).lower()}", f"{spec.name}={str(v).lower()}")
            for v in spec.values
        ],
    )


def _option_label(lang: str, spec: OptionSpec, chosen: dict[str, Any]) -> str:
    value = str(chosen.get(spec.name, spec.default)).lower()
    return locales.t(lang, f"{spec.label}.{value}")


def player_line(user_id: int, handle: str, display_name: str | None) -> str:
    """A seat in the lobby: the mention, then the handle to type in moves unless the mention
    already reads the same (the display name equals the handle, case aside) or the display
    name is not known.

    >>> player_line(5, "alice", "Alice"), player_line(5, "odon", "Ödön")
    ('<@5>', '<@5> (`@odon`)')
    >>> player_line(5, "alice", None), player_line(-1, "bot", None)
    ('<@5> (`@alice`)', '🤖 bot')
    """
    if is_bot(user_id):
        return seat_name(user_id, handle)
    if display_name is not None and display_name.casefold() == handle.casefold():
        return f"<@{user_id}>"
    return f"<@{user_id}> (`@{handle}`)"


def lobby_embed(
    lang: str,
    game: Loaded,
    deadline: DeadlineRow | None = None,
    settings: dict[str, Any] | None = None,
    invited: list[int] | None = None,
    names: dict[int, str] | None = None,
) -> discord.Embed:
    """Who has joined, the seats, the options, the turn deadline, pictures and invitations.

    ``names`` holds the display names known for users (see :func:`player_line`).
    """
    row = game.row
    embed = discord.Embed(
        title=text.game_title(lang, row.game, row.id),
        description=locales.t(lang, f"lobby.status.{row.status}"),
        colour=discord.Colour.blurple(),
    )
    known = names or {}
    players = [player_line(s.user_id, s.handle, known.get(s.user_id)) for s in game.seats] or ["-"]
    embed.add_field(
        name=locales.t(lang, "lobby.players", count=len(game.seats), seats=row.seats_wanted),
        value="\n".join(players),
        inline=False,
    )
    options = [
        f"{locales.t(lang, f'{spec.label}.name')}: {_option_label(lang, spec, row.options)}"
        for spec in game.engine.options
    ] or [locales.t(lang, "lobby.no_options")]  # a game with nothing to choose says so
    if deadline is not None:
        options.append(deadline_line(lang, deadline))
    options += settings_lines(lang, settings or {}, invited or [])
    embed.add_field(name=locales.t(lang, "lobby.options"), value="\n".join(options), inline=False)
    outcome = game.outcome()
    if row.status == "finished" and outcome is not None:
        lines = text.outcome_lines(lang, row.game, outcome, game.handles, mention_of(game))
        embed.add_field(
            name=locales.t(lang, "lobby.result"), value="\n".join(lines)[:1024], inline=False
        )
    if row.status == "lobby":
        footer = "lobby.footer" if game.engine.options else "lobby.footer_fixed"
        embed.set_footer(text=locales.t(lang, footer))
    return embed


async def lobby_message(
    bot: TableBot, game: Loaded
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The lobby post as the game is now: its embed, and its components while it is open."""
    lang = await bot.public_lang(game.row.guild_id)
    facts = await bot.lobbies.facts(game.row.id)
    embed = lobby_embed(
        lang, game, facts.deadline, facts.settings, facts.invited, bot.display_names
    )
    view = lobby_components(lang, game) if game.row.status == "lobby" else None
    return embed, view


async def refresh_lobby(
    bot: TableBot, game: Loaded, interaction: discord.Interaction[Any] | None
) -> None:
    """Redraw the lobby message (in place when a lobby component was pressed); a post whose
    id was never stored is found first (:func:`lobby_post`)."""
    embed, view = await lobby_message(bot, game)
    if interaction is not None and interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(embed=embed, view=view)
        return
    message_id = await lobby_post(bot, game)
    if message_id is None:
        return
    channel = bot.get_partial_messageable(game.row.channel_id, guild_id=game.row.guild_id)
    try:
        await channel.get_partial_message(message_id).edit(embed=embed, view=view)
    except discord.NotFound:
        # Someone deleted the post: an open lobby gets a new one (lobby_post), a started
        # game needs none (its thread is what counts by then).
        log.info("game %s: its lobby post %s was deleted", game.row.id, message_id)
        game.row = await bot.lobbies.post_is(game.row.id, None)
        if game.row.status == "lobby":
            await lobby_post(bot, game)


#: A post whose id was not stored is looked for among the channel's messages from this long
#: before its game was created (the bot's clock and Discord's may differ a little) ...
SEARCH_BEFORE = timedelta(minutes=1)
#: ... and among this many of them at most: it was posted seconds after the game was stored.
SEARCH_LIMIT = 200


def lobby_nonce(game_id: int) -> str:
    """The nonce of a lobby post made outside ``/game new`` (an interaction's answer takes
    none): Discord returns the post made with it in the past few minutes instead of posting
    again (``enforce_nonce``), so a repeat after a crash makes no second post."""
    return f"lobby{game_id}"


async def lobby_post(bot: TableBot, game: Loaded) -> int | None:
    """The id of the game's lobby post: the stored one, else the post found in its channel
    (then stored), else, while the lobby is open, a new post (stored too). None when a
    started or closed game has no post to be found: its thread is what matters by then.

    Under the channel's lock (:meth:`TableBot.lobby_posting`), which ``/game new`` holds
    until it has stored the id of its answer, so a lobby being opened is never posted twice.
    Raises discord.HTTPException when Discord refused the search or the post.
    """
    if game.row.lobby_message_id is not None:
        return game.row.lobby_message_id
    async with bot.lobby_posting(game.row.channel_id):
        game = await bot.service.load(game.row.id)  # another event may have found it meanwhile
        row = game.row
        if row.lobby_message_id is not None:
            return row.lobby_message_id
        channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        found = await _find_post(bot, channel, row)
        if found is not None:
            log.info("game %s: found its lobby post %s, whose id was not stored", row.id, found)
        elif row.status == "lobby":
            embed, view = await lobby_message(bot, game)
            kwargs: dict[str, Any] = {"view": view} if view is not None else {}
            posted = await channel.send(embed=embed, nonce=lobby_nonce(row.id), **kwargs)
            found = posted.id
            log.info("game %s: its lobby was never posted; posted it as %s", row.id, found)
        else:
            return None
        await bot.lobbies.post_is(row.id, found)
        return found


async def _find_post(
    bot: TableBot, channel: discord.PartialMessageable, row: GameRow
) -> int | None:
    """The bot's message in the game's channel that carries the lobby's buttons (the answer
    to ``/game new``, or a post of :func:`lobby_post`), posted since the game was created."""
    since = datetime.fromisoformat(row.created_at) - SEARCH_BEFORE
    me = bot.user.id if bot.user is not None else None
    prefix = LobbyButton.custom_id_prefix(row.id)
    async for message in channel.history(limit=SEARCH_LIMIT, after=since, oldest_first=True):
        if message.author.id == me and any(c.startswith(prefix) for c in _custom_ids(message)):
            return message.id
    return None


def _custom_ids(message: discord.Message) -> list[str]:
    """The custom ids of a message's components (buttons and menus in action rows)."""
    found = []
    for component in message.components:
        for child in getattr(component, "children", [component]):
            custom_id = getattr(child, "custom_id", None)
            if isinstance(custom_id, str):
                found.append(custom_id)
    return found


async def pressed_post(
    bot: TableBot, game: Loaded, interaction: discord.Interaction[Any]
) -> Loaded:
    """A lobby button or menu pressed on a post whose id was never stored: that message is
    the lobby post (only lobby posts carry them). Stored without asking Discord anything, so
    it may run before the press is answered."""
    message = interaction.message
    if (
        game.row.lobby_message_id is not None
        or interaction.type is not discord.InteractionType.component
        or message is None
    ):
        return game
    game.row = await bot.lobbies.post_is(game.row.id, message.id)
    log.info(
        "game %s: its lobby post %s was pressed; its id is stored now", game.row.id, message.id
    )
    return game


async def restore_lobby_post(bot: TableBot, game_id: int) -> bool:
    """Find (or make) the post of an open lobby whose id was never stored, and redraw it;
    False when Discord refused (the outbox tries again later)."""
    game = await bot.service.load(game_id)
    try:
        await refresh_lobby(bot, game, None)
    except discord.HTTPException as exc:
        log.warning("could not restore the lobby post of game %s: %s", game_id, exc)
        return False
    return await bot.lobbies.post_of(game_id) is not None


async def lobby_action(interaction: discord.Interaction[Any], game_id: int, what: str) -> None:
    """Join, leave, add a bot, start or cancel; shared by the buttons and the slash commands."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    user = interaction.user
    bot.display_names[user.id] = user.display_name
    slash = interaction.type is not discord.InteractionType.component
    if slash and what != "start":
        # The slash form edits the lobby message before it answers: acknowledge first.
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        game = await pressed_post(bot, await game_here(bot, interaction, game_id), interaction)
        actor = Actor(user.id, moderates(interaction, game.row.guild_id))
        if what == "join":
            await bot.lobbies.join(game, user.id, handle_for(user.display_name))
        elif what == "leave":
            await bot.lobbies.leave(game, user.id)
        elif what == "addbot":
            await bot.lobbies.add_bot(game, actor)
        elif what == "cancel":
            await bot.lobbies.cancel(game, actor)
        elif what == "start":
            await _start(interaction, game_id)
            return
    except UserError as exc:
        await send_error(interaction, exc)
        return
    game = await bot.service.load(game_id)
    await refresh_lobby(bot, game, interaction)
    if slash:
        await reply(interaction, "✅ " + locales.t(lang, f"lobby.done.{what}"))


async def _start(interaction: discord.Interaction[Any], game_id: int) -> None:
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        game = await bot.service.start(
            game_id, interaction.user.id, moderator=is_moderator(interaction)
        )
    except IllegalAction as exc:
        await send_error(interaction, exc, game=(await bot.service.load(game_id)).row.game)
        return
    # The start recorded its announcement: the thread and first table post (kept for the
    # outbox to finish if Discord refuses them now, or if the bot stops in between).
    await bot.announce(game_id)
    game = await bot.service.load(game_id)
    await refresh_lobby(bot, game, None)
    if game.row.thread_id is None:
        raise UserError("thread_not_opened")
    thread = f"<#{game.row.thread_id}>"
    await reply(interaction, "✅ " + locales.t(lang, "lobby.started", thread=thread))


async def set_option(
    interaction: discord.Interaction[Any], game_id: int, name: str, value: str
) -> None:
    """Change one lobby option (creator or moderator)."""
    bot = bot_of(interaction)
    try:
        game = await pressed_post(bot, await game_here(bot, interaction, game_id), interaction)
        spec = next((s for s in game.engine.options if s.name == name), None)
        lang = user_lang(interaction)
        if spec is None:
            raise UserError(
                "bad_option", option=name, allowed=option_names(lang, game.engine.options)
            )
        options = {**game.row.options, name: _option_value(spec, value, lang)}
        actor = Actor(interaction.user.id, moderates(interaction, game.row.guild_id))
        await bot.lobbies.set_options(game, actor, options)
    except UserError as exc:
        await send_error(interaction, exc)
        return
    await refresh_lobby(bot, await bot.service.load(game_id), interaction)


def lobby_components(lang: str, game: Loaded) -> discord.ui.View:
    """Join / Leave / Add bot / Start / Cancel, plus one select per game option."""
    view = discord.ui.View(timeout=None)
    for what, style in (
        ("join", discord.ButtonStyle.success),
        ("leave", discord.ButtonStyle.secondary),
        ("addbot", discord.ButtonStyle.secondary),
        ("start", discord.ButtonStyle.primary),
        ("cancel", discord.ButtonStyle.danger),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, f"button.{what}"), style=style
        )
        view.add_item(LobbyButton(game.row.id, what, button))
    for spec in game.engine.options[:4]:
        current = game.row.options.get(spec.name, spec.default)
        menu: discord.ui.Select[Any] = discord.ui.Select(
            options=[
                discord.SelectOption(
                    label=locales.t(lang, f"{spec.label}.{str(v).lower()}")[:100],
                    value=str(v).lower(),
                    default=str(v).lower() == str(current).lower(),
                )
                for v in spec.values
            ]
        )
        view.add_item(OptionSelect(game.row.id, spec.name, menu))
    return view


class LobbyButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"l:(?P<game>{ID}):(?P<what>join|leave|addbot|start|cancel)",
):
    """Lobby buttons; the work is done by the lobby cog's shared functions."""

    def __init__(self, game_id: int, what: str, item: discord.ui.Button[Any] | None = None) -> None:
        item = item or discord.ui.Button(label=what)
        item.custom_id = f"{self.custom_id_prefix(game_id)}{what}"
        super().__init__(item)
        self.game_id, self.what = game_id, what

    @staticmethod
    def custom_id_prefix(game_id: int) -> str:
        """What the custom ids of a lobby's buttons start with (they name its game)."""
        return f"l:{game_id}:"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["what"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await lobby_action(interaction, self.game_id, self.what)


class OptionSelect(
    GameItem[discord.ui.Select[Any]], template=rf"o:(?P<game>{ID}):(?P<name>[a-z_]{{1,32}})"
):
    """Changes one game option while the lobby is open (creator or moderator)."""

    def __init__(self, game_id: int, name: str, item: discord.ui.Select[Any] | None = None) -> None:
        item = item or discord.ui.Select(options=[discord.SelectOption(label="…")])
        item.custom_id = f"o:{game_id}:{name}"
        super().__init__(item)
        self.game_id, self.name = game_id, name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OptionSelect:
        return cls(int(match["game"]), match["name"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await set_option(interaction, self.game_id, self.name, selected_value(interaction))


#: The lobby message's components (registered with the table's by ``cogs.table``).
LOBBY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LobbyButton, OptionSelect)
