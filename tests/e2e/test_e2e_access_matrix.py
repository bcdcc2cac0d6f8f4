"""Who may do what: every slash command and every button, for six people, on an invite-only
game and on an open one.

The people (``tests.e2e.test_e2e_scoping``'s world; bob's client is Hungarian, so refusals are
checked in both languages):

- ``mover``: alice, who created the games and whose turn it is;
- ``player``: bob, seated, waiting;
- ``spectator``: erin, no seat (invited to the invite-only games);
- ``outsider``: carol, no seat, never invited;
- ``moderator``: dave, Manage Server in the games' server, no seat, not invited;
- ``stranger``: olga, owner of the other server, typing there (she cannot see the first).

Expectations: ``ok`` (allowed, changes nothing), ``ok*`` (allowed and changes the game: played
on a fresh game of its own, and the change is checked), ``ok+`` (like ``ok``, on a fresh
game where moves were made first: a log with pages), ``no:<code>`` (refused with the
localised ``error.<code>``, ephemeral, the game unchanged), ``unoffered:<code>`` (Discord's
client does not offer the command; sent anyway it is refused the same way) and ``hidden``
(the user cannot reach that button: it is someone else's ephemeral message, or in a channel
they cannot see). Commands and buttons are enumerated from the synced command list and the
bot's registered components, so a new one without an entry here fails the test.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

import locales
import rules
from host.clock import FakeClock
from playground import EmulatorError, FakeUser, InteractionResult, Message
from rules.core import Rng
from tests.e2e.table_driver import finished, sent, submitted
from tests.e2e.test_e2e_scoping import World, two_servers

pytestmark = pytest.mark.e2e

PERSONAS = ("mover", "player", "spectator", "outsider", "moderator", "stranger")
VARIANTS = ("invite", "open")


def row(*cells: str) -> dict[str, str]:
    """One expectation per persona, in the order of :data:`PERSONAS`."""
    assert len(cells) == len(PERSONAS)
    return dict(zip(PERSONAS, cells, strict=True))


def everyone(cell: str) -> dict[str, str]:
    return row(*(cell,) * len(PERSONAS))


U = "unoffered:not_moderator"
UNKNOWN = "no:unknown_game"


@dataclass(frozen=True)
class Rule:
    """Who may do one thing: ``target`` is the kind of game it is about (None: no game)."""

    target: str | None
    invite: dict[str, str]
    #: What differs for the open game.
    open: dict[str, str] = field(default_factory=dict)

    def expect(self, variant: str, persona: str) -> str:
        return (self.open if variant == "open" else {}).get(persona, self.invite[persona])


def moderators_only(cell: str) -> Rule:
    """A /mod command about the running game: hidden from members, refused to the stranger."""
    return Rule("running", row(U, U, U, U, cell, UNKNOWN))


NOT_PLAYER = "no:not_a_player"
COMMANDS: dict[str, Rule] = {
    "game new": Rule(None, everyone("ok")),
    "game invite": Rule(
        "lobby",
        row("ok", *["no:only_creator_invites"] * 3, "ok", UNKNOWN),
        {"mover": "no:not_invite_only", "moderator": "no:not_invite_only"},
    ),
    "game join": Rule(
        "lobby",
        row(
            "no:already_joined",
            "no:already_joined",
            "ok*",
            "no:not_invited",
            "no:not_invited",
            UNKNOWN,
        ),
        {"outsider": "ok*", "moderator": "ok*"},
    ),
    "game leave": Rule("lobby", row("ok*", "ok*", *["no:not_joined"] * 3, UNKNOWN)),
    "game addbot": Rule("lobby", row("ok*", *["no:only_creator_bots"] * 3, "ok*", UNKNOWN)),
    "game start": Rule("lobby", row("ok*", *["no:only_creator_starts"] * 3, "ok*", UNKNOWN)),
    "game cancel": Rule("lobby", row("ok*", *["no:only_creator_cancels"] * 3, "ok*", UNKNOWN)),
    "game list": Rule(None, everyone("ok")),
    "game export": Rule(
        "ended", row("ok", "ok", "ok", "no:invite_only_game", "ok", UNKNOWN), {"outsider": "ok"}
    ),
    "game replay": Rule(
        "ended", row("ok", "ok", "ok", "no:invite_only_game", "ok", UNKNOWN), {"outsider": "ok"}
    ),
    "move": Rule("running", row("ok*", "no:not_your_turn", *[NOT_PLAYER] * 3, UNKNOWN)),
    "hand": Rule("running", row("ok", "ok", *[NOT_PLAYER] * 3, UNKNOWN)),
    "board": Rule(
        "running", row("ok", "ok", "ok", "no:invite_only_game", "ok", UNKNOWN), {"outsider": "ok"}
    ),
    "log": Rule(
        "running", row("ok", "ok", "ok", "no:invite_only_game", "ok", UNKNOWN), {"outsider": "ok"}
    ),
    "undo": Rule(
        "running", row("no:nothing_to_undo", "no:nothing_to_undo", *[NOT_PLAYER] * 3, UNKNOWN)
    ),
    "rules": Rule(None, everyone("ok")),
    "resign": Rule("running", row("ok", "ok", *[NOT_PLAYER] * 3, UNKNOWN)),
    "leaderboard": Rule(None, everyone("ok")),
    "stats": Rule(None, everyone("ok")),
    "vacation": Rule("running", row("ok*", "ok*", *[NOT_PLAYER] * 3, UNKNOWN)),
    "settings": Rule(None, everyone("ok")),
    "mod pause": moderators_only("ok*"),
    "mod resume": moderators_only("ok*"),
    "mod end": moderators_only("ok*"),
    "mod kick": moderators_only("ok*"),
    "mod replace": moderators_only("ok*"),
    "mod botseat": moderators_only("ok*"),
    "mod deadline": moderators_only("ok*"),
    "mod rollback": moderators_only("ok*"),
    "mod check": moderators_only("ok"),
    "mod images": moderators_only("ok*"),
    "mod language": Rule(None, row(U, U, U, U, "ok", "ok")),
}

#: Open game: the thread is public, so everyone in the server reaches its buttons.
PUBLIC_THREAD = {"outsider": NOT_PLAYER, "moderator": NOT_PLAYER}
H = "hidden"
BUTTONS: dict[str, Rule] = {
    "TableButton act": Rule(
        "running",
        row("ok", "no:not_your_turn_wait", NOT_PLAYER, H, H, H),
        PUBLIC_THREAD,
    ),
    "TableButton hand": Rule("running", row("ok", "ok", NOT_PLAYER, H, H, H), PUBLIC_THREAD),
    "TableButton board": Rule(
        "running", row("ok", "ok", "ok", H, H, H), {"outsider": "ok", "moderator": "ok"}
    ),
    # The picker and the resignation question are the mover's own ephemeral messages.
    "ChoiceButton": Rule("running", row("ok*", H, H, H, H, H)),
    "ChoiceSelect": Rule("running", row("ok*", H, H, H, H, H)),
    # The same with every path kept in the store (as beyond Discord's 100 characters).
    "KeptButton": Rule("running", row("ok*", H, H, H, H, H)),
    "KeptSelect": Rule("running", row("ok*", H, H, H, H, H)),
    "ResignButton": Rule("running", row("ok*", H, H, H, H, H)),
    # Undo under the mover's own confirmation of a move; /log's Previous and Next on the
    # reader's own ephemeral page (a move or two made first, on a fresh game).
    "UndoButton": Rule("running", row("ok*", H, H, H, H, H)),
    # A standing answer's "Always" button in the mover's own picker, and its switches under
    # their own /settings: these CIV games have none, so the mover's press (its id forged on
    # their picker) is out of date (tests/e2e/test_e2e_standing.py plays them in Clash).
    "StandingButton": Rule("running", row("no:stale", H, H, H, H, H)),
    "StandingSwitch on": Rule("running", row("no:stale", H, H, H, H, H)),
    "StandingSwitch off": Rule("running", row("no:stale", H, H, H, H, H)),
    "LogButton": Rule("running", row("ok+", H, H, H, H, H)),
    "LobbyButton join": Rule(
        "lobby",
        row("no:already_joined", "no:already_joined", "ok*", "no:not_invited", "no:not_invited", H),
        {"outsider": "ok*", "moderator": "ok*"},
    ),
    "LobbyButton leave": Rule("lobby", row("ok*", "ok*", *["no:not_joined"] * 3, H)),
    "LobbyButton addbot": Rule("lobby", row("ok*", *["no:only_creator_bots"] * 3, "ok*", H)),
    "LobbyButton start": Rule("lobby", row("ok*", *["no:only_creator_starts"] * 3, "ok*", H)),
    "LobbyButton cancel": Rule("lobby", row("ok*", *["no:only_creator_cancels"] * 3, "ok*", H)),
    "OptionSelect": Rule("lobby", row("ok*", *["no:only_creator_options"] * 3, "ok*", H)),
    # The late player is the mover; bob alone votes.
    "VoteButton": Rule(
        "running",
        row("no:not_a_voter", "ok*", "no:not_a_voter", H, H, H),
        {"outsider": "no:not_a_voter", "moderator": "no:not_a_voter"},
    ),
}


def command_paths(commands: list[dict[str, Any]]) -> set[str]:
    """Every invocable command path of the synced commands (``mod pause``, ``move``...)."""
    paths = set()
    for command in commands:
        subs = [o for o in command.get("options") or [] if o["type"] in (1, 2)]
        if not subs:
            paths.add(command["name"])
        for sub in subs:
            if sub["type"] == 1:
                paths.add(f"{command['name']} {sub['name']}")
            else:
                paths |= {f"{command['name']} {sub['name']} {o['name']}" for o in sub["options"]}
    return paths


def component_kinds(world: World) -> set[str]:
    """Every registered component class, with each alternative its custom id names
    (``TableButton act``), as the bot registered them with discord.py."""
    kinds = set()
    for item in world.bot.items:
        pattern = item.__discord_ui_compiled_template__.pattern
        found = re.search(r"\(\?P<\w+>([a-z_]+(?:\|[a-z_]+)+)\)", pattern)
        names = found[1].split("|") if found else [""]
        kinds |= {f"{item.__name__} {name}".strip() for name in names}
    return kinds


def refusal_matches(content: str, lang: str, code: str) -> bool:
    """Whether ``content`` is the text of ``error.<code>`` in ``lang`` (the game's own key
    first, as ``locales.error_text`` chooses), whatever fills its placeholders."""
    for key in (f"error.civ.{code}", f"error.{code}"):
        if not locales.has(lang, key):
            continue
        message = locales.message(lang, key) or locales.message("en", key)
        templates = list(message.values()) if isinstance(message, dict) else [message or ""]
        for template in templates:
            pieces = [p for p in re.split(r"\{[^{}]*\}", template) if p.strip()]
            pattern = ".*".join(re.escape(p) for p in pieces)
            if pieces and re.search(pattern, content, re.S):
                return True
        return False
    raise AssertionError(f"no text for error code {code!r}")


def looks_refused(content: str, lang: str) -> bool:
    generic = ("error.internal", "error.not_moderator")
    return content.startswith(("⚠️", "ℹ️")) or any(locales.t(lang, k) in content for k in generic)


@dataclass
class Games:
    """The games of one variant."""

    lobby: int
    running: int
    ended: int


class Matrix:
    """The world, the shared games of both variants, and the cells' runner."""

    def __init__(self, world: World) -> None:
        self.w = world
        self.emu = world.emu
        self.people: dict[str, FakeUser] = {
            "mover": world.alice,
            "player": world.bob,
            "spectator": world.erin,
            "outsider": world.carol,
            "moderator": world.dave,
            "stranger": world.olga,
        }
        self.shared: dict[str, Games] = {}
        #: The mover's ephemeral messages a button cell presses on: (game, component class).
        self.mover_messages: dict[tuple[int, str], Message] = {}
        self.failures: list[str] = []
        self.cells = 0

    # -- games ------------------------------------------------------------------------

    def invited(self, variant: str) -> tuple[FakeUser, ...]:
        return (self.w.erin,) if variant == "invite" else ()

    async def lobby(self, variant: str) -> int:
        """Alice's lobby for three, bob seated (and erin invited in the invite-only one)."""
        game_id, _ = await self.w.open(
            self.w.alice, [self.w.bob], invited=self.invited(variant), start=False, seats=3
        )
        return game_id

    async def running(self, variant: str, **extra: Any) -> int:
        game_id, _ = await self.w.open(
            self.w.alice, [self.w.bob], invited=self.invited(variant), **extra
        )
        return game_id

    async def ended(self, variant: str) -> int:
        game_id = await self.running(variant)
        answer = await finished(await self.emu.slash(self.w.dave, "mod end", game=game_id))
        assert answer.content.startswith("🛡️"), answer.content
        return game_id

    async def fresh(self, variant: str, target: str, key: str) -> int:
        """A game of its own for an allowed action that changes it."""
        if target == "lobby":
            return await self.lobby(variant)
        if key == "VoteButton":
            game_id = await self.running(variant, deadline="1m", policy="vote")
            await self.pass_deadline()
            return game_id
        game_id = await self.running(variant)
        if key == "mod rollback":  # something to take back
            await self.play(game_id)
        return game_id

    async def pass_deadline(self) -> None:
        """Let a minute pass on the bot's clock: a 1-minute deadline opens a vote."""
        clock = self.w.bot.clock
        assert isinstance(clock, FakeClock)
        clock.advance(timedelta(minutes=1))
        await self.w.bot.timers.settle()

    async def play(self, game_id: int) -> Message:
        mover, action = await self.w.legal_move(game_id)
        answer = await finished(await self.emu.slash(mover, "move", action=action, game=game_id))
        assert answer.content.startswith("✅"), answer.content
        return answer

    def target_of(self, variant: str, target: str | None) -> int | None:
        return None if target is None else getattr(self.shared[variant], target)

    # -- messages the buttons are on --------------------------------------------------

    async def thread(self, game_id: int) -> int:
        thread_id = (await self.w.bot.service.load(game_id)).row.thread_id
        assert thread_id is not None
        return thread_id

    async def with_component(self, game_id: int, prefix: str, *, in_thread: bool = True) -> Message:
        """The newest message (of the game's thread, or anywhere) with a component whose
        custom id starts with ``prefix``."""
        channel = await self.thread(game_id) if in_thread else None
        found = self.emu.find_message(
            lambda m: any(
                str(c.get("custom_id", "")).startswith(prefix) for c in m.iter_components()
            ),
            channel=channel,
        )
        assert found is not None, f"no message with {prefix!r}"
        return found

    async def lobby_message(self, game_id: int) -> Message:
        return await self.with_component(game_id, f"l:{game_id}:", in_thread=False)

    async def ask(self, user: FakeUser, command: str, **values: Any) -> Message:
        """A command's private answer (the mover's resignation question)."""
        return await finished(await self.emu.slash(user, command, options=values))

    async def picker(self, game_id: int, kind: str, patch: pytest.MonkeyPatch) -> Message:
        """The mover's action picker as ``kind`` shows it: buttons or a select menu (as
        beyond 20 choices), with the paths in the custom ids or kept in the store."""
        table = await self.with_component(game_id, f"t:{game_id}:")
        act = next(b["custom_id"] for b in table.buttons if b["custom_id"].endswith(":act"))
        with patch.context() as p:
            forcing(p, kind)
            return await finished(await self.emu.press(self.w.alice, table, act))

    # -- performing -------------------------------------------------------------------

    def channel_of(self, persona: str) -> int:
        return self.w.there if persona == "stranger" else self.emu.games_channel_id

    def options(self, command: str, persona: str, game_id: int | None, action: str) -> dict:
        """The options each command is sent with; people named are members of the server
        the command is typed in."""
        own = persona == "stranger"
        member = self.w.olga if own else self.w.bob
        values: dict[str, Any] = {
            "game new": {"game": "civ", "seats": 2},
            "game invite": {"user": self.w.olga if own else self.w.erin},
            "move": {"action": action},
            "vacation": {"days": 1},
            "mod kick": {"player": member},
            "mod botseat": {"player": member},
            "mod replace": {"player": member, "substitute": self.w.olga if own else self.w.carol},
            "mod deadline": {"turn": "off"},
            "mod rollback": {"to": 0},
            "mod images": {"policy": "turn"},
            "mod language": {"language": "en"},
        }.get(command, {})
        if game_id is not None:
            values["game"] = game_id
        return values

    async def command(
        self, key: str, persona: str, game_id: int | None, *, offered: bool = True
    ) -> InteractionResult:
        action = ""
        if key == "move" and game_id is not None:
            _, action = await self.w.legal_move(game_id)
        return await self.emu.slash(
            self.people[persona],
            key,
            channel=self.channel_of(persona),
            options=self.options(key, persona, game_id, action),
            offered=offered,
        )

    async def button(
        self, key: str, persona: str, game_id: int, patch: pytest.MonkeyPatch
    ) -> InteractionResult:
        user = self.people[persona]
        kind, _, what = key.partition(" ")
        if kind == "TableButton":
            message = await self.with_component(game_id, f"t:{game_id}:")
            custom_id = next(
                b["custom_id"] for b in message.buttons if b["custom_id"].endswith(what)
            )
            return await self.emu.press(user, message, custom_id)
        if kind in PICKERS:
            message = self.mover_messages[(game_id, kind)]
            if kind.endswith("Button"):
                return await self.emu.press(user, message, message.buttons[0]["custom_id"])
            menu = message.selects[0]
            value = menu["options"][0]["value"]
            return await self.emu.select(user, message, menu["custom_id"], [value])
        if kind == "ResignButton":
            message = self.mover_messages[(game_id, kind)]
            return await self.emu.press(user, message, message.buttons[0]["custom_id"])
        if kind in ("UndoButton", "LogButton"):
            message = self.mover_messages[(game_id, kind)]
            label = "Undo" if kind == "UndoButton" else "Previous"
            if any(b.get("label") == label for b in message.buttons):
                return await self.emu.press(user, message, label=label)
            # The shared game's private message of the mover (nobody else can see it).
            prefix = "u" if kind == "UndoButton" else "h"
            return await self.emu.press(user, message, f"{prefix}:{game_id}:1", forged=True)
        if kind in ("StandingButton", "StandingSwitch"):
            message = self.mover_messages[(game_id, "ChoiceButton")]
            since = message.buttons[0]["custom_id"].split(":")[2]
            forged = (
                f"a:{game_id}:{since}:keep_cities"
                if kind == "StandingButton"
                else f"x:{game_id}:keep_cities:{what}"
            )
            return await self.emu.press(user, message, forged, forged=True)
        if kind == "LobbyButton":
            message = await self.lobby_message(game_id)
            return await self.emu.press(user, message, f"l:{game_id}:{what}")
        if kind == "OptionSelect":
            message = await self.lobby_message(game_id)
            return await self.emu.select(user, message, f"o:{game_id}:deal", ["draft"])
        assert kind == "VoteButton", kind
        message = await self.with_component(game_id, f"v:{game_id}:")
        custom_id = next(
            b["custom_id"] for b in message.buttons if b["custom_id"].endswith(":wait")
        )
        return await self.emu.press(user, message, custom_id)

    async def prepare_mover_messages(self, patch: pytest.MonkeyPatch) -> None:
        """The mover's ephemeral pickers (of every kind) and resignation question in each
        shared running game, for the others' "hidden" cells."""
        for games in self.shared.values():
            game_id = games.running
            for kind in PICKERS:
                self.mover_messages[(game_id, kind)] = await self.picker(game_id, kind, patch)
            self.mover_messages[(game_id, "ResignButton")] = await self.ask(
                self.w.alice, "resign", game=game_id
            )
            for kind in ("UndoButton", "LogButton"):
                self.mover_messages[(game_id, kind)] = await self.ask(
                    self.w.alice, "log", game=game_id
                )

    async def play_picker(self, game_id: int, kind: str, patch: pytest.MonkeyPatch) -> Message:
        """The whole action through the picker of ``kind``, as the mover (never going Back);
        the last answer."""
        picker = await self.picker(game_id, kind, patch)
        assert any(
            str(c.get("custom_id", "")).startswith(PICKERS[kind]) for c in picker.iter_components()
        ), f"no {kind} on the picker"
        back = locales.t(locales.normalize(self.w.alice.locale), "button.back")
        rng = Rng(0)
        with patch.context() as p:
            forcing(p, kind)
            while True:
                if picker.selects:
                    menu = picker.selects[0]
                    value = menu["options"][rng.randrange(len(menu["options"]))]["value"]
                    r = await self.emu.select(self.w.alice, picker, menu["custom_id"], [value])
                else:
                    choices = [b for b in picker.buttons if b.get("label") != back]
                    r = await self.emu.press(self.w.alice, picker, choices[0]["custom_id"])
                answer = await finished(r)
                if submitted(answer):
                    return await sent(r, answer)
                picker = answer

    # -- one cell ---------------------------------------------------------------------

    async def cell(
        self,
        variant: str,
        key: str,
        persona: str,
        expected: str,
        game_id: int | None,
        send: Callable[..., Awaitable[InteractionResult]],
    ) -> None:
        """Run one cell and record any difference from ``expected``."""
        self.cells += 1
        where = f"{variant} {key!r} by {persona}: expected {expected}"
        user = self.people[persona]
        lang = locales.normalize(user.locale)
        before = None if game_id is None else await self.w.fingerprint(game_id)
        if expected == "hidden":
            try:
                await send()
            except EmulatorError:
                return
            self.failures.append(f"{where}, but the user reached it")
            return
        if expected.startswith("unoffered:"):
            try:
                await send()
            except EmulatorError:
                expected = "no:" + expected.partition(":")[2]
            else:
                self.failures.append(f"{where}, but Discord offered it")
                return
            result = await send(offered=False)
        else:
            result = await send()
        try:
            answer = await finished(result)
        except (AssertionError, TimeoutError) as exc:
            self.failures.append(f"{where}, but it was not answered properly: {exc}")
            return
        text = answer.text
        if expected.startswith("no:"):
            code = expected[3:]
            if answer.ephemeral_to != user.id:
                self.failures.append(f"{where}, but the answer is not ephemeral: {text!r}")
            elif not refusal_matches(text, lang, code):
                self.failures.append(f"{where}, got {text!r}")
        elif looks_refused(text, lang):
            self.failures.append(f"{where}, got {text!r}")
        if game_id is None:
            return
        if expected == "ok*":
            if not await self.changes(game_id, before):
                self.failures.append(f"{where}, but the game did not change")
        elif await self.w.fingerprint(game_id) != before:
            self.failures.append(f"{where}, but the game changed")

    async def changes(self, game_id: int, before: Any) -> bool:
        """Whether the game changes from ``before`` (work after an answer included)."""
        for _ in range(100):
            if await self.w.fingerprint(game_id) != before:
                return True
            await asyncio.sleep(0.02)
        return False


