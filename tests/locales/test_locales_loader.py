"""locales.catalog: reading, flattening and merging the TOML files of one language."""

from __future__ import annotations

from pathlib import Path

from locales.catalog import is_plural_table, load_language


def write(directory: Path, name: str, text: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_text(text, encoding="utf-8")


def test_every_toml_file_is_merged_with_dotted_keys(tmp_path: Path) -> None:
    """bot.toml and civ.toml end up in one table; nested tables become dotted keys."""
    write(tmp_path, "bot.toml", '[render]\ntitle = "Asztal"\n')
    write(tmp_path, "civ.toml", '[civ.domain]\nscience = "Tudomány"\n')
    write(tmp_path, "notes.txt", "ignored = 1\n")
    catalogue = load_language(tmp_path)
    assert catalogue.messages == {"render.title": "Asztal", "civ.domain.science": "Tudomány"}
    assert catalogue.files == ["bot.toml", "civ.toml"]
    assert catalogue.problems == []


def test_plural_tables_stay_one_message(tmp_path: Path) -> None:
    """A table of plural categories is a message, not a namespace."""
    write(tmp_path, "a.toml", 'cards = { one = "{count} lap", other = "{count} lap" }\n')
    assert load_language(tmp_path).messages == {
        "cards": {"one": "{count} lap", "other": "{count} lap"}
    }


def test_a_key_defined_twice_is_reported_and_the_first_kept(tmp_path: Path) -> None:
    """Two files defining one key is a problem the catalogue test catches."""
    write(tmp_path, "a.toml", '[x]\ny = "first"\n')
    write(tmp_path, "b.toml", 'x.y = "second"\n')
    catalogue = load_language(tmp_path)
    assert catalogue.messages == {"x.y": "first"}
    assert len(catalogue.problems) == 1
    assert "x.y" in catalogue.problems[0]


def test_values_that_are_not_text_are_reported(tmp_path: Path) -> None:
    """Numbers and arrays are not messages."""
    write(tmp_path, "a.toml", 'n = 3\nlist = ["a"]\nok = "fine"\n')
    catalogue = load_language(tmp_path)
    assert catalogue.messages == {"ok": "fine"}
    assert len(catalogue.problems) == 2


def test_broken_toml_is_reported_not_raised(tmp_path: Path) -> None:
    """A syntax error in one file leaves the others usable."""
    write(tmp_path, "a.toml", 'good = "yes"\n')
    write(tmp_path, "b.toml", "bad = \n")
    catalogue = load_language(tmp_path)
    assert catalogue.messages == {"good": "yes"}
    assert len(catalogue.problems) == 1


def test_missing_directory_is_an_empty_catalogue(tmp_path: Path) -> None:
    """A language without files has no messages and no problems."""
    catalogue = load_language(tmp_path / "xx")
    assert catalogue.messages == {}
    assert catalogue.problems == []


def test_plural_table_detection() -> None:
    """Only all-category tables with 'other' and text values are plural messages."""
    assert is_plural_table({"one": "a", "other": "b"})
    assert is_plural_table({"other": "b"})
    assert not is_plural_table({"one": "a"})
    assert not is_plural_table({"one": "a", "other": "b", "short": "c"})
    assert not is_plural_table({"one": {"x": "y"}, "other": "b"})
    assert not is_plural_table({})
