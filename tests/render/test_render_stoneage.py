"""The Stone Age pictures: every sample view renders within budget and follows the phone rule,
and hands never leak."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import stoneage_samples as samples
from conftest import Sized
from PIL import Image
from test_render_civ import MAX_BYTES, Secretive, drawn_text, png_size

import render
from render.fonts import has_glyph
from render.stoneage import board, common, icons, look
from render.symbols import mask

__all__ = ["drawn_text"]  # the fixture, imported for this module's tests

TABLES: dict[str, Callable[[], dict[str, Any]]] = {
    "two_player_place": samples.two_player_place,
    "three_player_resolve": samples.three_player_resolve,
    "four_player_dice_for_all": samples.four_player_dice_for_all,
    "four_player_feed": samples.four_player_feed,
    "open_cards": samples.open_cards,
    "game_over": samples.game_over,
}
HUNGARIAN = "áéíóöőúüűÁÉÍÓÖŐÚÜŰ"


def joined(lines: list[str]) -> str:
    return "\n".join(lines)


@pytest.fixture
def drawn(drawn_text: list[str]) -> Iterator[list[str]]:
    """Every line of text drawn, cached card and tile pictures included (drawn afresh)."""
    common._card_image.cache_clear()
    board._tile_image.cache_clear()
    yield drawn_text


@pytest.fixture
def sized(sized: Sized) -> Sized:
    """The shared record of texts drawn (conftest), with the cached card and tile pictures
    drawn again so that their texts are in it."""
    common._card_image.cache_clear()
    board._tile_image.cache_clear()
    return sized


def assert_phone_sized(data: bytes, lines: Sized) -> None:
    """Shrunk to 360 px wide, as Discord shows it on a phone, no text is under 9 px."""
    width = png_size(data)[0]
    smallest = min(size for _, size in lines)
    assert smallest * look.PHONE_WIDTH / width >= look.PHONE_TEXT, min(lines, key=lambda t: t[1])
    assert smallest >= look.min_text(width) == look.Size.SMALL == 35


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("name", sorted(TABLES))
def test_no_table_text_is_smaller_than_the_phone_rule(name: str, lang: str, sized: Sized) -> None:
    """At 1400 px every text of the table is at least 35 px: labels on the board, cards and
    tiles, dice, panels, the score sheet and the last actions."""
    assert_phone_sized(render.table_png(TABLES[name](), lang=lang), sized)
    assert len(sized) > 60


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_no_hand_text_is_smaller_than_the_phone_rule(lang: str, sized: Sized) -> None:
    """The hand's summary and cards follow the same rule."""
    assert_phone_sized(render.hand_png(samples.hand_view(), lang=lang), sized)
    assert len(sized) > 20


def test_the_panels_keep_every_number_with_the_key_naming_the_pictograms(sized: Sized) -> None:
    """The first row of a panel is pictograms and numbers; the key over the panels names each
    pictogram once, and people at home are still written out."""
    view = samples.four_player_dice_for_all()
    render.table_png(view, lang="en")
    texts = [text for text, _ in sized]
    for name in ("food", "wood", "brick", "stone", "gold", "people", "food track", "cards"):
        assert texts.count(name) == 1, name
    for seat in view["seats"]:
        assert f"{seat['people']['home']} at home" in texts
        for value in (seat["food"], *seat["resources"].values(), seat["agriculture"]):
            assert str(value) in texts


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_renders_a_phone_sized_png_under_budget(name: str, lang: str) -> None:
    """Each table is a PNG 1400 px wide, as tall as its content, under 300 KB."""
    data = render.table_png(TABLES[name](), lang=lang)
    width, height = png_size(data)
    assert width == 1400
    assert 1200 < height < 3600
    assert len(data) < MAX_BYTES


def test_the_dispatcher_knows_stone_age() -> None:
    """render.table_png and render.hand_png pick the Stone Age renderers by view["game"]."""
    view = samples.two_player_place()
    assert render.table_png(view, lang="en") == render.renderers("stoneage")[0](view, lang="en")


def test_table_is_deterministic() -> None:
    """The same view gives the same bytes (no randomness, no clock)."""
    first = render.table_png(samples.four_player_dice_for_all(), lang="hu")
    assert render.table_png(samples.four_player_dice_for_all(), lang="hu") == first


def test_table_grows_with_players() -> None:
    """Four panels take more room than two."""
    two = png_size(render.table_png(samples.two_player_place(), lang="en"))[1]
    four = png_size(render.table_png(samples.four_player_dice_for_all(), lang="en"))[1]
    assert four > two + 500


