"""Buttons and menus that survive restarts (``discord.ui.DynamicItem``).

Every custom id carries what its callback needs, so nothing lives in memory:

- ``t:<game>:<seq>:<act|hand|board>`` on the public table message;
- ``c:<game>:<since>:<tokens>`` one step of the private action picker (``!`` at the end
  submits), ``c:<game>:<since>:<page>:<tokens>`` a page of its select menu beyond the first;
- ``s:<game>:<since>:<tokens>`` the same as a select menu, the token being the chosen value;
- ``p:<game>:<since>:<id>`` a picker step whose tokens the store keeps (``discordui.paths``: a
  ``c:`` id would pass Discord's 100 characters), and ``q:<game>:<since>`` a select menu whose
  values are such ids;
- ``l:<game>:<join|leave|addbot|start|cancel>`` and ``o:<game>:<option>`` on a lobby message;
- ``r:<game>:<seq>`` confirms a resignation, ``r:<game>:<seq>:no`` dismisses the question;
- ``a:<game>:<since>:<key>`` answers the picker's prompt with a standing answer and switches it
  on for the game ("Always: ..."), ``x:<game>:<key>:<on|off>`` switches one on or off
  (``/settings``).

Any number of choices is reachable: up to :data:`MAX_BUTTONS` are buttons, more are a select
menu of 25 options a page with Previous and Next.

A ``seq`` older than the game's current one means the message is outdated: the press is
answered and never applied. A picker carries its seat's ``since`` instead
(:func:`discordui.paths.stamp`): the seq from which that seat's decisions are what they are, so
that another player answering a simultaneous prompt leaves it working.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

import locales
from discordui.access import game_here
from discordui.actions import (
    ROW_BUTTONS,
    Option,
    Picker,
    as_buttons,
    bot_of,
    chosen_at,
    menu_fits,
    picker_content,
    picker_for,
    send_board,
    send_hand,
)
from discordui.autoplay import bot_seats_of
from discordui.client import TableBot
from discordui.confirmations import confirm
from discordui.i18n import user_lang
from discordui.items import ID, GameItem, selected_value
from discordui.paths import PAGE_DIGITS, Route, keep, kept_route, stamp
from discordui.replies import APPLIED, refusal, reply, send_error
from discordui.restores import publish_restore
from discordui.tables import mention_of
from host import standing, text
from host.errors import UserError
from host.service import Loaded
from host.since import since_last_move
from rules.core import Choice, IllegalAction, Prompt, Standing

#: Options in one select menu (Discord's limit); more choices are paged.
PAGE_SIZE = 25
#: Page numbers in a ``c:`` custom id.
PAGE = rf"[0-9]{{1,{PAGE_DIGITS}}}"


_TABLE_BUTTONS = (
    ("act", "▶️", discord.ButtonStyle.primary),
    ("hand", "🃏", discord.ButtonStyle.secondary),
    ("board", "🗺️", discord.ButtonStyle.secondary),
)


def table_view(lang: str, game: Loaded) -> discord.ui.View:
    """Act / My hand / Table buttons under a public table post."""
    return _table_buttons(lang, game, _TABLE_BUTTONS)


def act_view(lang: str, game: Loaded) -> discord.ui.View:
    """The Act button alone, under a mention of a nested decision: the table post with all
    of them may be far up the thread by then."""
    return _table_buttons(lang, game, _TABLE_BUTTONS[:1])


def _table_buttons(
    lang: str, game: Loaded, buttons: tuple[tuple[str, str, discord.ButtonStyle], ...]
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what, emoji, style in buttons:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, f"button.{what}"), emoji=emoji, style=style
        )
        view.add_item(TableButton(game.row.id, game.seq, what, button))
    return view


class TableButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"t:(?P<game>{ID}):(?P<seq>{ID}):(?P<what>act|hand|board)",
):
    """Public buttons: open the picker, show my hand, show the table."""

    def __init__(
        self, game_id: int, seq: int, what: str, item: discord.ui.Button[Any] | None = None
    ) -> None:
        item = item or discord.ui.Button(label=what)
        item.custom_id = f"t:{game_id}:{seq}:{what}"
        super().__init__(item)
        self.game_id, self.seq, self.what = game_id, seq, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["game"]), int(match["seq"]), match["what"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        if self.what == "hand":
            await send_hand(interaction, self.game_id)
        elif self.what == "board":
            await send_board(interaction, self.game_id)
        else:
            await open_picker(interaction, self.game_id)


def _named(game: Loaded, prompts: Sequence[Prompt]) -> list[str]:
    """The seats ``prompts`` ask, each once, in the order they are asked (mentions)."""
    mention = mention_of(game)
    return list(dict.fromkeys(mention(p.seat) for p in prompts))


async def open_picker(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Answer with the first step of the action picker for this user."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    try:
        picker = picker_for(game, interaction.user.id, [], bot.choices)
    except UserError as exc:
        if exc.code == "not_your_turn":
            # Each seat once, however many of its decisions wait (in the order they wait).
            mention = _named(game, game.pending())
            await reply(
                interaction, "ℹ️ " + locales.t(lang, "error.not_your_turn_wait", waiting=mention)
            )
            return
        raise
    view = await kept_picker_view(bot, interaction.user.id, lang, picker)
    # It opens with what the others did since the player's last move (host.since).
    since = await since_last_move(bot.service, game, picker.seat, lang)
    content = picker_content(lang, picker, since)
    if line := await standing_line(bot, lang, picker, interaction.user.id):
        content += "\n" + line
    await interaction.response.send_message(text.clip(content), view=view, ephemeral=True)


@dataclass
class PickerLayout:
    """What one picker message links to, before labels: option buttons, or one page of a
    select menu with Previous/Next, then Done and Back."""

    buttons: list[tuple[Route, Option]] = field(default_factory=list)
    #: Options that are menus of the moves they lead to: the option, its route (the menu's
    #: base) and each move's route, in the step itself (``Picker.menus``).
    menus: list[tuple[Option, Route, list[tuple[Route, Option]]]] = field(default_factory=list)
    menu: list[tuple[Route, Option]] = field(default_factory=list)  # the page shown
    menu_base: Route | None = None
    page: int = 0
    pages: int = 1
    previous: Route | None = None
    next: Route | None = None
    done: Route | None = None
    back: Route | None = None

    def menu_inline(self, game_id: int, seq: int) -> bool:
        """Whether the select menu fits an ``s:`` id with each option's tokens as its value."""
        assert self.menu_base is not None
        return menu_fits(game_id, seq, self.menu_base.parts, [o.value for _, o in self.menu])

    def to_keep(self, game_id: int, seq: int) -> list[Route]:
        """The routes too long to travel in their component: the store must keep them."""
        linked = [r for r, _ in self.buttons]
        linked += [r for r in (self.previous, self.next, self.done, self.back) if r is not None]
        long = [r for r in linked if r.inline_id(game_id, seq) is None]
        if self.menu and not self.menu_inline(game_id, seq):
            long += [r for r, _ in self.menu]
        return long


