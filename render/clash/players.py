"""The player boards under the map: one panel per seat, two side by side, and their key.

A board shows, row by row (no text under the phone rule's minimum, ``t``):

1. the seat's marker and name, the first player's flag, a play mark on the player whose turn
   it is (the board framed in the accent colour), an hourglass on a seat the status phase
   waits for, "Resigned" on a seat that resigned (the rest of its board faded), and its
   victory points;
2. the five resources, mood tokens (the happy face) and culture tokens (a column);
3. the culture and happiness levels as 0-8 tracks with their numbers, and the cards in hand,
   action and objective cards, as counts (which cards, never);
4. the cities (how many, and their sizes from the map), the units (the map's tokens with the
   seat's totals) and the completed objectives;
5. the government (its category's name) and the wonders (how many, and their names); left out
   of every board while no seat has either;
6. the advances: twelve columns, one per category in the player board's order, each headed
   by the category's letters, and four cells, the category's advances top to bottom as on the
   player board; an owned one is filled in the seat's colour and shows its name's letters.
   The three government categories stand apart on a darker band.

The key under the boards (beside the last board when the seats are odd) names every category
and every pictogram. Letters are taken from the names in the
picture's language: the first two, or where names of one column (or two categories) begin
alike, the first and the first one that tells them apart (Halászat, Hadihajók: Hl, Hd).

The empty board (panel, cells, tracks) is drawn once per size and state and pasted.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from PIL import Image

from render import theme
from render.canvas import Canvas
from render.clash import look
from render.clash.board_icons import COLOUR, CULTURE_TOKEN, PAINTERS
from render.clash.header import waiting_seats
from render.clash.icons import PIECES
from render.clash.pieces import draw_icon, draw_mood, draw_unit
from render.context import Ctx
from rules.clash.box.advances import ADVANCES, CATEGORIES, GOVERNMENTS
from rules.clash.box.components import RESOURCES, TRACK_MAX, UNITS
from rules.clash.formats.view_types import ClashView

__all__ = [
    "BY_CATEGORY",
    "KEY_ENTRIES",
    "BoardLayout",
    "advance_codes",
    "board_boxes",
    "board_layout",
    "boards_height",
    "category_codes",
    "draw_boards",
    "short_codes",
]

JsonMap = Mapping[str, Any]
Box = tuple[int, int, int, int]
#: The advances of each category, top advance first (the player board's order).
BY_CATEGORY: Final[dict[str, tuple[str, ...]]] = {
    cat: tuple(a.id for a in ADVANCES if a.category == cat) for cat in CATEGORIES
}
#: The pictograms the key explains, in its order (``render.clash.key.<entry>``).
KEY_ENTRIES: Final = (
    *RESOURCES,
    "mood_tokens",
    "culture_tokens",
    "culture_level",
    "happiness_level",
    "action_cards",
    "objective_cards",
    "cities",
    "completed",
    "wonders",
    "points",
    "first_player",
)
_GAP: Final = 16  # between boards
_DIM: Final = 0.5  # how much of a resigned board's colour is left
# Greys shared with the map and the theme rather than shades a step apart: each shade of the
# picture's palette is one more that the text's anti-aliased edges are split between.
_GOVERNMENT_BAND: Final = look.GRID
_GOVERNMENT_FILL: Final = look.BACK_HATCH
_UNOWNED: Final = theme.CELL
_FIRST_GOVERNMENT: Final = CATEGORIES.index(GOVERNMENTS[0])


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where everything of a board lies, from the smallest text size ``t`` and the board's
    ``width``; ``government`` says whether the government and wonders row is drawn."""

    t: int
    width: int
    government: bool

    @property
    def pad(self) -> int:
        return round(0.3 * self.t)

    @property
    def inner(self) -> int:
        return self.width - 2 * self.pad

    @property
    def rows(self) -> tuple[int, ...]:
        """The heights of the rows above the grid."""
        t = self.t
        rows = [round(1.5 * t), round(1.3 * t), round(1.3 * t), round(1.5 * t)]
        if self.government:
            rows.append(round(1.3 * t))
        return tuple(rows)

    def mid(self, row: int) -> int:
        """The middle of row ``row`` (0: the name row), from the board's top."""
        return self.pad + sum(self.rows[:row]) + self.rows[row] // 2

    @property
    def token(self) -> int:
        """A unit token's height."""
        return round(1.4 * self.t)

    @property
    def cell(self) -> int:
        return self.t + 6

    @property
    def cell_gap(self) -> int:
        return max(2, round(0.08 * self.t))

    @property
    def grid_top(self) -> int:
        return self.pad + sum(self.rows) + self.pad // 2

    @property
    def height(self) -> int:
        return self.grid_top + self.cell + 4 * (self.cell + self.cell_gap) + self.pad

    @property
    def split(self) -> int:
        """The extra room before the government columns."""
        return round(0.2 * self.t)

    @property
    def cell_width(self) -> int:
        return round(self._pitch) - self.cell_gap

    @property
    def _pitch(self) -> float:
        return (self.inner - self.split + self.cell_gap) / len(CATEGORIES)

    def column(self, i: int) -> int:
        """The left of column ``i`` of the grid, from the board's left."""
        return self.pad + round(i * self._pitch + (self.split if i >= _FIRST_GOVERNMENT else 0))

    def cell_top(self, row: int) -> int:
        """The top of the cells of row ``row`` (0-3) of the grid, from the board's top."""
        return self.grid_top + self.cell + self.cell_gap + row * (self.cell + self.cell_gap)

    @property
    def pip(self) -> tuple[int, int, int]:
        """A track's pips: width, gap and height."""
        return round(0.34 * self.t), max(2, round(0.09 * self.t)), round(0.7 * self.t)

    def track(self, which: int) -> int:
        """Where the pips of track ``which`` (0: culture, 1: happiness) start."""
        pip, gap, _ = self.pip
        icon = self.t + self.t // 8
        number = Canvas.measure("8", self.t, "bold")
        length = icon + TRACK_MAX * (pip + gap) - gap + self.t // 6 + number + round(0.6 * self.t)
        return self.pad + which * length + icon

    @property
    def track_end(self) -> int:
        """The right of the happiness track's number (where the cards in hand follow)."""
        pip, gap, _ = self.pip
        number = Canvas.measure("8", self.t, "bold")
        return self.track(1) + TRACK_MAX * (pip + gap) - gap + self.t // 6 + number

    @property
    def key_row(self) -> int:
        return round(1.3 * self.t)


