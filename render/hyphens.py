"""Where a word may break across two lines, by its language's hyphenation patterns.

Hungarian compounds are long ("szerszámkészítő"), and a narrow spot of a picture would
otherwise cut them with an ellipsis. The patterns are LibreOffice's, through ``pyphen``,
which also knows breaks that change letters (Hungarian "asszony" breaks as "asz-szony").
"""

from __future__ import annotations

import functools

import pyphen

__all__ = ["load", "splits"]


@functools.lru_cache(maxsize=8)
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    found = pyphen.language_fallback(lang.replace("-", "_"))
    return pyphen.Pyphen(lang=found) if found else None


def load(lang: str) -> None:
    """Read ``lang``'s patterns now. Hungarian's take about 0.3 s of CPU, which a process
    would otherwise pay inside the first picture with a word too long for its line."""
    _dictionary(lang)


@functools.lru_cache(maxsize=1024)
def splits(lang: str, word: str) -> tuple[tuple[str, str], ...]:
    """Every break of ``word`` in ``lang`` as (the head with its hyphen, the rest), the longest
    head first; none for a language without patterns."""
    dictionary = _dictionary(lang)
    if dictionary is None:
        return ()
    return tuple(
        (head if head.endswith("-") else f"{head}-", tail)
        for head, tail in dictionary.iterate(word)
    )