def picker_layout(picker: Picker, page: int = 0) -> PickerLayout:
    """The picker's components at ``page`` (clamped to the pages there are)."""
    parts = tuple(picker.path)
    layout = PickerLayout()
    options = picker.options
    if as_buttons(picker):
        for head, leaves in picker.menus:
            base = Route((*parts, *head.tokens))
            routes = [(Route((*base.parts, *o.tokens), o.send), o) for o in leaves]
            layout.menus.append((head, base, routes))
        layout.buttons = [(Route((*parts, *o.tokens), o.send), o) for o in picker.buttons]
    else:
        layout.pages = -(-len(options) // PAGE_SIZE)
        layout.page = page = min(max(page, 0), layout.pages - 1)
        shown = options[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
        layout.menu = [(Route((*parts, *o.tokens), o.send), o) for o in shown]
        layout.menu_base = Route(parts)
        if layout.pages > 1:
            # A disabled button at either end: the buttons stay where the thumb expects them.
            layout.previous = Route(parts, page=max(page - 1, 0))
            layout.next = Route(parts, page=min(page + 1, layout.pages - 1))
    if picker.complete and options:
        layout.done = Route(parts, submit=True)
    chosen = chosen_at(picker)
    if chosen:
        # Back undoes the last choice the player made, with the steps taken for them after it.
        layout.back = Route(parts[: chosen[-1]])
    return layout


async def kept_picker_view(
    bot: TableBot, user_id: int, lang: str, picker: Picker, page: int = 0
) -> discord.ui.View:
    """:func:`picker_view`, with the routes too long for their custom ids stored first."""
    game = picker.game
    long = picker_layout(picker, page).to_keep(game.row.id, game.since_of(picker.seat))
    kept = await keep(bot.store, game, user_id, long) if long else {}
    view = picker_view(lang, picker, page, kept)
    offered = [] if chosen_at(picker) else standing.offered(game, picker.seat)
    if offered:
        # Before the player chose anything: "Always: ..." for each standing answer the
        # prompt has that is not on yet (it answers now and from then on).
        on = await standing.switched_on(bot.store, game.row.id, user_id)
        for _, answer in offered:
            if answer.key not in on:
                view.add_item(standing_button(lang, game, picker.seat, answer))
    return view


def standing_button(lang: str, game: Loaded, seat: int, answer: Standing) -> StandingButton:
    """The picker's "Always: <answer>" button (last row, beside Done and Back)."""
    label = locales.t(lang, "standing.always", answer=locales.t(lang, answer.label))
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=text.clip(label, 80), emoji="🔁", style=discord.ButtonStyle.secondary, row=4
    )
    return StandingButton(game.row.id, game.since_of(seat), answer.key, button)


async def standing_line(bot: TableBot, lang: str, picker: Picker, user_id: int) -> str:
    """The picker's line naming the standing answers on for its prompts (else empty)."""
    game = picker.game
    offered = standing.offered(game, picker.seat)
    if not offered:
        return ""
    on = await standing.switched_on(bot.store, game.row.id, user_id)
    labels = [locales.t(lang, a.label) for _, a in offered if a.key in on]
    return locales.t(lang, "standing.on", answers=labels) if labels else ""


def picker_view(
    lang: str, picker: Picker, page: int = 0, kept: Mapping[Route, int] | None = None
) -> discord.ui.View:
    """Choice buttons (or one page of a select menu when there are many), then Done/Back.

    ``kept`` holds the store's id of every route that ``PickerLayout.to_keep`` names.
    """
    view = discord.ui.View(timeout=None)
    game_id, seq = picker.game.row.id, picker.game.since_of(picker.seat)
    layout = picker_layout(picker, page)
    kept = kept or {}

    def button(route: Route, item: discord.ui.Button[Any]) -> None:
        if route.inline_id(game_id, seq) is not None:
            view.add_item(ChoiceButton(game_id, seq, route, item))
        else:
            view.add_item(KeptButton(game_id, seq, kept[route], item))

    game = picker.game.row.game
    for row, (head, base, routes) in enumerate(layout.menus):
        # A menu per option that leads to several moves, each row its own, above the buttons.
        menu_item: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=text.clip(head.label(lang) + " …", 150),
            options=[
                discord.SelectOption(
                    label=text.clip(option.label(lang), 100),
                    value=option.value,
                    description=_about(lang, game, option, head),
                )
                for _, option in routes
            ],
            row=row,
        )
        view.add_item(ChoiceSelect(game_id, seq, base.path, menu_item))
    first_row = len(layout.menus)
    for i, (route, option) in enumerate(layout.buttons):
        button(
            route,
            discord.ui.Button(
                label=text.clip(option.label(lang), 80),
                style=discord.ButtonStyle.primary
                if option.final
                else discord.ButtonStyle.secondary,
                row=first_row + i // ROW_BUTTONS if layout.menus else None,
            ),
        )
    if layout.menu:
        placeholder = locales.t(lang, "play.pick_next")
        if layout.pages > 1:
            where = {"page": layout.page + 1, "pages": layout.pages}
            placeholder = locales.t(lang, "play.pick_next_page", **where)
        inline = layout.menu_inline(game_id, seq)
        options = [
            discord.SelectOption(
                label=text.clip(option.label(lang), 100),
                value=option.value if inline else str(kept[route]),
                # What it does, from the rules help (Discord shows 100 characters under it).
                description=text.short(about, 100)
                if (helped := option.helped(game))
                and (about := text.choice_help(lang, game, helped))
                else None,
            )
            for route, option in layout.menu
        ]
        menu: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=text.clip(placeholder, 150), options=options
        )
        assert layout.menu_base is not None
        if inline:
            view.add_item(ChoiceSelect(game_id, seq, layout.menu_base.path, menu))
        else:
            view.add_item(KeptSelect(game_id, seq, menu))
    for nav, key, end in (
        (layout.previous, "button.previous", 0),
        (layout.next, "button.next", layout.pages - 1),
    ):
        if nav is not None:
            label = locales.t(lang, key)
            style = discord.ButtonStyle.secondary
            button(
                nav, discord.ui.Button(label=label, style=style, row=1, disabled=layout.page == end)
            )
    if layout.done is not None:
        done = locales.t(lang, "button.done")
        button(layout.done, discord.ui.Button(label=done, style=discord.ButtonStyle.success, row=4))
    if layout.back is not None:
        back = locales.t(lang, "button.back")
        button(layout.back, discord.ui.Button(label=back, style=discord.ButtonStyle.danger, row=4))
    return view


