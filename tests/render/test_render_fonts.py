"""Fonts and pictograms: every Hungarian letter is a real glyph; shapes tell things apart."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest
from PIL import ImageChops

from render import theme
from render.canvas import Canvas
from render.civ import look
from render.fonts import Weight, clean_text, font, font_path, glyph_bitmap, has_glyph
from render.symbols import SYMBOLS, mask

ACCENTED = "áéíóöőúüűÁÉÍÓÖŐÚÜŰ"
BASE = "aeiooouuuAEIOOOUUU"
NOTDEF = "\U0010fffd"
WEIGHTS: list[Weight] = ["regular", "semibold", "bold"]


@pytest.mark.parametrize("weight", WEIGHTS)
def test_fonts_come_from_the_fira_sans_package(weight: Weight) -> None:
    """Fira Sans TrueType files are used, never Pillow's bitmap default."""
    path = font_path(weight)
    assert isinstance(path, Path)
    assert path.name.startswith("FiraSans-")
    assert path.is_file()
    face = font(30, weight)
    assert face.getname()[0] == "Fira Sans"


@pytest.mark.parametrize("weight", WEIGHTS)
@pytest.mark.parametrize("letter", list(ACCENTED))
def test_hungarian_letter_is_a_real_glyph(letter: str, weight: Weight) -> None:
    """Each accented letter draws something other than .notdef and other than its base."""
    drawn = glyph_bitmap(letter, weight)
    assert any(drawn), "nothing drawn"
    assert drawn != glyph_bitmap(NOTDEF, weight)
    assert drawn != glyph_bitmap(BASE[ACCENTED.index(letter)], weight)
    assert has_glyph(letter, weight)


def test_hungarian_letters_are_all_distinct() -> None:
    """ö/ő and ü/ű in particular are different pictures (double acute, not a fallback)."""
    bitmaps = [glyph_bitmap(letter) for letter in ACCENTED]
    assert len(set(bitmaps)) == len(ACCENTED)


def test_the_notdef_probe_detects_missing_glyphs() -> None:
    """The .notdef comparison does flag characters Fira Sans lacks."""
    assert not has_glyph("🎲")
    assert not has_glyph("中")
    assert has_glyph("ő")


def test_clean_text_drops_what_the_font_cannot_draw() -> None:
    """Emoji and control characters go; accents stay; decomposed accents are composed."""
    assert clean_text("Bob 🎲 Őz\u0007") == "Bob Őz"
    assert clean_text("O\u030bz") == "Őz"  # O + combining double acute
    assert clean_text("3:00:00\u202fPM") == "3:00:00 PM"


def test_fit_cuts_long_text_with_an_ellipsis() -> None:
    """Text wider than the room ends with an ellipsis and fits."""
    text = "Isteni előjog és még sok minden más"
    cut = Canvas.fit(text, 26, "regular", 150)
    assert cut.endswith("…")
    assert Canvas.measure(cut, 26) <= 150
    assert Canvas.fit("Áttörés", 26, "regular", 500) == "Áttörés"


def test_measured_length_is_the_fonts_own_for_every_catalogue_text() -> None:
    """Canvas.measure adds cached advances; it must equal the font laying out the whole line
    (it would not for a font with kerning pairs), in every weight and text size used."""
    texts = [
        text
        for lang in ("en", "hu")
        for path in sorted(Path("locales", lang).glob("*.toml"))
        for text in _strings(tomllib.loads(path.read_text(encoding="utf-8")))
    ]
    assert len(texts) > 1000
    for size, weight in itertools.product((27, 35, 44), ("regular", "semibold", "bold")):
        face = font(size, weight)
        for text in texts[::7]:
            line = clean_text(text, weight)
            assert Canvas.measure(line, size, weight) == round(face.getlength(line)), line


def _strings(table: dict[str, object]) -> list[str]:
    out: list[str] = []
    for value in table.values():
        if isinstance(value, dict):
            out += _strings(value)
        elif isinstance(value, str):
            out.append(value)
    return out


