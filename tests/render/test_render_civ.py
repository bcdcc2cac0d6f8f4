"""The CIV pictures: every sample view renders within budget, and hands never leak."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import civ_samples as samples
import pytest
from conftest import Sized
from PIL import Image

import render
from render import layers, theme
from render.canvas import Canvas
from render.civ import look

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000

TABLES: dict[str, Callable[[], dict[str, Any]]] = {
    "two_player": samples.two_player,
    "four_player_team": samples.four_player_team,
    "game_over": samples.game_over,
    "draft": samples.draft,
}


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image.size


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every line of text drawn while the test runs."""
    lines: list[str] = []
    original = Canvas.text

    def recording(self: Canvas, xy: tuple[float, float], text: str, **kwargs: Any) -> int:
        lines.append(text)
        return original(self, xy, text, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    with layers.caching(False):  # a cached layer draws no text
        yield lines


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_renders_a_phone_sized_png_under_budget(name: str, lang: str) -> None:
    """Each table is a PNG 1400 px wide, taller than wide only by its content, < 300 KB."""
    data = render.table_png(TABLES[name](), lang=lang)
    width, height = png_size(data)
    assert width == look.WIDTH == 1400
    assert 1500 < height < 3200
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("name", [*sorted(TABLES), "hand"])
def test_no_text_is_smaller_than_the_phone_rule(name: str, lang: str, sized: Sized) -> None:
    """Shrunk to 360 px wide, as Discord shows a picture on a phone, no text of the table or
    the hand is under 9 px: every font is at least a 40th of the width (35 px at 1400)."""
    if name == "hand":
        data = render.hand_png(samples.hand_view(), lang=lang)
    else:
        data = render.table_png(TABLES[name](), lang=lang)
    width, _ = png_size(data)
    smallest = min(size for _, size in sized)
    assert smallest * theme.PHONE_WIDTH / width >= theme.PHONE_TEXT == 9
    assert smallest >= theme.min_text(width) == look.Size.SMALL == 35
    if name != "hand":  # the bigger type drops none of the numbers a player needs
        view = TABLES[name]()
        texts = [text for text, _ in sized]
        for seat in view["seats"]:
            assert f"{seat['hand_size']} / {seat['hand_limit']}" in texts
            for need in seat["hegemony_need"].values():
                assert f"/{need}" in texts
        discard = view["discard"]
        counts = [text for text in texts if text.isdigit()]
        for domain in samples.DOMAINS:
            assert str(discard.count(domain)) in counts


def test_table_is_deterministic() -> None:
    """The same view gives the same bytes (no randomness, no clock)."""
    view = samples.four_player_team()
    assert render.table_png(view, lang="hu") == render.table_png(
        samples.four_player_team(), lang="hu"
    )


def test_table_grows_with_players() -> None:
    """Four panels take more room than two."""
    two = png_size(render.table_png(samples.two_player(), lang="en"))[1]
    four = png_size(render.table_png(samples.four_player_team(), lang="en"))[1]
    assert four > two + 400


def test_table_is_the_same_whatever_hand_the_view_holds() -> None:
    """A seat's view with any hand or private record draws the spectator's picture."""
    public = render.table_png(samples.four_player_team(), lang="en")
    for hand, private in (
        (["utopia"] * 7, {"breakthrough": {"drawn": ["science"] * 5}}),
        (["military", "religion"], {"inquisition": {"target": 1, "taken": ["culture"]}}),
        ([], {}),
    ):
        view = samples.four_player_team()
        view.update(seat=2, hand=hand, private=private)
        assert render.table_png(view, lang="en") == public


class Secretive(dict[str, Any]):
    """A view that fails the test if anybody reads its secret keys."""

    SECRET = frozenset({"hand", "private"})

    def __getitem__(self, key: str) -> Any:
        assert key not in self.SECRET, f"table_png read view[{key!r}]"
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        assert key not in self.SECRET, f"table_png read view.get({key!r})"
        return super().get(key, default)

    def items(self) -> Any:
        raise AssertionError("table_png iterated over the whole view")

    def values(self) -> Any:
        raise AssertionError("table_png iterated over the whole view")


def test_table_never_reads_the_hand() -> None:
    """table_png does not even look at view['hand'] or view['private']."""
    view = samples.hand_view()
    render.table_png(Secretive(view), lang="en")


def test_table_draws_the_public_facts(drawn_text: list[str]) -> None:
    """Names, the turn, the final round, the coin and the embargo labels are on the table."""
    render.table_png(samples.four_player_team(), lang="en")
    text = "\n".join(drawn_text)
    for expected in (
        "alice",
        "bob",
        "carol",
        "dave",
        "Turn 31: carol",
        "Step 2: effects",
        "Final round",
        "Deck: 0",
        "Team A",
        "Team B",
        "Embargo",
        "Discard pile: 11 cards",
        "Culture coin: carol copied",
    ):
        assert expected in text, expected
    assert text.count("Embargo") >= 3  # three embargoed cells


def test_table_in_hungarian_uses_hungarian_labels(drawn_text: list[str]) -> None:
    """The labels come from the Hungarian catalogue, accents included."""
    render.table_png(samples.game_over(), lang="hu")
    text = "\n".join(drawn_text)
    for expected in (
        "Vége a játéknak",
        "alice nyert",
        "1. hely · 4 pont",
        "Kezdőjátékos",
        "Dobópakli: 4 lap",
        "Legutóbbi lépések",
    ):
        assert expected in text, expected


def test_display_names_replace_handles(drawn_text: list[str]) -> None:
    """names= shows display names in panels, the title and event sentences."""
    render.table_png(samples.two_player(), lang="en", names=["Ágnes", "Béla"])
    text = "\n".join(drawn_text)
    assert "Ágnes" in text
    assert "Turn 6: Béla" in text
    assert "alice" not in text


def test_undrawable_display_name_falls_back_to_the_handle() -> None:
    """A name made only of emoji would draw nothing, so the handle is used instead."""
    plain = render.table_png(samples.two_player(), lang="en")
    assert render.table_png(samples.two_player(), lang="en", names=["🎲🎲", ""]) == plain


def test_game_over_shows_outcome_and_majorities(drawn_text: list[str]) -> None:
    """The banner names the winner and the reason; each player shows place and points."""
    render.table_png(samples.game_over(), lang="en")
    text = "\n".join(drawn_text)
    assert "alice wins" in text
    assert "Majority of domains" in text
    assert "#1 · 4 points" in text
    assert "#2 · 2 points" in text


def test_team_win_names_the_team(drawn_text: list[str]) -> None:
    """When both winners share a team, the headline names the team."""
    view = samples.four_player_team()
    view.update(
        step="over",
        pending=[],
        outcome={
            "ranks": [1, 2, 1, 2],
            "scores": [4, 3, 4, 3],
            "reason": "majority",
            "tiebreak": "utopia",
            "details": {},
        },
    )
    render.table_png(view, lang="en", names=["Ann", "Ben", "Cid", "Dan"])
    text = "\n".join(drawn_text)
    assert "Team A wins: Ann and Cid" in text
    assert "tie-break: " in text


def test_draft_shows_the_centre_cards(drawn_text: list[str]) -> None:
    """The face-up centre cards of the draft are drawn with their names."""
    render.table_png(samples.draft(), lang="en")
    text = "\n".join(drawn_text)
    assert "Centre" in text
    assert "Draft" in text


def test_unknown_game_is_rejected() -> None:
    """Only games with a renderer can be drawn."""
    with pytest.raises(ValueError, match="no renderer"):
        render.table_png({"game": "chess"}, lang="en")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_hand_renders_with_private_info(lang: str, drawn_text: list[str]) -> None:
    """The hand image shows the cards, the limit, the embargo and the Inquisition record."""
    data = render.hand_png(samples.hand_view(), lang=lang)
    width, height = png_size(data)
    assert width == look.WIDTH
    assert 400 < height < 1600
    assert len(data) < MAX_BYTES
    text = "\n".join(drawn_text)
    if lang == "en":
        assert "7 cards · hand limit 7" in text
        assert "Inquisition: 2 cards taken from bob" in text
        assert "Embargo on you this turn" in text


@pytest.mark.parametrize(
    "private",
    [
        {},
        {"breakthrough": {"drawn": ["science", "utopia", "culture", "economy", "military"]}},
        {"draft": {"kept": ["military"], "packet": ["religion", "science", "economy"]}},
        {"someday": {"cards": ["utopia"], "note": 3}},
    ],
)
def test_hand_renders_every_private_record(private: dict[str, Any]) -> None:
    """Known and unknown private records draw without error."""
    view = samples.hand_view()
    view["private"] = private
    assert png_size(render.hand_png(view, lang="hu"))[0] == look.WIDTH


def test_hand_can_be_empty(drawn_text: list[str]) -> None:
    """An empty hand says so instead of drawing nothing."""
    view = samples.hand_view()
    view.update(hand=[], private={})
    render.hand_png(view, lang="en")
    assert "No cards in your hand." in drawn_text


def test_hand_of_twelve_cards_wraps() -> None:
    """Breakthrough can leave a big hand: the cards wrap onto more rows (six to a row)."""
    view = samples.hand_view()
    view.update(private={}, hand=["science"] * 6)
    six = png_size(render.hand_png(view, lang="en"))[1]
    view["hand"] = ["science"] * 7
    seven = png_size(render.hand_png(view, lang="en"))[1]
    view["hand"] = ["science"] * 12
    assert png_size(render.hand_png(view, lang="en"))[1] == seven > six + 200
    view["hand"] = ["science"] * 13
    assert png_size(render.hand_png(view, lang="en"))[1] > seven + 200


def test_hand_needs_a_seat() -> None:
    """A spectator view has no hand to draw."""
    with pytest.raises(ValueError, match="seat"):
        render.hand_png(samples.two_player(), lang="en")


def test_examples_can_be_saved(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Write every sample picture to a temporary folder, to look at by eye."""
    folder: Path = tmp_path_factory.mktemp("civ_pictures")
    for lang in ("en", "hu"):
        for name, build in TABLES.items():
            (folder / f"table_{name}_{lang}.png").write_bytes(render.table_png(build(), lang=lang))
        (folder / f"hand_{lang}.png").write_bytes(render.hand_png(samples.hand_view(), lang=lang))
    saved = sorted(p.name for p in folder.iterdir())
    assert len(saved) == 10
    print(f"example pictures in {folder}")


def test_hegemony_win_names_the_domain_and_shows_no_points(drawn_text: list[str]) -> None:
    """A hegemony ending names the domain; the 1/0 scores are not shown as points."""
    view = samples.game_over()
    view["outcome"] = {
        "ranks": [2, 1],
        "scores": [0.0, 1.0],
        "reason": "hegemony",
        "tiebreak": None,
        "details": {"player": "bob", "domain": "religion"},
    }
    render.table_png(view, lang="en", names=["Ann", "Ben"])
    text = "\n".join(drawn_text)
    assert "Ben wins" in text
    assert "Hegemony in civ.domain.religion" in text or "Hegemony in Religion" in text
    assert "#1" in text
    assert "point" not in text


def test_resigned_seat_is_marked(drawn_text: list[str]) -> None:
    """A resigned player's panel says so, and the resignation is the detail line."""
    view = samples.game_over()
    view["seats"][1]["resigned"] = True
    view["outcome"] = {
        "ranks": [1, 2],
        "scores": [1.0, 0.0],
        "reason": "resigned",
        "tiebreak": None,
        "details": {"player": "bob"},
    }
    render.table_png(view, lang="hu")
    text = "\n".join(drawn_text)
    assert "Feladta" in text
    assert "bob feladta" in text


def test_majority_crowns_follow_the_outcome_details() -> None:
    """The domains scored come from the outcome details when the engine gives them."""
    view = samples.game_over()
    with_details = samples.game_over()
    with_details["outcome"]["details"] = {"domains": {d: ["bob"] for d in samples.DOMAINS}}
    assert render.table_png(view, lang="en") != render.table_png(with_details, lang="en")