def _about(lang: str, game: str, option: Option, head: Option) -> str | None:
    """A menu option's description: what it does, from the rules help of its own choices or
    else of the option the menu is for (Discord shows 100 characters under it)."""
    helped = option.helped(game) or head.helped(game)
    about = text.choice_help(lang, game, helped) if helped is not None else None
    return text.short(about, 100) if about else None


async def _step(
    interaction: discord.Interaction[Any], game_id: int, seq: int, route: Route | None
) -> None:
    """Advance the picker to ``route``: submit when complete, else show the next choices.

    ``seq`` is the stamp the picker carries (:func:`discordui.paths.stamp`); ``route`` is None
    for a kept route that is not this user's for the game at that stamp.
    """
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    if route is None or seq != stamp(game, interaction.user.id):
        await interaction.response.edit_message(
            content="⌛ " + locales.t(lang, "error.stale"), view=None
        )
        return
    parts = list(route.parts)
    try:
        picker = picker_for(game, interaction.user.id, parts, bot.choices)
    except UserError as exc:
        await send_error(interaction, exc)
        return
    # Done sends the path as it was built; a path the picker carried on by itself (steps of
    # one choice) is sent once nothing can follow it.
    if route.submit and parts:
        last = next((c for c in picker.choices_after(parts[:-1]) if c.token == parts[-1]), None)
        sent = parts if last is not None and last.complete else None
    else:
        sent = picker.path if picker.complete and not picker.choices else None
    asked = _asked(picker, sent) if sent is not None and not route.submit else None
    if asked is not None:
        # Once, before a move that gives something up: the same choice again sends it.
        content, view = await _question(bot, interaction.user.id, lang, picker, asked, sent or [])
        await interaction.response.edit_message(content=content, view=view)
        return
    if sent is not None:
        label = picker.label(lang, sent)
        await interaction.response.edit_message(
            content="⏳ " + locales.t(lang, "play.submitting", action=label), view=None
        )
        await submit(interaction, game_id, " ".join(sent), expected_since=seq)
        return
    view = await kept_picker_view(bot, interaction.user.id, lang, picker, route.page)
    await interaction.response.edit_message(content=picker_content(lang, picker), view=view)


