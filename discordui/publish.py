"""Public posts in a game's thread: the table image, what happened, and who must act.

While the turn stays with the same seats (a player playing a card and then using effects, a
defender answering an attack within the attacker's turn), the current table message is edited
in place; when the turn passes a new message is posted, which is what pings them. An edit
notifies nobody, so a seat that a nested decision now waits for gets a short message of its
own that mentions it (``GameRow.ping``). An offer a seat *may* take up never mentions it. Only
public views and public events are used here.

A game's image policy (``host.game_settings``) decides whether such an edit redraws the picture:
``every`` does, ``turn`` updates the text only, so a new picture comes with each new post.

**The outbox.** Whether a recorded change needs a new post or an edit is written with the change
itself (``GameRow.announce``, in the store's transaction); :func:`announce` then brings the
thread up to the game as it is now and clears it. A crash between the two, or a post Discord
refused, leaves it pending: ``discordui.outbox`` delivers it at the next start and retries failures.
Several changes recorded before one delivery become one post (a pending new post stays one).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

import locales
from discordui.access import open_private_thread
from discordui.components import act_view, table_view
from discordui.history import note_params
from discordui.lobbies import lobby_post, refresh_lobby
from discordui.replays import attach_replay_later
from discordui.tables import RECENT_LINES, mention_of, table_content, table_file
from discordui.threads import ARCHIVE_AFTER_MINUTES, in_thread, open_public_thread
from host import standing, text
from host.bots import is_bot
from host.game_settings import image_policy, is_invite_only
from host.rendering import picture_key
from host.service import ActResult, Loaded
from host.takeback import remember_post
from rules.engine import HasStanding

if TYPE_CHECKING:
    from discordui.client import TableBot

log = logging.getLogger(__name__)


async def post_table(
    bot: TableBot,
    game: Loaded,
    *,
    new_message: bool,
    redraw: bool = True,
    settles: bool = False,
) -> bool:
    """Post (or edit) the table message in the game's thread; False when Discord refused.

    An edit without ``redraw``, or of a post whose picture already shows this public view
    (nothing visible changed: a secret bid, say), changes the text and buttons but keeps the
    picture; a new message always has a fresh picture. ``settles``: a new message is all the
    game's pending announcement asks for, so it is cleared with the post's own write.
    """
    thread_id = game.row.thread_id
    if thread_id is None or game.state is None:
        return False
    lang = await bot.public_lang(game.row.guild_id)
    view = game.engine.view(game.state, None)
    drawn = picture_key(view, lang)
    redraw = redraw and bot.drawn.get(game.row.id) != drawn
    content = table_content(
        lang, game, view, await _answered_for(bot, game), await _standing_lines(bot, game, lang)
    )
    over = game.outcome() is not None or game.row.status not in ("running", "paused")
    buttons = None if over else table_view(lang, game)
    channel = bot.get_partial_messageable(thread_id)
    old = game.row.table_message_id
    if not new_message and old is not None:
        try:
            current = channel.get_partial_message(old)
            files = [await table_file(bot, view, lang, drawn)] if redraw else None

            async def edit() -> None:
                if files is not None:
                    for file in files:
                        file.reset()
                    await current.edit(content=content, attachments=files, view=buttons)
                else:
                    await current.edit(content=content, view=buttons)

            await in_thread(bot, thread_id, edit)
            if files is not None:
                bot.drawn[game.row.id] = drawn
            return True
        except discord.HTTPException:
            log.warning("could not edit table message %s of game %s", old, game.row.id)
    kwargs: dict[str, Any] = {"content": content, "file": await table_file(bot, view, lang, drawn)}
    if buttons is not None:
        kwargs["view"] = buttons
    try:
        message = await channel.send(**kwargs)
    except discord.HTTPException as exc:
        # The game is saved whatever Discord says (a permission removed, a locked thread);
        # the next post brings the table up to date, and /board shows it meanwhile.
        log.warning(
            "could not post the table of game %s in thread %s: %s", game.row.id, thread_id, exc
        )
        return False
    # One transaction: the post is the game's table message, and remembered so that an undo
    # can mark the posts that show a move it takes back.
    async with bot.store.atomic():
        await bot.store.update_game(game.row.id, table_message_id=message.id)
        await remember_post(bot.store, game.row.id, message.id, game.seq)
        if settles:
            await bot.store.announced(game.row.id, game.seq)
    bot.drawn[game.row.id] = drawn
    # Only the newest post keeps buttons: the thread does not fill with live old ones.
    if old is not None and old != message.id:
        await _strip(bot, thread_id, old, game.row.id)
    await _strip_ping(bot, game)
    return True


async def _strip(bot: TableBot, channel_id: int, message_id: int, game_id: int) -> None:
    """Take the buttons off an older message of the game (a refusal is only logged: they
    still work, they are only clutter)."""
    try:
        await (
            bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
        )
    except discord.HTTPException as exc:
        log.info(
            "could not take the buttons off message %s of game %s: %s", message_id, game_id, exc
        )


async def _strip_ping(bot: TableBot, game: Loaded) -> None:
    """The Act button of the game's last mention goes too (this process remembers it)."""
    pinged = bot.pinged.pop(game.row.id, None)
    if pinged is not None and game.row.thread_id is not None:
        await _strip(bot, game.row.thread_id, pinged, game.row.id)


