"""Ships for the heuristic player (:mod:`rules.clash.player.policy`): what a ship could do from a
Sea space, so that a Port city builds one only where it has a use and a ship sails where it
gains (p.2, p.9, p.12).

A ship sails through any number of connected Sea spaces in one move (p.9), so what it can
reach is the explored Sea around it (:func:`sea_room`). Its uses there: exploring (face-down
spaces next to that Sea, early most), trading (another player's non-angry city within 2
spaces: Trade Routes' Food, Trader and Sea Lanes), blockading (other players' Port spaces,
for Blockade) and fighting (a foreign ship, when a Ramming card is in hand, ``K19``, and
Tactics lets it be played, p.12). Holding Trader, settlers too are kept near other
players' cities (:func:`trader_keeps`, :func:`trader_bound`).
"""

from __future__ import annotations

from rules.clash.battles.combat_cards import RAMMING, half_of
from rules.clash.board.hexes import Hex, distance
from rules.clash.board.tiles import SEA
from rules.clash.box.components import ANGRY, ROUNDS, TURNS_PER_ROUND
from rules.clash.player.survey import Reading

#: Objectives that want ships near other players' cities.
TRADE_GOALS = frozenset({"trader", "sea_lanes"})
#: What one Food of Trade Routes' income is worth, a turn (about a Food's worth, p.2).
ROUTE_FOOD = 0.4


def sea_room(r: Reading, start: Hex) -> frozenset[Hex]:
    """The explored Sea spaces a ship on ``start`` could reach (``start`` included)."""
    key = ("sea_room", start)
    memo = r.occ.memo
    if key not in memo:
        board = r.state.board
        seen = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in board.neighbours(h):
                if n not in seen and r.terrain(n) == SEA:
                    seen.add(n)
                    todo.append(n)
        memo[key] = frozenset(seen)
    room: frozenset[Hex] = memo[key]
    return room


def partners(r: Reading) -> list[Hex]:
    """Other players' non-angry cities: what a ship or settler may trade with (p.2)."""
    return sorted(
        c.hex
        for s, p in enumerate(r.state.seats)
        if s != r.seat
        for c in p.cities
        if c.mood != ANGRY
    )


def unserved(r: Reading) -> list[Hex]:
    """The trading partners no settler or ship of this seat stands within 2 spaces of."""
    me = r.me
    mine = [h for h, n in me.settlers.items() if n] + [s.hex for s in me.ships]
    return [c for c in partners(r) if not any(distance(c, h) <= 2 for h in mine)]


def trader_keeps(r: Reading, h: Hex) -> bool:
    """Holding Trader (3 trade-route units, docs/clash-cards.md §5.3) while 3 cities of other
    players can be traded with: a settler on ``h`` within 2 spaces of one stays a unit
    instead of founding a city or walking away."""
    if "trader" not in r.hand_goals:
        return False
    found = partners(r)
    return len(found) >= 3 and any(distance(h, c) <= 2 for c in found)


def trader_bound(r: Reading, h: Hex) -> bool:
    """Holding Trader while 3 cities of other players can be traded with: a settler on ``h``
    within 4 spaces of one no unit of ours trades with yet is on its way there, and does not
    found a city on the way."""
    if "trader" not in r.hand_goals or len(partners(r)) < 3:
        return False
    return any(distance(h, c) <= 4 for c in unserved(r))


def ramming_ready(r: Reading) -> bool:
    """Whether a Ramming card is in hand and Tactics lets it be played (p.12)."""
    me = r.me
    return "tactics" in me.advances and any(half_of(c) == RAMMING for c in me.actions)


def turns_left(r: Reading) -> int:
    """This seat's turns still to come, this one included (p.3: 3 a round, 6 rounds)."""
    state = r.state
    return max(1, (ROUNDS - state.round) * TURNS_PER_ROUND + TURNS_PER_ROUND - state.turn + 1)


def trade_worth(r: Reading) -> float:
    """What one more trade-route unit is worth: Trade Routes' Food for the turns left (at
    most a few), the objectives asking for them."""
    value = 0.3
    if "trade_routes" in r.me.advances:
        value += ROUTE_FOOD * min(turns_left(r), 4)
    if r.hand_goals & TRADE_GOALS:
        value += 0.6
    return value


def foreign_ships(r: Reading) -> set[Hex]:
    """Where other players' ships stand."""
    return {h for h, owners in r.occ.ships.items() if any(o != r.seat for o in owners)}


def foreign_ports(r: Reading) -> set[Hex]:
    """Other players' Port spaces (Blockade)."""
    return {
        c.port_faces
        for s, p in enumerate(r.state.seats)
        if s != r.seat
        for c in p.cities
        if c.port_faces is not None
    }


def prospects(r: Reading, start: Hex) -> float:
    """What one more ship on ``start`` could do: the best of its uses, and a little of the
    others."""
    room = sea_room(r, start)
    board = r.state.board
    uses: list[float] = []
    hidden = any(n not in r.occ.terrain for h in room for n in board.neighbours(h) if n in board)
    if hidden:
        uses.append(0.9 if r.state.round <= 4 else 0.4)
    if any(distance(h, c) <= 2 for c in unserved(r) for h in room):
        uses.append(trade_worth(r))
    if "blockade" in r.hand_goals and room & foreign_ports(r):
        uses.append(0.8)
    if ramming_ready(r) and room & foreign_ships(r):
        uses.append(0.9)
    if not uses:
        return 0.0
    uses.sort(reverse=True)
    return uses[0] + 0.2 * sum(uses[1:])