def _asked(picker: Picker, sent: list[str]) -> Choice | None:
    """The choice ending ``sent`` when it asks the player first (``Choice.ask``)."""
    last = next((c for c in picker.choices_after(sent[:-1]) if c.token == sent[-1]), None)
    return last if last is not None and last.ask else None


async def _question(
    bot: TableBot, user_id: int, lang: str, picker: Picker, choice: Choice, sent: list[str]
) -> tuple[str, discord.ui.View]:
    """The question a choice asks before it is sent, with the choice again (it sends) and
    Back (to the step it was chosen at)."""
    game = picker.game
    game_id, seq = game.row.id, game.since_of(picker.seat)
    yes, back = Route(tuple(sent), submit=True), Route(tuple(sent[:-1]))
    long = [r for r in (yes, back) if r.inline_id(game_id, seq) is None]
    kept = await keep(bot.store, game, user_id, long) if long else {}
    view = discord.ui.View(timeout=None)
    for route, label, style in (
        (yes, text.choice_label(lang, choice), discord.ButtonStyle.danger),
        (back, locales.t(lang, "button.back"), discord.ButtonStyle.secondary),
    ):
        item: discord.ui.Button[Any] = discord.ui.Button(label=text.clip(label, 80), style=style)
        if route in kept:
            view.add_item(KeptButton(game_id, seq, kept[route], item))
        else:
            view.add_item(ChoiceButton(game_id, seq, route, item))
    return "⚠️ " + text.choice_question(lang, choice), view


