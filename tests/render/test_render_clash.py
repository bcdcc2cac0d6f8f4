"""The Clash of Cultures table picture: maps of 2-4 players, the phone rule, face-down regions
that reveal nothing, every space name, pieces in their owners' colours, the zoomed crop; the
status line, and the player boards with their key (public data only, in both languages); the
battle under way marked on its space and the report of the latest battle."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import clash_samples as samples
import pytest
from PIL import Image, ImageChops
from test_render_civ import MAX_BYTES, Secretive, png_size

import locales
import render
import rules
from render import layers, theme
from render.canvas import Canvas
from render.clash import battle, header, icons, look, pieces, table
from render.clash import board as clash_map
from render.clash import players as players_board
from render.clash.geometry import MapLayout
from render.context import context
from render.symbols import mask
from rules.clash import GAME
from rules.clash.board.boards import board, deal_regions
from rules.clash.board.hexes import Hex, label, parse_hex
from rules.clash.board.tiles import REGIONS, tile
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
    with layers.caching(False):  # a cached layer draws no text
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
    """Each table is one PNG 1400 px wide (map, legend, player boards), under 3000 px tall
    and 300 KB."""
    data = table.table_png(SAMPLES[players](), lang="en")
    width, height = png_size(data)
    assert width == look.WIDTH == 1400
    assert 2500 < height < 3000
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_text_is_smaller_than_the_phone_rule(players: int, drawn: Drawn) -> None:
    """Shrunk to 360 px wide, as Discord shows it on a phone, no text is under 9 px: at
    1400 px every font is at least 35 px, names, counts, "?" and the boards included."""
    view = SAMPLES[players]()
    table.table_png(view, lang="en")
    table.crop_png(view, view["map"]["cities"][0]["hex"], lang="en")
    smallest = min(size for *_, size in drawn)
    assert smallest * 360 / look.WIDTH >= 9
    assert smallest >= look.min_text(1400) == 35
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
    """Every land unit's count, every ship's numbers and the cargo of its ships (each carries
    ``cargo``: two ships with an army each carry 2) are drawn inside the unit's own hex."""
    view = samples.four_player()
    table.table_png(view, lang="en")
    lay = table.map_layout(view)
    texts = [(xy, text) for xy, text, _ in drawn]
    for unit in view["map"]["units"]:
        x0, y0, x1, y1 = lay.hex_box(parse_hex(unit["hex"]))
        inside = [t for (x, y), t in texts if x0 < x < x1 and y0 < y < y1]
        if unit["kind"] != "ship":
            assert str(unit["count"]) in inside, unit
            continue
        assert ",".join(map(str, unit["ids"])) in inside, unit
        for item in unit["cargo"]:
            assert str(item["count"] * len(unit["ids"])) in inside, unit
    fleet = next(u for u in view["map"]["units"] if u.get("ids") == [1, 3])
    x0, y0, x1, y1 = lay.hex_box(parse_hex(fleet["hex"]))
    on_fleet = [t for (x, y), t in texts if x0 < x < x1 and y0 < y < y1 and t != fleet["hex"]]
    assert sorted(on_fleet) == ["1,3", "2", "2"]


def test_ships_print_their_numbers(drawn: Drawn) -> None:
    """A ship shows the number players type (``ship2``), ships grouped on a space all their
    numbers, a longer hull when they need it; a view without ``ids`` still shows the count."""
    assert clash_map.ship_label({"kind": "ship", "ids": [3, 1], "count": 2}) == "1,3"
    assert clash_map.ship_label({"kind": "ship", "count": 2}) is None
    assert clash_map.ship_label({"kind": "army", "ids": [1], "count": 1}) is None
    view = samples.four_player()
    fleet = next(u for u in view["map"]["units"] if u.get("ids") == [1, 3])
    picture = table.table_png(view, lang="en")
    fleet["ids"] = [2, 4]
    renumbered = table.table_png(view, lang="en")
    assert renumbered != picture
    assert "2,4" in {text for _, text, _ in drawn}
    # The hull grows with its numbers: "1,3" needs more room than "1".
    lay = table.map_layout(view)
    box = lay.hex_box(parse_hex(fleet["hex"]))
    fill = theme.player_colour(fleet["owner"])
    wide = near(image(renumbered), box, fill)
    fleet["ids"], fleet["count"], fleet["cargo"] = [1], 1, []
    single = image(table.table_png(view, lang="en"))
    assert near(single, box, fill) < wide
    del fleet["ids"]
    fleet["count"] = 3
    table.table_png(view, lang="en")
    assert "3" in {text for _, text, _ in drawn}


def _layout_step() -> dict[str, Any]:
    """The docs' game at its end: dan chooses how the region he explored at E8 lies."""
    view = samples.played()
    exploring = view["exploring"]
    assert exploring["step"] == "layout" and len(exploring["layouts"]) == 2
    return view


