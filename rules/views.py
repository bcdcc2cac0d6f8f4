"""Every game's view type in one union, for the code that holds a view of some game (the
Discord layer, the renderer's dispatch, the host).

``view["game"]`` tells them apart (a ``Literal`` in each), so ``if view["game"] == "civ"``
narrows a :data:`View` to :class:`rules.civ.views.CivView`. The keys every game has (``game``,
``players``, ``seat``, ``pending``, ``recent``, ``outcome``...) can be read from a
:data:`View` directly. A seat's view is its game's ``*SeatView``: the same keys plus ``hand``
and ``private``.
"""

from __future__ import annotations

from rules.civ.views import CivSeatView, CivView
from rules.clash.formats.view_types import ClashSeatView, ClashView
from rules.stoneage.views import StoneAgeSeatView, StoneAgeView

__all__ = ["SeatView", "View"]

#: What ``Game.view(state, seat)`` returns for a game found by name (``rules.get_game``).
View = CivView | StoneAgeView | ClashView
#: A seat's view (``seat`` not None), which also has the hand and the private part.
SeatView = CivSeatView | StoneAgeSeatView | ClashSeatView
