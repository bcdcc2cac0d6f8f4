"""The emulator is exactly as strict as Discord's API documentation: each rule refuses what
Discord refuses, with Discord's code and field path, and accepts what Discord accepts.

docs/playground.md names the section of Discord's documentation behind each rule. REST rules
are checked with plain HTTP requests carrying the bot's token, as discord.py would send them;
interaction rules with the demo bot.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from playground_demo_bot import DemoBot

from playground import Emulator, FakeUser
from playground.interactions import InteractionResult
from playground.state import new_token

Json = dict[str, Any]


class Api:
    """The bot's side of the REST API, by hand."""

    def __init__(self, emulator: Emulator, session: aiohttp.ClientSession) -> None:
        self.emu, self.session = emulator, session

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """(status, JSON body or None)."""
        headers = {"Authorization": f"Bot {self.emu.token}"}
        async with self.session.request(
            method, self.emu.api_url + path, json=body, headers=headers
        ) as response:
            data = await response.json() if response.content_type == "application/json" else None
            return response.status, data

    def webhook(self, token: str, tail: str = "") -> str:
        """The interaction webhook's path (``tail``: ``/messages/@original`` and the like)."""
        return f"/webhooks/{self.emu.application_id}/{token}{tail}"

    async def post(self, body: Json) -> tuple[int, Any]:
        """Create a message in #games."""
        return await self.call("POST", f"/channels/{self.emu.games_channel_id}/messages", body)

    async def answer(self, result: InteractionResult, callback: Json) -> tuple[int, Any]:
        """The interaction callback, as the bot would send it."""
        return await self.call(
            "POST", f"/interactions/{result.id}/{result.token}/callback", callback
        )


def unanswered(emulator: Emulator, user: FakeUser) -> InteractionResult:
    """A slash command nobody handles, so a test can answer it by hand over HTTP."""
    result = InteractionResult(
        emulator.state,
        id=emulator.state.next_id(),
        token=new_token(),
        kind=2,
        user=user,
        channel_id=emulator.games_channel_id,
        label="by hand",
        deadline=None,
    )
    emulator.interactions[result.token] = result
    return result


def row(*components: Json) -> Json:
    return {"type": 1, "components": list(components)}


def button(**fields: Any) -> Json:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": "go", **fields}


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Api]:
    """Rate limits are off: a test posts many refused messages in a row on purpose."""
    emulator.rate_limits.enabled = False
    async with aiohttp.ClientSession() as session:
        yield Api(emulator, session)


def field_errors(data: Json, path: str) -> list[Json]:
    """The ``_errors`` Discord nests at a dotted ``path`` of an error body ([] if none)."""
    node: Any = data.get("errors") or {}
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return []
        node = node[part]
    return list(node.get("_errors") or []) if isinstance(node, dict) else []


# -- the emulator clock: deadlines and token lifetimes ---------------------------------


