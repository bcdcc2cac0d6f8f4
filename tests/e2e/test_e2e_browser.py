"""The playground page in a real headless Chromium: fake users start a CIV game (and a Clash of
Cultures game) with the command form and the lobby buttons, then play moves through the
private picker buttons and through /move with the page's autocomplete suggestions, while the
table image updates.

Debian's ``chromium`` package is the browser (Playwright never downloads one here)."""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium") if Path("/usr/bin/chromium").exists() else None
CHROMIUM = CHROMIUM or (Path(found) if (found := shutil.which("chromium")) else None)
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

from playwright.async_api import Locator, Page, async_playwright, expect  # noqa: E402

# Headless Chromium as root, and nothing that phones home (there is no network to reach).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000


@pytest.fixture
async def page(playground_url: tuple[str, str]) -> AsyncIterator[Page]:
    """The playground page, opened and connected to the bot, in a fresh headless browser."""
    url, _ = playground_url
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 1000, "height": 900})
            page.set_default_timeout(TIMEOUT_MS)
            expect.set_options(timeout=TIMEOUT_MS)
            await page.goto(f"{url}/")
            await expect(page.locator("#status")).to_have_text(re.compile("is connected"))
            await expect(page.locator("#command option[value='move']")).to_have_count(1)
            yield page
        finally:
            await browser.close()


async def act_as(page: Page, name: str) -> None:
    """Switch the page to another fake user and wait until the log is theirs."""
    await page.select_option("#user", label=name)
    await expect(page.locator("#user option:checked")).to_have_text(name)
    # The state poll answers for the new user before the log is theirs.
    await page.wait_for_function(
        "name => ui.state && ui.state.users.find(u => u.id === ui.state.user).name === name",
        arg=name,
    )


async def choose_command(page: Page, path: str) -> None:
    await page.select_option("#command", value=path)
    await page.dispatch_event("#command", "change")
    await expect(page.locator("#command-help")).not_to_be_empty()


async def set_option(page: Page, name: str, value: str) -> None:
    """Fill one option of the command form: a select by its value, an input by typing."""
    control = page.locator(f"#options [data-option='{name}']")
    if await control.evaluate("node => node.tagName") == "SELECT":
        await control.select_option(value=value)
    else:
        await control.fill(value)


async def send(page: Page) -> None:
    """Press Send and wait until the bot answered without an error."""
    await page.locator("#result").evaluate("node => { node.textContent = '' }")
    await page.click("#send")
    await expect(page.locator("#result")).to_have_text(re.compile("^[✓✗]"))
    await expect(page.locator("#result")).not_to_have_class(re.compile("error"))


def public(page: Page) -> Locator:
    return page.locator("#log li.msg:not(.ephemeral)")


async def table_state(page: Page) -> tuple[str, str]:
    """(image src, name of the user to move) from the newest table post in the thread."""
    table = public(page).filter(has=page.locator("img.attachment")).last
    src = await table.locator("img.attachment").first.get_attribute("src")
    text = await table.locator(".content").inner_text()
    mover = re.search(r"➡️ ?@(\w+)", text)
    assert src and mover, text
    return src, mover.group(1)


async def wait_for_new_table(page: Page, old_src: str) -> tuple[str, str]:
    """Wait until the thread shows a table image other than ``old_src``."""
    await page.wait_for_function(
        """old => {
            const posts = [...document.querySelectorAll('#log li.msg:not(.ephemeral)')]
                .filter(li => li.querySelector('img.attachment'));
            const last = posts[posts.length - 1];
            return last && last.querySelector('img.attachment').getAttribute('src') !== old;
        }""",
        arg=old_src,
    )
    src, mover = await table_state(page)
    image = public(page).locator(f"img.attachment[src='{src}']").last
    await expect(image).to_be_visible()
    # The browser really loaded the new picture (a PNG with a size), not a broken link.
    assert await image.evaluate("img => img.complete && img.naturalWidth > 0")
    return src, mover


async def picker_step(picker: Locator) -> str:
    """What the picker shows now: its text and the labels of its choices."""
    step: str = await picker.evaluate(
        "m => m.querySelector('.content').textContent + '|' +"
        " [...m.querySelectorAll('.components button, .components option')]"
        ".map(b => b.textContent).join('|')"
    )
    return step


