"""The public Clash of Cultures table: the header and status line, the whole map, the report
of the latest battle (when the recent events hold one), the legend, the player boards and
their key; and a zoomed crop of the map around one space, for large boards on a phone.

The picture is :data:`look.WIDTH` (1400) pixels wide, and no text in it is smaller than
:func:`look.min_text` of that width (9 px once Discord shrinks it to 360 px). The map's hex
radius is the largest that fits the width (at most :data:`MAX_RADIUS`, so a 2-player board
does not grow tall); everything in a space is sized from it. The boards
(:mod:`render.clash.players`) follow the map, two side by side.

The table never reads the hand or private fields of a view: it works on :func:`public_view`
(the seats' boards hold counts of the cards in hand, never the cards). Face-down regions show
their back only; the view carries no hidden tile, and a terrain given for a space of an
unexplored slot is ignored all the same (:func:`geometry.spaces_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from render import encoding, theme
from render.canvas import Canvas
from render.clash import battle, board, header, legend, look, players
from render.clash.geometry import Box, MapLayout, extent, fit_radius, spaces_of
from render.context import context
from render.context import public_view as public_keys
from rules.clash.board.hexes import Hex, parse_hex
from rules.clash.formats.view_types import ClashMap, ClashView
from rules.core import IllegalAction

__all__ = [
    "PUBLIC_KEYS",
    "board_boxes",
    "crop_layout",
    "crop_png",
    "map_layout",
    "public_view",
    "report_box",
    "table_png",
]

#: The keys every seat sees alike: those of :class:`ClashView` (a seat's view adds ``hand`` and
#: ``private``).
PUBLIC_KEYS: Final = tuple(ClashView.__annotations__)
#: The largest hex radius of the whole-board picture (a 2-player board would reach 123 and
#: grow taller than the others, the boards under it).
MAX_RADIUS: Final = 100
#: The hex radius of a zoomed crop, and the height of its window on the map.
CROP_RADIUS: Final = 150
CROP_HEIGHT: Final = 1120
_GAP: Final = 18
#: The largest PNG :func:`table_png` returns as first encoded (docs/performance.md: 300 KB),
#: and the palette of the second try.
BUDGET: Final = 290_000
FALLBACK_COLOURS: Final = 16


def public_view(view: ClashView) -> ClashView:
    """Only the keys every seat sees alike, as a spectator's view (``seat`` None): a table
    drawn from it cannot show a hand or a private part, whatever view it was given."""
    return cast(ClashView, {**public_keys(view, PUBLIC_KEYS), "seat": None})


def _map(view: ClashView) -> ClashMap:
    return view["map"]


def map_layout(view: ClashView) -> MapLayout:
    """Where :func:`table_png` puts every space of ``view``'s map."""
    spaces = spaces_of(_map(view))
    hexes = [s.hex for s in spaces]
    radius = fit_radius(hexes, look.WIDTH - 2 * look.MARGIN, MAX_RADIUS)
    x0, _, x1, _ = extent(hexes)
    top = look.MARGIN + header.header_height(look.min_text(look.WIDTH)) + _GAP
    return MapLayout.place(spaces, radius, ((look.WIDTH - (x1 - x0) * radius) / 2, top))