async def _answered_for(bot: TableBot, game: Loaded) -> frozenset[int]:
    """The seats whose decisions the host answers at once (standing answers): no mention."""
    if not isinstance(game.engine, HasStanding) or game.row.status != "running":
        return frozenset()
    return standing.answered_for(game, await bot.store.game_settings(game.row.id))


async def _standing_lines(bot: TableBot, game: Loaded, lang: str) -> list[str]:
    """Which of the latest moves were standing answers the host gave (the ``standing`` notes
    among the last :data:`RECENT_LINES` log entries), as ``/log`` says it."""
    if not isinstance(game.engine, HasStanding):
        return []
    rows = await bot.store.actions(game.row.id, after=max(0, game.seq - RECENT_LINES))
    lines = []
    for row in rows:
        verb, _, arg = row.text.partition(" ")
        if row.kind == "note" and verb == standing.NOTE:
            key, params = note_params(lang, verb, arg)
            lines.append(locales.t(lang, key, who="", **params))
    return lines


async def announce(bot: TableBot, game_id: int) -> bool:
    """Deliver the game's pending announcement, if any: open its thread when a start was
    interrupted before, then post or edit the table as the game is now. Returns False when
    something is still pending (Discord refused; ``discordui.outbox`` retries)."""
    async with bot.announcing(game_id):
        # Changes recorded while a post was under way are delivered by the next round.
        for _ in range(_ROUNDS):
            game = await bot.service.load(game_id)
            if game.row.announce is None:
                return True
            if game.row.thread_id is None and not await open_thread(bot, game):
                return False
            if game.state is None:  # nothing to show (a start with no snapshot)
                await bot.store.announced(game_id, game.seq)
                return True
            new = game.row.announce
            redraw = new or await image_policy(bot.store, game_id) == "every"
            # A new post mentions whoever must act itself: unless the game's status changed
            # since it was last shown (finish_up), it is the whole announcement, cleared in
            # the transaction that records the post (a commit, and its fsync, less a turn).
            settles = new and bot.shown_status.get(game_id) == game.row.status
            if not await post_table(bot, game, new_message=new, redraw=redraw, settles=settles):
                return False
            if settles:
                continue
            if not new and not await ping(bot, game):
                return False
            if bot.shown_status.get(game_id) != game.row.status:
                await finish_up(bot, game)
            await bot.store.announced(game_id, game.seq)
    return False


async def ping(bot: TableBot, game: Loaded) -> bool:
    """Mention the seats of ``GameRow.ping`` that the game still waits for, with what they
    must decide; False when Discord refused (the outbox tries again)."""
    thread_id = game.row.thread_id
    if game.row.status != "running":
        return True  # nobody is waited for in a paused or ended game
    # A bot seat answers by itself, and so does the host a standing answer: nobody to tell.
    answered = await _answered_for(bot, game)
    prompts = [
        p
        for p in game.pending()
        if p.must
        and p.seat in game.row.ping
        and not is_bot(game.user_of(p.seat))
        and p.seat not in answered
    ]
    if thread_id is None or not prompts:
        return True
    lang = await bot.public_lang(game.row.guild_id)
    mention = mention_of(game)
    lines = [
        "🔔 "
        + locales.t(
            lang,
            "play.your_decision",
            who=mention(p.seat),
            what=text.prompt_what(lang, game.row.game, p),
        )
        for p in prompts
    ]
    try:
        message = await bot.get_partial_messageable(thread_id).send(
            "\n".join(lines)[:2000], view=act_view(lang, game)
        )
    except discord.HTTPException as exc:
        log.warning("could not ping in the thread of game %s: %s", game.row.id, exc)
        return False
    await _strip_ping(bot, game)
    bot.pinged[game.row.id] = message.id
    return True