async def play_with_buttons(page: Page) -> str:
    """Act -> the private picker: press choices until the action is sent; returns its id."""
    table = public(page).filter(has=page.locator("img.attachment")).last
    before = await page.locator("#log li.msg.ephemeral").count()
    await table.get_by_role("button", name=re.compile("Act")).click()
    picker = page.locator("#log li.msg.ephemeral").nth(before)
    await expect(picker.get_by_text("Only you can see this")).to_be_visible()
    picker_id = await picker.get_attribute("data-id")
    assert picker_id
    for _ in range(12):
        step = await picker_step(picker)
        if "Sending" in step:
            return picker_id
        done = picker.locator("button.btn-3")  # Done: the action so far is complete
        complete = picker.locator("button.btn-1")  # a choice that completes the action
        more = picker.locator("button.btn-2")  # a choice that needs more
        menus = picker.locator("select")  # a menu of moves (or of a long step's choices)
        if await done.count():
            await done.first.click()
        elif await menus.count():
            await menus.first.select_option(index=1)
        elif await complete.count():
            await complete.first.click()
        elif await more.count():
            await more.first.click()
        else:
            await picker.locator("select").first.select_option(index=1)
        # The picker message is edited in place: wait for its next step (or the sending note).
        await page.wait_for_function(
            "([id, old]) => { const m = document.querySelector(`#log li[data-id='${id}']`);"
            " return m && m.querySelector('.content').textContent + '|' +"
            " [...m.querySelectorAll('.components button, .components option')]"
            ".map(b => b.textContent).join('|') !== old; }",
            arg=[picker_id, step],
        )
    pytest.fail("the picker never sent an action")


async def suggestions(page: Page, typed: str, *, focus: bool = False) -> list[dict[str, Any]]:
    """Type into /move's action input and return the suggestions the page put in its datalist."""
    field = page.locator("#options [data-option='action']")
    async with page.expect_response(lambda r: "/_pg/autocomplete" in r.url) as answer:
        if focus:
            await field.focus()
        else:
            await field.fill(typed)
    choices: list[dict[str, Any]] = (await (await answer.value).json())["choices"]
    datalist = page.locator(f"#{await field.get_attribute('list')} option")
    await expect(datalist).to_have_count(len(choices))
    offered = await datalist.evaluate_all("nodes => nodes.map(o => o.value)")
    assert offered == [str(c["value"]) for c in choices]
    return choices


async def play_with_autocomplete(page: Page) -> str:
    """/move: pick from the datalist suggestions until a whole action, then Send."""
    await choose_command(page, "move")
    choices = await suggestions(page, "", focus=True)
    for _ in range(12):
        assert choices, "no suggestions"
        pick = choices[-1]
        if not str(pick["name"]).endswith(f"… ({pick['value']})"):
            break
        choices = await suggestions(page, f"{pick['value']} ")
    else:
        pytest.fail("the suggestions never reached a whole action")
    # Choosing a datalist entry puts its value into the input, as the browser does.
    await page.fill("#options [data-option='action']", str(pick["value"]))
    before = await page.locator("#log li.msg.ephemeral").count()
    await send(page)
    answer = page.locator("#log li.msg.ephemeral").nth(before)
    await expect(answer.locator(".content")).to_have_text(re.compile("^✅"))
    answer_id = await answer.get_attribute("data-id")
    assert answer_id
    return answer_id


@pytest.mark.parametrize("game", ["civ", "clash"])
async def test_a_game_is_started_and_played_in_the_browser(
    page: Page, tmp_path: Path, game: str
) -> None:
    """Start with the form and the lobby buttons; move by buttons and by autocomplete."""
    await act_as(page, "alice")
    await choose_command(page, "game new")
    await set_option(page, "game", game)
    await set_option(page, "seats", "2")
    await set_option(page, "images", "every")
    await send(page)
    lobby = public(page).filter(has=page.get_by_role("button", name="Join")).last
    await expect(lobby).to_be_visible()

    await act_as(page, "bob")
    await lobby.get_by_role("button", name="Join").click()
    await expect(page.locator("#result")).to_have_text(re.compile("^✓"))
    await act_as(page, "alice")
    await lobby.get_by_role("button", name="Start").click()
    await expect(page.locator("#result")).to_have_text(re.compile("^✓"))

    thread = page.locator("#channels li.thread button").first
    await thread.click()
    await expect(page.locator("#channel-title")).to_have_text(re.compile("🧵"))
    await expect(public(page).locator("img.attachment").first).to_be_visible(timeout=20_000)
    src, mover = await table_state(page)
    images = [src]
    private: list[tuple[str, str]] = []  # (message id, the one user who may see it)

    for turn in range(4):
        await act_as(page, mover)
        if turn % 2 == 0:
            private.append((await play_with_buttons(page), mover))
        else:
            private.append((await play_with_autocomplete(page), mover))
        src, mover = await wait_for_new_table(page, src)
        images.append(src)

    assert len(set(images)) == len(images), images
    for user in ("alice", "bob", "carol"):
        await act_as(page, user)
        await expect(public(page).locator(f"img.attachment[src='{src}']")).to_have_count(1)
        shown = set(
            await page.locator("#log li.msg").evaluate_all("ns => ns.map(n => n.dataset.id)")
        )
        for message_id, owner in private:
            assert (message_id in shown) == (user == owner), (user, owner, message_id)
    await page.screenshot(path=str(tmp_path / "playground.png"), full_page=True)
    assert (tmp_path / "playground.png").stat().st_size > 0


