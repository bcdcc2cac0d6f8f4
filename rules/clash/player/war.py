"""Moving, exploring and fighting for the heuristic player (:mod:`rules.clash.player.policy`).

**Groups** (p.9): every group a Move action could move is scored. An attack (army units onto
foreign units or a foreign city, p.12) is worth its prize times the chance of winning
(:mod:`rules.clash.player.odds`, all the army units of the space that can go) less what a
defeat costs, and is made only with a clear chance; settlers walk to better city sites (and
leave their city, where none can be founded); army units go into threatened cities of theirs,
towards prey they can beat and where an objective in hand wants them; a unit explores (an army
unit rather than a settler) while much is face down; ships explore, sail to other players'
Port spaces and near their cities (:mod:`rules.clash.player.sea`) and attack a fleet they can
beat, an even one with a Ramming card in hand. A unit guarding a threatened city stays there.
The Great Lighthouse's one ship is scored the same way (:func:`lighthouse_move`).

**Battles**: the attacker goes on while the odds of the units left are fair, plays a combat
card whenever one is offered (the best of them for the side), pays for Siegecraft, The Siege,
the Trojan Horse and the Great General, loses empty ships first and keeps a barbarian
settlement it took. **Exploring**: the way a region lies that gives the most land next to
the explorer, the barbarians' space furthest from its cities.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.clash.actions import lighthouse, move_groups, movement, routes
from rules.clash.board.hexes import Hex, distance, parse_hex, token
from rules.clash.board.tiles import BARREN, FERTILE, LAND, SEA
from rules.clash.box.components import ARMY, ARMY_LIMIT, FORTRESS, SETTLER
from rules.clash.dispatch.contexts import choices
from rules.clash.model import marks as mk
from rules.clash.model.state import BARBARIAN_SIDE, City
from rules.clash.model.transfer import is_hold, place_hex, units_at
from rules.clash.player import sea
from rules.clash.player.odds import win_chance
from rules.clash.player.survey import Reading
from rules.clash.player.walk import Build, Picker, index_of, walk
from rules.core import Choice, IllegalAction

#: The chance of winning below which the player does not attack (barbarians: a bit lower,
#: they play no cards, p.14).
ATTACK_ODDS = 0.6
BARBARIAN_ODDS = 0.5
#: The attacker goes on while the units left win this often.
CONTINUE_ODDS = 0.4
#: A fleet attacks a fleet this often winning when a Ramming card can add its die, or when
#: that fleet stands within 2 spaces of our cities (trading with them, blockading them).
RAMMING_ODDS = 0.3
INTRUDER_ODDS = 0.35
#: Objectives about battles: holding one makes a fight worth more.
BATTLE_GOALS = frozenset(
    {
        "conqueror",
        "warmonger",
        "warlord",
        "great_battle",
        "against_all_odds",
        "daring",
        "aggressor",
        "assimilator",
        "legend",
        "marauder",
        "amphibious_assault",
    }
)
#: How the combat halves rank when several may be played (docs/clash-cards.md §3.3): the ones
#: that fit only a few battles (Ambush, Ramming, the city defences) before the ones that fit
#: any, so that each is played where it fits; Tactical Retreat (it gives the battle up) last.
CARD_RANK: tuple[str, ...] = (
    "K03",
    "K19",
    "K16",
    "K15",
    "K10",
    "K06",
    "K11",
    "K04",
    "K01",
    "K02",
    "K13",
    "K05",
    "K09",
    "K08",
    "K14",
    "K18",
    "K07",
    "K17",
    "K12",
)

#: A group worth moving: its score and how to write it (checked only when taken).
Group = tuple[float, Build]


# -- groups -------------------------------------------------------------------------------


def groups(r: Reading, base: list[str]) -> list[Group]:
    """Every group worth moving after ``base`` (``[]`` in a Move action, ``["move"]`` at the
    turn's menu), best first; each writes ``base`` and its tokens."""
    state, seat = r.state, r.seat
    out: list[tuple[float, str, Hex, dict[str, int]]] = []
    for origin in movement.origins(state, seat, r.occ):
        for to, route in routes.routes(state, seat, origin, r.occ).items():
            scored = _score_group(r, origin, to, route)
            if scored is not None:
                out.append((scored[0], origin, to, scored[1]))
    out.sort(key=lambda g: -g[0])
    return [(score, _writer(r, base, origin, to, want)) for score, origin, to, want in out]


def _writer(r: Reading, base: list[str], origin: str, to: Hex, want: dict[str, int]) -> Build:
    """Writes the group: as scored when the rules take it so, else token by token."""

    def build() -> list[str] | None:
        units = [kind for kind, n in want.items() for _ in range(n)]
        toks = [origin, token(to), *units]
        try:
            group = move_groups.parse(r.state, r.seat, toks)
        except IllegalAction:
            return None
        if move_groups.problem(r.state, r.seat, group, r.occ) is None:
            return [*base, *toks]
        found = walk(r.state, r.seat, [*base, origin, token(to)], _units(want))
        return found if found is not None and len(found) > len(base) + 2 else None

    return build


def _units(want: dict[str, int]) -> Picker:
    """A picker taking ``want`` units of each kind (``ship<k>`` counts as a kind), then
    stopping, or the first option where the group is not whole yet."""
    left = dict(want)

    def pick(toks: list[str], options: Sequence[Choice]) -> int | None:
        for kind, n in left.items():
            if n > 0:
                i = index_of(options, kind)
                if i is not None:
                    left[kind] = n - 1
                    return i
        return None

    return pick


def _score_group(
    r: Reading, origin: str, to: Hex, route: routes.Route
) -> tuple[float, dict[str, int]] | None:
    """How much moving from ``origin`` to ``to`` is worth, and with what."""
    me = r.me
    marks = r.state.turn_state.marks
    how = route.how
    if is_hold(origin):
        # Army units aboard land only to attack (an amphibious assault).
        have = units_at(me, origin)
        armies = mk.movable(marks, origin, ARMY, have[ARMY]) if "tactics" in me.advances else 0
        if not route.battle or not armies:
            return None
        return _score_attack(r, place_hex(me, origin), to, armies, 0)
    if how in (routes.SAIL, routes.EXPLORE_BY_SHIP):
        return _score_ship(r, origin, to, how)
    have = units_at(me, origin)
    armies = mk.movable(marks, origin, ARMY, have[ARMY]) if "tactics" in me.advances else 0
    settlers = mk.movable(marks, origin, SETTLER, have[SETTLER])
    at = place_hex(me, origin)
    if route.battle:
        return _score_attack(r, at, to, armies, settlers)
    if how == routes.EXPLORE:
        return _score_explore(r, at, armies, settlers)
    if how == routes.BOARD:
        if armies and "amphibious_assault" in r.hand_goals and _landing_targets(r):
            return 0.7, {ARMY: min(armies, 2)}
        return None
    if how not in (routes.WALK, routes.ROAD):
        return None
    best: tuple[float, dict[str, int]] | None = None
    if settlers and r.terrain(to) in LAND:
        best = _score_settler_walk(r, at, to)
    if armies:
        army = _score_army_walk(r, at, to, armies)
        if army is not None and (best is None or army[0] > best[0]):
            best = army
    return best


def _score_settler_walk(r: Reading, at: Hex, to: Hex) -> tuple[float, dict[str, int]] | None:
    """A settler walks towards its target site (:meth:`Reading.settler_target`), or without
    one towards the face-down spaces it may find one in; holding Trader, towards another
    player's city no unit of ours trades with yet, and it stays once it trades."""
    if sea.trader_keeps(r, at):
        return None  # Trader: it trades where it stands
    trade = 0.0
    foreign = sea.unserved(r) if "trader" in r.hand_goals else []
    if foreign and len(sea.partners(r)) >= 3:
        # Trader: a settler within 2 spaces of another player's city is a trade-route unit.
        nearest = min(distance(at, h) for h in foreign)
        trade = 1.0 if min(distance(to, h) for h in foreign) < nearest else 0.0
    walk = 0.0
    target = r.settler_target(at)
    if target is not None:
        if target != at and distance(to, target) < distance(at, target):
            walk = 0.6 + 0.1 * r.site_score(target)
    elif r.to_unexplored(to) < r.to_unexplored(at):
        walk = 0.45
    best = max(trade, walk)
    return (best, {SETTLER: 1}) if best > 0 else None


def _defenders(r: Reading, to: Hex) -> tuple[int, bool, float]:
    """Defending units on ``to``, whether a Fortress helps them, and the prize of winning."""
    state = r.state
    owner_units = r.foreign_armies.get(to)
    units = owner_units[1] if owner_units else 0
    owner = r.occ.city.get(to)
    prize = 0.0
    fortress = False
    if owner == BARBARIAN_SIDE:
        units = state.barbarians.armies.get(to, 0)
        prize = 2.0 + 1.0 * units
    elif owner is not None:
        city = state.seats[owner].city_at(to)
        if city is not None:
            fortress = city.piece(FORTRESS) is not None
            prize = 1.6 * city.size + (5.0 if city.wonder else 0.0)
            prize += 0.3 * city.size if city.mood != "angry" else 0.0
    else:
        settlers = sum(p.settlers.get(to, 0) for s, p in enumerate(state.seats) if s != r.seat)
        prize = 0.4 * units + 0.6 * settlers
    return units, fortress, prize


def _score_attack(
    r: Reading, at: Hex, to: Hex, armies: int, settlers: int
) -> tuple[float, dict[str, int]] | None:
    if armies <= 0:
        return None
    city = _player_city(r, to)
    if city is not None and len(r.state.seats[city.owner].cities) == 1:
        return None  # a player's last city: taking it would end the game (p.4)
    units, fortress, prize = _defenders(r, to)
    barbarian = r.occ.city.get(to) == BARBARIAN_SIDE or (
        r.foreign_armies.get(to, (0, 0))[0] == BARBARIAN_SIDE
    )
    send = min(armies, ARMY_LIMIT)
    # A threatened city keeps one defender when the others are enough.
    guarded = at in r.my_cities and r.danger(at) > 0 and send > 1
    if guarded and win_chance(send - 1, units, fortress) >= ATTACK_ODDS:
        send -= 1
    chance = win_chance(send, units, fortress)
    goals = r.hand_goals
    if goals & BATTLE_GOALS:
        prize += 1.0
    needed = BARBARIAN_ODDS if barbarian else ATTACK_ODDS
    # Objectives that ask for a particular fight make it worth a lower chance.
    if "legend" in goals and city is not None and (city.size >= 5 or city.wonder) and send >= 3:
        needed, prize = 0.0, prize + 3.0
    if goals & {"warlord", "aggressor"} and units >= (3 if "warlord" in goals else 2):
        needed, prize = min(needed, 0.35), prize + 2.0
    if "great_battle" in goals and send + units >= 6:
        needed, prize = min(needed, 0.4), prize + 2.0
    if goals & {"against_all_odds", "daring"} and not barbarian and send < units:
        needed, prize = min(needed, 0.25), prize + 2.0
    if chance < needed:
        return None
    score = chance * prize - (1.0 - chance) * 0.5 * send - 0.2
    if score <= 0:
        return None
    return score, {ARMY: send}


def _foreign_cities(r: Reading) -> list[Hex]:
    """The spaces of the other players' cities."""
    return [h for h, o in r.occ.city.items() if o not in (r.seat, BARBARIAN_SIDE)]


def _landing_targets(r: Reading) -> list[Hex]:
    """Other players' cities by the Sea (not their last) that two army units could take."""
    out = []
    for h, owner in r.occ.city.items():
        if owner in (r.seat, BARBARIAN_SIDE) or len(r.state.seats[owner].cities) <= 1:
            continue
        if not any(r.terrain(n) == SEA for n in r.state.board.neighbours(h)):
            continue
        units, fortress, _ = _defenders(r, h)
        if win_chance(2, units, fortress) >= ATTACK_ODDS:
            out.append(h)
    return out


def _player_city(r: Reading, h: Hex) -> City | None:
    owner = r.occ.city.get(h)
    if owner is None or owner in (BARBARIAN_SIDE, r.seat):
        return None
    return r.state.seats[owner].city_at(h)


def _score_explore(
    r: Reading, at: Hex, armies: int, settlers: int
) -> tuple[float, dict[str, int]] | None:
    early = r.state.round <= 3
    score = 0.9 if early else 0.5
    if armies and not (at in r.my_cities and r.danger(at) > 0 and armies <= 1):
        return score, {ARMY: 1}
    if settlers:
        return score - 0.2, {SETTLER: 1}
    return None


def _prey(r: Reading) -> list[tuple[Hex, int, bool]]:
    """Foreign positions worth marching on: barbarian settlements and weak cities of other
    players, with their defenders and Fortress."""
    out: list[tuple[Hex, int, bool]] = []
    for h, owner in r.occ.city.items():
        if owner == r.seat:
            continue
        units, fortress, _ = _defenders(r, h)
        out.append((h, units, fortress))
    return out


def _score_army_walk(
    r: Reading, at: Hex, to: Hex, armies: int
) -> tuple[float, dict[str, int]] | None:
    """Army units walking (no battle): into a threatened city of theirs, away from one only
    when it stays guarded, towards prey they can beat, or where an objective wants them."""
    here_city = at in r.my_cities
    guard = r.danger(at) if here_city else 0.0
    spare = armies - (1 if here_city and guard > 0 else 0)
    if spare <= 0:
        return None
    score = 0.0
    send = spare
    if to in r.my_cities:
        lacking = r.danger(to) - r.my_armies_at(to)
        if lacking > 0:
            send = min(spare, max(1, round(lacking)))
            score = max(score, 0.5 + 0.4 * send)
    room = ARMY_LIMIT - r.my_armies_at(to)
    if room <= 0:
        return None
    send = min(send, room)
    legend = "legend" in r.hand_goals and send >= 3
    for h, units, fortress in _prey(r):
        d_now, d_then = distance(at, h), distance(to, h)
        if d_then < d_now and d_now <= 3 and win_chance(send, units, fortress) >= ATTACK_ODDS:
            score = max(score, 0.5)
        city = _player_city(r, h)
        if legend and city is not None and (city.size >= 5 or city.wonder) and d_then < d_now:
            score = max(score, 0.8)  # Legend: march on a wonder city with 3 army units
    goals = r.hand_goals
    foreign = _foreign_cities(r)
    if "threat" in goals and foreign:
        # Threat: army units next to other players' cities, walking there step by step.
        now = min(distance(at, h) for h in foreign)
        then = min(distance(to, h) for h in foreign)
        if then == 1 and now > 1:
            score = max(score, 1.0)
        elif then < now <= 4:
            score = max(score, 0.7)
    if "outposts" in goals and not r.my_armies_at(to):
        # Outposts: single army units on spaces away from every city.
        now = min((distance(at, h) for h in r.occ.city), default=9)
        then = min((distance(to, h) for h in r.occ.city), default=9)
        if then >= 2 and now < 2:
            score, send = max(score, 1.0), 1
        elif then > now:
            score, send = max(score, 0.7), 1
    if "standing_army" in goals and to in r.my_cities and not r.my_armies_at(to):
        score = max(score, 0.6)
        send = 1
    if score <= 0:
        return None
    return score, {ARMY: send}


def _score_ship(
    r: Reading, origin: str, to: Hex, how: str, only: int | None = None
) -> tuple[float, dict[str, int]] | None:
    """Ships: explore, sail to other players' Port spaces (Blockade) or near their cities
    (Trade Routes), fight a weaker fleet; ``only``: the one ship that may go (the Great
    Lighthouse's)."""
    me = r.me
    if is_hold(origin):
        return None
    at = parse_hex(origin)
    marks = r.state.turn_state.marks
    mine = [
        s
        for s in me.ships
        if s.hex == at and mk.movable(marks, s.place, "ship", 1) and only in (None, s.id)
    ]
    if not mine:
        return None
    ship = f"ship{mine[0].id}"
    loaded = [s for s in mine if ARMY in s.cargo]
    if loaded and how == routes.SAIL:
        targets = _landing_targets(r)
        if any(distance(to, h) == 1 for h in targets):
            return 1.0, {f"ship{loaded[0].id}": 1}
        return None
    if how == routes.EXPLORE_BY_SHIP:
        return (1.0 if r.state.round <= 4 else 0.6), {ship: 1}
    foreign_ships = sum(
        1 for s, p in enumerate(r.state.seats) if s != r.seat for x in p.ships if x.hex == to
    )
    if foreign_ships:
        # Ramming's extra die (K19) makes an even fight worth it, and so does a fleet that
        # trades with our cities or blockades them.
        ram = sea.ramming_ready(r)
        ours = any(distance(to, h) <= 2 for h in r.my_cities)
        needed = RAMMING_ODDS if ram else INTRUDER_ODDS if ours else CONTINUE_ODDS
        if win_chance(len(mine), foreign_ships) < needed:
            return None
        return (1.2 if ram else 0.8), {f"ship{s.id}": 1 for s in mine}
    score = 0.0
    if to in sea.foreign_ports(r) and to not in {s.hex for s in me.ships}:
        score = 1.0 if "blockade" in r.hand_goals else 0.3
    near_now = any(distance(at, h) <= 2 for h in sea.partners(r))
    if not near_now and any(distance(to, h) <= 2 for h in sea.unserved(r)):
        # A trade-route unit (Trade Routes, Trader, Sea Lanes).
        score = max(score, sea.trade_worth(r))
    if score <= 0:
        return None
    return score, {ship: 1}


def move_value(r: Reading) -> tuple[float, list[str]] | None:
    """The turn menu's ``move``: the best group, scored with the next best from elsewhere
    (one Move action moves up to three)."""
    found = groups(r, ["move"])
    for i, (score, build) in enumerate(found):
        toks = build()
        if toks is None:
            continue
        others = [s for s, _ in found[i + 1 : i + 3]]
        return score + 0.4 * sum(others), toks
    return None


def next_group(r: Reading, prefix: list[str]) -> list[str] | None:
    """A Move action under way: its best next group, or ``done``."""
    for score, build in groups(r, []):
        if score <= 0.25:
            break
        toks = build()
        if toks is not None and toks[: len(prefix)] == prefix:
            return toks
    return None if prefix else ["done"]


def lighthouse_move(r: Reading, prefix: list[str]) -> list[str] | None:
    """The Great Lighthouse's move (C115, C134): the one-ship move scored best as a Move
    action's ship group is, when it is worth a group of a Move action; else ``done``."""
    best: tuple[float, list[str]] | None = None
    for move in lighthouse.moves(r.state, r.seat):
        route = routes.routes(r.state, r.seat, move[0], r.occ).get(parse_hex(move[1]))
        if route is None:
            continue
        scored = _score_ship(r, move[0], route.to, route.how, only=int(move[2][4:]))
        if scored is not None and scored[0] > 0.25 and (best is None or scored[0] > best[0]):
            best = scored[0], list(move)
    plan = ["done"] if best is None else best[1]
    return plan if plan[: len(prefix)] == prefix else None


# -- exploring ----------------------------------------------------------------------------


def explore(r: Reading, prefix: list[str]) -> list[str] | None:
    """A region just turned face up: the layout with the most good land for us, the
    barbarians' space furthest from our cities, the first new Sea space."""
    if prefix:
        return None
    options = choices(r.state, r.seat, [])
    if not options:
        return None
    if options[0].label.endswith("layout"):
        return [max(options, key=_layout_score).token]
    if options[0].label.endswith("barbarians"):
        return [max(options, key=lambda c: away(r, parse_hex(c.token))).token]
    return [options[0].token]


def _layout_score(c: Choice) -> float:
    terrains = [str(v) for k, v in c.params.items() if k.startswith("t")]
    return sum(1.0 for t in terrains if t in LAND and t != BARREN) + sum(
        0.2 for t in terrains if t == FERTILE
    )


def away(r: Reading, h: Hex) -> float:
    """How far a space is from our cities (and close to the others')."""
    mine = min((distance(h, c) for c in r.my_cities), default=9)
    theirs = min(
        (distance(h, c) for c, o in r.occ.city.items() if o not in (r.seat, BARBARIAN_SIDE)),
        default=9,
    )
    return mine - 0.5 * theirs


# -- battles ------------------------------------------------------------------------------


def battle_pick(r: Reading, kind: str, toks: list[str], options: Sequence[Choice]) -> int | None:
    """The next token of the answer to a battle's decision
    (:data:`rules.clash.battles.combat.KINDS`), or None to stop."""
    tokens = [c.token for c in options]
    b = r.state.battle
    if toks:
        # Siegecraft pays both when it can; a Tactical Retreat takes the first space.
        return index_of(options, "ore") if kind == "siege" else None
    if kind == "battle" and b is not None:
        mine = _fighting(r, r.seat)
        theirs = _fighting(r, b.defender)
        needed = RAMMING_ODDS if b.sea and sea.ramming_ready(r) else CONTINUE_ODDS
        go = win_chance(mine, theirs) >= needed
        return index_of(options, "attack" if go else "withdraw")
    if kind == "combat_card":
        cards = [c for c in options if c.token != "pass"]
        if not cards:
            return None
        best = min(cards, key=lambda c: _card_rank(str(c.params.get("half"))))
        return tokens.index(best.token)
    preferred = {
        "siege": ("wood", "ore", "none"),
        "siege_food": ("pay", "none"),
        "great_general": ("use", "keep"),
        "trojan_horse": ("pay", "none"),
        "barbarian_city": ("keep", "destroy"),
    }.get(kind, ())
    for t in preferred:
        if t in tokens:
            return tokens.index(t)
    if kind == "casualties":
        empty = {f"ship{s.id}" for s in r.me.ships if not s.cargo}
        picks = [i for i, t in enumerate(tokens) if t in empty]
        return picks[0] if picks else None
    if kind == "great_mausoleum":
        return len(tokens) - 1 if r.me.culture_tokens > r.me.mood_tokens else 0
    return None


def _card_rank(half: str) -> int:
    return CARD_RANK.index(half) if half in CARD_RANK else len(CARD_RANK)


def _fighting(r: Reading, side: int) -> int:
    b = r.state.battle
    assert b is not None
    if side == BARBARIAN_SIDE:
        return r.state.barbarians.armies.get(b.space, 0)
    p = r.state.seats[side]
    if b.sea:
        return sum(1 for s in p.ships if s.hex == b.space)
    return p.armies.get(b.space, 0)