def test_wrap_breaks_on_words_and_limits_lines() -> None:
    """Wrapping keeps whole words and never exceeds the line count."""
    text = "carol Ihlettel lemásolta bob második szintű Tudomány hatását, és még tovább " * 3
    lines = Canvas.wrap(text, 30, "regular", 500, 2)
    assert len(lines) == 2
    assert all(Canvas.measure(line, 30) <= 500 for line in lines)
    assert lines[1].endswith("…")
    assert Canvas.wrap("short", 30, "regular", 500, 2) == ["short"]


def test_wrap_hyphenates_a_word_too_long_for_a_line_by_its_language() -> None:
    """A Hungarian compound too long for a line breaks at a syllable, with a hyphen, instead of
    being cut; a last line that starts inside a word keeps the rest of that word whole."""
    width = Canvas.measure("szerszámkészítő", 35, "semibold") - 20
    lines = Canvas.wrap("szerszámkészítő", 35, "semibold", width, 2, lang="hu")
    assert lines == ["szerszámké-", "szítő"]
    # Hungarian breaks that change letters: "asszony" is "asz-szony".
    narrow = Canvas.measure("asszo-", 35, "semibold") - 1
    assert Canvas.wrap("asszony", 35, "semibold", narrow, 2, lang="hu") == ["asz-", "szony"]
    wide = Canvas.measure("asszonyok-", 35, "semibold")
    assert Canvas.wrap("x asszonyokkal y", 35, "semibold", wide, 2, lang="hu") == [
        "x",
        Canvas.fit("asszonyokkal y", 35, "semibold", wide),
    ]
    # Without a language (or with one without patterns) the word is cut as before.
    assert Canvas.wrap("szerszámkészítő", 35, "semibold", width, 2)[0].endswith("…")
    assert Canvas.wrap("szerszámkészítő", 35, "semibold", width, 2, lang="xx")[0].endswith("…")


def difference(a: str, b: str, size: int = 48) -> float:
    """Share of pixels where two symbol masks differ clearly."""
    diff = ImageChops.difference(mask(a, size), mask(b, size))
    return sum(diff.histogram()[129:]) / (size * size)


def test_domain_symbols_are_distinct_shapes() -> None:
    """Domains differ by shape, not only colour: every pair of silhouettes differs a lot."""
    shapes = [look.DOMAIN_SYMBOLS[d] for d in look.DOMAIN_COLOURS]
    assert len({id(s) if callable(s) else s for s in shapes}) == 6
    for a, b in itertools.combinations(shapes, 2):
        assert difference(a, b) > 0.12, (a, b)


def test_player_markers_are_distinct_shapes_and_colours() -> None:
    """Seats differ by shape and by colour."""
    assert len(set(theme.PLAYER_SHAPES)) == len(theme.PLAYER_SHAPES) == 4
    assert len(set(theme.PLAYER_COLOURS)) == 4
    for a, b in itertools.combinations(theme.PLAYER_SHAPES, 2):
        assert difference(a, b) > 0.08, (a, b)


@pytest.mark.parametrize("name", sorted(SYMBOLS))
def test_every_symbol_draws_something_at_small_size(name: str) -> None:
    """Symbols stay visible at the smallest size used (26 px)."""
    filled = sum(mask(name, 26).histogram()[129:])
    assert filled > 26 * 26 * 0.1


def test_ink_contrasts_with_every_domain_colour() -> None:
    """Text on a domain colour is dark on light colours and light on dark ones."""
    assert theme.ink_on(look.DOMAIN_COLOURS["religion"]) == theme.INK_DARK
    assert theme.ink_on(look.DOMAIN_COLOURS["economy"]) == theme.INK_DARK
    assert theme.ink_on(look.DOMAIN_COLOURS["military"]) == theme.INK_LIGHT
    assert theme.ink_on(theme.BG) == theme.INK_LIGHT
