"""What the heuristic player (:mod:`rules.clash.player.policy`) thinks advances, units and city
pieces are worth, in victory points (an advance is ½ point, a city piece 1, p.4), and how it
weighs a whole position for the rare decisions it looks one step ahead for.
"""

from __future__ import annotations

from rules.clash.box.advances import ADVANCE, BORDERS, GOVERNMENTS, top
from rules.clash.box.components import ACADEMY, FORTRESS, PORT, TEMPLE
from rules.clash.model.state import ClashState
from rules.clash.player.sea import prospects
from rules.clash.player.survey import Reading
from rules.clash.rounds.scoring import breakdown
from rules.clash.wonders.construction import WONDER

#: What owning each advance is worth (its ½ point included): the ones that unlock most (the
#: city pieces, moving armies, the food cap, wonders, exchanges) first.
ADVANCE_WORTH: dict[str, float] = {
    "irrigation": 1.0,
    "storage": 2.2,
    "husbandry": 1.1,
    "bartering": 1.7,
    "trade_routes": 1.0,
    "currency": 0.8,
    "taxation": 0.9,
    "engineering": 1.6,
    "sanitation": 1.0,
    "roads": 0.9,
    "art_sculptures": 1.0,
    "circus_sports": 1.0,
    "monuments": 1.2,
    "drama_music": 0.9,
    "fishing": 1.2,
    "cartography": 0.8,
    "warships": 0.7,
    "navigation": 0.7,
    "writing": 1.8,
    "public_education": 1.0,
    "free_education": 0.9,
    "philosophy": 1.2,
    "tactics": 2.1,
    "siegecraft": 0.9,
    "steel_weapons": 0.8,
    "draft": 1.0,
    "mathematics": 1.0,
    "astronomy": 0.8,
    "chemistry": 0.8,
    "metallurgy": 0.7,
    "myths": 1.9,
    "rituals": 1.0,
    "priesthood": 1.0,
    "state_religion": 1.0,
    "voting": 1.3,
    "separation_of_power": 0.8,
    "civil_liberties": 1.0,
    "economic_liberty": 1.0,
    "nationalism": 1.3,
    "totalitarianism": 0.8,
    "absolute_power": 1.0,
    "forced_labor": 0.8,
    "dogma": 1.3,
    "devotion": 0.8,
    "conversion": 1.0,
    "fanaticism": 0.9,
}
#: Objectives asking for every advance of a category (docs/clash-cards.md §5.3).
CATEGORY_GOALS: dict[str, str] = {
    "engineers": "construction",
    "enlightened": "education",
    "militarized": "warfare",
    "science": "science",
    "culture": "culture",
    "merchant": "economics",
    "seafarer": "maritime",
}
#: Objectives asking for cities with a piece, by piece.
PIECE_GOALS: dict[str, str] = {
    TEMPLE: "religious",
    ACADEMY: "academic",
    FORTRESS: "fortified",
    PORT: "harbors",
}


def advance_worth(r: Reading, advance: str) -> float:
    """What gaining ``advance`` is worth to this seat now: its own worth, more for a border
    (a token and a level step, p.4), for the objectives in hand and for the wonder in reach,
    less for a government switch (p.7: the cubes move, nothing is gained but the top)."""
    me = r.me
    spec = ADVANCE[advance]
    value = ADVANCE_WORTH.get(advance, 0.8)
    if advance in BORDERS:
        value += 0.3
    goals = r.hand_goals
    owned_here = sum(1 for a in me.advances if ADVANCE[a].category == spec.category)
    for goal, category in CATEGORY_GOALS.items():
        if goal in goals and category == spec.category:
            value += 1.2
    if "government" in goals and spec.category in GOVERNMENTS:
        value += 1.0
    if "focused" in goals and owned_here >= 2:
        value += 0.6
    if "balanced" in goals and owned_here == 0:
        value += 0.8
    if "advanced" in goals:
        value += 0.3
    if spec.unlocks and r.hand_goals & {"citadel", "city_planner"}:
        value += 0.8  # every city piece is needed
    if spec.unlocks == PORT:
        # Sea spaces to collect from and ships to build: only for a city by the Sea.
        value += 0.4 + 0.5 * _sea_prospects(r) if _coastal(r) else -0.6
    wonders = r.state.cards.revealed
    if "engineering" in me.advances:
        if any(WONDER[w].requires == advance for w in wonders):
            value += 1.2
        if spec.unlocks == PORT and any(WONDER[w].port for w in wonders):
            value += 0.6  # the Great Lighthouse's city needs a Port
    elif advance == "engineering" and wonders:
        value += 0.6
    government = me.government
    if spec.category in GOVERNMENTS and government not in (None, spec.category):
        value -= 2.5
    if advance == top(spec.category):
        value += 0.2
    return value


def _sea_prospects(r: Reading) -> float:
    """What a ship from the Sea next to one of our cities could do (a Port's ships)."""
    board = r.state.board
    seas = {n for c in r.my_cities for n in board.neighbours(c) if r.terrain(n) == "sea"}
    return max((prospects(r, h) for h in sorted(seas, key=lambda h: (h.q, h.r))), default=0.0)


def _coastal(r: Reading) -> bool:
    board = r.state.board
    return any(r.terrain(n) == "sea" for c in r.my_cities for n in board.neighbours(c))


def standing(state: ClashState, seat: int) -> float:
    """A position's worth to ``seat``: its points and a part of what it holds, less a part of
    the best rival's points (for the decisions weighed one step ahead)."""
    mine = _holding(state, seat)
    rivals = [_holding(state, s) for s in state.live() if s != seat]
    return mine - 0.5 * max(rivals, default=0.0)


def _holding(state: ClashState, seat: int) -> float:
    me = state.seats[seat]
    points = float(breakdown(state, seat)["total"])
    stock = 0.3 * sum(me.resources.values()) + 0.25 * (me.mood_tokens + me.culture_tokens)
    units = 0.5 * sum(me.armies.values()) + 0.8 * sum(me.settlers.values()) + 0.4 * len(me.ships)
    moods = sum({"happy": 0.3, "angry": -0.5}.get(c.mood, 0.0) * c.size for c in me.cities)
    cards = 0.3 * (len(me.actions) + len(me.objectives))
    return points + stock + units + moods + cards