def test_table_is_the_same_whatever_hand_the_view_holds() -> None:
    """A seat's view with any hand or private record draws the spectator's picture."""
    public = render.table_png(samples.three_player_resolve(), lang="en")
    for seat, hand, private in (
        (2, ["G01", "G08", "S20"], {"multipliers": {"shaman": 2}, "symbols": {"art": 1}}),
        (0, ["S15"] * 9, {"multipliers": {"hut_builder": 27}, "symbols": {"music": 5}}),
        (1, [], {}),
    ):
        view = samples.three_player_resolve()
        view.update(seat=seat, hand=hand, private=private)
        assert render.table_png(view, lang="en") == public


def test_table_never_reads_the_hand() -> None:
    """table_png does not even look at view['hand'] or view['private']."""
    render.table_png(Secretive(samples.hand_view()), lang="en")


def test_place_phase_shows_the_board(drawn: list[str]) -> None:
    """Round, whose turn, the closed village place, people counts against capacities,
    card costs in board order, stacks and their sizes."""
    render.table_png(samples.two_player_place(), lang="en")
    text = joined(drawn)
    for expected in (
        "Round 4: bob",
        "Phase 1: placing people",
        "First player this round: bob",
        "Closed this round",
        "3/∞",
        "2/7",
        "1/1",
        "2/2",
        "24 cards left in the deck",
        "Stack 1 · 5 tiles",
        "Stack 2 · 6 tiles",
        "2 different kinds",
        "= their value",
        "12",
        "Placing (1 at home)",
        "Victory points",
        "hut builder",
    ):
        assert expected in text, expected
    # Position 4 (dearest) is drawn first, on the left, as on the board.
    assert text.index("Cost: 4 resources") < text.index("Cost: 1 resource")
    assert "Figures (multipliers)" not in text


def test_a_waiting_roll_shows_dice_and_who_chooses(drawn: list[str]) -> None:
    """The roll names its owner and place, its sum, and that tools are being chosen."""
    render.table_png(samples.three_player_resolve(), lang="en")
    text = joined(drawn)
    for expected in ("Last roll:", "· Quarry", "= 10", "Choosing tools", "Adding tools?"):
        assert expected in text, expected
    assert "Empty: a new card" in text
    assert "This stack is empty" in text


def test_a_finished_roll_shows_tools_total_and_gain(drawn: list[str]) -> None:
    """Tools added, the total and the gain are written out."""
    render.table_png(samples.four_player_dice_for_all(), lang="en")
    text = joined(drawn)
    for expected in ("= 13", "= 21", "7", "Dice for all:", "Writing: dice for all"):
        assert expected in text, expected
    for expected in ("dave picks now", "Then:", "Taken:", "Picking a die"):
        assert expected in text, expected


def test_feeding_marks_every_hungry_seat(drawn: list[str]) -> None:
    """Two seats are prompted at once; each shows its shortfall, the title names no one."""
    render.table_png(samples.four_player_feed(), lang="en")
    text = joined(drawn)
    assert "2 food short" in text
    assert "7 food short" in text
    assert "Round 7" in text
    assert "Round 7:" not in text
    assert "Phase 3: feeding" in text


def test_open_cards_show_figures_and_symbols(drawn: list[str]) -> None:
    """With open_cards the multipliers and culture symbols of every seat are drawn."""
    render.table_png(samples.open_cards(), lang="en")
    text = joined(drawn)
    assert text.count("Figures (multipliers)") == 2
    assert "×3" in text
    assert "2 different culture symbols" in text
    assert "1 culture symbol" in text


def test_game_over_shows_winner_reason_and_breakdown(drawn: list[str]) -> None:
    """The banner names the winner, the reason and the tie-break; the sheet has every part
    of every player and the totals."""
    render.table_png(samples.game_over(), lang="en")
    text = joined(drawn)
    for expected in (
        "Game over after round 14",
        "bob wins",
        "Game end: a building stack ran out",
        "tie-break: the higher food track",
        "Final scoring",
        "Hunger penalties",
        "Shamans × people",
        "Total",
        "179",
        "134",
        "-70",
        "Tie-break: food track",
        "#1",
        "#3",
    ):
        assert expected in text, expected
    assert "Last roll:" not in text  # nobody is on the board any more


def test_hungarian_table_draws_every_letter(drawn: list[str]) -> None:
    """Hungarian labels and names with every accented letter are drawn as real glyphs."""
    names = ["Ő" + HUNGARIAN[:9], "Ű" + HUNGARIAN[9:], "Éva"]
    plain = render.table_png(samples.three_player_resolve(), lang="hu", names=["a", "b", "c"])
    drawn.clear()
    data = render.table_png(samples.three_player_resolve(), lang="hu", names=names)
    assert data != plain
    text = joined(drawn)
    for letter in HUNGARIAN:
        assert letter in text, letter
    # "Ebben a fordulóban zárva" is wrapped on two lines in its location.
    for expected in ("3. forduló: Éva", "Kőfejtő", "Szerszámot ad hozzá?", "fordulóban zárva"):
        assert expected in text, expected
    assert all(has_glyph(ch) for ch in set(text) if not ch.isspace())