async def submit(
    interaction: discord.Interaction[Any],
    game_id: int,
    action: str,
    *,
    expected_since: int | None = None,
    note: str | None = None,
    told: str = "",
) -> None:
    """Apply ``action`` for the interacting user, post publicly, then answer them privately
    in the same message: the move done, what only they learned, an Undo button where
    ``/undo`` would take it back, and the next step of the picker while they still have a
    decision to make (a turn of several actions flows on in one message).

    ``expected_since``: the stamp of the picker the action comes from (refused as stale once
    the user's decisions moved on); ``note``: the log note before the move (a standing
    answer's), ``told`` a line under the confirmation. The interaction must already be
    deferred or answered (rendering is slow).
    """
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    label = await _label_now(interaction, game_id, lang, action.split())
    try:
        result = await bot.service.act(
            game_id, interaction.user.id, action, expected_since=expected_since, note=note
        )
    except IllegalAction as exc:
        game = await bot.service.load(game_id)
        await _answer(interaction, refusal(lang, exc, game.row.game), None)
        return
    except UserError as exc:
        await _answer(interaction, refusal(lang, exc), None)
        return
    interaction.extras[APPLIED] = True
    # Public post first: once the player sees the confirmation, the table is up to date
    # (unless Discord holds the post back: then the answer goes first).
    await bot.announce_soon(result.game.row.id)
    lines = ["✅ " + locales.t(lang, "play.done", action=label)]
    lines += text.private_lines(lang, result.events, result.seat)
    if told:
        lines.append(told)
    content, view = await _next_step(bot, interaction.user.id, lang, result.game)
    if not result.revealed and not result.finished:
        view = view or discord.ui.View(timeout=None)
        undo: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, "button.undo"),
            emoji="↩️",
            style=discord.ButtonStyle.secondary,
            row=4,
        )
        view.add_item(UndoButton(game_id, result.game.seq, undo))
    if content:
        lines += ["", content]
    answer = "\n".join(lines)
    await confirm(bot, interaction, lambda: _answer(interaction, answer, view))


async def _next_step(
    bot: TableBot, user_id: int, lang: str, game: Loaded
) -> tuple[str, discord.ui.View | None]:
    """The picker's first step for the user's next decision, if they must make one now; else
    who the game waits for, and a button to what the user may still do (a Clash trade), which
    is offered, never opened for them."""
    seat = game.seat_of(user_id)
    prompts = [p for p in game.pending() if p.seat == seat]
    if any(p.must for p in prompts):
        try:
            picker = picker_for(game, user_id, [], bot.choices)
        except UserError:
            return "", None
        return picker_content(lang, picker), await kept_picker_view(bot, user_id, lang, picker)
    waiting = _named(game, [p for p in game.pending() if p.must])
    if seat is None or not waiting:
        return "", None
    content = locales.t(lang, "play.nothing_waits", waiting=waiting)
    if not prompts:
        return content, None
    first = bot.choices.choices(game.row.id, game.seq, game.engine, game.state, seat, [])
    if not first:
        return content, None
    label = text.choice_label(lang, first[0]) if len(first) == 1 else None
    view = discord.ui.View(timeout=None)
    item: discord.ui.Button[Any] = discord.ui.Button(
        label=text.clip(label or locales.t(lang, "play.other_choices"), 80),
        style=discord.ButtonStyle.secondary,
    )
    view.add_item(ChoiceButton(game.row.id, game.since_of(seat), Route(()), item))
    return content, view


async def _answer(
    interaction: discord.Interaction[Any], content: str, view: discord.ui.View | None
) -> None:
    """The private answer: in the picker's own message when a picker step led here (its
    "Sending" line is replaced), else as the command's answer."""
    content = text.clip(content)
    if interaction.response.type is discord.InteractionResponseType.message_update:
        await interaction.edit_original_response(content=content, view=view)
    elif view is None:
        await reply(interaction, content)
    else:
        await reply(interaction, content, view=view)


async def _label_now(
    interaction: discord.Interaction[Any], game_id: int, lang: str, parts: list[str]
) -> str:
    """The readable action, labelled against the state it is about to be applied to (and the
    game checked to be this server's before anything is applied)."""
    game = await game_here(bot_of(interaction), interaction, game_id)
    seat = game.seat_of(interaction.user.id)
    if seat is None or game.state is None:
        return " ".join(parts)
    return text.action_label(lang, game.engine, game.state, seat, parts)


