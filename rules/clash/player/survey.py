"""What the heuristic player (:mod:`rules.clash.player.policy`) reads off the board, once per
position: who stands where, how good a space is for a city, how strong each side is near a
space, which objectives its hand asks for, and what its resources are worth now.

Everything here reads the state only; nothing is hidden from the seat it is asked for except
its own hand, which it knows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from rules.clash.actions.collect import YIELD
from rules.clash.board.hexes import Hex, distance, within
from rules.clash.board.tiles import BARREN, FERTILE, FOREST, LAND, MOUNTAIN, SEA, Terrain
from rules.clash.box.components import (
    ANGRY,
    FOOD,
    GOLD,
    HAPPY,
    IDEAS,
    ORE,
    PORT,
    WOOD,
    storage_limit,
)
from rules.clash.box.objective_cards import OBJECTIVES
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.resources import CULTURE, MOOD
from rules.clash.model.setup import home
from rules.clash.model.state import BARBARIAN_SIDE, City, ClashState, PlayerState
from rules.clash.wonders.construction import WONDER

#: What one more of a resource or token is worth, in victory points (a city piece costs three
#: resources and an action and is worth 1 point), before the stock on hand lowers it.
WORTH: dict[str, float] = {
    FOOD: 0.45,
    WOOD: 0.4,
    ORE: 0.45,
    IDEAS: 0.4,
    GOLD: 0.5,
    MOOD: 0.3,
    CULTURE: 0.35,
}
#: What a space adds to a city site: what it yields, counted by terrain (p.5, p.8).
SITE_YIELD: dict[str, float] = {FERTILE: 1.0, FOREST: 0.9, MOUNTAIN: 0.9, SEA: 0.4, BARREN: 0.3}
#: Objectives asking to hold 6 of a resource (docs/clash-cards.md §5.3).
HOARD_GOALS: dict[str, str] = {"rich": GOLD, "wood": WOOD, "ore": ORE, "food": FOOD, "ideas": IDEAS}
#: Objectives about cities far from home (5 spaces, docs/clash-cards.md §5.3).
FAR_GOALS = frozenset({"colony", "new_founder"})
#: The advance each city piece needs (p.5, p.7).
PIECE_ADVANCES: dict[str, str] = {
    "myths": "temple",
    "tactics": "fortress",
    "writing": "academy",
    "fishing": PORT,
}
#: A face-down space next to a site: unknown, about an average space.
UNKNOWN_SPACE = 0.5


@dataclass
class Reading:
    """One seat's reading of one position (built lazily, used for every decision on it)."""

    state: ClashState
    seat: int
    occ: Occupancy = field(init=False)

    def __post_init__(self) -> None:
        self.occ = occupancy(self.state)

    @property
    def me(self) -> PlayerState:
        return self.state.seats[self.seat]

    @cached_property
    def my_cities(self) -> dict[Hex, City]:
        return {c.hex: c for c in self.me.cities}

    @cached_property
    def foreign_armies(self) -> dict[Hex, tuple[int, int]]:
        """Land army units not of this seat by space: ``(owner, count)``, the barbarians'
        owner being :data:`BARBARIAN_SIDE`."""
        out: dict[Hex, tuple[int, int]] = {}
        for s, p in enumerate(self.state.seats):
            if s == self.seat:
                continue
            for h, n in p.armies.items():
                if n:
                    out[h] = (s, n)
        for h, n in self.state.barbarians.armies.items():
            if n:
                out[h] = (BARBARIAN_SIDE, n)
        return out

    @cached_property
    def hand_goals(self) -> frozenset[str]:
        """The names of the objectives on the cards in hand (both halves)."""
        return frozenset(h.name for c in self.me.objectives for h in OBJECTIVES[c].values())

    @cached_property
    def wonder_goal(self) -> str | None:
        """The revealed wonder worth saving for: its advances owned (or the second one
        buyable), not reserved by another player."""
        me = self.me
        if "engineering" not in me.advances:
            return None
        reserved = self.state.cards.reserved
        best: tuple[int, str] | None = None
        for w in self.state.cards.revealed:
            if reserved.get(w, self.seat) != self.seat:
                continue
            spec = WONDER[w]
            missing = 0 if spec.requires in me.advances else 1
            if spec.port and not any(c.piece(PORT) for c in me.cities):
                # A Port is one more step away, and only with Fishing (p.5).
                if "fishing" not in me.advances:
                    continue
                missing += 1
            cost = sum(max(0, n - me.resources[k]) for k, n in spec.cost.items())
            key = (missing * 20 + cost + max(0, spec.culture - me.culture_tokens), w)
            if best is None or key < best:
                best = key
        return None if best is None else best[1]

    @cached_property
    def wonder_reserve(self) -> dict[str, int]:
        """What the wonder in reach costs, once both its advances (and the Great Lighthouse's
        Port) are owned: spending it on anything else sets the wonder back."""
        goal = self.wonder_goal
        if goal is None or WONDER[goal].requires not in self.me.advances:
            return {}
        spec = WONDER[goal]
        if spec.port and not any(c.piece(PORT) for c in self.me.cities):
            return {}  # the Port comes first
        return {**spec.cost, CULTURE: spec.culture}

    def setback(self, spend: dict[str, int]) -> float:
        """What spending ``spend`` costs the wonder in reach (:attr:`wonder_reserve`)."""
        reserve = self.wonder_reserve
        if not reserve:
            return 0.0
        me = self.me
        lost = 0
        for kind, n in spend.items():
            have = me.culture_tokens if kind == CULTURE else me.resources.get(kind, 0)
            lost += max(0, min(n, reserve.get(kind, 0) - (have - n)))
        return 0.35 * lost

    # -- values ----------------------------------------------------------------------------

    @cached_property
    def needs(self) -> dict[str, int]:
        """How much of each resource and token the plans in reach call for: an advance (2
        Food), a new city piece (1 Food, Wood and Ore, p.8) where a city can grow, army units
        once armies can move, a ship or two (2 Wood each) for a Port city, and the wonder
        worth saving for (its cost and 5 culture tokens)."""
        me = self.me
        need = {FOOD: 2, WOOD: 0, ORE: 0, IDEAS: 0, GOLD: 0, MOOD: 0, CULTURE: 0}
        if self.growth_room:
            need[WOOD] = need[ORE] = 1
            need[FOOD] = 3
        if "tactics" in me.advances:
            need[ORE] += 1
        if len(me.ships) < 2 and any(c.piece(PORT) for c in me.cities):
            need[WOOD] = max(need[WOOD], 2)  # a ship (p.8)
        goal = self.wonder_goal
        if goal is not None:
            spec = WONDER[goal]
            for kind, n in spec.cost.items():
                need[kind] = max(need[kind], n)
            need[CULTURE] = spec.culture
        if any(c.mood == ANGRY for c in me.cities):
            need[MOOD] = max(c.size for c in me.cities if c.mood == ANGRY)
        for kind, n in self.hoard.items():
            need[kind] = max(need[kind], n)
        return need

    @cached_property
    def hoard(self) -> dict[str, int]:
        """What the objectives in hand ask to hold (Rich, Wood!, Ore!, Food!, Ideas!, Well
        Stocked): held without the usual wish to spend it."""
        goals = self.hand_goals
        out: dict[str, int] = {}
        for goal, kind in HOARD_GOALS.items():
            if goal in goals and (kind != FOOD or "storage" in self.me.advances):
                out[kind] = 6
        if "well_stocked" in goals:
            for kind in (FOOD, WOOD, ORE):
                out[kind] = max(out.get(kind, 0), 3)
        return out

    @cached_property
    def growth_room(self) -> bool:
        """Whether some city may take a new piece (p.6, p.8): not angry, smaller than the
        number of cities, and a piece whose advance is owned is missing."""
        me = self.me
        owned = {p for a, p in PIECE_ADVANCES.items() if a in me.advances}
        count = len(me.cities)
        return any(
            c.mood != ANGRY and c.size < count and any(c.piece(p) is None for p in owned)
            for c in me.cities
        )

    def worth(self, kind: str, extra: int = 0) -> float:
        """What one more ``kind`` (a resource, ``mood`` or ``culture``) is worth now, with
        ``extra`` more already on the way: nothing over its cap, less the more is held, more
        while a plan in reach still lacks it."""
        me = self.me
        if kind == MOOD:
            have, cap = me.mood_tokens, 8
        elif kind == CULTURE:
            have, cap = me.culture_tokens, 8
        else:
            have, cap = me.resources[kind], storage_limit(me.advances, kind)
        have += extra
        if have >= cap:
            return 0.0
        if have < self.hoard.get(kind, 0):
            return WORTH[kind] + 0.45
        value = WORTH[kind] * (1.0 if have < 2 else 0.75 if have < 4 else 0.45)
        if have < self.needs.get(kind, 0):
            value += 0.3
        return value

    def worth_of(self, gains: dict[str, int]) -> float:
        """What several gains together are worth (each counted after the ones before)."""
        total = 0.0
        for kind, n in gains.items():
            for k in range(n):
                total += self.worth(kind, k)
        return total

    # -- the map ---------------------------------------------------------------------------

    def terrain(self, h: Hex) -> Terrain | None:
        return self.occ.terrain.get(h)

    def site_score(self, h: Hex) -> float:
        """How good ``h`` is for a new city of this seat: what it and its neighbours yield
        (face-down spaces as average ones), less what other cities already take or crowd,
        and less for danger next to it; below 0 when no city may stand there (p.8)."""
        t = self.terrain(h)
        if t not in LAND or t == BARREN or h in self.state.exhausted or h in self.occ.city:
            return -1.0
        if self.occ.foreign(self.seat, h):
            return -1.0
        board = self.state.board
        score = SITE_YIELD[t]
        kinds = {YIELD[t][0]}
        for n in board.neighbours(h):
            nt = self.terrain(n)
            if n in self.occ.city:
                score -= 0.6
                continue
            if nt is None:
                score += UNKNOWN_SPACE
                continue
            value = SITE_YIELD[nt]
            if any(m in self.occ.city for m in board.neighbours(n)):
                value *= 0.5
            score += value
            if nt in (FERTILE, FOREST, MOUNTAIN):
                kinds.add(YIELD[nt][0])
        score += 0.4 * len(kinds)
        score -= 1.5 * self.danger(h)
        goals = self.hand_goals
        if "dominion" in goals:
            alone = not any(n in self.occ.city for n in board.neighbours(h))
            score += 2.5 if alone else -1.0
        if goals & FAR_GOALS and distance(h, self.home) >= 5:
            score += 2.5
        return score

    @cached_property
    def home(self) -> Hex:
        """This seat's starting city position (the objectives' home, docs/clash-cards.md §5.2)."""
        return home(self.state.seating, self.state.board, self.seat)

    @cached_property
    def best_site(self) -> float:
        """The best city site within 3 spaces of a city of ours (room to expand)."""
        near = {h for c in self.my_cities for h in within(c, 3) if h in self.state.board}
        return max((self.site_score(h) for h in near), default=-1.0)

    def settler_target(self, at: Hex) -> Hex | None:
        """Where a settler on ``at`` should found its city: the best site within 3 spaces,
        less for every step away (each is a Move action), or None without one."""
        key = ("target", at)
        memo = self.occ.memo
        if key not in memo:
            best: tuple[float, Hex] | None = None
            # Holding Colony or New Founder, a settler may go far (5 spaces from home).
            far = bool(self.hand_goals & FAR_GOALS)
            for h in within(at, 6 if far else 3):
                score = self.site_score(h)
                if score <= 0.5:
                    continue
                value = score - (0.4 if far else 1.0) * distance(at, h)
                if best is None or value > best[0]:
                    best = (value, h)
            memo[key] = None if best is None else best[1]
        target: Hex | None = memo[key]
        return target

    def to_unexplored(self, h: Hex) -> int:
        """Steps from ``h`` to the nearest face-down space (9 when none is near)."""
        board = self.state.board
        for k in range(1, 5):
            if any(n in board and n not in self.occ.terrain for n in within(h, k)):
                return k
        return 9

    @cached_property
    def frontier(self) -> bool:
        """Whether face-down spaces lie within 2 spaces of a city of ours (room to explore
        and settle)."""
        board = self.state.board
        return any(
            h in board and h not in self.occ.terrain for c in self.my_cities for h in within(c, 2)
        )

    def danger(self, h: Hex) -> float:
        """How threatened a space is: foreign army units next to it (barbarians two away
        count too, they attack from there when an event says so, p.13)."""
        total = 0.0
        for g, (owner, n) in self.foreign_armies.items():
            d = distance(g, h)
            if d == 1 and (
                owner == BARBARIAN_SIDE or "tactics" in self.state.seats[owner].advances
            ):
                total += n
            elif d <= 2 and owner == BARBARIAN_SIDE:
                total += 0.5 * n
        for b in self.state.barbarians.cities:
            if distance(b, h) <= 2:
                total += 0.25
        return total

    def my_armies_at(self, h: Hex) -> int:
        return self.me.armies.get(h, 0)

    def mood_rank(self, city: City) -> int:
        return {ANGRY: 0, HAPPY: 2}.get(city.mood, 1)
