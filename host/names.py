"""Turning Discord display names into game handles (``@handle`` in actions)."""

from __future__ import annotations

import re
import unicodedata

_NOT_HANDLE = re.compile(r"[^a-z0-9_]+")


def handle_for(display_name: str) -> str:
    """A handle from a display name: ASCII-folded, lower case, ``[a-z0-9_]``, 1-16 characters.

    >>> handle_for("Ödön Ágoston")
    'odon_agoston'
    >>> handle_for("★★★")
    'player'
    """
    folded = unicodedata.normalize("NFKD", display_name)
    ascii_only = "".join(c for c in folded if not unicodedata.combining(c))
    slug = _NOT_HANDLE.sub("_", ascii_only.lower()).strip("_")
    return slug[:16].strip("_") or "player"