@contextlib.asynccontextmanager
async def phone_page(url: str) -> AsyncIterator[Page]:
    """The playground on a phone-sized page (390 x 844, 3 device pixels per CSS pixel), in a
    fresh headless browser."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            phone = await browser.new_page(
                viewport={"width": 390, "height": 844}, device_scale_factor=3
            )
            phone.set_default_timeout(TIMEOUT_MS)
            await phone.goto(f"{url}/")
            await expect(phone.locator("#status")).to_have_text(re.compile("is connected"))
            yield phone
        finally:
            await browser.close()


async def start_two_player_game(page: Page, game: str) -> None:
    """alice opens a 2-player ``game``, bob joins, alice starts; the page shows its thread
    with the first table picture."""
    await act_as(page, "alice")
    await choose_command(page, "game new")
    await set_option(page, "game", game)
    await set_option(page, "seats", "2")
    await send(page)
    lobby = public(page).filter(has=page.get_by_role("button", name="Join")).last
    await act_as(page, "bob")
    await lobby.get_by_role("button", name="Join").click()
    await act_as(page, "alice")
    await lobby.get_by_role("button", name="Start").click()
    await expect(page.locator("#result")).to_have_text(re.compile("^✓"))
    await page.locator("#channels li.thread button").first.click()
    await expect(public(page).locator("img.attachment").first).to_be_visible(timeout=20_000)


async def test_a_clash_table_reads_on_a_phone(
    playground_url: tuple[str, str], tmp_path: Path
) -> None:
    """The README's walk-through on a phone-sized page (390 x 844, 3 device pixels per CSS
    pixel): the Clash table picture is shown at least 345 px wide (Discord's phone width), so
    its smallest text, a 40th of the picture's width (``render.clash.look.min_text``, every
    number on the map and boards included), is at least 8.6 px tall there, as in Discord, and
    9 px at the 360 px the phone rule is written for. The screenshot is kept."""
    from render.clash import look

    url, _ = playground_url
    async with phone_page(url) as phone:
        await start_two_player_game(phone, "clash")
        picture = public(phone).locator("img.attachment").first
        await phone.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=await picture.element_handle()
        )
        natural = await picture.evaluate("img => img.naturalWidth")
        box = await picture.bounding_box()
        assert box is not None
        smallest = look.min_text(natural) * box["width"] / natural
        assert box["width"] >= 345 and smallest >= 8.6, (natural, box, smallest)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        await picture.scroll_into_view_if_needed()
        await phone.screenshot(path=str(tmp_path / "phone.png"))
        assert (tmp_path / "phone.png").stat().st_size > 0


async def in_view(page: Page, selector: Locator) -> bool:
    """Whether the element is wholly inside the window (no scrolling needed to see it)."""
    box = await selector.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1


async def test_a_civ_turn_on_a_phone_takes_three_taps_and_a_thread_opens_at_its_end(
    playground_url: tuple[str, str],
) -> None:
    """Issue "Phone-first play": on a 390 x 844 page, "play a card, end the turn" is Act, the
    card, End (3 taps) in the flowing picker, turn after turn; a thread opened after that shows
    its latest post and the command box without scrolling the page."""
    url, _ = playground_url
    async with phone_page(url) as phone:
        await start_two_player_game(phone, "civ")
        src, mover = await table_state(phone)
        for _ in range(4):
            await act_as(phone, mover)
            taps = 0
            table = public(phone).filter(has=phone.locator("img.attachment")).last
            before = await phone.locator("#log li.msg.ephemeral").count()
            await table.get_by_role("button", name=re.compile("Act")).click()
            taps += 1
            picker = phone.locator("#log li.msg.ephemeral").nth(before)
            await expect(picker.get_by_text("Only you can see this")).to_be_visible()
            await expect(picker.locator(".components button").first).to_be_visible()
            await picker.locator(".components button").first.click()  # a card
            taps += 1
            end = picker.get_by_role("button", name="End the turn")
            await expect(end).to_be_visible()
            await end.click()
            taps += 1
            assert taps == 3
            # The turn passed: the newest table post names the other player.
            before_mover = mover
            for _ in range(50):
                src, mover = await wait_for_new_table(phone, src)
                if mover != before_mover:
                    break
            assert mover != before_mover
        # Away and back: the thread opens at its latest post, the command box in view.
        await phone.locator("#channels li button", has_text="games").first.click()
        await phone.locator("#channels li.thread button").first.click()
        latest = public(phone).filter(has=phone.locator("img.attachment")).last
        await expect(latest).to_be_visible()
        await phone.wait_for_function(
            "() => [...document.querySelectorAll('#log img')].every(i => i.complete)"
        )
        assert await phone.evaluate("() => window.scrollY") == 0
        assert await phone.evaluate(
            "() => document.scrollingElement.scrollHeight <= window.innerHeight + 1"
        )
        assert await in_view(phone, phone.locator("#composer"))
        # The end of the latest post (its Act button under the picture) is in view.
        assert await in_view(phone, latest.get_by_role("button", name=re.compile("Act")))


async def test_a_clash_turn_on_a_phone_takes_at_most_seven_taps(
    playground_url: tuple[str, str],
) -> None:
    """Issue "Async-first", item 5: on a 390 x 844 page a first Clash turn of move, collect and
    build is Act; Move, the destination with its settler; what to collect from the Activate
    City menu; the settler to build from it: 5 taps and two menus opened (7 touches), in one
    private message, which then says that nothing more waits and who is next. The Advance
    step's first choice (a menu with each advance's help) is in view without scrolling."""
    url, _ = playground_url
    async with phone_page(url) as phone:
        await start_two_player_game(phone, "clash")
        _, mover = await table_state(phone)
        await act_as(phone, mover)
        table = public(phone).filter(has=phone.locator("img.attachment")).last
        before = await phone.locator("#log li.msg.ephemeral").count()
        await table.get_by_role("button", name=re.compile("Act")).click()
        taps = 1
        picker = phone.locator("#log li.msg.ephemeral").nth(before)
        await expect(picker.get_by_text("Only you can see this")).to_be_visible()
        # The first step fits the screen: its menus and buttons are all in view.
        last = picker.locator(".components select, .components button").last
        assert await in_view(phone, last)
        advance = picker.get_by_role("combobox", name=re.compile("^Advance"))
        assert await in_view(phone, advance)
        assert await advance.locator("option").count() > 5

        async def settled(step: str) -> None:
            await phone.wait_for_function(
                "([id, old]) => { const m = document.querySelector(`#log li[data-id='${id}']`);"
                " return m && m.querySelector('.content').textContent + '|' +"
                " [...m.querySelectorAll('.components button, .components option')]"
                ".map(b => b.textContent).join('|') !== old; }",
                arg=[await picker.get_attribute("data-id"), step],
            )
            await expect(picker.locator(".content")).not_to_have_text(re.compile("^⏳"))

        async def tap(name: re.Pattern[str]) -> None:
            nonlocal taps
            step = await picker_step(picker)
            await picker.locator(".components button").filter(has_text=name).first.click()
            taps += 1
            await settled(step)

        async def choose(menu: re.Pattern[str], option: re.Pattern[str]) -> None:
            nonlocal taps
            step = await picker_step(picker)
            select = picker.get_by_role("combobox", name=menu)
            labels = await select.locator("option").all_inner_texts()
            await select.select_option(label=next(x for x in labels if option.search(x)))
            taps += 1
            await settled(step)

        await tap(re.compile(r"^Move$"))
        await tap(re.compile(r"^To \w+ · Settler$"))  # the only unit: no Done, no more groups
        await choose(re.compile("^Activate City"), re.compile(r"^Collect "))
        await choose(re.compile("^Activate City"), re.compile(r"^Build units .* · Settler"))
        assert taps == 5  # and two menus opened: 7 touches
        await expect(picker.locator(".content")).to_have_text(
            re.compile(r"Nothing more waits for you now\. Next: @\w+")
        )


async def test_the_page_renders_discords_markdown(playground_url: tuple[str, str]) -> None:
    """A mention inside bold text is a mention, and "-# " lines are small subtext."""
    url, _ = playground_url
    async with phone_page(url) as page:
        await act_as(page, "alice")
        html = await page.evaluate(
            """() => {
                const id = ui.state.users.find(u => u.name === 'bob').id;
                const box = document.createElement('div');
                box.append(...markdown(`**turn of <@${id}>**\\n-# small print`));
                return box.innerHTML;
            }"""
        )
        assert '<strong>turn of <span class="mention">@bob</span></strong>' in html, html
        assert '<small class="subtext">small print</small>' in html, html