def test_display_names_replace_handles(drawn: list[str]) -> None:
    """names= shows display names in the title, panels, dice and event sentences."""
    render.table_png(samples.three_player_resolve(), lang="en", names=["Ágnes", "Béla", "Cili"])
    text = joined(drawn)
    assert "Round 3: Cili" in text
    assert "@Cili rolled" in text
    assert "carol" not in text


def test_a_sparse_view_still_renders() -> None:
    """No roll, no stacks, no recent events, an unknown location count: still a picture."""
    view = samples.two_player_place()
    view.update(dice=None, buildings=[], recent=[], display=[])
    view["locations"]["hunting"] = [12, 9]
    assert png_size(render.table_png(view, lang="en"))[0] == 1400


def test_hand_shows_cards_and_their_summary(drawn: list[str]) -> None:
    """The hand image lists the seat's cards as cards and sums up figures and symbols."""
    data = render.hand_png(samples.hand_view(), lang="en")
    width, height = png_size(data)
    assert width == 1400
    assert 600 < height < 1400
    assert len(data) < MAX_BYTES
    text = joined(drawn)
    for expected in (
        "Your civilization cards, carol",
        "6 cards",
        "Figures (multipliers)",
        "3 different culture symbols",
        "Pottery",
        "Art",
        "Sundial",
        "2 dice for wood",  # the short name: "Two dice for a resource" would take two lines
        "shaman",
    ):
        assert expected in text, expected


def test_hand_grows_with_cards() -> None:
    """Nine cards take three rows, one card one row."""
    view = samples.hand_view()
    view["hand"] = ["G01"]
    one = png_size(render.hand_png(view, lang="hu"))[1]
    view["hand"] = ["G01", "G02", "G03", "G04", "G05", "S01", "S02", "S03", "S04"]
    nine = png_size(render.hand_png(view, lang="hu"))[1]
    assert nine > one + 2 * 200


def test_empty_hand_says_so(drawn: list[str]) -> None:
    """A seat without cards gets a sentence instead of cards."""
    view = samples.hand_view()
    view.update(hand=[], private={"multipliers": {}, "symbols": {}})
    render.hand_png(view, lang="en")
    assert "You have no civilization cards yet." in joined(drawn)


def test_hand_needs_a_seat() -> None:
    """A spectator view has no hand to draw."""
    with pytest.raises(ValueError, match="seat"):
        render.hand_png(samples.three_player_resolve(), lang="en")


def test_goods_differ_by_colour_and_shape() -> None:
    """Wood, brick, stone, gold and food each have their own colour and silhouette."""
    colours = [look.colour_of(g) for g in look.GOODS]
    assert len(set(colours)) == len(look.GOODS)
    shapes = [mask(icons.RESOURCE_ICONS[g], 48).tobytes() for g in look.GOODS]
    assert len(set(shapes)) == len(look.GOODS)
    for good in look.GOODS:
        image = mask(icons.RESOURCE_ICONS[good], 26)
        assert sum(image.histogram()[129:]) > 26 * 26 * 0.15, good


def test_card_and_tile_pictures_are_cached() -> None:
    """A second table reuses the card and tile pictures drawn for the first."""
    render.table_png(samples.two_player_place(), lang="en")
    cards, tiles = common._card_image.cache_info(), board._tile_image.cache_info()
    render.table_png(samples.two_player_place(), lang="en")
    assert common._card_image.cache_info().misses == cards.misses
    assert board._tile_image.cache_info().misses == tiles.misses


def test_png_is_a_palette_image() -> None:
    """The table is written as a palette PNG (what keeps it small)."""
    data = render.table_png(samples.game_over(), lang="en")
    with Image.open(io.BytesIO(data)) as image:
        assert image.mode == "P"


def test_a_figure_too_long_for_the_band_is_hyphenated_not_cut(drawn: list[str]) -> None:
    """Hungarian "szerszámkészítő" beside the ×2 of its card goes on two lines at a syllable
    break; nothing on the band is cut with an ellipsis, in either language."""
    for lang in ("hu", "en"):
        for figure in ("toolmaker", "hut_builder", "farmer", "shaman"):
            drawn.clear()
            common._card_image.cache_clear()
            face = common.CardFace("S06", "sand", None, figure, 2, "food", 1, None)
            common.card_image(lang, face)
            assert not any("…" in line for line in drawn), (lang, figure, drawn)
    drawn.clear()
    common._card_image.cache_clear()
    common.card_image("hu", common.CardFace("S06", "sand", None, "toolmaker", 2, "food", 1, None))
    assert "szerszámké-" in drawn and "szítő" in drawn
