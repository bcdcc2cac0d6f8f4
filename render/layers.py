"""Static layers of a picture, drawn once and pasted: the parts that do not change from one
move to the next (a Clash map's ground, its legend; CIV's domain cells and name rows; Stone
Age's locations, card spaces, building stacks and panel groups).

A layer is an RGB image drawn by a function of its key alone: the key must hold everything
the drawing reads (the board's spaces and terrains as the view shows them, sizes, language),
so a cached layer can never be stale. The cache is a small LRU per kind of layer, bounded in
entries, because a layer can be several megabytes.

:func:`caching` switches every layer cache off (each layer is then drawn afresh through the
same code): tests/render/test_render_layers.py draws self-played positions both ways and
compares the pixels.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from PIL import Image

__all__ = ["Layers", "caching", "enabled"]

_enabled = True


def enabled() -> bool:
    """Whether layers are taken from their caches (the default)."""
    return _enabled


@contextmanager
def caching(on: bool) -> Iterator[None]:
    """Within the block, layer caches are used (``on``) or bypassed and left untouched."""
    global _enabled
    before, _enabled = _enabled, on
    try:
        yield
    finally:
        _enabled = before


class Layers:
    """An LRU cache of at most ``size`` layers of one kind."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        # Without render workers the bot draws in threads: two pictures may meet here.
        self._lock = threading.Lock()

    def get(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """The layer of ``key``: cached, or ``draw()`` (kept when caching is on)."""
        if not _enabled:
            return draw()
        with self._lock:
            layer = self._items.get(key)
            if layer is not None:
                self._items.move_to_end(key)
                return layer
        layer = draw()
        with self._lock:
            self._items[key] = layer
            if len(self._items) > self.size:
                self._items.popitem(last=False)
        return layer

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