def table_png(view: ClashView, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table of a Clash of Cultures game as PNG bytes."""
    public = public_view(view)
    ctx = context(public, lang, names)
    minimum = look.min_text(look.WIDTH)
    lay = map_layout(public)
    sz = look.Sizes.of(lay.radius, minimum)
    map_bottom = round(lay.box()[3]) + _GAP
    report = battle.report_height(ctx, public, minimum, look.WIDTH)
    height = map_bottom + report + legend.legend_height(ctx, sz, minimum)
    height += players.boards_height(ctx, public, minimum) + look.MARGIN
    canvas = Canvas(look.WIDTH, height)
    header.draw_header(canvas, ctx, public, look.MARGIN, minimum)
    board.draw_map(
        canvas,
        lay,
        _map(public),
        sz,
        exploring=public.get("exploring"),
        battle=public.get("battle"),
    )
    y = battle.draw_report(canvas, ctx, public, map_bottom, minimum)
    y = legend.draw_legend(canvas, ctx, sz, y, minimum)
    y = players.draw_boards(canvas, ctx, public, y, minimum)
    return _png(canvas, y + look.MARGIN)


def board_boxes(
    view: ClashView, *, lang: str
) -> tuple[list[tuple[int, int, int, int]], tuple[int, int, int, int] | None]:
    """Where :func:`table_png` draws each seat's board and the key (None without seats)."""
    public = public_view(view)
    ctx = context(public, lang, None)
    minimum = look.min_text(look.WIDTH)
    lay = map_layout(public)
    sz = look.Sizes.of(lay.radius, minimum)
    legend_bottom = (
        round(lay.box()[3]) + _GAP + battle.report_height(ctx, public, minimum, look.WIDTH)
    )
    legend_bottom += legend.legend_height(ctx, sz, minimum)
    return players.board_boxes(ctx, public, legend_bottom, minimum)


def report_box(view: ClashView, *, lang: str) -> tuple[int, int, int, int] | None:
    """Where :func:`table_png` draws the battle report (None without a battle in
    ``view["recent"]``)."""
    public = public_view(view)
    ctx = context(public, lang, None)
    minimum = look.min_text(look.WIDTH)
    height = battle.report_height(ctx, public, minimum, look.WIDTH)
    if not height:
        return None
    top = round(map_layout(public).box()[3]) + _GAP
    return look.MARGIN, top, look.WIDTH - look.MARGIN, top + height - battle.GAP


def crop_layout(view: ClashView, around: str) -> tuple[MapLayout, Box]:
    """Where :func:`crop_png` puts every space, and its window on the map (what is drawn).

    The window is centred on ``around`` but stays on the map, a margin beyond its ends at most.
    ValueError when ``around`` is not a space of the map.
    """
    spaces = spaces_of(_map(view))
    try:
        focus = parse_hex(around)
    except IllegalAction:
        raise ValueError(f"{around!r} is not a space name") from None
    flat = MapLayout.place(spaces, CROP_RADIUS, (0.0, 0.0))
    if flat.at(focus) is None:
        raise ValueError(f"{around!r} is not a space of this map")
    top = look.MARGIN + header.header_height(look.min_text(look.WIDTH)) + _GAP
    fx, fy = flat.centre(focus)
    _, _, mw, mh = flat.box()
    wx, wy = _window(fx, mw, look.WIDTH), _window(fy, mh, CROP_HEIGHT)
    lay = MapLayout.place(spaces, CROP_RADIUS, (-wx, top - wy))
    return lay, (0, top, look.WIDTH, top + CROP_HEIGHT)


def crop_png(
    view: ClashView, around: str, *, lang: str, names: Sequence[str] | None = None
) -> bytes:
    """The map around the space ``around`` (``C4``, framed), larger: a window of
    :data:`CROP_HEIGHT` pixels at hex radius :data:`CROP_RADIUS`, under the same header.
    ValueError when ``around`` is not a space of the map."""
    public = public_view(view)
    ctx = context(public, lang, names)
    minimum = look.min_text(look.WIDTH)
    lay, window = crop_layout(public, around)
    _, top, _, bottom = (round(v) for v in window)
    canvas = Canvas(look.WIDTH, bottom + look.MARGIN)
    board.draw_map(
        canvas,
        lay,
        _map(public),
        look.Sizes.of(CROP_RADIUS, minimum),
        window,
        public.get("exploring"),
        public.get("battle"),
    )
    _outline(canvas, lay, parse_hex(around))
    # Whatever spilled out of the window is covered by the header and the bottom margin.
    canvas.draw.rectangle((0, 0, look.WIDTH, top - 1), fill=theme.BG)
    canvas.draw.rectangle((0, bottom, look.WIDTH, canvas.image.height), fill=theme.BG)
    for y in (top - 2, bottom + 1):
        canvas.draw.line((0, y, look.WIDTH, y), fill=theme.BORDER, width=3)
    header.draw_header(canvas, ctx, public, look.MARGIN, minimum)
    return _png(canvas, canvas.image.height)


def _png(c: Canvas, height: int) -> bytes:
    """:func:`render.encoding.png`; a picture still over :data:`BUDGET` (a map crowded far
    beyond a real game under boards full of advances) is encoded again with
    :data:`FALLBACK_COLOURS` colours: smaller, some colours a little further off."""
    image = c.image if height == c.image.height else c.image.crop((0, 0, c.width, height))
    data = encoding.png(image, level=encoding.DENSE_LEVEL)
    if len(data) <= BUDGET:
        return data
    return encoding.png(image, level=encoding.DENSE_LEVEL, colours=FALLBACK_COLOURS)


def _window(centre: float, length: float, window: float) -> float:
    """Where a window of ``window`` pixels starts on a map ``length`` long so that it is
    centred on ``centre`` without showing more than a margin beyond the map's ends."""
    if length + 2 * look.MARGIN <= window:
        return (length - window) / 2
    return min(max(centre - window / 2, -look.MARGIN), length + look.MARGIN - window)


def _outline(c: Canvas, lay: MapLayout, h: Hex) -> None:
    """The space a crop is centred on, framed in the accent colour."""
    points = lay.corners(h)
    width = max(4, round(0.06 * lay.radius))
    c.draw.line([*points, points[0]], fill=theme.ACCENT, width=width, joint="curve")