def test_a_region_being_placed_is_split_between_its_two_ways(drawn: Drawn) -> None:
    """While its explorer chooses, every space of the region shows the first way's terrain on
    its left half marked "a" and the second's on its right marked "b", and the region is
    outlined in the accent colour; the phone rule holds for the marks too."""
    view = _layout_step()
    exploring = view["exploring"]
    data = table.table_png(view, lang="en")
    lay = table.map_layout(view)
    slot = [s for s in lay.spaces.values() if s.slot == exploring["slot"]]
    assert len(slot) == 4
    ways = {(text, xy) for xy, text, _ in drawn if text in ("a", "b")}
    assert len(ways) == 8
    for text, (x, y) in ways:
        spot = next(s for s in slot if _inside(lay, s.hex, (x, y)))
        cx, _ = lay.centre(spot.hex)
        assert (x < cx) == (text == exploring["layouts"][0]["token"])
    assert min(size for *_, size in drawn) >= look.min_text(look.WIDTH)
    picture = image(data)
    first, second = (way["terrain"] for way in exploring["layouts"])
    for s in slot:
        cx, cy = lay.centre(s.hex)
        r = lay.radius
        left = (cx - 0.7 * r, cy - 0.1 * r, cx - 0.3 * r, cy + 0.1 * r)
        right = (cx + 0.3 * r, cy - 0.1 * r, cx + 0.7 * r, cy + 0.1 * r)
        assert near(picture, left, look.TERRAIN_FILL[first[s.name]]) > 100, s.name
        assert near(picture, right, look.TERRAIN_FILL[second[s.name]]) > 100, s.name
    names = {s.name for s in slot}
    for s in slot:
        for d in range(6):
            other = lay.at(s.hex.neighbour(d))
            (ax, ay), (bx, by) = lay.side(s.hex, d)
            mid = ((ax + bx) / 2 - 4, (ay + by) / 2 - 4, (ax + bx) / 2 + 4, (ay + by) / 2 + 4)
            outlined = near(picture, mid, theme.ACCENT) > 20
            assert outlined == (other is None or other.name not in names), (s.name, d)
    # Without the exploration the same map draws neither the split nor the outline.
    del view["exploring"]
    assert table.table_png(view, lang="en") != data


def _inside(lay: MapLayout, h: Hex, xy: tuple[float, float]) -> bool:
    x0, y0, x1, y1 = lay.hex_box(h)
    return bool(x0 < xy[0] < x1 and y0 < xy[1] < y1)


def test_later_steps_outline_the_region_only(drawn: Drawn) -> None:
    """Once the way is chosen (barbarians to place, a ship's space to pick) the region is only
    outlined; a slot the map still shows face down is never split, whatever the view says."""
    view = _layout_step()
    exploring = view["exploring"]
    plain = dict(view, exploring=None)
    nothing = table.table_png(plain, lang="en")
    view["exploring"] = dict(exploring, step="barbarians", layouts=exploring["layouts"][:1])
    drawn.clear()
    outlined = table.table_png(view, lang="en")
    assert outlined != nothing
    assert not {"a", "b"} & {text for _, text, _ in drawn}
    face_down = dict(view["map"], unexplored=[*view["map"]["unexplored"], exploring["slot"]])
    hidden = dict(view, map=face_down, exploring=exploring)
    drawn.clear()
    table.table_png(hidden, lang="en")
    assert not {"a", "b"} & {text for _, text, _ in drawn}


def test_a_crop_shows_the_region_being_placed(drawn: Drawn) -> None:
    view = _layout_step()
    table.crop_png(view, view["exploring"]["space"], lang="en")
    assert sorted(text for _, text, _ in drawn if text in ("a", "b")) == ["a"] * 4 + ["b"] * 4


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
    assert table.table_png(samples.three_player(), lang="en") == public
    view = samples.three_player()
    view.update(seat=1, hand=["a1", "a2"], private={"objectives": ["o3"]})
    assert table.table_png(view, lang="en") == public
    table.table_png(Secretive(view), lang="en")


def test_crop_zooms_around_a_space(drawn: Drawn) -> None:
    """A crop is 1400 px wide, larger hexes, only the spaces in its window; it centres the
    asked space when the map allows it."""
    view = samples.four_player()
    data = table.crop_png(view, "F5", lang="en")
    width, height = png_size(data)
    assert width == 1400 and height < 1400 and len(data) < MAX_BYTES
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


