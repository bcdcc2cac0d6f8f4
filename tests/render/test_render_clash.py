"""The Clash of Cultures map picture: boards of 2-4 players, the phone rule, face-down regions
that reveal nothing, every space name, pieces in their owners' colours, the zoomed crop."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import clash_samples as samples
import pytest
from PIL import Image, ImageChops
from test_render_civ import MAX_BYTES, Secretive, png_size

import render
import rules
from render import theme
from render.canvas import Canvas
from render.clash import hand, icons, look, pieces, table
from render.symbols import mask
from rules.clash.boards import board, deal_regions
from rules.clash.hexes import parse_hex
from rules.clash.tiles import REGIONS, tile
from rules.core import Rng

SAMPLES = {2: samples.two_player, 3: samples.three_player, 4: samples.four_player}
Drawn = list[tuple[tuple[float, float], str, int]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every line of text drawn while the test runs: where, what, font size."""
    lines: Drawn = []
    original = Canvas.text

    def recording(self: Canvas, xy: tuple[float, float], text: str, **kwargs: Any) -> int:
        lines.append((xy, text, kwargs["size"]))
        return original(self, xy, text, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    yield lines


def image(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as picture:
        return picture.convert("RGB")


def near(picture: Image.Image, box: tuple[float, ...], colour: theme.Colour) -> int:
    """Pixels within ``box`` of about ``colour`` (the PNG palette moves colours a little)."""
    region = picture.crop(tuple(round(v) for v in box))
    diff = ImageChops.difference(region, Image.new("RGB", region.size, colour)).split()
    worst = ImageChops.lighter(ImageChops.lighter(diff[0], diff[1]), diff[2])
    return sum(worst.histogram()[:30])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_board_with_explored_regions_and_pieces_renders(players: int) -> None:
    """Each board is one PNG 1600 px wide, as tall as the map and legend, under 300 KB."""
    data = table.table_png(SAMPLES[players](), lang="en")
    width, height = png_size(data)
    assert width == look.WIDTH == 1600
    assert 1500 < height < 2400
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_text_is_smaller_than_the_phone_rule(players: int, drawn: Drawn) -> None:
    """Shrunk to 360 px wide, as Discord shows it on a phone, no text is under 9 px: at
    1600 px every font is at least 40 px, names, counts and "?" included."""
    view = SAMPLES[players]()
    table.table_png(view, lang="en")
    table.crop_png(view, view["map"]["cities"][0]["hex"], lang="en")
    smallest = min(size for *_, size in drawn)
    assert smallest * 360 / look.WIDTH >= 9
    assert smallest >= look.min_text(1600) == 40
    counts = {text for _, text, _ in drawn if text.isdigit()}
    assert {str(u["count"]) for u in view["map"]["units"]} <= counts


def test_face_down_regions_reveal_nothing() -> None:
    """Two deals that differ in a face-down slot draw the same picture; so does a view that
    carries the hidden terrain by mistake while the slot is still unexplored."""
    b = board(4)
    first = deal_regions(b, Rng(5))
    slot = "r6"
    other = dict(first)
    other[slot] = next(t.id for t in REGIONS if t.terrains != tile(first[slot]).terrains)
    explored = ["r1", "r3"]
    assert slot not in explored
    picture = table.table_png(samples.view(4, _map_with(first, explored)), lang="en")
    assert table.table_png(samples.view(4, _map_with(other, explored)), lang="en") == picture
    leaked = _map_with(first, explored)
    truth = samples.terrains(b, {slot: other[slot]})
    for space in leaked["spaces"]:
        if space["slot"] == slot:
            space["terrain"] = truth[parse_hex(space["hex"])]
    assert table.table_png(samples.view(4, leaked), lang="en") == picture
    # The test can tell: exploring the slot changes the picture.
    shown = table.table_png(samples.view(4, _map_with(other, [*explored, slot])), lang="en")
    assert shown != picture


def _map_with(deal: dict[str, str], explored: list[str]) -> dict[str, Any]:
    """The 4-player map with ``deal``'s regions in the ``explored`` slots face up."""
    b = board(4)
    ground = samples.terrains(b, {s: deal[s] for s in explored})
    the_map = samples.map_view(4, [])
    for space in the_map["spaces"]:
        space["terrain"] = ground.get(parse_hex(space["hex"]))
    the_map["unexplored"] = [s.id for s in b.hidden if s.id not in explored]
    return the_map


def test_face_down_spaces_draw_a_question_mark(drawn: Drawn) -> None:
    """One "?" per face-down space, its name still printed."""
    view = samples.three_player()
    table.table_png(view, lang="en")
    hidden = set(view["map"]["unexplored"])
    face_down = [s for s in view["map"]["spaces"] if s["slot"] in hidden]
    assert len(face_down) == 4 * len(hidden)
    assert sum(1 for _, text, _ in drawn if text == "?") == len(face_down) + 1  # + legend


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_space_name_is_drawn_in_its_space(players: int, drawn: Drawn) -> None:
    """The layout holds every space of the board, and each name is printed once, in the top
    half of its own hex, inside the picture."""
    view = SAMPLES[players]()
    data = table.table_png(view, lang="en")
    width, height = png_size(data)
    lay = table.map_layout(view)
    names = board(players).labels()
    assert set(lay.spaces) == set(names)
    where = {text: xy for xy, text, _ in drawn if text in lay.spaces}
    assert set(where) == set(names)
    assert sum(1 for _, text, _ in drawn if text in lay.spaces) == len(names)
    for name, (x, y) in where.items():
        cx, cy = lay.centre(lay.spaces[name].hex)
        assert abs(x - cx) < 1 and cy - lay.radius < y < cy
        assert 0 < x < width and 0 < y < height


def test_counts_are_printed_on_their_spaces(drawn: Drawn) -> None:
    """Every unit's count, and each cargo total, is drawn inside the unit's own hex."""
    view = samples.four_player()
    table.table_png(view, lang="en")
    lay = table.map_layout(view)
    texts = [(xy, text) for xy, text, _ in drawn]
    for unit in view["map"]["units"]:
        x0, y0, x1, y1 = lay.hex_box(parse_hex(unit["hex"]))
        inside = [t for (x, y), t in texts if x0 < x < x1 and y0 < y < y1]
        assert str(unit["count"]) in inside, unit
        for item in unit["cargo"]:
            assert str(item["count"]) in inside, unit


def test_pieces_are_in_their_owners_colours() -> None:
    """A temple built by carol keeps her colour in bob's city; bob's own would not show it."""
    view = samples.four_player()
    bob = samples.city(view["map"], 1)
    box = table.map_layout(view).hex_box(parse_hex(bob["hex"]))
    pink = theme.player_colour(2)
    captured = image(table.table_png(view, lang="en"))
    assert near(captured, box, pink) > 100
    for piece in bob["pieces"]:
        piece["owner"] = 1
    assert near(image(table.table_png(view, lang="en")), box, pink) < 10


def test_barbarians_have_their_own_style() -> None:
    """Barbarian cities and armies are near-black with a red rim, no seat's colour."""
    view = samples.four_player()
    lay = table.map_layout(view)
    picture = image(table.table_png(view, lang="en"))
    camp = view["map"]["barbarian_cities"][0]["hex"]
    box = lay.hex_box(parse_hex(camp))
    assert near(picture, box, look.BARBARIAN) > 200
    assert near(picture, box, look.BARBARIAN_RIM) > 50


def test_moods_differ_in_shape_not_only_colour() -> None:
    """Happy, neutral and angry faces have different features (greyscale tells them apart)."""
    details = [icons.MOODS[m].detail for m in ("happy", "neutral", "angry")]
    features = [mask(d, 64) for d in details if d is not None]
    assert len(features) == 3
    for k, a in enumerate(features):
        for b in features[k + 1 :]:
            assert ImageChops.difference(a, b).getbbox() is not None
    view = samples.two_player()
    pictures = []
    for mood in ("happy", "neutral", "angry"):
        view["map"]["cities"][0]["mood"] = mood
        pictures.append(image(table.table_png(view, lang="en")).convert("L"))
    assert len({p.tobytes() for p in pictures}) == 3


def test_terrains_differ_in_pattern_and_lightness() -> None:
    """Every terrain has its own marks (trees, peaks, seeds, cracks, waves), so colour-blind
    players and greyscale tell them apart; their fills differ in lightness too."""
    marks = {t: mask(icons.MARKS[t][0], 96) for t in icons.MARKS}
    terrains = sorted(marks)
    for k, a in enumerate(terrains):
        for b in terrains[k + 1 :]:
            diff = ImageChops.difference(marks[a], marks[b]).point(lambda v: 255 if v > 128 else 0)
            assert sum(diff.histogram()[255:]) > 0.1 * 96 * 96, (a, b)
    grey = [
        sum(c * w for c, w in zip(look.TERRAIN_FILL[t], (299, 587, 114), strict=True)) // 1000
        for t in terrains
    ]
    assert len(set(grey)) == len(grey)


def test_ports_face_their_sea() -> None:
    """A port is drawn on its city's side towards ``port_faces``: moving the facing moves it."""
    view = samples.four_player()
    bob = samples.city(view["map"], 1)
    assert bob["port_faces"] is not None
    first = table.table_png(view, lang="en")
    bob["port_faces"] = None  # now it stands among the buildings
    assert table.table_png(view, lang="en") != first


def test_the_header_names_the_round_and_the_player_to_act(drawn: Drawn) -> None:
    """The round number and every player's display name are drawn."""
    view = samples.four_player()
    table.table_png(view, lang="en", names=["Ann", "Ben", "Cy", "Di"])
    texts = [text for _, text, _ in drawn]
    assert {"4", "Ann", "Ben", "Cy", "Di"} <= set(texts)
    assert "alice" not in texts
    turn = table.table_png(view, lang="en")
    view["turn_of"] = 0
    assert table.table_png(view, lang="en") != turn


def test_table_is_deterministic_and_ignores_private_keys() -> None:
    """The same view gives the same bytes; a seat's view draws the spectator's picture and
    the table never even reads ``hand`` or ``private``."""
    public = table.table_png(samples.three_player(), lang="en")
    assert table.table_png(samples.three_player(), lang="hu") == public  # wordless
    view = samples.three_player()
    view.update(seat=1, hand=["a1", "a2"], private={"objectives": ["o3"]})
    assert table.table_png(view, lang="en") == public
    table.table_png(Secretive(view), lang="en")


def test_crop_zooms_around_a_space(drawn: Drawn) -> None:
    """A crop is 1600 px wide, larger hexes, only the spaces in its window; it centres the
    asked space when the map allows it."""
    view = samples.four_player()
    data = table.crop_png(view, "F5", lang="en")
    width, height = png_size(data)
    assert width == 1600 and height < 1400 and len(data) < MAX_BYTES
    lay, (x0, y0, x1, y1) = table.crop_layout(view, "F5")
    assert lay.radius > table.map_layout(view).radius * 1.5
    cx, cy = lay.centre(parse_hex("F5"))
    assert abs(cx - (x0 + x1) / 2) < 2 and abs(cy - (y0 + y1) / 2) < 2
    names = {text for _, text, _ in drawn if text in lay.spaces}
    assert "F5" in names and "A4" not in names and len(names) < len(lay.spaces)
    # At a corner the window stays on the map.
    lay, (x0, y0, x1, y1) = table.crop_layout(view, "C1")
    bx0, by0, _, _ = lay.box()
    assert bx0 >= x0 - 1 - look.MARGIN and by0 >= y0 - 1 - look.MARGIN


@pytest.mark.parametrize("around", ["Z9", "c4x", "A1"])
def test_crop_needs_a_space_of_the_map(around: str) -> None:
    with pytest.raises(ValueError, match="space"):
        table.crop_png(samples.four_player(), around, lang="en")


def test_hand_panel_renders_for_a_seat_only(drawn: Drawn) -> None:
    """The private panel shows the seat and how many cards it holds; a spectator has none."""
    view = samples.two_player()
    with pytest.raises(ValueError, match="seat"):
        hand.hand_png(view, lang="en")
    view.update(seat=1, hand=["a1", "a2", "a3"], private={})
    width, _ = png_size(hand.hand_png(view, lang="en"))
    assert width == 1600
    assert {"bob", "3"} <= {text for _, text, _ in drawn}


def test_legend_labels_appear_once_the_catalogue_has_them(
    monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    """The legend is wordless until ``render.clash.legend.*`` keys exist; then it labels each
    entry, and the picture still fits the budget."""
    from render.clash import legend

    plain = png_size(table.table_png(samples.four_player(), lang="en"))[1]
    monkeypatch.setattr(legend, "_label", lambda ctx, key: key.replace("_", " ").title())
    data = table.table_png(samples.four_player(), lang="en")
    assert "Barbarian Army" in {text for _, text, _ in drawn}
    assert png_size(data)[1] > plain and len(data) < MAX_BYTES


def test_renderer_registry_follows_the_game_registry() -> None:
    """Until Clash of Cultures is in ``rules.GAME_NAMES`` the dispatcher refuses it (the
    module is used directly); once registered, it finds this module's functions."""
    view = samples.two_player()
    if "clash" not in rules.GAME_NAMES:
        with pytest.raises(ValueError, match="clash"):
            render.renderers("clash")
    else:
        assert render.table_png(view, lang="en") == table.table_png(view, lang="en")


def test_unknown_pieces_and_kinds_still_draw() -> None:
    """A building kind or unit kind the picture does not know yet is drawn generically; a
    piece naming a space off the map is skipped."""
    view = samples.two_player()
    the_map = view["map"]
    samples.grow(the_map["cities"][0], "market")
    samples.unit(the_map, the_map["cities"][1]["hex"], 1, "elephant", 1)
    samples.unit(the_map, "Z99", 0, "army", 3)
    assert png_size(table.table_png(view, lang="en"))[0] == 1600
    assert pieces.piece_icon("market") is icons.PIECES["building"]


def test_the_width_is_one_setting(monkeypatch: pytest.MonkeyPatch, drawn: Drawn) -> None:
    """Everything follows ``look.WIDTH``: at the other games' 1400 px (what
    tests/test_every_game.py expects of a registered game) the phone rule still holds."""
    monkeypatch.setattr(look, "WIDTH", 1400)
    view = samples.four_player()
    width, _ = png_size(table.table_png(view, lang="en"))
    crop_width, _ = png_size(table.crop_png(view, "F5", lang="en"))
    assert width == crop_width == 1400
    assert min(size for *_, size in drawn) >= look.min_text(1400) == 35