async def finish_up(bot: TableBot, game: Loaded) -> None:
    """When a game's status changed (paused, running again, finished, ended): its lobby
    message says so (with the result), and a finished game's result is posted, once, with
    its last picture, in the channel it was opened in."""
    try:
        await refresh_lobby(bot, game, None)
        bot.shown_status[game.row.id] = game.row.status
    except discord.HTTPException as exc:
        log.info("could not update the lobby message of game %s: %s", game.row.id, exc)
    outcome = game.outcome()
    if outcome is None or game.state is None:
        return
    if (await bot.store.game_settings(game.row.id)).get(RESULT_POSTED):
        return
    lang = await bot.public_lang(game.row.guild_id)
    title = text.game_title(lang, game.row.game, game.row.id)
    lines = ["🏁 " + locales.t(lang, "play.result_post", game=title)]
    lines += text.outcome_lines(lang, game.row.game, outcome, game.handles, mention_of(game))
    if game.row.thread_id is not None:
        lines.append(f"<#{game.row.thread_id}>")
    view = game.engine.view(game.state, None)
    channel = bot.get_partial_messageable(game.row.channel_id, guild_id=game.row.guild_id)
    try:
        post = await channel.send("\n".join(lines)[:2000], file=await table_file(bot, view, lang))
    except discord.HTTPException as exc:
        log.warning("could not post the result of game %s: %s", game.row.id, exc)
        return
    await bot.store.set_game_setting(game.row.id, RESULT_POSTED, True)
    if bot.config.replay_on_result:
        # Seconds of drawing: the result (and the last move's confirmation) never wait for it.
        attach_replay_later(bot, post, game, lang)


#: The game setting that records that the result was posted in the game's channel.
RESULT_POSTED = "result_posted"

#: Deliveries in a row before :func:`announce` leaves the rest to the outbox's next round.
_ROUNDS = 5


async def open_thread(bot: TableBot, game: Loaded) -> bool:
    """Open a started game's thread (private with its people for an invite-only game) and
    keep it on the game; False when Discord refused."""
    row = game.row
    lang = await bot.public_lang(row.guild_id)
    name = text.game_title(lang, row.game, row.id)[:100]
    try:
        private = await is_invite_only(bot.store, row.id)
        post = None if private else await _lobby_post(bot, game)
        if private:
            members = await bot.lobbies.thread_members(game)
            thread_id = (await open_private_thread(bot, row, name, members)).id
        elif post is not None:
            channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
            try:
                created = await channel.get_partial_message(post).create_thread(
                    name=name, auto_archive_duration=ARCHIVE_AFTER_MINUTES
                )
                thread_id = created.id
            except discord.HTTPException as exc:
                if exc.code != THREAD_EXISTS:
                    raise
                # Opened before a crash kept us from noting it: a message's thread has its id.
                thread_id = post
        else:
            parent = await bot.fetch_channel(row.channel_id)
            if not isinstance(parent, discord.TextChannel):
                log.warning("game %s: channel %s takes no threads", row.id, row.channel_id)
                return False
            thread_id = await open_public_thread(bot, parent.id, name)
    except discord.HTTPException as exc:
        log.warning("could not open the thread of game %s: %s", row.id, exc)
        return False
    game.row = await bot.store.update_game(row.id, thread_id=thread_id)
    return True


#: Discord's error code for a second thread on one message.
THREAD_EXISTS = 160004


async def _lobby_post(bot: TableBot, game: Loaded) -> int | None:
    """The lobby post the thread hangs from (found again if its id was never stored), or
    None: a game whose post cannot be found gets a thread of its own."""
    try:
        return await lobby_post(bot, game)
    except discord.HTTPException as exc:
        log.info("game %s: no lobby post to open the thread on: %s", game.row.id, exc)
        return None


async def publish_result(bot: TableBot, result: ActResult) -> None:
    """After an accepted action: what it recorded to announce (a new message when the prompt
    moved, else an edit)."""
    await bot.announce(result.game.row.id)
