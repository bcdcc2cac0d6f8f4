"""The play flow shared by /move, the action picker and the buttons: choose, submit, publish."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import discord
from discord import app_commands

import locales
from discordui.access import check_may_follow, game_here
from discordui.client import TableBot
from discordui.i18n import user_lang
from discordui.paths import SUBMIT, VALUE_MAX, Route, expand, fits, keep
from discordui.replies import reply
from discordui.tables import table_content, table_file
from host import text
from host.choices import ChoiceCache
from host.errors import UserError
from host.service import Loaded
from rules.core import Choice
from rules.views import SeatView

#: Buttons in a picker before it switches to a select menu (4 rows of 5; the 5th row navigates).
MAX_BUTTONS = 20
#: A step of several choices, none of them a move yet, is shown one level deeper ("Collect ·
#: Wood from C2", a tap saved) when that makes at most this many buttons: one phone screen.
DEEPER_MAX = 8
#: A whole move that may go on by at most this many extras (``Choice.extra``: "pay 1 Gold
#: instead of 1 Food") is offered beside them, each sent by its own tap: no step with Done.
EXTRAS_MAX = 3
#: Choices explained in lines under their buttons; a step with more that have help is a select
#: menu with the help under each option, so its first choice needs no scrolling on a phone.
HELPED_BUTTONS_MAX = 6
#: A choice that leads to at least this many moves (and at most a select menu's 25 options),
#: each a few steps away, is a menu of them in the step itself: Advance's advances, Activate
#: City's "D7 · Collect · Food from D7": one choice instead of a tap and a choice or two.
MENU_MIN = 3
MENU_MAX = 25
#: How many steps below its choice a menu's option may lie.
MENU_DEPTH = 3
#: Rows of components in a message (Discord's 5); the last holds Done, Back and "Always".
ROWS = 4
#: Buttons in a row (Discord's limit).
ROW_BUTTONS = 5
#: Suggestions Discord shows for one autocomplete (typing more narrows them).
MAX_SUGGESTIONS = 25


def bot_of(interaction: discord.Interaction[Any]) -> TableBot:
    """The bot, typed."""
    client = interaction.client
    assert isinstance(client, TableBot)
    return client


@dataclass(frozen=True)
class Option:
    """One button or menu option of a picker step: the choices it makes after the path.

    Usually one. A choice that is the only one after the one before it is made with it ("To C2
    · Settler": a step with nothing to choose costs no tap), and a small step of choices that
    are not moves yet shows what each leads to ("Collect · Wood from C2").
    """

    chain: tuple[Choice, ...]
    #: Its press sends the chain as it is, though more may follow it: a whole move whose ways
    #: to go on are options of their own beside it (:func:`_with_extras`).
    send: bool = False

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(c.token for c in self.chain)

    @property
    def value(self) -> str:
        """What a menu option carries: its tokens, and the mark that sends them if it sends."""
        return " ".join((*self.tokens, SUBMIT) if self.send else self.tokens)

    @property
    def final(self) -> bool:
        """Whether its press sends a move (no step of its own follows)."""
        return self.send or (self.last.complete and not self.last.more)

    @property
    def last(self) -> Choice:
        return self.chain[-1]

    def label(self, lang: str) -> str:
        return " · ".join(text.choice_label(lang, c) for c in self.chain)

    def helped(self, game: str) -> Choice | None:
        """The choice of the chain whose ``/rules`` help explains the option (the first that
        has one: "Collect" rather than the space it collects from). Every language has the
        default one's topics, so the layout is the same in all."""
        return next((c for c in self.chain if text.choice_help(locales.DEFAULT, game, c)), None)


@dataclass
class Picker:
    """What the action picker shows for one seat at one partial action."""

    game: Loaded
    seat: int
    path: list[str]
    choices: list[Choice]
    complete: bool  # path is itself a complete action (offer "Done")
    cache: ChoiceCache | None = None
    #: The buttons (or menu options) of the step: :func:`options_of` the choices.
    options: list[Option] = field(default_factory=list)
    #: Options shown as a menu of the moves they lead to (:func:`menus_of`), each with those.
    menus: list[tuple[Option, list[Option]]] = field(default_factory=list)

    @property
    def buttons(self) -> list[Option]:
        """The options that are buttons (all but the menus), in the engine's order."""
        heads = {m.tokens for m, _ in self.menus}
        return [o for o in self.options if o.tokens not in heads]

    def choices_after(self, prefix: Sequence[str]) -> list[Choice]:
        """The engine's choices for this seat after ``prefix`` (from the cache if given)."""
        game = self.game
        if self.cache is None:
            return game.engine.choices(game.state, self.seat, list(prefix))
        return self.cache.choices(game.row.id, game.seq, game.engine, game.state, self.seat, prefix)

    def label(self, lang: str, parts: Sequence[str]) -> str:
        """The readable form of ``parts`` for this seat."""
        game = self.game
        return text.action_label(
            lang, game.engine, game.state, self.seat, parts, choices=self.choices_after
        )


def picker_for(
    game: Loaded, user_id: int, path: list[str], cache: ChoiceCache | None = None
) -> Picker:
    """The choices after ``path`` for the seat ``user_id`` plays (``cache``: where to look
    the engine's choices up).

    Raises UserError when the user has no seat or nothing to decide now.
    """
    if game.row.status == "paused":
        raise UserError("game_paused")
    if game.state is None or game.row.status != "running":
        raise UserError("game_not_running")
    seat = game.seat_of(user_id)
    if seat is None:
        raise UserError("not_a_player")
    if all(p.seat != seat for p in game.pending()):
        raise UserError("not_your_turn")
    picker = Picker(game, seat, list(path), [], False, cache)
    while True:
        # One entry per token: select option values and custom ids must be unique on a message.
        picker.choices = list({c.token: c for c in picker.choices_after(picker.path)}.values())
        if picker.path:
            parent = picker.choices_after(picker.path[:-1])
            last = next((c for c in parent if c.token == picker.path[-1]), None)
            if last is None:
                raise UserError("stale")
            picker.complete = last.complete
        # A step with one choice that is not yet a move is taken without a tap (the picker
        # shows it as text); a whole move is never sent without one.
        only = picker.choices[0] if len(picker.choices) == 1 else None
        if only is None or only.complete:
            picker.options = options_of(picker)
            picker.menus = menus_of(picker)
            return picker
        picker.path.append(only.token)


def _unique(choices: Sequence[Choice]) -> list[Choice]:
    return list({c.token: c for c in choices}.values())


def options_of(picker: Picker) -> list[Option]:
    """The step's options: its choices, a small step of choices that are not moves yet shown
    one level deeper, and each carried on through the steps of a single choice after it
    (never past a whole move: a choice that completes one stays a tap of its own)."""
    choices = picker.choices
    options = [Option((c,)) for c in choices]
    if len(options) > MAX_BUTTONS:
        return options  # a select menu: each option names one choice
    if len(choices) > 1 and not any(c.complete for c in choices):
        after = [_unique(picker.choices_after([*picker.path, c.token])) for c in choices]
        deeper = [Option((c, g)) for c, gs in zip(choices, after, strict=True) for g in gs]
        if all(after) and len(deeper) <= DEEPER_MAX:
            carried = [_carried(picker, o) for o in deeper]
            # Only when that reaches whole moves: else each choice is better a menu of them.
            if all(o.last.complete for o in carried):
                return _with_extras(picker, picker.path, carried, DEEPER_MAX)
    return _with_extras(picker, picker.path, [_carried(picker, o) for o in options], DEEPER_MAX)


def _with_extras(
    picker: Picker, base: Sequence[str], options: list[Option], most: int
) -> list[Option]:
    """``options`` with each whole move that may go on only by a few extras (``Choice.extra``:
    a payment's ``gold``) sent by its own press and followed by those, when all fit in
    ``most``: the common case costs no Done, and the other ways are a tap each."""
    out: list[Option] = []
    for o in options:
        last = o.last
        if last.complete and last.more and not o.send:
            after = _unique(picker.choices_after([*base, *o.tokens]))
            if 0 < len(after) <= EXTRAS_MAX and all(c.complete and c.extra for c in after):
                out += [Option(o.chain, send=True), *(Option((*o.chain, c)) for c in after)]
                continue
        out.append(o)
    return out if len(out) <= most else options


def menus_of(picker: Picker) -> list[tuple[Option, list[Option]]]:
    """The options of a step of buttons that are menus of the moves they lead to (each the
    chain of choices after the option), as many as the message has rows for: an option
    leading to between :data:`MENU_MIN` and :data:`MENU_MAX` of them, none further than
    :data:`MENU_DEPTH` steps, at least one a whole move that cannot go on (a menu option may
    lead to a step of its own: a Collect of more than one resource goes on after its
    first)."""
    if not as_buttons(picker):
        return []
    game_id, seq = picker.game.row.id, picker.game.since_of(picker.seat)
    menus = []
    for option in picker.options:
        if option.last.complete:
            continue
        leaves = _leaves(picker, option)
        if leaves is None or len(leaves) < MENU_MIN:
            continue
        # Not for a wizard that goes on after every answer (a Clash trade offer): its first
        # step is no move of its own, and a menu of it would only hide the steps after.
        final = any(o.final for o in leaves)
        base = (*picker.path, *option.tokens)
        if final and menu_fits(game_id, seq, base, [o.value for o in leaves]):
            menus.append((option, leaves))
    while menus and len(menus) + -(-(len(picker.options) - len(menus)) // ROW_BUTTONS) > ROWS:
        menus.pop()
    return menus


def menu_fits(game_id: int, seq: int, base: Sequence[str], values: Sequence[str]) -> bool:
    """Whether a select menu after ``base`` fits an ``s:`` id with each option's
    :attr:`Option.value` as its value (a step has no room for two kept menus: a menu of the
    step that does not fit is a button instead)."""
    path = " ".join(base)
    inline = all(len(v) <= VALUE_MAX for v in values)
    return inline and fits(f"s:{game_id}:{seq}:{path}", path)


def _leaves(picker: Picker, head: Option) -> list[Option] | None:
    """The moves (or steps :data:`MENU_DEPTH` down) below ``head``; None beyond MENU_MAX."""
    found: list[Option] = []

    def walk(chain: tuple[Choice, ...]) -> bool:
        after = [*picker.path, *head.tokens, *(c.token for c in chain)]
        for choice in _unique(picker.choices_after(after)):
            below = (*chain, choice)
            if choice.complete or len(below) >= MENU_DEPTH:
                found.append(Option(below))
            elif not walk(below):
                return False
            if len(found) > MENU_MAX:
                return False
        return True

    if not walk(()):
        return None
    return _with_extras(picker, [*picker.path, *head.tokens], found, MENU_MAX)


def _carried(picker: Picker, option: Option) -> Option:
    while not option.last.complete:
        after = _unique(picker.choices_after([*picker.path, *option.tokens]))
        if len(after) != 1:
            break
        option = Option((*option.chain, after[0]))
    return option


def chosen_at(picker: Picker) -> list[int]:
    """The positions of the path's tokens the player chose among several (the others were
    the only choice and were taken for them): where Back can return to."""
    return [i for i in range(len(picker.path)) if len(picker.choices_after(picker.path[:i])) > 1]


def picker_content(lang: str, picker: Picker, head: str = "") -> str:
    """The prompt and the action built so far, after ``head`` (what happened since the
    player's last move, when the picker opens: ``host.since``)."""
    game = picker.game
    prompts = [p for p in game.pending() if p.seat == picker.seat]
    lines = [head, ""] if head else []
    lines += [text.own_prompt_line(lang, game.row.game, p) for p in prompts]
    if picker.path:
        lines.append(locales.t(lang, "play.building", action=picker.label(lang, picker.path)))
    lines.append(locales.t(lang, "play.pick_next" if picker.choices else "play.pick_done"))
    if as_buttons(picker):  # a select menu says it in each option instead
        helped = _unique([c for o in picker.buttons if (c := o.helped(game.row.game))])
        lines += help_lines(lang, game.row.game, helped, text.MESSAGE_LIMIT - len("\n".join(lines)))
    return "\n".join(lines)


def as_buttons(picker: Picker) -> bool:
    """Whether the step's options are buttons (else a select menu): not too many, and not
    so many explained ones that their help would push the first button off a phone screen."""
    if len(picker.options) > MAX_BUTTONS:
        return False
    game = picker.game.row.game
    helped = _unique([c for o in picker.options if (c := o.helped(game))])
    return len(helped) <= HELPED_BUTTONS_MAX


#: The longest explanation of one choice (a line or two on a phone).
HELP_MAX = 140


def help_lines(lang: str, game: str, choices: Sequence[Choice], room: int) -> list[str]:
    """What each choice does (``text.choice_help``), one line each under the buttons, as long
    as they fit in ``room`` characters (shortened to fit, or none at all)."""
    helps = [(text.choice_label(lang, c), text.choice_help(lang, game, c)) for c in choices]
    found = [(label, about) for label, about in helps if about]
    if not found:
        return []
    each = min(HELP_MAX, room // len(found) - 8)
    lines = [
        f"ℹ️ **{label}**: {text.short(about, max(0, each - len(label)))}" for label, about in found
    ]
    if each < 40 or sum(len(line) + 1 for line in lines) > room:
        return []
    return lines


async def move_suggestions(
    bot: TableBot, user_id: int, lang: str, game: Loaded, seat: int, current: str
) -> list[app_commands.Choice[str]]:
    """The legal continuations of ``current`` (what the user typed into /move), each named by
    its labels and its text; an action over Discord's 100 characters is suggested as a
    reference to it (``discordui.paths``), never cut.

    Raises UserError(stale_suggestion) when ``current`` starts with an outdated reference.
    """
    typed = (await expand(bot.store, game, user_id, current)).lower()
    parts = typed.split()
    at_boundary = not parts or typed[-1].isspace()
    prefix = parts if at_boundary else parts[:-1]
    partial = "" if at_boundary else parts[-1]

    def lookup(tokens: Sequence[str]) -> list[Choice]:
        return bot.choices.choices(game.row.id, game.seq, game.engine, game.state, seat, tokens)

    found = [c for c in lookup(prefix) if c.token.startswith(partial)][:MAX_SUGGESTIONS]
    # The tokens typed so far are the same for every suggestion: labelled once.
    head = text.action_label(lang, game.engine, game.state, seat, prefix, choices=lookup)
    routes = [Route((*prefix, c.token)) for c in found]
    long = [r for r in routes if len(r.path) > VALUE_MAX]
    kept = await keep(bot.store, game, user_id, long) if long else {}
    suggestions = []
    for choice, route in zip(found, routes, strict=True):
        label = text.choice_label(lang, choice)
        name = suggestion_name(label, head, not choice.complete, route.path)
        value = f"#{kept[route]}" if route in kept else route.path
        suggestions.append(app_commands.Choice(name=name, value=value))
    return suggestions


def suggestion_name(label: str, head: str, more: bool, path: str) -> str:
    """A suggestion's name: its own label first, which tells it from the others (a phone shows
    only the start of a long name), then the labels of the tokens typed before it, `` …`` when
    the action goes on, and its text. Over Discord's 100 characters the text goes, then the
    end of the rest.

    >>> suggestion_name("Science", "Attack", False, "attack science")
    'Science – Attack (attack science)'
    >>> suggestion_name("Play a card", "", True, "play")
    'Play a card … (play)'
    """
    name = f"{label} – {head}" if head else label
    name += " …" if more else ""
    full = f"{name} ({path})"
    if len(full) <= VALUE_MAX:
        return full
    return text.clip(name, VALUE_MAX)


async def send_hand(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The user's private view: hand as text and image (ephemeral)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    seat = game.seat_of(interaction.user.id)
    if seat is None:
        raise UserError("not_a_player")
    if game.state is None:
        raise UserError("game_not_running")
    # A seat's view (seat not None) carries its hand and private part.
    view = cast(SeatView, game.engine.view(game.state, seat))
    png = await bot.renderer.hand(view, lang)
    # Each game names its own cards: "<game>.hand" gets the view's hand tokens as ``cards``.
    hand = view.get("hand", [])
    content = locales.t(lang, f"{game.row.game}.hand", count=len(hand), cards=hand)
    await reply(interaction, content, file=discord.File(io.BytesIO(png), filename="hand.png"))


async def send_board(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The current public table, privately (so the thread does not fill with copies)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    await check_may_follow(bot, game, interaction)
    if game.state is None:
        raise UserError("game_not_running")
    view = game.engine.view(game.state, None)
    await reply(
        interaction, table_content(lang, game, view), file=await table_file(bot, view, lang)
    )