class UndoButton(GameItem[discord.ui.Button[Any]], template=rf"u:(?P<game>{ID}):(?P<seq>{ID})"):
    """Takes back the move just confirmed, as ``/undo`` does (refused the same way once
    someone else acted or something hidden was shown); the picker opens again."""

    def __init__(self, game_id: int, seq: int, item: discord.ui.Button[Any] | None = None) -> None:
        item = item or discord.ui.Button(label="undo")
        item.custom_id = f"u:{game_id}:{seq}"
        super().__init__(item)
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["seq"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        game = await game_here(bot, interaction, self.game_id)
        if game.seq != self.seq:
            await interaction.response.edit_message(
                content="⌛ " + locales.t(lang, "error.stale"), view=None
            )
            return
        # Taking a move back is quick (no picture): the answer comes first, the thread after.
        try:
            restored = await bot.service.undo(self.game_id, interaction.user.id)
        except UserError as exc:
            await interaction.response.edit_message(
                content=refusal(lang, exc),
                view=None,
            )
            return
        content, view = await _next_step(bot, interaction.user.id, lang, restored)
        lines = ["↩️ " + locales.t(lang, "play.undone")]
        if told := await undone_standing_line(bot, lang, restored):
            lines.append(told)
        if content:
            lines += ["", content]
        await interaction.response.edit_message(content=text.clip("\n".join(lines)), view=view)
        await publish_restore(bot, restored, "play.undone_public", who=interaction.user.mention)


class ChoiceButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"c:(?P<game>{ID}):(?P<seq>{ID}):(?:(?P<page>{PAGE}):)?(?P<path>[^:]*)",
):
    """One step of the private action picker (or a page of its select menu)."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        route: Route,
        item: discord.ui.Button[Any] | None = None,
        custom_id: str | None = None,
    ) -> None:
        """``custom_id``: the one pressed (else the route's own, which must fit)."""
        custom_id = custom_id or route.inline_id(game_id, seq)
        if custom_id is None:
            raise ValueError("a route too long for a custom id is kept (KeptButton)")
        item = item or discord.ui.Button(label="…")
        item.custom_id = custom_id
        super().__init__(item)
        self.game_id, self.seq, self.route = game_id, seq, route

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        route = Route.of(match["path"], int(match["page"] or 0))
        return cls(int(match["game"]), int(match["seq"]), route, custom_id=match[0])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await _step(interaction, self.game_id, self.seq, self.route)


class ChoiceSelect(
    GameItem[discord.ui.Select[Any]],
    template=rf"s:(?P<game>{ID}):(?P<seq>{ID}):(?P<path>[^:]*)",
):
    """The picker step as a select menu (when there are too many choices for buttons)."""

    def __init__(
        self, game_id: int, seq: int, path: str, item: discord.ui.Select[Any] | None = None
    ) -> None:
        item = item or discord.ui.Select(options=[discord.SelectOption(label="…")])
        item.custom_id = f"s:{game_id}:{seq}:{path}"
        super().__init__(item)
        self.game_id, self.seq, self.path = game_id, seq, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["seq"]), match["path"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        chosen = selected_value(interaction).split()
        # A value is the option's tokens (the picker checks them against the choices).
        route = Route.of(" ".join((*self.path.split(), *chosen))) if chosen else None
        await _step(interaction, self.game_id, self.seq, route)


class KeptButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"p:(?P<game>{ID}):(?P<seq>{ID}):(?P<id>{ID})",
):
    """A picker step whose route the store keeps (too long for a ``c:`` custom id)."""

    def __init__(
        self, game_id: int, seq: int, path_id: int, item: discord.ui.Button[Any] | None = None
    ) -> None:
        item = item or discord.ui.Button(label="…")
        item.custom_id = f"p:{game_id}:{seq}:{path_id}"
        super().__init__(item)
        self.game_id, self.seq, self.path_id = game_id, seq, path_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> KeptButton:
        return cls(int(match["game"]), int(match["seq"]), int(match["id"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        store = bot_of(interaction).store
        user_id = interaction.user.id
        route = await kept_route(store, self.game_id, self.seq, user_id, str(self.path_id))
        await _step(interaction, self.game_id, self.seq, route)


class KeptSelect(GameItem[discord.ui.Select[Any]], template=rf"q:(?P<game>{ID}):(?P<seq>{ID})"):
    """A picker select menu whose values are the ids of kept routes (its path, or one of its
    tokens, is too long for an ``s:`` menu)."""

    def __init__(self, game_id: int, seq: int, item: discord.ui.Select[Any] | None = None) -> None:
        item = item or discord.ui.Select(options=[discord.SelectOption(label="…")])
        item.custom_id = f"q:{game_id}:{seq}"
        super().__init__(item)
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> KeptSelect:
        return cls(int(match["game"]), int(match["seq"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        store = bot_of(interaction).store
        chosen = selected_value(interaction)
        route = await kept_route(store, self.game_id, self.seq, interaction.user.id, chosen)
        await _step(interaction, self.game_id, self.seq, route)


def resign_view(lang: str, game_id: int, seq: int) -> discord.ui.View:
    """The confirmation and Cancel buttons under ``/resign``'s question."""
    view = discord.ui.View(timeout=None)
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=locales.t(lang, "button.resign"), style=discord.ButtonStyle.danger
    )
    view.add_item(ResignButton(game_id, seq, button))
    cancel: discord.ui.Button[Any] = discord.ui.Button(
        label=locales.t(lang, "button.dismiss"), style=discord.ButtonStyle.secondary
    )
    view.add_item(ResignButton(game_id, seq, cancel, cancel=True))
    return view


class ResignButton(
    GameItem[discord.ui.Button[Any]], template=rf"r:(?P<game>{ID}):(?P<seq>{ID})(?P<no>:no)?"
):
    """Confirms ``/resign``, or (``cancel``) dismisses the question without resigning."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        item: discord.ui.Button[Any] | None = None,
        *,
        cancel: bool = False,
    ) -> None:
        item = item or discord.ui.Button(label="resign")
        item.custom_id = f"r:{game_id}:{seq}" + (":no" if cancel else "")
        super().__init__(item)
        self.game_id, self.seq, self.cancel = game_id, seq, cancel

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignButton:
        return cls(int(match["game"]), int(match["seq"]), cancel=match["no"] is not None)

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        if self.cancel:
            # The question is the asker's own ephemeral message: dismissing it changes nothing.
            await interaction.response.edit_message(
                content=locales.t(lang, "play.resign_cancelled"), view=None
            )
            return
        game = await game_here(bot, interaction, self.game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            await send_error(interaction, UserError("not_a_player"))
            return
        if game.seq != self.seq:
            # Asked before the game moved on: the player confirms again on the game as it is.
            await interaction.response.edit_message(
                content="⌛ " + locales.t(lang, "error.stale"), view=None
            )
            return
        await interaction.response.edit_message(
            content="⏳ " + locales.t(lang, "play.resigning"), view=None
        )
        try:
            result = await bot.service.resign(
                self.game_id, seat, interaction.user.id, expected_seq=self.seq
            )
        except UserError as exc:
            await send_error(interaction, exc)
            return
        await bot.announce_soon(result.game.row.id)
        await reply(interaction, "🏳️ " + locales.t(lang, "play.resigned"))


class StandingButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"a:(?P<game>{ID}):(?P<seq>{ID}):(?P<key>[a-z_]{{1,20}})",
):
    """ "Always: <answer>" in the picker: switches the standing answer on for this game and
    answers the prompt with it now, as the player's own move (the log notes it)."""

    def __init__(
        self, game_id: int, seq: int, key: str, item: discord.ui.Button[Any] | None = None
    ) -> None:
        item = item or discord.ui.Button(label=key)
        item.custom_id = f"a:{game_id}:{seq}:{key}"
        super().__init__(item)
        self.game_id, self.seq, self.key = game_id, seq, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StandingButton:
        return cls(int(match["game"]), int(match["seq"]), match["key"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        game = await game_here(bot, interaction, self.game_id)
        seat = game.seat_of(interaction.user.id)
        found = [] if seat is None else standing.offered(game, seat)
        pair = next(((p, a) for p, a in found if a.key == self.key), None)
        if seat is None or pair is None or self.seq != stamp(game, interaction.user.id):
            await interaction.response.edit_message(
                content="⌛ " + locales.t(lang, "error.stale"), view=None
            )
            return
        prompt, answer = pair
        label = locales.t(lang, answer.label)
        await interaction.response.edit_message(
            content="⏳ " + locales.t(lang, "play.submitting", action=label), view=None
        )
        await standing.switch(bot.store, self.game_id, interaction.user.id, self.key, on=True)
        note = standing.Due(seat, interaction.user.id, prompt, answer).note(game.handles[seat])
        told = locales.t(lang, "standing.switched_on", answer=label)
        await submit(
            interaction,
            self.game_id,
            answer.action,
            expected_since=self.seq,
            note=note,
            told=told,
        )


async def undone_standing_line(bot: TableBot, lang: str, game: Loaded) -> str:
    """After an undo: the line saying that the standing answer it took back is off now
    (``discordui.autoplay`` switched it off), else empty."""
    found = standing.undone(await bot.store.actions(game.row.id))
    if found is None:
        return ""
    answer = locales.t(lang, f"{game.row.game}.standing.{found[1]}")
    return "🔁 " + locales.t(lang, "standing.turned_off", answer=answer)


async def standing_settings(
    bot: TableBot, lang: str, game_id: int, user_id: int
) -> tuple[list[str], discord.ui.View | None]:
    """``/settings``' part for one game: the user's standing answers on there, with a button
    for each answer the game has, switching it off ("Turn off: ...") or on ("Always: ...")."""
    game = await bot.service.load(game_id)
    catalogue = standing.catalogue(game)
    on = [k for k in await standing.switched_on(bot.store, game_id, user_id) if k in catalogue]
    lines = [f"**{locales.t(lang, 'standing.title', game=game_id)}**"]
    lines += [locales.t(lang, "standing.line", answer=locales.t(lang, catalogue[k])) for k in on]
    if not on:
        lines.append(locales.t(lang, "standing.none", game=game_id))
    if not catalogue:
        return lines, None
    view = discord.ui.View(timeout=None)
    for key, label_key in list(catalogue.items())[:25]:
        label = locales.t(lang, label_key)
        switched = key in on
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=text.clip(
                locales.t(lang, "standing.off" if switched else "standing.always", answer=label),
                80,
            ),
            emoji=None if switched else "🔁",
            style=discord.ButtonStyle.secondary,
        )
        view.add_item(StandingSwitch(game_id, key, not switched, button))
    return lines, view


class StandingSwitch(
    GameItem[discord.ui.Button[Any]],
    template=rf"x:(?P<game>{ID}):(?P<key>[a-z_]{{1,20}}):(?P<what>on|off)",
):
    """Switches one of the user's standing answers in a game on or off (under
    ``/settings``); one switched on answers a decision already waiting too."""

    def __init__(
        self, game_id: int, key: str, on: bool, item: discord.ui.Button[Any] | None = None
    ) -> None:
        item = item or discord.ui.Button(label=key)
        item.custom_id = f"x:{game_id}:{key}:{'on' if on else 'off'}"
        super().__init__(item)
        self.game_id, self.key, self.on = game_id, key, on

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StandingSwitch:
        return cls(int(match["game"]), match["key"], match["what"] == "on")

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        game = await game_here(bot, interaction, self.game_id)
        user_id = interaction.user.id
        label_key = standing.catalogue(game).get(self.key)
        if label_key is None or game.seat_of(user_id) is None:
            await interaction.response.edit_message(
                content="⌛ " + locales.t(lang, "error.stale"), view=None
            )
            return
        await standing.switch(bot.store, self.game_id, user_id, self.key, on=self.on)
        if self.on:
            # A decision already waiting is answered now.
            players = bot_seats_of(bot)
            if players is not None:
                players.schedule(self.game_id)
        answer = locales.t(lang, label_key)
        done = "standing.switched_on" if self.on else "standing.turned_off"
        lines, view = await standing_settings(bot, lang, self.game_id, user_id)
        head = "✅ " + locales.t(lang, done, answer=answer)
        content = text.clip("\n".join([head, "", *lines]))
        await interaction.response.edit_message(content=content, view=view)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    UndoButton,
    ChoiceButton,
    ChoiceSelect,
    KeptButton,
    KeptSelect,
    ResignButton,
    StandingButton,
    StandingSwitch,
)