async def test_the_deadline_counts_the_emulator_clock_until_the_callback_arrives(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """The clock moved on while the answer was on its way: 1.5 s plus 0.4 s of network is in
    time, 3 s plus 0.4 s is late (404 10062), though less than a second really passed."""
    emulator.slow_down("POST", r"/callback$", 0.4)
    in_time = await emulator.slash(players["alice"], "game hand")
    await emulator.advance(1.5)
    await in_time.done()
    assert in_time.error is None and in_time.elapsed_ms is not None
    assert in_time.elapsed_ms >= 1900

    late = await emulator.slash(players["alice"], "game hand")
    await emulator.advance(3.0)
    await late.done()
    assert late.callback_type is None
    assert [r.status for r in emulator.requests("POST", f"/interactions/{late.id}/")] == [404]
    assert late.error is not None and late.error.startswith("deadline missed")
    emulator.expect_violation("deadline missed")


async def test_an_interaction_token_lives_fifteen_minutes_on_the_emulator_clock(
    emulator: Emulator, api: Api, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    r = await (await emulator.slash(players["alice"], "game hand")).done()
    original = api.webhook(r.token, "/messages/@original")
    await emulator.advance(15 * 60 - 5)
    status, _ = await api.call("PATCH", original, {"content": "still mine"})
    assert status == 200
    await emulator.advance(10)
    for method, path, body in (
        ("PATCH", original, {"content": "too late"}),
        ("GET", original, None),
        ("POST", api.webhook(r.token), {"content": "a followup"}),
    ):
        status, data = await api.call(method, path, body)
        assert (status, data["code"]) == (401, 50027), (method, path)
    assert r.message.content == "still mine"


# -- embeds ------------------------------------------------------------------------------


async def test_an_embed_field_of_only_whitespace_is_missing(emulator: Emulator, api: Api) -> None:
    """Discord trims each embed text before measuring it: a name or value of spaces is
    absent (BASE_TYPE_REQUIRED), and trailing spaces do not count towards a limit."""
    fields = [{"name": " \n ", "value": "v"}, {"name": "n", "value": "\t "}]
    status, data = await api.post({"embeds": [{"title": "t", "fields": fields}]})
    assert (status, data["code"]) == (400, 50035)
    for path in ("embeds.0.fields.0.name", "embeds.0.fields.1.value"):
        assert [e["code"] for e in field_errors(data, path)] == ["BASE_TYPE_REQUIRED"], path
    emulator.expect_violation("This field is required")
    padded = {"name": "n", "value": "v" * 1024 + "   "}
    status, _ = await api.post({"embeds": [{"title": " " * 10 + "t" * 256, "fields": [padded]}]})
    assert status == 200


# -- buttons -----------------------------------------------------------------------------


async def test_a_button_style_outside_one_to_six_is_refused(emulator: Emulator, api: Api) -> None:
    status, data = await api.post({"content": "x", "components": [row(button(style=7))]})
    assert (status, data["code"]) == (400, 50035)
    [error] = field_errors(data, "components.0.components.0.style")
    assert error["code"] == "BASE_TYPE_CHOICES"
    emulator.expect_violation("Value must be one of")
    premium = {"type": 2, "style": 6, "sku_id": "1234567890"}
    status, _ = await api.post({"content": "x", "components": [row(premium)]})
    assert status == 200
    status, data = await api.post({"content": "x", "components": [row(button(style=6))]})
    assert status == 400  # a premium button needs an sku_id and takes no custom_id or label
    assert set(data["errors"]["components"]["0"]["components"]["0"]) == {
        "sku_id",
        "custom_id",
        "label",
    }
    emulator.expect_violation("cannot have a")
    emulator.expect_violation("sku_id: BASE_TYPE_REQUIRED")


async def test_a_link_button_url_is_at_most_512_characters(emulator: Emulator, api: Api) -> None:
    base = "https://example.com/"
    link = {"type": 2, "style": 5, "label": "Rules"}
    status, _ = await api.post(
        {"content": "x", "components": [row({**link, "url": base + "a" * (512 - len(base))})]}
    )
    assert status == 200
    status, data = await api.post(
        {"content": "x", "components": [row({**link, "url": base + "a" * (513 - len(base))})]}
    )
    assert (status, data["code"]) == (400, 50035)
    [error] = field_errors(data, "components.0.components.0.url")
    assert error["code"] == "BASE_TYPE_MAX_LENGTH"
    emulator.expect_violation("Must be 512 or fewer")


async def test_a_button_needs_a_label_or_an_emoji(emulator: Emulator, api: Api) -> None:
    bare = {"type": 2, "style": 2, "custom_id": "bare"}
    status, data = await api.post({"content": "x", "components": [row(bare)]})
    assert (status, data["code"]) == (400, 50035)
    assert field_errors(data, "components.0.components.0.label")
    emulator.expect_violation("needs a label or an emoji")
    for shown in ({"label": "Go"}, {"emoji": {"name": "✅"}}):
        status, _ = await api.post({"content": "x", "components": [row({**bare, **shown})]})
        assert status == 200, shown


# -- components v2 -----------------------------------------------------------------------


async def test_content_or_embeds_with_the_components_v2_flag_are_refused(
    emulator: Emulator, api: Api
) -> None:
    text = {"type": 10, "content": "All of it in components"}
    status, _ = await api.post({"flags": 1 << 15, "components": [text]})
    assert status == 200
    for legacy in ({"content": "hi"}, {"embeds": [{"title": "t"}]}):
        status, data = await api.post({"flags": 1 << 15, "components": [text], **legacy})
        assert (status, data["code"]) == (400, 50035), legacy
        assert set(data["errors"]) == set(legacy)
    emulator.expect_violation("holds only components")


async def test_a_message_turned_components_v2_must_drop_its_content(
    emulator: Emulator, api: Api
) -> None:
    """An edit that sets IS_COMPONENTS_V2 must reset the content it leaves behind; once set,
    the flag stays, and so does the rule."""
    _, sent = await api.post({"content": "plain"})
    path = f"/channels/{emulator.games_channel_id}/messages/{sent['id']}"
    text = {"type": 10, "content": "now in components"}
    status, data = await api.call("PATCH", path, {"flags": 1 << 15, "components": [text]})
    assert (status, data["code"]) == (400, 50035) and "content" in data["errors"]
    emulator.expect_violation("holds only components")
    body = {"flags": 1 << 15, "content": None, "components": [text]}
    status, data = await api.call("PATCH", path, body)
    assert status == 200 and data["flags"] & 1 << 15
    status, _ = await api.call("PATCH", path, {"flags": 0, "content": "back"})
    assert status == 400
    assert emulator.message(int(sent["id"])).flags & 1 << 15


# -- allowed mentions --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mentions", "path", "code"),
    [
        (
            {"parse": ["users"], "users": ["1"]},
            "allowed_mentions",
            "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        ),
        (
            {"parse": ["roles"], "roles": ["1"]},
            "allowed_mentions",
            "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        ),
        ({"parse": ["here"]}, "allowed_mentions.parse.0", "BASE_TYPE_CHOICES"),
        ({"users": [str(i) for i in range(101)]}, "allowed_mentions.users", "BASE_TYPE_MAX_LENGTH"),
        ({"roles": [str(i) for i in range(101)]}, "allowed_mentions.roles", "BASE_TYPE_MAX_LENGTH"),
    ],
)
async def test_allowed_mentions_are_checked(
    emulator: Emulator, api: Api, mentions: Json, path: str, code: str
) -> None:
    status, data = await api.post({"content": "<@1>", "allowed_mentions": mentions})
    assert (status, data["code"]) == (400, 50035)
    assert [e["code"] for e in field_errors(data, path)] == [code]
    emulator.expect_violation("allowed_mentions")


async def test_allowed_mentions_that_discord_accepts(emulator: Emulator, api: Api) -> None:
    """What discord.py sends, and the documented examples: an empty list beside parse is no
    conflict, nor is parsing everyone beside a list of users."""
    for mentions in (
        {"parse": []},
        {"parse": ["users", "roles"], "users": []},
        {"parse": ["everyone"], "users": ["1234", "5678"]},
        {"users": [str(i) for i in range(100)], "roles": [], "replied_user": False},
    ):
        status, _ = await api.post({"content": "<@1234>", "allowed_mentions": mentions})
        assert status == 200, mentions


# -- message flags, route by route -------------------------------------------------------


async def test_a_channel_message_may_set_only_four_flags(emulator: Emulator, api: Api) -> None:
    """SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2: an
    ephemeral or HAS_THREAD flag on a channel message is refused."""
    for flags in (1 << 2, 1 << 12, 1 << 2 | 1 << 12):
        status, _ = await api.post({"content": "x", "flags": flags})
        assert status == 200, flags
    for flags in (1 << 6, 1 << 5, 1 << 7):
        status, data = await api.post({"content": "x", "flags": flags})
        assert (status, data["code"]) == (400, 50035) and "flags" in data["errors"], flags
    emulator.expect_violation("can be set here")


async def test_an_edit_of_a_channel_message_ignores_the_flags_it_cannot_change(
    emulator: Emulator, api: Api
) -> None:
    """discord.py's ``Message.edit(suppress=...)`` sends back every flag the message has
    (HAS_THREAD here): Discord changes SUPPRESS_EMBEDS and ignores the rest, no error."""
    _, sent = await api.post({"content": "x"})
    _, thread = await api.call(
        "POST",
        f"/channels/{emulator.games_channel_id}/messages/{sent['id']}/threads",
        {"name": "t", "auto_archive_duration": 1440},
    )
    path = f"/channels/{emulator.games_channel_id}/messages/{sent['id']}"
    status, data = await api.call("PATCH", path, {"flags": 1 << 5 | 1 << 2 | 1 << 6 | 1 << 12})
    assert status == 200 and data["flags"] == 1 << 5 | 1 << 2
    status, data = await api.call("PATCH", path, {"flags": 1 << 5})
    assert status == 200 and data["flags"] == 1 << 5
    assert thread["id"] == sent["id"]


async def test_interaction_routes_take_only_their_documented_flags(
    emulator: Emulator, api: Api, players: dict[str, FakeUser]
) -> None:
    """A deferral takes EPHEMERAL alone; a followup also SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2; an edit of a webhook message
    SUPPRESS_EMBEDS and IS_COMPONENTS_V2 only."""
    alice = players["alice"]
    refused = unanswered(emulator, alice)
    status, data = await api.answer(refused, {"type": 5, "data": {"flags": 1 << 2}})
    assert (status, data["code"]) == (400, 50035)
    assert field_errors(data, "data.flags")
    emulator.expect_violation("can be set here")

    result = unanswered(emulator, alice)
    status, _ = await api.answer(
        result, {"type": 4, "data": {"content": "a", "flags": 1 << 6 | 1 << 2}}
    )
    assert status == 200
    followup = api.webhook(result.token) + "?wait=true"
    status, _ = await api.call("POST", followup, {"content": "b", "flags": 1 << 6 | 1 << 12})
    assert status == 200
    status, data = await api.call("POST", followup, {"content": "c", "flags": 1 << 13})
    assert (status, data["code"]) == (400, 50035) and "flags" in data["errors"]
    original = api.webhook(result.token, "/messages/@original")
    status, _ = await api.call("PATCH", original, {"content": "d", "flags": 1 << 2})
    assert status == 200
    status, data = await api.call("PATCH", original, {"content": "e", "flags": 1 << 6})
    assert (status, data["code"]) == (400, 50035) and "flags" in data["errors"]


# -- modals ------------------------------------------------------------------------------


async def test_a_modal_label_is_at_most_45_characters(
    emulator: Emulator, api: Api, players: dict[str, FakeUser]
) -> None:
    """A Label component's label, or a text input's own (deprecated) label in a row."""
    text_input = {"type": 4, "custom_id": "name", "style": 1}
    in_label = {"type": 18, "label": "L" * 46, "component": text_input}
    in_row = row({**text_input, "label": "L" * 46})
    for component, path in ((in_label, "label"), (in_row, "components.0.label")):
        modal = {"custom_id": "m", "title": "Name", "components": [component]}
        status, data = await api.answer(
            unanswered(emulator, players["alice"]), {"type": 9, "data": modal}
        )
        assert (status, data["code"]) == (400, 50035)
        assert field_errors(data, f"data.components.0.{path}"), path
    emulator.expect_violation("in length")
    fits = {"custom_id": "m", "title": "Name", "components": [{**in_label, "label": "L" * 45}]}
    status, _ = await api.answer(unanswered(emulator, players["alice"]), {"type": 9, "data": fits})
    assert status == 200


# -- threads -----------------------------------------------------------------------------


async def test_a_thread_slowmode_is_at_most_21600_seconds(emulator: Emulator, api: Api) -> None:
    games = emulator.games_channel_id
    body = {"name": "t", "type": 11, "auto_archive_duration": 1440}
    status, data = await api.call(
        "POST", f"/channels/{games}/threads", {**body, "rate_limit_per_user": 21601}
    )
    assert (status, data["code"]) == (400, 50035)
    assert [e["code"] for e in field_errors(data, "rate_limit_per_user")] == ["NUMBER_TYPE_MAX"]
    status, thread = await api.call(
        "POST", f"/channels/{games}/threads", {**body, "rate_limit_per_user": 21600}
    )
    assert status == 200 and thread["rate_limit_per_user"] == 21600
    status, data = await api.call("PATCH", f"/channels/{thread['id']}", {"rate_limit_per_user": -1})
    assert (status, data["code"]) == (400, 50035) and "rate_limit_per_user" in data["errors"]
    status, edited = await api.call(
        "PATCH", f"/channels/{thread['id']}", {"rate_limit_per_user": None}
    )
    assert status == 200 and edited["rate_limit_per_user"] == 0
    emulator.expect_violation("rate_limit_per_user")


async def test_a_thread_cannot_start_as_a_text_channel(emulator: Emulator, api: Api) -> None:
    """``type: 0`` is no thread type (it used to become the private default); a type left
    out or null is the default."""
    path = f"/channels/{emulator.games_channel_id}/threads"
    status, data = await api.call("POST", path, {"name": "t", "type": 0})
    assert (status, data["code"]) == (400, 50035)
    assert [e["code"] for e in field_errors(data, "type")] == ["BASE_TYPE_CHOICES"]
    emulator.expect_violation("type: BASE_TYPE_CHOICES")
    for body in ({"name": "t"}, {"name": "u", "type": None}):
        status, thread = await api.call("POST", path, body)
        assert (status, thread["type"]) == (200, 12), body


async def test_invitable_on_a_public_thread_is_accepted_and_noted(
    emulator: Emulator, api: Api
) -> None:
    """Discord documents ``invitable`` for private threads only, and does not refuse it on a
    public one: the emulator takes it and notes it in ``ignored``."""
    path = f"/channels/{emulator.games_channel_id}/threads"
    status, _ = await api.call("POST", path, {"name": "p", "type": 12, "invitable": False})
    assert status == 200 and emulator.ignored == []
    status, public = await api.call("POST", path, {"name": "q", "type": 11, "invitable": True})
    assert status == 200
    [noted] = emulator.ignored
    assert noted.field == "invitable" and noted.request.path == path
    status, _ = await api.call("PATCH", f"/channels/{public['id']}", {"invitable": False})
    assert status == 200 and len(emulator.ignored) == 2
    assert emulator.channel(int(public["id"])).invitable is True


# -- command syncs -----------------------------------------------------------------------


def chat(name: str = "game", **fields: Any) -> Json:
    return {"type": 1, "name": name, "description": "Play", **fields}


def option(name: str, kind: int = 3, **fields: Any) -> Json:
    return {"type": kind, "name": name, "description": "An option", **fields}


async def sync(api: Api, commands: list[Json]) -> tuple[int, Any]:
    return await api.call("PUT", f"/applications/{api.emu.application_id}/commands", commands)


async def test_context_menu_names_may_have_capitals_and_spaces(
    emulator: Emulator, api: Api
) -> None:
    """User and message commands are named like menu entries (1-32 characters of any
    kind); only chat commands follow the lowercase pattern."""
    menus = [
        {"type": 2, "name": "Show Hand", "name_localizations": {"de": "Hand Zeigen"}},
        {"type": 3, "name": "Quote In Game"},
        chat("hand"),
        {"type": 2, "name": "hand"},  # names are unique per type
    ]
    status, stored = await sync(api, menus)
    assert status == 200 and [c["name"] for c in stored] == [c["name"] for c in menus]
    assert len({c["id"] for c in stored}) == 4
    for bad, path in (
        ({"type": 2, "name": "M" * 33}, "0.name"),
        ({"type": 3, "name": ""}, "0.name"),
        (chat("Show Hand"), "0.name"),
        (chat("show hand"), "0.name"),
    ):
        status, data = await sync(api, [bad])
        assert (status, data["code"]) == (400, 50035), bad
        assert field_errors(data, path), bad
    emulator.expect_violation(".name: ")


@pytest.mark.parametrize("name", ["नमस्ते", "खेल-शुरू", "สวัสดี", "ütés", "日本語", "x_1'-"])
async def test_chat_names_follow_discords_pattern_in_every_script(
    emulator: Emulator, api: Api, name: str
) -> None:
    """Devanagari and Thai words keep their vowel signs (marks, which ``\\w`` leaves out);
    letters and numbers of any script are accepted."""
    status, data = await sync(api, [chat(name, name_localizations={"hi": name, "th": name})])
    assert status == 200, data


@pytest.mark.parametrize("name", ["ab।", "বাংলা", "two words", "Ütés", "a" * 33, "dot.name"])
async def test_chat_names_outside_discords_pattern_are_refused(
    emulator: Emulator, api: Api, name: str
) -> None:
    """Exactly the pattern: the Devanagari danda is of the Common script, Bengali vowel signs
    are marks of no listed script, and a letter with a lowercase form must use it."""
    status, data = await sync(api, [chat(name)])
    assert (status, data["code"]) == (400, 50035)
    [error] = field_errors(data, "0.name")
    assert error["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    emulator.expect_violation("Command name is invalid")


@pytest.mark.parametrize(
    ("kind", "value"),
    [(3, "v" * 101), (3, 7), (4, "7"), (4, 2.5), (4, True), (10, "0.5"), (10, False)],
)
async def test_a_choice_value_is_of_its_options_type_and_at_most_100_characters(
    emulator: Emulator, api: Api, kind: int, value: Any
) -> None:
    choices = [{"name": "fits", "value": {3: "v" * 100, 4: 7, 10: 0.5}[kind]}]
    status, _ = await sync(api, [chat(options=[option("pick", kind, choices=choices)])])
    assert status == 200
    choices.append({"name": "wrong", "value": value})
    status, data = await sync(api, [chat(options=[option("pick", kind, choices=choices)])])
    assert (status, data["code"]) == (400, 50035)
    assert field_errors(data, "0.options.0.choices.1.value")
    emulator.expect_violation("choices.1.value")


@pytest.mark.parametrize(
    ("limits", "path"),
    [
        ({"min_length": 6001}, "min_length"),
        ({"min_length": -1}, "min_length"),
        ({"max_length": 0}, "max_length"),
        ({"max_length": 6001}, "max_length"),
    ],
)
async def test_a_string_options_lengths_are_within_0_to_6000(
    emulator: Emulator, api: Api, limits: Json, path: str
) -> None:
    status, _ = await sync(api, [chat(options=[option("text", min_length=0, max_length=6000)])])
    assert status == 200
    status, data = await sync(api, [chat(options=[option("text", **limits)])])
    assert (status, data["code"]) == (400, 50035)
    assert field_errors(data, f"0.options.0.{path}")
    emulator.expect_violation(path)


async def test_the_8000_characters_count_each_texts_longest_translation(
    emulator: Emulator, api: Api
) -> None:
    """250 choices of 4 characters fit easily; translated into 30-character names they
    count as 33 each, over 8000 in all."""

    def command(translated: bool) -> Json:
        def choice(i: int) -> Json:
            names = {"name_localizations": {"de": "ü" * 30}} if translated else {}
            return {"name": "c", "value": f"v{i:02d}", **names}

        options = [option(f"o{n}", choices=[choice(i) for i in range(25)]) for n in range(10)]
        return chat(options=options)

    status, _ = await sync(api, [command(translated=False)])
    assert status == 200
    status, data = await sync(api, [command(translated=True)])
    assert (status, data["code"]) == (400, 50035)
    [error] = field_errors(data, "0")
    assert error["code"] == "APPLICATION_COMMAND_TOO_LARGE"
    emulator.expect_violation("APPLICATION_COMMAND_TOO_LARGE")


async def test_a_localized_option_name_cannot_be_another_options_name(
    emulator: Emulator, api: Api
) -> None:
    """Within one option list, a translated name differs from the other options' names and
    from their translations into the same locale."""
    fine = [
        option("seats", name_localizations={"de": "plätze", "hu": "seats"}),
        option("game", name_localizations={"de": "spiel", "hu": "plätze"}),
    ]
    status, _ = await sync(api, [chat(options=fine)])
    assert status == 200
    clash_default = [option("seats", name_localizations={"de": "game"}), option("game")]
    clash_locale = [
        option("seats", name_localizations={"de": "spiel"}),
        option("game", name_localizations={"de": "spiel"}),
    ]
    for options, path in (
        (clash_default, "0.options.0.name_localizations.de"),
        (clash_locale, "0.options.1.name_localizations.de"),
    ):
        status, data = await sync(api, [chat(options=options)])
        assert (status, data["code"]) == (400, 50035)
        assert field_errors(data, path), path
    emulator.expect_violation("another option's name")