#: The picker's components, each with the start of its custom id.
PICKERS = {"ChoiceButton": "c:", "ChoiceSelect": "s:", "KeptButton": "p:", "KeptSelect": "q:"}


def forcing(patch: pytest.MonkeyPatch, kind: str) -> None:
    """Make the picker show ``kind``: a select menu however few the choices, and every path
    kept in the store however short."""
    if kind.endswith("Select"):
        patch.setattr("discordui.actions.MAX_BUTTONS", 0)
    if kind.startswith("Kept"):
        patch.setattr("discordui.paths.CUSTOM_ID_MAX", 0)


def creator_starts() -> int:
    """A seed with which the first to join (the creator) has the first turn."""
    engine = rules.get_game("civ")
    options = {spec.name: spec.default for spec in engine.options}
    return next(
        seed
        for seed in range(1000)
        if engine.pending(engine.setup(["alice", "bob"], options, seed))[0].seat == 0
    )


async def test_every_command_and_button_for_every_kind_of_user(
    emulator: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = creator_starts()
    monkeypatch.setattr("host.service.new_seed", lambda: seed)
    async with two_servers(emulator, tmp_path, hungarian=("bob",)) as world:
        m = Matrix(world)
        assert command_paths(emulator.commands) == set(COMMANDS), "a command has no entry"
        assert component_kinds(world) == set(BUTTONS), "a button or menu has no entry"

        for variant in VARIANTS:
            m.shared[variant] = Games(
                lobby=await m.lobby(variant),
                running=await m.running(variant, deadline="1m", policy="vote"),
                ended=await m.ended(variant),
            )
        await m.pass_deadline()  # a vote in each shared running game
        await m.prepare_mover_messages(monkeypatch)

        deferred: list[tuple[str, str, str, Rule, bool, str]] = []
        for variant in VARIANTS:
            for table, is_button in ((COMMANDS, False), (BUTTONS, True)):
                for key, rule in table.items():
                    if rule.target is None and variant != "invite":
                        continue  # about no game: the same for both
                    for persona in PERSONAS:
                        expected = rule.expect(variant, persona)
                        if expected in ("ok*", "ok+"):
                            deferred.append((variant, key, persona, rule, is_button, expected))
                            continue
                        game_id = m.target_of(variant, rule.target)
                        await run(
                            m, variant, key, persona, expected, game_id, is_button, monkeypatch
                        )
            await check_lists(m, variant)

        for variant, key, persona, rule, is_button, expected in deferred:
            assert rule.target is not None
            game_id = await m.fresh(variant, rule.target, key)
            await run(m, variant, key, persona, expected, game_id, is_button, monkeypatch)

        assert not m.failures, f"{len(m.failures)} of {m.cells} cells:\n" + "\n".join(m.failures)


async def run(
    m: Matrix,
    variant: str,
    key: str,
    persona: str,
    expected: str,
    game_id: int | None,
    is_button: bool,
    patch: pytest.MonkeyPatch,
) -> None:
    """One cell: a command, a button press, or (for the mover's picker on a fresh game) a
    whole action through the picker."""
    if is_button and expected == "ok*" and key in PICKERS:
        assert game_id is not None

        async def through_picker(offered: bool = True) -> InteractionResult:
            before = len(m.emu.interactions)
            await m.play_picker(game_id, key, patch)
            return list(m.emu.interactions.values())[before:][-1]

        await m.cell(variant, key, persona, expected, game_id, through_picker)
        return
    if is_button and expected in ("ok*", "ok+") and key in ("UndoButton", "LogButton"):
        assert game_id is not None
        confirmation = await m.play_picker(game_id, "ChoiceButton", patch)
        if key == "UndoButton":
            m.mover_messages[(game_id, key)] = confirmation
        else:
            await m.play_picker(game_id, "ChoiceButton", patch)
            # One entry a page: the log of two moves has pages to go back through.
            config = dataclasses.replace(m.w.bot.config, log_page_size=1)
            patch.setattr(m.w.bot, "config", config)
            m.mover_messages[(game_id, key)] = await m.ask(m.w.alice, "log", game=game_id)
        if expected == "ok+":
            expected = "ok"  # answered on a game prepared by moves, and changes nothing
    if is_button and expected == "ok*" and key == "ResignButton":
        assert game_id is not None
        m.mover_messages[(game_id, key)] = await m.ask(m.w.alice, "resign", game=game_id)

    async def send(offered: bool = True) -> InteractionResult:
        if is_button:
            assert game_id is not None
            return await m.button(key, persona, game_id, patch)
        return await m.command(key, persona, game_id, offered=offered)

    await m.cell(variant, key, persona, expected, game_id, send)


async def check_lists(m: Matrix, variant: str) -> None:
    """/game list names the shared lobby and running game to those who may follow them."""
    games = m.shared[variant]
    for persona in PERSONAS:
        user = m.people[persona]
        answer = await finished(await m.emu.slash(user, "game list", channel=m.channel_of(persona)))
        shown = {g for g in (games.lobby, games.running) if re.search(rf"#{g}(?!\d)", answer.text)}
        hidden = persona == "stranger" or (variant == "invite" and persona == "outsider")
        if shown != (set() if hidden else {games.lobby, games.running}):
            m.failures.append(f"{variant} /game list for {persona} shows {sorted(shown)}")