@pytest.mark.parametrize("lang", locales.SUPPORTED)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legend_names_every_icon(players: int, lang: str, drawn: Drawn) -> None:
    """Every terrain, city piece, mood, unit and barbarian piece of the legend has its word
    beside it (``render.clash.legend.<key>``), once, right of its icon and as large as any
    text must be on a phone (9 px at 360 px wide); the picture keeps its height budget."""
    from render.clash import legend

    data = table.table_png(SAMPLES[players](), lang=lang)
    keys = [key for group in legend.KEYS for key in group]
    words = [locales.t(lang, f"render.clash.legend.{key}") for key in keys]
    assert len(set(words)) == len(words)
    where = {text: (xy, size) for xy, text, size in drawn if text in words}
    assert set(where) == set(words)
    assert all(size * 360 / look.WIDTH >= 9 for _, size in where.values())
    assert all(xy[0] > look.MARGIN for xy, _ in where.values())  # an icon before each word
    assert sum(1 for _, text, _ in drawn if text in words) == len(words)
    assert png_size(data)[1] < 3000 and len(data) < MAX_BYTES


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
    assert png_size(table.table_png(view, lang="en"))[0] == look.WIDTH
    assert pieces.piece_icon("market") is icons.PIECES["building"]


def test_the_width_is_one_setting(monkeypatch: pytest.MonkeyPatch, drawn: Drawn) -> None:
    """Everything follows ``look.WIDTH`` (1400 px, what tests/test_every_game.py expects of a
    registered game): at 1600 px the phone rule still holds, boards included."""
    monkeypatch.setattr(look, "WIDTH", 1600)
    view = samples.four_player()
    width, _ = png_size(table.table_png(view, lang="en"))
    crop_width, _ = png_size(table.crop_png(view, "F5", lang="en"))
    assert width == crop_width == 1600
    assert min(size for *_, size in drawn) >= look.min_text(1600) == 40


def _keen_action(state: Any, seat: int, rng: Rng) -> str:
    """A random legal action walked through ``GAME.choices``, like
    :func:`rules.selfplay.random_action` but keen to act: ``end``, ``done`` and ``found`` are
    picked only one time in six when anything else is offered, and of the turn's actions
    ``move`` (uniform play ends most turns at once, founds every settler away and spends its
    actions in cities, so little would move or explore)."""
    prefix: list[str] = []
    while True:
        options = GAME.choices(state, seat, prefix)
        keen = [c for c in options if c.token not in ("end", "done", "found")]
        # Of the turn's actions, moving is what changes the map most.
        keen = [c for c in keen if c.token == "move"] or keen
        pool = keen if keen and rng.randrange(6) else options
        pick = pool[rng.randrange(len(pool))]
        prefix.append(pick.token)
        if pick.complete and (not pick.more or rng.randrange(2) == 0):
            return " ".join(prefix)


