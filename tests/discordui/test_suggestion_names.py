"""``/move`` suggestions put their own label first: a phone shows only the start of a long
name, and the labels of what was typed before are the same for every suggestion."""

from __future__ import annotations

from discordui.actions import suggestion_name
from discordui.paths import VALUE_MAX
from host import text
from rules.civ import GAME
from tests.rules.civ_support import in_effects

#: About what a phone shows of a suggestion before cutting it.
PHONE = 32


def test_what_tells_suggestions_apart_comes_first() -> None:
    state = in_effects(
        players=("alice", "bob", "carol"),
        seats={
            "alice": {"area": {"military": 2, "science": 1, "culture": 1, "economy": 1}},
            "bob": {"area": {"science": 1, "economy": 2}},
            "carol": {"area": {"science": 2}},
        },
    )
    head = text.action_label("en", GAME, state, 0, ["attack"])
    names = [
        suggestion_name(text.choice_label("en", c), head, not c.complete, f"attack {c.token}")
        for c in GAME.choices(state, 0, ["attack"])
    ]
    assert names[0] == "Military: only you would lose a card – Attack (attack military)"
    assert len({name[:PHONE] for name in names}) == len(names)


def test_a_long_name_keeps_its_start() -> None:
    head = " · ".join(["Activate City", "City: D2 (size 3, happy)", "Collect"] * 3)
    names = [
        suggestion_name(f"{what} from C8", head, True, f"activate d2 collect {what.lower()}c8")
        for what in ("Ore", "Wood", "Food", "Gold")
    ]
    assert all(len(name) <= VALUE_MAX for name in names)
    assert [name.split(" ")[0] for name in names] == ["Ore", "Wood", "Food", "Gold"]
    assert all(name.endswith("…") for name in names)
    assert suggestion_name("x" * 120, "", False, "x") == "x" * (VALUE_MAX - 1) + "…"
