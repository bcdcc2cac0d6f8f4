"""What a choice does, read from the game's /rules help (host.text.choice_help), and how the
picker fits those lines under its buttons (discordui.actions.help_lines)."""

from __future__ import annotations

import pytest

import locales
from discordui.actions import HELP_MAX, help_lines
from host import text
from rules.core import Choice

ATTACK = Choice("attack", "civ.effect.attack")
IRRIGATION = Choice("irrigation", "clash.choice.advance", {"advance": "irrigation", "food": 2})
FOREST = Choice("forest", "stoneage.location.forest")
CARD = Choice("a07", "clash.choice.combat_card", {"card": "A07", "half": "K05"})


@pytest.mark.parametrize("lang", locales.SUPPORTED)
@pytest.mark.parametrize(
    ("game", "choice", "key"),
    [
        ("civ", ATTACK, "rules.civ.effect.attack"),
        ("clash", IRRIGATION, "rules.clash.advance.irrigation"),
        ("stoneage", FOREST, "rules.stoneage.location.forest"),
        ("clash", CARD, "rules.clash.card.A07"),
    ],
)
def test_a_choice_is_explained_by_the_rules_topic_it_names(
    game: str, choice: Choice, key: str, lang: str
) -> None:
    """By its label, else by a parameter naming a topic; the first paragraph only, as a player
    who taps reads it (``text.plain_help``)."""
    about = text.choice_help(lang, game, choice)
    first = locales.t(lang, key).split("\n")[0]
    assert about is not None and about == text.plain_help(lang, game, first)


def test_a_choice_without_a_topic_has_no_explanation() -> None:
    assert text.choice_help("en", "civ", Choice("end", "civ.action.end")) is None
    # Another game's topic is not taken.
    assert text.choice_help("en", "clash", ATTACK) is None


def test_short_cuts_at_a_word() -> None:
    assert text.short("one two three", 20) == "one two three"
    assert text.short("one two, three four", 12) == "one two…"


def test_help_lines_fit_the_room_or_are_left_out() -> None:
    lines = help_lines("en", "stoneage", [FOREST, FOREST], 2000)
    assert len(lines) == 2 and all(len(x) <= HELP_MAX + 20 for x in lines)
    assert lines[0].startswith("ℹ️ **Forest**: Wood: the dice total divided by 3")
    many = [FOREST] * 20
    squeezed = help_lines("en", "stoneage", many, 1500)
    assert len(squeezed) == 20 and sum(len(x) + 1 for x in squeezed) <= 1500
    assert help_lines("en", "stoneage", many, 600) == []  # too short to say anything
    assert help_lines("en", "civ", [Choice("end", "civ.action.end")], 2000) == []


SITES = ("forest", "clay", "quarry", "river")


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_the_resource_sites_differ_before_their_help_is_cut(lang: str) -> None:
    """Forest, clay pit, quarry and river differ only in what a roll yields (the die divisor):
    that part comes before any cut, in a select option's 100 characters and in the lines under
    a place step's buttons (all eight locations, a card and a building)."""
    sites = [Choice(s, f"stoneage.location.{s}") for s in SITES]
    described = [text.short(text.choice_help(lang, "stoneage", c) or "", 100) for c in sites]
    assert len(set(described)) == len(SITES), described
    for divisor, about in zip((3, 4, 5, 6), described, strict=True):
        assert str(divisor) in about.split("7")[0], about  # before "at most 7 people"
    others = ("hunting", "toolmaker", "hut", "field")
    step = sites + [Choice(s, f"stoneage.location.{s}") for s in others]
    step += [Choice(k, f"stoneage.target.{k}", {}, False, True) for k in ("card", "building")]
    lines = help_lines(lang, "stoneage", step, 1800)
    told = [line.split("**: ", 1)[1] for line in lines[: len(SITES)]]
    assert len(set(told)) == len(SITES), told
