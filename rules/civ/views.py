"""The types of the CIV view (:func:`rules.civ.view.build_view`; docs/architecture.md,
"CIV view"), so that the renderer and the Discord layer are checked against what it holds.

Maps keyed by domain (``area``, ``levels``...) are ``dict[str, int]`` with every domain of
:data:`rules.civ.data.DOMAINS` as a key; cards are domain names.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rules.core import EventView, PromptView

__all__ = [
    "CivCoin",
    "CivDeck",
    "CivOptions",
    "CivOutcome",
    "CivOutcomeDetails",
    "CivPrivate",
    "CivSeat",
    "CivSeatView",
    "CivStep",
    "CivThresholds",
    "CivTurn",
    "CivView",
]

#: ``view["step"]``: the two effect prompts show as ``effects``.
CivStep = Literal["draft_keep", "draft_pick", "play", "effects", "over"]


class CivOptions(TypedDict):
    deal: Literal["classic", "draft"]
    teams: bool
    partial_effects: bool


class CivThresholds(TypedDict):
    level1: int
    level2: int
    hegemony: int


class CivDeck(TypedDict):
    total: int
    #: Cards left per age, keyed ``"1"``, ``"2"``, ``"3"``.
    by_age: dict[str, int]


class CivCoin(TypedDict):
    holder: int
    target: int
    domain: str
    level: int


class CivSeat(TypedDict):
    """One entry of ``view["seats"]``."""

    seat: int
    player: str
    team: int | None
    hand_size: int
    hand_limit: int
    area: dict[str, int]
    facedown_utopia: dict[str, int]
    hegemony_need: dict[str, int]
    levels: dict[str, int]
    embargoed: list[str]
    culture_leader: bool
    resigned: bool


class CivTurn(TypedDict):
    played: bool
    used_permanent: list[str]
    used_discard: list[str]
    inspired: bool


class CivOutcomeDetails(TypedDict):
    """``outcome["details"]``: ``player`` (and ``domain`` for hegemony) unless the game ended
    by majorities, which give the rest."""

    player: NotRequired[str]
    domain: NotRequired[str]
    #: Majority points by handle.
    points: NotRequired[dict[str, int]]
    #: Handles holding each domain's majority.
    domains: NotRequired[dict[str, list[str]]]
    #: Domains won, by handle.
    won_by: NotRequired[dict[str, list[str]]]
    teams: NotRequired[list[list[str]] | None]
    team_points: NotRequired[list[int] | None]


class CivOutcome(TypedDict):
    ranks: list[int]
    scores: list[float]
    reason: Literal["majority", "hegemony", "resigned", "last_standing"]
    tiebreak: str | None
    details: CivOutcomeDetails


class _Inquisition(TypedDict):
    target: int
    taken: list[str]


class _Breakthrough(TypedDict):
    drawn: list[str]


class _Draft(TypedDict):
    kept: list[str]
    packet: list[str]


class CivPrivate(TypedDict):
    """The seat's part of a multi-step effect or the draft (one key at most; ``{}`` when
    none)."""

    inquisition: NotRequired[_Inquisition]
    breakthrough: NotRequired[_Breakthrough]
    draft: NotRequired[_Draft]


class CivView(TypedDict):
    """The public view (``seat`` None), and the part of a seat's view every seat sees alike:
    a table drawn from it cannot show a hand."""

    game: Literal["civ"]
    players: list[str]
    seat: int | None
    options: CivOptions
    #: ``[[0, 2], [1, 3]]`` in the team game.
    teams: list[list[int]] | None
    start_seat: int
    active: int
    step: CivStep
    turn_number: int
    final_round: bool
    thresholds: CivThresholds
    deck: CivDeck
    discard: list[str]
    coin: CivCoin | None
    centre: list[str]
    seats: list[CivSeat]
    turn: CivTurn | None
    pending: list[PromptView]
    recent: list[EventView]
    outcome: CivOutcome | None


class CivSeatView(CivView):
    """A seat's view (``seat`` not None): the public keys, the seat's hand and its private
    part."""

    hand: list[str]
    private: CivPrivate