def _start(players: int, seed: int) -> Any:
    """A game where units can go far: Tactics, Navigation and Roads for everyone, armies and
    settlers at home; on 4 players the docs' position (ports and ships) with regions dealt by
    ``seed``."""
    names = list(samples.PLAYERS[:players])
    if players == 4:
        return GAME.setup_position(names, {}, seed, samples.position(dealt=False))
    seats = {
        name: {
            "advances": [
                "farming",
                "mining",
                "tactics",
                "fishing",
                "cartography",
                "navigation",
                "engineering",
                "roads",
            ],
            "resources": {"food": 2, "ore": 2, "gold": 4},
            "armies": {label(start.city): 4},
            "settlers": {label(start.city): 2},
        }
        for name, start in zip(names, board(players).starts, strict=True)
    }
    return GAME.setup_position(names, {}, seed, {"seats": seats})


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_state_of_a_random_game_draws(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    """A random game, 40 actions and answers long: every distinct map (and exploration) it
    passes through draws, the phone rule holds and every ship's numbers are printed. The PNG
    encoding, the slow half of a picture, is tested by the other tests and skipped here."""
    monkeypatch.setattr(table, "_png", lambda canvas, height: b"png")
    state, rng = _start(players, seed), Rng(seed)
    seen: set[str] = set()
    explored = 0
    for _ in range(40):
        prompts = GAME.pending(state)
        if not prompts:
            break
        seat = prompts[0].seat
        state, _ = GAME.apply(state, seat, _keen_action(state, seat, rng))
        view = GAME.view(state, None)
        key = json.dumps([view["map"], view["exploring"]], sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        explored += view["exploring"] is not None
        drawn.clear()
        assert table.table_png(view, lang="en") == b"png"
        texts = {text for _, text, _ in drawn}
        assert min(size for *_, size in drawn) >= look.min_text(look.WIDTH)
        for unit in view["map"]["units"]:
            assert clash_map.ship_label(unit) in texts | {None}
    assert len(seen) > 10 and explored


def test_the_docs_game_plays_and_every_state_draws(
    monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    """The game behind the docs' picture still plays as written (``samples.MOVES``): it
    explores regions by land and by ship, barbarians come, cities are founded; each of its
    states draws."""
    monkeypatch.setattr(table, "_png", lambda canvas, height: b"png")
    states = samples.played_states()
    first, last = (GAME.view(s, None)["map"] for s in (states[0], states[-1]))
    assert len(first["unexplored"]) - len(last["unexplored"]) >= 8
    assert len(last["barbarian_cities"]) >= 2
    assert len(last["cities"]) > len(first["cities"])
    assert any(u["kind"] == "ship" and u["cargo"] for u in last["units"])
    assert any(len(u.get("ids", ())) > 1 for u in last["units"])
    for s in states:
        table.table_png(GAME.view(s, None), lang="en")
    assert min(size for *_, size in drawn) >= look.min_text(look.WIDTH)


# -- the status line and the player boards ------------------------------------------------------


def _below_map(view: dict[str, Any], drawn: Drawn) -> list[tuple[tuple[float, float], str, int]]:
    """The texts drawn under the map and its legend: the boards and their key."""
    lay = table.map_layout(view)
    bottom = lay.box()[3]
    return [(xy, text, size) for xy, text, size in drawn if xy[1] > bottom + lay.radius]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_has_a_board(players: int, drawn: Drawn) -> None:
    """Under the map one board per seat: its name, points and resources, the letters of every
    advance it owns and of the twelve categories, and the key naming every category and
    pictogram; no text under the phone rule, none outside the picture."""
    view = SAMPLES[players]()
    names = ["Ann", "Ben", "Cy", "Di"][:players]
    data = table.table_png(view, lang="en", names=names)
    width, height = png_size(data)
    below = _below_map(view, drawn)
    texts = [text for _, text, _ in below]
    for k, seat in enumerate(view["seats"]):
        assert names[k] in texts
        points = seat["points"]["total"]
        assert (str(int(points)) if points == int(points) else f"{points:.1f}") in texts
    ctx = context(view, "en", None)
    codes = players_board.advance_codes(ctx)
    owned = [a for seat in view["seats"] for a in seat["advances"]]
    for advance in owned:
        assert codes[advance] in texts, advance
    heads = players_board.category_codes(ctx)
    assert all(texts.count(h) >= players for h in heads.values())
    for key in players_board.KEY_ENTRIES:
        assert locales.t("en", f"render.clash.key.{key}") in texts
    assert min(size for *_, size in below) >= look.min_text(look.WIDTH)
    assert all(0 <= x <= width and 0 <= y <= height for (x, y), _, _ in below)


def test_letters_tell_every_advance_and_category_apart() -> None:
    """Two letters per name; where names begin alike, the first letter and the first one
    that tells them apart (the Hungarian Maritime column, and Tengerészet / Teokrácia)."""
    assert players_board.short_codes(["Halászat", "Térképészet", "Hadihajók", "Navigáció"]) == [
        "Hl",
        "Té",
        "Hd",
        "Na",
    ]
    assert players_board.short_codes(["Art & Sculptures", "Ab", "Ab"]) == ["Ar", "A1", "A2"]
    for lang in locales.SUPPORTED:
        ctx = context(samples.two_player(), lang, None)
        heads = players_board.category_codes(ctx)
        assert len(set(heads.values())) == 12
        codes = players_board.advance_codes(ctx)
        for ids in players_board.BY_CATEGORY.values():
            assert len({codes[a] for a in ids}) == 4
    hu = players_board.category_codes(context(samples.two_player(), "hu", None))
    assert (hu["maritime"], hu["theocracy"]) == ("Tn", "To")


def test_a_board_shows_what_the_view_says(drawn: Drawn) -> None:
    """Changing a seat's resources, tokens, levels, cards in hand, government or wonders
    changes its board: the numbers and names drawn follow the view."""
    view = samples.four_player()
    cy = view["seats"][2]
    table.table_png(view, lang="en")
    texts = [text for _, text, _ in _below_map(view, drawn)]
    assert {"Great Wall, Great Statue", "Great Pyramids"} <= set(texts)
    # The key names every category once; a government's pill names it again.
    assert [texts.count(g) for g in ("Democracy", "Autocracy", "Theocracy")] == [1, 2, 2]
    cy.update(government="democracy", wonders=[], culture_tokens=7, objectives=6)
    drawn.clear()
    table.table_png(view, lang="en")
    texts = [text for _, text, _ in _below_map(view, drawn)]
    assert [texts.count(g) for g in ("Democracy", "Autocracy", "Theocracy")] == [2, 2, 1]
    assert "Great Wall, Great Statue" not in texts and {"7", "6"} <= set(texts)


def test_no_hidden_card_is_drawn(drawn: Drawn) -> None:
    """The public picture shows how many cards a seat holds, never which: a seat's own view
    (hand and private) draws the same picture, and no card id is among the texts."""
    states = samples.played_states()
    spectator = GAME.view(states[-1], None)
    seat = GAME.view(states[-1], 0)
    assert seat["hand"] and seat["private"]["actions"]
    picture = table.table_png(spectator, lang="en")
    drawn.clear()
    assert table.table_png(seat, lang="en") == picture
    texts = " ".join(text for _, text, _ in drawn)
    hidden = [*seat["hand"], *(c["card"] for s in seat["seats"] for c in s["completed"])]
    assert hidden and not any(card in texts for card in hidden)
    assert "2" in {text for _, text, _ in drawn}  # ann holds 2 action cards


def test_hungarian_boards_and_status_line(drawn: Drawn) -> None:
    """In Hungarian the status line, the categories, the government, the wonders and the key
    come from the Hungarian catalogue, points with a decimal comma; English differs."""
    view = samples.played()
    hu = table.table_png(view, lang="hu")
    texts = {text for _, text, _ in drawn}
    assert "Kör: 2/6 · Forduló: 1/3 · még 0 akció · Mozgás: még 2 csoport · Felfedezés: E8" in texts
    assert {"Demokrácia", "Önkényuralom", "Teokrácia", "Nagy Világítótorony", "15,5"} <= texts
    assert {"Tn", "To", "Kultúrajelzők", "Győzelmi Pont"} <= texts
    assert table.table_png(view, lang="en") != hu


def test_a_resigned_seat_is_shown_as_such(drawn: Drawn, monkeypatch: pytest.MonkeyPatch) -> None:
    """A resigned seat's board says "Resigned" and is faded below its name; the others stay."""
    drawings: list[Image.Image] = []
    encode = table._png

    def keep(c: Canvas, height: int) -> bytes:
        drawings.append(c.image.copy())
        return encode(c, height)

    monkeypatch.setattr(table, "_png", keep)
    view = samples.four_player()
    plain = image(table.table_png(view, lang="en"))
    assert "Resigned" not in {text for _, text, _ in drawn}
    view["seats"][1]["resigned"] = True
    faded = image(table.table_png(view, lang="en"))
    assert "Resigned" in {text for _, text, _ in drawn}
    boxes, _ = table.board_boxes(view, lang="en")
    x0, y0, x1, y1 = boxes[1]
    grid = (x0, (y0 + y1) // 2, x1, y1)
    cyan = theme.player_colour(1)
    assert near(plain, grid, cyan) > 500 and near(faded, grid, cyan) < 50
    # The other boards are drawn as they were: compared as drawn, before the palette (which
    # moves a little from picture to picture with the colours the faded board brings).
    before, after = (d.crop(boxes[0]).tobytes() for d in drawings)
    assert before == after


def test_the_status_line_follows_the_phase() -> None:
    """Round and turn with actions left, a Move under way, the status phase's step and the
    seats it waits for (an hourglass on their chips), the end of the game."""
    ctx = context(samples.two_player(), "en", None)
    turn = {"round": 3, "phase": "turn", "turn": 2, "turn_of": 0, "actions_left": 1}
    assert header.status_line(ctx, turn) == "Round 3 of 6 · turn 2 of 3 · 1 action left"
    assert header.status_line(ctx, {**turn, "moving": 2}).endswith("· moving: 2 more groups")
    status = {"round": 3, "phase": "status", "status": {"step": 2, "waiting": [1], "answered": [0]}}
    assert header.status_line(ctx, status) == "Round 3 of 6 · status phase, step 2 of 5"
    assert header.waiting_seats(ctx, status) == {1}
    assert header.status_line(ctx, {"round": 6, "phase": "over"}) == "Round 6 of 6 · game over"
    assert header.status_line(ctx, {}) == ""
    view = samples.two_player()
    first = table.table_png(view, lang="en")
    view.update(phase="status", turn_of=None, status={"step": 2, "waiting": ["bob"]})
    assert table.table_png(view, lang="en") != first


# -- battles: the mark on the map, the status line, the report ----------------------------------


def _texts_in(drawn: Drawn, box: tuple[float, float, float, float]) -> list[tuple[str, int]]:
    """The texts drawn inside ``box``, with their sizes."""
    return [(text, size) for _, text, size in _texts_in_xy(drawn, box)]


def _texts_in_xy(drawn: Drawn, box: tuple[float, float, float, float]) -> Drawn:
    """What the ``drawn`` fixture recorded inside ``box``."""
    x0, y0, x1, y1 = box
    return [(xy, text, size) for xy, text, size in drawn if x0 <= xy[0] <= x1 and y0 <= xy[1] <= y1]


def test_a_battle_under_way_is_marked_on_its_space_and_in_the_status_line(drawn: Drawn) -> None:
    """ann's attack on B2 waits for her choice (round 2 or withdraw): B2 is ringed in ann's
    orange and bob's cyan with a red crossed-swords badge, the status line says where and
    which round (in Hungarian too), the report shows round 1 still under way; the crop marks
    it too. Without ``battle`` none of the mark is drawn."""
    view = samples.battle_under_way()
    assert view["battle"] == {
        "space": "B2",
        "at_sea": False,
        "attacker": 0,
        "defender": 1,
        "round": 2,
        "played": [],
        "generals": [],
        "trojan_horse": False,
        "solar_eclipse": False,
    }
    marked = image(table.table_png(view, lang="en"))
    texts = {text for _, text, _ in drawn}
    assert "Round 1 of 6 · turn 1 of 3 · 2 actions left · battle at B2, round 2" in texts
    report = table.report_box(view, lang="en")
    assert report is not None
    assert {"Round 1", "Still under way"} <= {text for text, _ in _texts_in(drawn, report)}
    lay = table.map_layout(view)
    x0, y0, x1, y1 = lay.hex_box(parse_hex("B2"))
    box = (x0, y0 - 0.3 * lay.radius, x1 + 0.3 * lay.radius, y1)
    plain = image(table.table_png(dict(view, battle=None), lang="en"))
    for colour in (theme.player_colour(0), theme.player_colour(1)):
        assert near(marked, box, colour) - near(plain, box, colour) > 1500, colour
    assert near(marked, box, theme.DANGER) - near(plain, box, theme.DANGER) > 800
    drawn.clear()
    table.table_png(view, lang="hu")
    hu = "Kör: 1/6 · Forduló: 1/3 · még 2 akció · Csata: B2, 2. harci kör"
    assert hu in {text for _, text, _ in drawn}
    crop = image(table.crop_png(view, "B2", lang="en"))
    crop_lay, _ = table.crop_layout(view, "B2")
    assert near(crop, crop_lay.hex_box(parse_hex("B2")), theme.DANGER) > 800
    sea = dict(view, battle=dict(view["battle"], at_sea=True))
    assert header.status_line(context(sea, "en", None), sea).endswith("naval battle at B2, round 2")


def test_a_finished_battle_is_reported_with_its_dice_losses_and_result(drawn: Drawn) -> None:
    """ann took bob's happy city on B3 in one round: the report under the map names the
    space and both sides, shows each side's dice (6 5 1 against 4 3) on faces in its colour,
    the hits (2 and 1) and the losses (1 and 2 army units), then the result with Plunder and
    Refugees; every text at least 9 px on a phone (35 px at 1400). The boards follow it."""
    view = samples.battle_won()
    assert view["battle"] is None
    data = table.table_png(view, lang="en", names=["Ann", "Bob"])
    report = table.report_box(view, lang="en")
    assert report is not None
    inside = _texts_in(drawn, report)
    texts = [text for text, _ in inside]
    assert {"B3", "Ann", "Bob", "attacker", "defender", "Round 1", "2 hits", "1 hit"} <= set(texts)
    assert sorted(t for t in texts if t.isdigit()) == sorted(["6", "5", "1", "4", "3", "1", "2"])
    result = "Ann won · captured the city of Bob · Plunder: 2 Gold · Refugees: a settler to D7"
    assert result in texts
    smallest = min(size for _, size in inside)
    assert smallest >= look.min_text(look.WIDTH) and smallest * look.PHONE_WIDTH / 1400 >= 9
    picture = image(data)
    assert near(picture, report, theme.player_colour(0)) > 3 * 40 * 40  # three dice and more
    assert near(picture, report, theme.player_colour(1)) > 2 * 40 * 40
    # On the phone-sized copy the report is still there: the dice keep their colours.
    phone = samples.phone_copy(data)
    scale = look.PHONE_WIDTH / look.WIDTH
    assert near(phone, tuple(v * scale for v in report), theme.player_colour(0)) > 3 * 8 * 8
    boxes, _ = table.board_boxes(view, lang="en")
    assert boxes[0][1] > report[3]
    drawn.clear()
    table.table_png(view, lang="hu")
    texts = [text for text, _ in _texts_in(drawn, report)]
    assert {"támadó", "védő", "1. harci kör", "2 találat", "1 találat"} <= set(texts)
    assert any(t.startswith("ann győzött · elfoglalta bob városát") for t in texts)


def test_no_report_without_a_battle_among_the_recent_events(drawn: Drawn) -> None:
    """A view whose recent events hold no battle draws no report: the hand-built samples,
    the docs' game, and the battle's own view once other events have pushed it out."""
    for view in (samples.two_player(), samples.played()):
        assert table.report_box(view, lang="en") is None
    view = samples.battle_won()
    with_report = png_size(table.table_png(view, lang="en"))[1]
    assert "Round 1" in {text for _, text, _ in drawn}
    later = [{"kind": "clash.moved", "params": {"player": "ann", "from": "D2", "to": "C2"}}]
    view["recent"] = [*view["recent"], *later]  # still the battle's: the report stays
    assert table.report_box(view, lang="en") is not None
    view["recent"] = later
    drawn.clear()
    without = png_size(table.table_png(view, lang="en"))[1]
    assert table.report_box(view, lang="en") is None
    assert not {"Round 1", "attacker"} & {text for _, text, _ in drawn}
    assert without < with_report


@pytest.mark.parametrize(
    ("sample", "expected"),
    [
        ("naval", {"C4", "ann won", "1 hit", "0 hits"}),
        (
            "barbarians",
            {
                "Barbarians",
                "Round 2",
                "ann won · barbarian settlement taken: 2 Gold · destroyed (+1 Gold)",
            },
        ),
        ("withdrawal", {"B2", "ann withdrew", "0 hits"}),
        ("fortress", {"B3", "bob fought off the attack", "1 hit"}),
        (
            "wall",
            {"B3", "Siegecraft: free against the Great Wall · ann won · captured the city of bob"},
        ),
    ],
)
def test_the_report_tells_every_end_of_a_battle(
    sample: str, expected: set[str], monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    """A naval battle (a ship sunk with its cargo: three lost tokens), a barbarian settlement
    taken in two rounds and destroyed, a withdrawal, a Fortress that holds alone, a Fortress
    behind the Great Wall whose Siegecraft costs nothing (C136)."""
    monkeypatch.setattr(table, "_png", lambda canvas, height: b"png")
    view = samples.battle_sample(sample)
    table.table_png(view, lang="en")
    report = table.report_box(view, lang="en")
    assert report is not None
    inside = _texts_in(drawn, report)
    assert expected <= {text for text, _ in inside}
    assert min(size for _, size in inside) >= look.min_text(look.WIDTH)
    if sample == "naval":  # bob's ship, the army and the settler aboard: one each
        assert [text for text, _ in inside].count("1") == 1 + 3  # and bob's die


@pytest.mark.parametrize(
    ("sample", "expected", "digits"),
    [
        ("losses", {"B2", "Barbarians", "bob", "Round 1", "1 hit"}, ["5", "6", "2", "4"]),
        ("held", {"bob fought off the attack", "2 hits", "0 hits"}, ["1", "2", "6", "4"]),
        ("pieces", {"destroyed: Temple; the city is angry", "1 hit"}, ["6", "6", "1"]),
    ],
)
def test_a_barbarian_attack_is_reported_with_the_fortress_die_apart(
    sample: str,
    expected: set[str],
    digits: list[str],
    monkeypatch: pytest.MonkeyPatch,
    drawn: Drawn,
) -> None:
    """p.13: a barbarian attack is one combat round, reported as a battle: the barbarians
    attack, bob defends; his last die, the Fortress's, is drawn as the Fortress piece (and
    only that one); what the attack destroyed follows the round."""
    fortress_dice: list[str] = []
    original = battle._fortress_die

    def spy(c: Canvas, lay: Any, owner: Any, digit: str, at: tuple[int, int]) -> None:
        fortress_dice.append(digit)
        original(c, lay, owner, digit, at)

    monkeypatch.setattr(battle, "_fortress_die", spy)
    view = samples.barbarian_attack(sample)
    table.table_png(view, lang="en")
    report = table.report_box(view, lang="en")
    assert report is not None
    inside = _texts_in(drawn, report)
    texts = [text for text, _ in inside]
    assert expected <= set(texts), texts
    # The dice in order (a lost unit's count may come between the sides' dice).
    left = iter(t for t in texts if t.isdigit())
    assert all(d in left for d in digits), texts
    assert fortress_dice == [digits[-1]]
    assert min(size for _, size in inside) >= look.min_text(look.WIDTH)
    drawn.clear()
    table.table_png(view, lang="hu")
    texts = [text for text, _ in _texts_in(drawn, report)]
    assert {"Barbárok", "1. harci kör"} <= set(texts)


def test_a_fortress_die_in_a_battle_is_drawn_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """A battle's round: the defender's Fortress die (the last) is shaped as the Fortress; a
    battle without a Fortress has none."""
    shaped: list[str] = []
    monkeypatch.setattr(battle, "_fortress_die", lambda c, lay, owner, d, at: shaped.append(d))
    table.table_png(samples.battle_sample("fortress"), lang="en")
    assert shaped == ["6"]
    shaped.clear()
    table.table_png(samples.battle_won(), lang="en")
    assert shaped == []


def test_battle_events_tell_the_rounds_recent_has_lost(drawn: Drawn) -> None:
    """A two-round capture makes more events than ``recent`` keeps: round 1 is gone from it.
    The view carries every event of the battle (``battle_events``), so the report shows both
    rounds; without them it could show only what ``recent`` kept."""
    b3 = {"hex": "B3", "pieces": ["settlement", "temple"], "mood": "happy"}
    dice = [5, 2, 1, 4, 2, 6, 3, 2]  # round 1: a hit each; round 2: ann's hit takes the city
    state = samples.battle_state({"armies": {"C3": 3}}, {"cities": [b3], "armies": {"B3": 2}}, dice)
    events: list[dict[str, Any]] = []
    for move in ("move c3 b3 army army army", "attack"):
        state, happened = GAME.apply(state, GAME.pending(state)[0].seat, move)
        events += [{"kind": e.kind, "params": dict(e.params)} for e in happened]
    view = GAME.view(state, None)
    battle = [e for e in events if e["kind"] != "clash.moved"]
    assert len(battle) > len(view["recent"]) and battle[-len(view["recent"]) :] == view["recent"]
    # The engine keeps every event of the latest battle in the view.
    assert view["battle_events"] == battle
    table.table_png(view, lang="en")
    assert {"Round 1", "Round 2"} <= {text for _, text, _ in drawn}
    drawn.clear()
    table.table_png(dict(view, battle_events=[]), lang="en")
    assert "Round 1" not in {text for _, text, _ in drawn}
    assert "Round 2" in {text for _, text, _ in drawn}


def test_a_crowded_round_puts_its_losses_on_a_second_line(
    monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    """Four dice, the hits and three kinds lost (ships and their cargo) do not fit a side's
    column: the lost tokens go under its dice, the row grows, nothing is cut."""
    monkeypatch.setattr(table, "_png", lambda canvas, height: b"png")
    view = samples.battle_won()
    rolled = {
        "space": "C4",
        "round": 1,
        "attacker": "ann",
        "defender": "bob",
        "attacker_dice": ["6", "6", "5", "4"],
        "defender_dice": ["1", "2", "3", "4", "6"],
        "attacker_hits": 4,
        "defender_hits": 3,
    }
    view["recent"] = [
        {"kind": "clash.battle_round", "params": rolled},
        {"kind": "clash.ships_sunk", "params": {"player": "ann", "count": 3, "space": "C4"}},
        {
            "kind": "clash.units_lost",
            "params": {"player": "ann", "units": ["army_4", "settler_2"], "space": "C4"},
        },
        {"kind": "clash.battle_drawn", "params": {"space": "C4"}},
    ]
    roomy = table.report_box(dict(view, recent=view["recent"][:1]), lang="hu")
    crowded = table.report_box(view, lang="hu")
    assert roomy is not None and crowded is not None
    table.table_png(view, lang="hu")
    attacker = (crowded[0], crowded[1], look.WIDTH / 2, crowded[3])  # ann's column
    at = {text: y for (_, y), text, _ in _texts_in_xy(drawn, attacker)}
    assert at["3"] > at["4 találat"] + look.min_text(look.WIDTH)  # the 3 ships lost
    assert crowded[3] - crowded[1] > roomy[3] - roomy[1]


def test_a_board_a_position_lays_renders(drawn: Drawn) -> None:
    """A board of its own (C139: any outline, regions of their own terrains) is drawn from its
    view like a fixed one: every space named, none of the fixed board's missing ones, the
    face-down regions as "?", the terrains the position gave on the explored ones."""
    board = {
        "s1": {
            "terrain": {"B2": "fertile", "A3": "sea", "C3": "fertile", "B3": "sea"},
            "city": "B2",
        },
        "s2": {"spaces": ["D5", "C6", "E6", "D6"], "tile": "start_a"},
        "r1": {
            "terrain": {"D3": "barren", "C4": "sea", "E4": "sea", "D4": "barren"},
            "explored": True,
        },
        "r2": {"terrain": {"B4": "fertile", "A5": "fertile", "C5": "fertile", "B5": "fertile"}},
        "r3": {"spaces": ["F4", "E5", "G5", "F5"]},
    }
    state = GAME.setup_position(["ann", "bob"], {}, 1, {"board": board})
    view = GAME.view(state, None)
    lay = table.map_layout(view)
    assert sorted(lay.spaces) == sorted(state.board.labels())
    assert {s.name: s.terrain for s in lay.spaces.values()}["D3"] == "barren"
    assert [s.terrain for s in lay.spaces.values() if s.slot == "r2"] == [None] * 4
    data = table.table_png(view, lang="en")
    assert png_size(data)[0] == look.WIDTH and len(data) < MAX_BYTES
    table.crop_png(view, "G5", lang="en")
    names = {text for _, text, _ in drawn}
    assert {"A3", "G5", "D6", "?"} <= names and "D2" not in names
