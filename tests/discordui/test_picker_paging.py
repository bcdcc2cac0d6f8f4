"""The action picker reaches every choice: buttons for a few, a paged select menu for many,
and routes too long for a custom id kept in the store (``discordui.paths``); /move
suggestions are labelled once per prefix from a cache of the engine's choices."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from discordui.actions import MAX_BUTTONS, picker_for
from discordui.components import (
    PAGE_SIZE,
    ChoiceButton,
    ChoiceSelect,
    KeptButton,
    KeptSelect,
    picker_layout,
    picker_view,
)
from discordui.paths import CUSTOM_ID_MAX, Route
from host.choices import ChoiceCache
from host.service import Loaded
from host.text import action_label
from playground.validation import message_problems
from store import GameRow, SeatRow
from tests.e2e.long_game import FIRST, GAME, LAST, long_word

ALICE, BOB = 101, 102
NORTH1, SOUTH2 = long_word(1, "north"), long_word(2, "south")


def _game(seq: int = 12) -> Loaded:
    row = GameRow(
        id=7, guild_id=1, channel_id=2, thread_id=3, lobby_message_id=4, table_message_id=5,
        game="longmoves", options={}, seats_wanted=2, status="running", seed=1, seq=seq,
        created_by=ALICE, created_at="", updated_at="",
    )  # fmt: skip
    # Pickers carry their seat's since (discordui.paths.stamp): here the game's seq.
    seats = [SeatRow(7, 0, ALICE, "alice", "", seq), SeatRow(7, 1, BOB, "bob", "", seq)]
    return Loaded(row, seats, GAME, GAME.setup(["alice", "bob"], {}, 1))


def _components(view: discord.ui.View) -> list[dict[str, Any]]:
    payload = view.to_components()
    assert message_problems({"components": payload}, file_count=0, creating=True) == {}
    return [c for row in payload for c in row["components"]]


def _matches(item: type[discord.ui.DynamicItem[Any]], custom_id: str) -> re.Match[str] | None:
    return item.__discord_ui_compiled_template__.fullmatch(custom_id)


def test_a_few_choices_are_buttons_as_before() -> None:
    """Two choices: two buttons whose custom ids carry the path, and Back."""
    picker = picker_for(_game(), ALICE, ["o07"])
    buttons = _components(picker_view("en", picker))
    assert [b["custom_id"] for b in buttons] == [
        f"c:7:12:o07 {NORTH1}",
        f"c:7:12:o07 {long_word(1, 'south')}",
        "c:7:12:",
    ]
    assert buttons[-1]["label"] == "Back"


def test_many_choices_page_through_every_one() -> None:
    """60 choices: a select menu of 25 a page; Previous/Next (disabled at the ends) go from
    page to page, and every choice is on exactly one page."""
    picker = picker_for(_game(), ALICE, [])
    assert len(picker.choices) > MAX_BUTTONS
    pages = picker_layout(picker).pages
    assert pages == 3
    seen: list[str] = []
    for page in range(pages):
        components = _components(picker_view("en", picker, page))
        (menu,) = [c for c in components if c["type"] == 3]
        assert menu["custom_id"] == "s:7:12:" and len(menu["options"]) <= PAGE_SIZE
        assert f"page {page + 1} of 3" in menu["placeholder"]
        seen += [o["value"] for o in menu["options"]]
        previous, following = [c for c in components if c["type"] == 2]
        assert (previous["label"], following["label"]) == ("Previous", "Next")
        assert bool(previous.get("disabled")) == (page == 0)
        assert bool(following.get("disabled")) == (page == pages - 1)
        if page < pages - 1:
            # Next names the following page in its custom id, and the button reads it back.
            found = _matches(ChoiceButton, following["custom_id"])
            assert found is not None and int(found["page"] or 0) == page + 1
    assert seen == list(FIRST)
    # A page beyond the last (a message from before the choices shrank) shows the last one.
    assert picker_layout(picker, 99).page == pages - 1


def test_paths_too_long_for_a_custom_id_are_kept() -> None:
    """After two long words every button's path passes 100 characters: the view needs their
    ids from the store (it refuses to build without them), and carries only those ids."""
    game = _game()
    picker = picker_for(game, ALICE, ["o07", NORTH1])
    layout = picker_layout(picker)
    long = layout.to_keep(7, 12)
    assert long == [r for r, _ in layout.buttons] and len(long) == 2
    assert all(len(f"c:7:12:{r.path}") > CUSTOM_ID_MAX for r in long)
    with pytest.raises(KeyError):
        picker_view("en", picker)
    kept = {route: 900 + i for i, route in enumerate(long)}
    ids = [b["custom_id"] for b in _components(picker_view("en", picker, 0, kept))]
    assert ids == ["p:7:12:900", "p:7:12:901", "c:7:12:o07"]  # Back fits: it stays inline
    assert _matches(KeptButton, "p:7:12:900") and not _matches(ChoiceButton, "p:7:12:900")


def test_a_menu_too_long_for_its_custom_id_has_kept_values() -> None:
    """The endings after two long words: a select menu whose values are kept ids, paged too,
    its Previous/Next kept as well (their path is as long)."""
    picker = picker_for(_game(), ALICE, ["o07", NORTH1, SOUTH2])
    assert len(picker.choices) == len(LAST) > PAGE_SIZE
    layout = picker_layout(picker)
    long = layout.to_keep(7, 12)
    assert layout.previous in long and layout.next in long
    assert [r.parts[-1] for r in long if r.parts[-1] in LAST] == list(LAST[:PAGE_SIZE])
    kept = {route: 500 + i for i, route in enumerate(long)}
    components = _components(picker_view("en", picker, 0, kept))
    (menu,) = [c for c in components if c["type"] == 3]
    assert menu["custom_id"] == "q:7:12" and _matches(KeptSelect, menu["custom_id"])
    assert [o["value"] for o in menu["options"]] == [str(kept[r]) for r, _ in layout.menu]
    assert [o["label"] for o in menu["options"]][:2] == ["longmoves.last", "longmoves.last"]


def test_old_and_new_custom_ids_read_back_to_their_routes() -> None:
    """Ids of older messages (``c:``/``s:`` with the path inline) still match; a page is
    read from the new form; a path with ``:`` never goes inline."""
    found = _matches(ChoiceButton, "c:1:2:play science !")
    assert found is not None and Route.of(found["path"], int(found["page"] or 0)) == Route(
        ("play", "science"), submit=True
    )
    found = _matches(ChoiceButton, "c:1:2:3:buy")
    assert found is not None and (found["page"], found["path"]) == ("3", "buy")
    assert _matches(ChoiceButton, "c:1:2:") and _matches(ChoiceSelect, "s:1:2:play")
    assert Route(("a:b",)).inline_id(1, 2) is None
    assert Route(("buy",), page=3).inline_id(1, 2) == "c:1:2:3:buy"
    assert Route.of(" !") == Route((), submit=True) and Route((), submit=True).path == " !"


def test_choices_are_computed_once_per_seq() -> None:
    """The cache answers repeated prefixes; a newer seq of the game drops its entries; the
    least recently used go beyond the size."""
    game = _game()
    cache = ChoiceCache(size=3)

    def ask(seq: int, *prefix: str) -> list[str]:
        return [c.token for c in cache.choices(7, seq, GAME, game.state, 0, prefix)]

    assert ask(12) == list(FIRST) and ask(12) == list(FIRST) and cache.computed == 1
    ask(12, "o07")
    ask(13, "o07")
    assert cache.computed == 3
    ask(12, "o07")  # dropped when seq 13 was asked about
    assert cache.computed == 4
    for token in ("o01", "o02", "o03"):
        ask(13, token)
    ask(13, "o07")  # evicted by the three after it
    assert cache.computed == 8


def test_a_label_asks_the_cache_not_the_engine() -> None:
    """action_label takes its choices from the lookup it is given."""
    game = _game()
    asked: list[tuple[str, ...]] = []

    def lookup(prefix: Any) -> list[Any]:
        asked.append(tuple(prefix))
        return GAME.choices(game.state, 0, list(prefix))

    label = action_label("en", GAME, game.state, 0, ["o07", NORTH1], choices=lookup)
    assert label == "longmoves.first · longmoves.word" and asked == [(), ("o07",)]