def board_layout(view: ClashView, minimum: int) -> BoardLayout:
    """The layout of the boards of ``view`` (the width follows :data:`look.WIDTH`)."""
    seats = _seats(view)
    government = any(s.get("government") in GOVERNMENTS or s.get("wonders") for s in seats)
    return BoardLayout(minimum, (look.WIDTH - 2 * look.MARGIN - _GAP) // 2, government)


def _seats(view: ClashView) -> list[JsonMap]:
    seats = view.get("seats")
    if not isinstance(seats, Sequence):
        return []
    return [s if isinstance(s, Mapping) else {} for s in seats]


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


# -- letters ----------------------------------------------------------------------------------


def short_codes(names: Sequence[str]) -> list[str]:
    """Two letters of each name, all different: names that begin alike keep their first letter
    and take the first letter at which they all differ (Halászat, Hadihajók: Hl, Hd)."""
    letters = [[ch for ch in name if ch.isalpha()] or ["?"] for name in names]
    codes = ["".join(ls[:2]) for ls in letters]
    for code in sorted(set(codes)):
        group = [k for k, c in enumerate(codes) if c == code]
        if len(group) < 2:
            continue
        others = {c for k, c in enumerate(codes) if k not in group}
        for at in range(2, max(len(letters[k]) for k in group)):
            seen = [letters[k][at].lower() if at < len(letters[k]) else "" for k in group]
            new = [letters[k][0] + ch for k, ch in zip(group, seen, strict=True)]
            if all(seen) and len(set(new)) == len(group) and not others & set(new):
                for k, c in zip(group, new, strict=True):
                    codes[k] = c
                break
        else:
            for n, k in enumerate(group, start=1):
                codes[k] = f"{letters[k][0]}{n}"
    return codes


def category_codes(ctx: Ctx) -> dict[str, str]:
    """The letters heading each category's column."""
    names = [ctx.t(f"render.clash.category.{c}") for c in CATEGORIES]
    return dict(zip(CATEGORIES, short_codes(names), strict=True))


def advance_codes(ctx: Ctx) -> dict[str, str]:
    """The letters of each advance, told apart within its category."""
    out: dict[str, str] = {}
    for ids in BY_CATEGORY.values():
        names = [ctx.t(f"clash.advance.{a}") for a in ids]
        out.update(zip(ids, short_codes(names), strict=True))
    return out


# -- the boards -------------------------------------------------------------------------------


def boards_height(ctx: Ctx, view: ClashView, minimum: int) -> int:
    """The height :func:`draw_boards` takes (0 without ``view["seats"]``), the gap above
    included."""
    seats = _seats(view)
    if not seats:
        return 0
    lay = board_layout(view, minimum)
    rows = _row_heights(ctx, lay, len(seats))
    height = _GAP + sum(rows) + (len(rows) - 1) * _GAP
    if len(seats) % 2:
        return height
    return height + _GAP + _key_height(ctx, lay, look.WIDTH - 2 * look.MARGIN)


def _row_heights(ctx: Ctx, lay: BoardLayout, seats: int) -> list[int]:
    """The height of each row of boards: with an odd number of seats the key stands beside the
    last board, and that row is as tall as the taller of them."""
    rows = [lay.height] * ((seats + 1) // 2)
    if seats % 2:
        rows[-1] = max(lay.height, _key_height(ctx, lay, lay.inner) + 2 * lay.pad)
    return rows


def board_boxes(ctx: Ctx, view: ClashView, y: int, minimum: int) -> tuple[list[Box], Box | None]:
    """Where :func:`draw_boards` from ``y`` puts each seat's board, and the key."""
    seats = _seats(view)
    if not seats:
        return [], None
    lay = board_layout(view, minimum)
    rows = _row_heights(ctx, lay, len(seats))
    tops = [y + _GAP + sum(rows[:r]) + r * _GAP for r in range(len(rows))]
    boxes = []
    for k in range(len(seats)):
        x, top = look.MARGIN + (k % 2) * (lay.width + _GAP), tops[k // 2]
        boxes.append((x, top, x + lay.width, top + lay.height))
    bottom = tops[-1] + rows[-1]
    if len(seats) % 2:
        x = look.MARGIN + lay.width + _GAP
        return boxes, (x, tops[-1], x + lay.width, bottom)
    width = look.WIDTH - 2 * look.MARGIN
    key = (look.MARGIN, bottom + _GAP, look.MARGIN + width, bottom + _GAP)
    return boxes, (*key[:3], key[3] + _key_height(ctx, lay, width))


def draw_boards(c: Canvas, ctx: Ctx, view: ClashView, y: int, minimum: int) -> int:
    """Every seat's board from ``y`` down, then the key; returns the bottom."""
    boxes, key = board_boxes(ctx, view, y, minimum)
    if key is None:
        return y
    lay = board_layout(view, minimum)
    sizes = _city_sizes(view)
    codes = category_codes(ctx), advance_codes(ctx)
    waiting = waiting_seats(ctx, view)
    for k, seat in enumerate(_seats(view)):
        marks = _Marks(
            turn=view.get("turn_of") == k,
            first=view.get("first_player") == k,
            waiting=k in waiting,
            resigned=bool(seat.get("resigned")),
        )
        at = boxes[k][:2]
        _draw_board(c, ctx, lay, _Seat(k, seat, sizes.get(k, []), marks), codes, at)
    x0, y0, x1, y1 = key
    if len(boxes) % 2:
        c.box(key, theme.PANEL)
        _draw_key(c, ctx, lay, (x0 + lay.pad, y0 + lay.pad), lay.inner)
    else:
        _draw_key(c, ctx, lay, (x0, y0), x1 - x0)
    return y1


@dataclass(frozen=True, slots=True)
class _Marks:
    turn: bool
    first: bool
    waiting: bool
    resigned: bool


@dataclass(frozen=True, slots=True)
class _Seat:
    k: int
    data: JsonMap
    sizes: list[int]
    marks: _Marks


def _city_sizes(view: ClashView) -> dict[int, list[int]]:
    """Each seat's city sizes, largest first, from the map."""
    the_map = view.get("map")
    out: dict[int, list[int]] = {}
    if not isinstance(the_map, Mapping):
        return out
    for city in the_map.get("cities") or ():
        owner = city.get("owner") if isinstance(city, Mapping) else None
        if isinstance(owner, int) and not isinstance(owner, bool):
            out.setdefault(owner, []).append(_int(city.get("size")) or 1)
    return {k: sorted(v, reverse=True) for k, v in out.items()}


@functools.lru_cache(maxsize=16)
def _empty_board(lay: BoardLayout, active: bool) -> Image.Image:
    """The board without a seat: panel, government band, empty cells and empty tracks."""
    c = Canvas(lay.width, lay.height)
    box = (0, 0, lay.width - 1, lay.height - 1)
    # The player whose turn it is: the frame alone, on the same panel (a panel of its own
    # colour put the text's every edge on other shades: 3 KB more a picture).
    c.box(box, theme.PANEL, outline=theme.ACCENT if active else None, width=4 if active else 0)
    band = lay.column(_FIRST_GOVERNMENT) - lay.split // 2
    c.box(
        (band, lay.grid_top - 4, lay.width - lay.pad + 4, lay.height - lay.pad + 2),
        _GOVERNMENT_BAND,
        radius=8,
    )
    for i in range(len(CATEGORIES)):
        x = lay.column(i)
        for row in range(4):
            y = lay.cell_top(row)
            c.box((x, y, x + lay.cell_width, y + lay.cell), _UNOWNED, radius=0)
    pip, gap, tall = lay.pip
    mid = lay.mid(2)
    for which in range(2):
        x = lay.track(which)
        for _ in range(TRACK_MAX):
            c.box(
                (x, mid - tall // 2, x + pip, mid + tall // 2),
                theme.CELL,
                outline=theme.BORDER,
                width=1,
                radius=3,
            )
            x += pip + gap
    return c.image


def _draw_board(
    c: Canvas,
    ctx: Ctx,
    lay: BoardLayout,
    seat: _Seat,
    codes: tuple[dict[str, str], dict[str, str]],
    at: tuple[int, int],
) -> None:
    x0, y0 = at
    c.image.paste(_empty_board(lay, seat.marks.turn), at)
    _name_row(c, ctx, lay, seat, (x0 + lay.pad, x0 + lay.width - lay.pad, y0 + lay.mid(0)))
    _resource_row(c, ctx, lay, seat.data, (x0 + lay.pad, y0 + lay.mid(1)))
    _level_row(c, ctx, lay, seat.data, at)
    _unit_row(c, ctx, lay, seat, (x0 + lay.pad, y0 + lay.mid(3)))
    if lay.government:
        right = x0 + lay.width - lay.pad
        _government_row(c, ctx, lay, seat.data, (x0 + lay.pad, right, y0 + lay.mid(4)))
    _advances(c, lay, seat, codes, at)
    if seat.marks.resigned:
        top = y0 + lay.pad + lay.rows[0]
        _dim(c, (x0, top, x0 + lay.width, y0 + lay.height))


def _dim(c: Canvas, box: Box) -> None:
    """Fade ``box`` towards the background (a resigned seat's board below its name)."""
    region = c.image.crop(box)
    faded = Image.blend(Image.new("RGB", region.size, theme.BG), region, _DIM)
    c.image.paste(faded, box[:2])


def _number(c: Canvas, ctx: Ctx, lay: BoardLayout, value: Any, xy: tuple[int, int]) -> int:
    return c.text(xy, ctx.number(_int(value)), size=lay.t, weight="bold", anchor="lm")


def _counted(
    c: Canvas, ctx: Ctx, lay: BoardLayout, key: str, value: Any, xy: tuple[int, int]
) -> int:
    """A pictogram and its number; returns the x after them."""
    x, mid = xy
    c.symbol(PAINTERS[key], (x, mid - lay.t // 2), lay.t, COLOUR[key])
    x += lay.t + lay.t // 6
    return x + _number(c, ctx, lay, value, (x, mid))


def _points(seat: JsonMap) -> float:
    points = seat.get("points")
    total = points.get("total") if isinstance(points, Mapping) else None
    return total if isinstance(total, int | float) and not isinstance(total, bool) else 0


def _name_row(
    c: Canvas, ctx: Ctx, lay: BoardLayout, seat: _Seat, where: tuple[int, int, int]
) -> None:
    """Marker and name, then the marks; from the right the points and "Resigned"."""
    x, right, mid = where
    t, k = lay.t, seat.k
    marker = t + 4
    shape = theme.player_shape(k)
    c.symbol(shape, (x - 3, mid - marker // 2 - 3), marker + 6, theme.INK_DARK)
    c.symbol(shape, (x, mid - marker // 2), marker, theme.player_colour(k))
    x += marker + t // 4
    text = ctx.number(_points(seat.data))
    right -= Canvas.measure(text, t + 8, "bold")
    c.text((right, mid), text, size=t + 8, weight="bold", anchor="lm")
    right -= t + 6
    c.symbol(PAINTERS["points"], (right, mid - t // 2), t, COLOUR["points"])
    right -= t // 3
    if seat.marks.resigned:
        label = ctx.t("render.clash.board.resigned")
        width = Canvas.measure(label, t, "bold") + t // 2
        half = (t + 8) // 2
        c.box((right - width, mid - half, right, mid + half), theme.DANGER, radius=half)
        ink = theme.ink_on(theme.DANGER)
        c.text((right - width // 2, mid), label, size=t, weight="bold", fill=ink, anchor="mm")
        right -= width + t // 3
    marks = [
        (name, colour)
        for name, colour, on in (
            ("play", theme.ACCENT, seat.marks.turn),
            ("hourglass", theme.ACCENT, seat.marks.waiting),
            ("flag", theme.TEXT, seat.marks.first),
        )
        if on
    ]
    room = max(1, right - x - len(marks) * (t + 6) - t // 4)
    x += c.text((x, mid), ctx.name(k), size=t + 4, weight="bold", anchor="lm", max_width=room)
    x += t // 4
    for name, colour in marks:
        c.symbol(name, (x, mid - t // 2), t, colour)
        x += t + 6


def _tokens(c: Canvas, kind: str, x: int, mid: int, t: int) -> None:
    """A mood token (the happy face) or a culture token (a column), ``t`` wide from ``x``."""
    if kind == "happiness":
        draw_mood(c, "happy", (x + t / 2, mid), t - 4)
    else:
        draw_icon(c, CULTURE_TOKEN, (x + t / 2, mid), t - 4, COLOUR["culture"])


def _resource_row(
    c: Canvas, ctx: Ctx, lay: BoardLayout, seat: JsonMap, xy: tuple[int, int]
) -> None:
    x, mid = xy
    t = lay.t
    resources = seat.get("resources")
    have = resources if isinstance(resources, Mapping) else {}
    gap = round(0.45 * t)
    for r in RESOURCES:
        x = _counted(c, ctx, lay, r, have.get(r), (x, mid)) + gap
    x += gap
    for kind, key in (("happiness", "mood_tokens"), ("culture", "culture_tokens")):
        _tokens(c, kind, x, mid, t)
        x += t + t // 6
        x += _number(c, ctx, lay, seat.get(key), (x, mid)) + gap


def _level_row(c: Canvas, ctx: Ctx, lay: BoardLayout, seat: JsonMap, at: tuple[int, int]) -> None:
    """The two level tracks (the empty pips are the board's), then the cards in hand."""
    x0, y0 = at
    t, mid = lay.t, y0 + lay.mid(2)
    pip, gap, tall = lay.pip
    for which, kind in enumerate(("culture", "happiness")):
        start = x0 + lay.track(which)
        _tokens(c, kind, start - t - t // 8, mid, t)
        level = min(TRACK_MAX, _int(seat.get(f"{kind}_level")))
        for n in range(level):
            x = start + n * (pip + gap)
            c.box((x, mid - tall // 2, x + pip, mid + tall // 2), COLOUR[kind], radius=3)
        end = start + TRACK_MAX * (pip + gap) - gap + t // 6
        _number(c, ctx, lay, seat.get(f"{kind}_level"), (end, mid))
    x = x0 + lay.track_end + round(0.6 * t)
    x = _counted(c, ctx, lay, "action_cards", seat.get("actions"), (x, mid)) + round(0.3 * t)
    _counted(c, ctx, lay, "objective_cards", seat.get("objectives"), (x, mid))


def _unit_row(c: Canvas, ctx: Ctx, lay: BoardLayout, seat: _Seat, xy: tuple[int, int]) -> None:
    """Cities and their sizes, the units' totals, the completed objectives."""
    x, mid = xy
    t, k, data = lay.t, seat.k, seat.data
    gap = round(0.6 * t)
    draw_icon(c, PIECES["settlement"], (x + t / 2, mid), t, theme.player_colour(k))
    x += t + t // 4
    x += _number(c, ctx, lay, data.get("cities"), (x, mid))
    if seat.sizes:
        text = "(" + "·".join(ctx.number(n) for n in seat.sizes) + ")"
        x += t // 6
        x += c.text((x, mid), text, size=t, fill=theme.MUTED, anchor="lm")
    x += gap
    units = data.get("units")
    totals = units if isinstance(units, Mapping) else {}
    for kind in UNITS:
        text = ctx.number(_int(totals.get(kind)))
        width = lay.token
        if kind == "ship":
            width = max(width, Canvas.measure(text, t, "bold") + 12)
        draw_unit(c, kind, k, text, (x + width / 2, mid), lay.token, t, width=width)
        x += width + t // 3
    x += gap - t // 3
    completed = data.get("completed")
    done = len(completed) if isinstance(completed, Sequence) else 0
    _counted(c, ctx, lay, "completed", done, (x, mid))


def _government_row(
    c: Canvas, ctx: Ctx, lay: BoardLayout, seat: JsonMap, where: tuple[int, int, int]
) -> None:
    """The government's name on a grey pill, then the wonders: how many, and their names."""
    x, right, mid = where
    t = lay.t
    government = seat.get("government")
    if government in GOVERNMENTS:
        label = ctx.t(f"render.clash.category.{government}")
        width = Canvas.measure(label, t, "bold") + t // 2
        half = (t + 8) // 2
        c.box((x, mid - half, x + width, mid + half), _GOVERNMENT_FILL, radius=half)
        c.text((x + width // 2, mid), label, size=t, weight="bold", anchor="mm")
        x += width + round(0.6 * t)
    wonders = [str(w) for w in seat.get("wonders") or ()]
    x = _counted(c, ctx, lay, "wonders", len(wonders), (x, mid))
    if wonders:
        names = ", ".join(ctx.t(f"clash.wonder.{w}") for w in wonders)
        x += t // 3
        c.text((x, mid), names, size=t, fill=theme.MUTED, anchor="lm", max_width=right - x)


def _advances(
    c: Canvas,
    lay: BoardLayout,
    seat: _Seat,
    codes: tuple[dict[str, str], dict[str, str]],
    at: tuple[int, int],
) -> None:
    """The grid: category letters over the columns, owned advances filled with theirs."""
    x0, y0 = at
    heads, names = codes
    owned = {str(a) for a in seat.data.get("advances") or ()}
    fill = theme.player_colour(seat.k)
    ink = theme.ink_on(fill)
    w, h = lay.cell_width, lay.cell
    for i, cat in enumerate(CATEGORIES):
        x = x0 + lay.column(i)
        mid = x + w / 2
        head = (mid, y0 + lay.grid_top + h / 2)
        c.text(head, heads[cat], size=lay.t, weight="bold", fill=theme.MUTED, anchor="mm")
        for row, advance in enumerate(BY_CATEGORY[cat]):
            if advance not in owned:
                continue
            y = y0 + lay.cell_top(row)
            c.box((x, y, x + w, y + h), fill, radius=0)
            c.text(
                (mid, y + h / 2), names[advance], size=lay.t, weight="bold", fill=ink, anchor="mm"
            )


# -- the key ----------------------------------------------------------------------------------

#: Draws an entry's pictogram with its left edge at x, centred on y.
_Paint = Callable[[Canvas, int, int], object]


@dataclass(frozen=True, slots=True)
class _Entry:
    icon: int  # the pictogram's (or the letters') width
    paint: _Paint
    label: str

    def width(self, t: int) -> int:
        return self.icon + t // 4 + Canvas.measure(self.label, t)


def _key_entries(ctx: Ctx, t: int) -> list[_Entry]:
    out: list[_Entry] = []
    for cat, code in category_codes(ctx).items():

        def letters(c: Canvas, x: int, mid: int, code: str = code) -> None:
            c.text((x, mid), code, size=t, weight="bold", anchor="lm")

        name = ctx.t(f"render.clash.category.{cat}")
        out.append(_Entry(Canvas.measure(code, t, "bold"), letters, name))
    for key in KEY_ENTRIES:
        width, paint = _key_icon(key, t)
        out.append(_Entry(width, paint, ctx.t(f"render.clash.key.{key}")))
    return out


def _key_icon(key: str, t: int) -> tuple[int, _Paint]:
    if key in PAINTERS:
        painter, colour = PAINTERS[key], COLOUR[key]
        return t, lambda c, x, mid: c.symbol(painter, (x, mid - t // 2), t, colour)
    if key in ("mood_tokens", "culture_tokens"):
        kind = "happiness" if key == "mood_tokens" else "culture"
        return t, lambda c, x, mid: _tokens(c, kind, x, mid, t)
    if key in ("culture_level", "happiness_level"):
        kind = key.split("_")[0]
        pip, gap, tall = round(0.34 * t), max(2, round(0.09 * t)), round(0.7 * t)

        def track(c: Canvas, x: int, mid: int) -> None:
            for n in range(3):
                box = (x, mid - tall // 2, x + pip, mid + tall // 2)
                if n < 2:
                    c.box(box, COLOUR[kind], radius=3)
                else:
                    c.box(box, theme.CELL, outline=theme.BORDER, width=1, radius=3)
                x += pip + gap

        return 3 * pip + 2 * gap, track
    if key == "cities":
        house = PIECES["settlement"]
        return t, lambda c, x, mid: draw_icon(c, house, (x + t / 2, mid), t, look.NEUTRAL_PIECE)
    return t, lambda c, x, mid: c.symbol("flag", (x, mid - t // 2), t, theme.TEXT)


def _key_rows(ctx: Ctx, t: int, width: int) -> list[list[_Entry]]:
    gap = round(0.8 * t)
    rows: list[list[_Entry]] = [[]]
    used = 0
    for entry in _key_entries(ctx, t):
        space = gap if rows[-1] else 0
        if rows[-1] and used + space + entry.width(t) > width:
            rows.append([])
            used, space = 0, 0
        rows[-1].append(entry)
        used += space + entry.width(t)
    return rows


def _key_height(ctx: Ctx, lay: BoardLayout, width: int) -> int:
    return len(_key_rows(ctx, lay.t, width)) * lay.key_row


def _draw_key(c: Canvas, ctx: Ctx, lay: BoardLayout, at: tuple[int, int], width: int) -> int:
    """The key from ``at``, its entries flowing into rows ``width`` wide; returns its
    bottom."""
    x0, y = at
    t = lay.t
    gap = round(0.8 * t)
    for row in _key_rows(ctx, t, width):
        x, mid = x0, y + lay.key_row // 2
        for entry in row:
            entry.paint(c, x, mid)
            label = x + entry.icon + t // 4
            c.text((label, mid), entry.label, size=t, fill=theme.MUTED, anchor="lm")
            x += entry.width(t) + gap
        y += lay.key_row
    return y
