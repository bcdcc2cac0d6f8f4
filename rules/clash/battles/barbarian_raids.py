"""The barbarians' raids (p.13, p.14; C52-C57): where they spawn and reinforce, which
city they attack, and the attack's one round against the city's defenders (the Great
Wall, the defender's general and combat card)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from rules.clash.battles import barbarian_cards, card_dice
from rules.clash.battles import combat_cards as cc
from rules.clash.battles.general import holds_general
from rules.clash.board.hexes import Hex, label, steps
from rules.clash.board.tiles import BARREN, LAND
from rules.clash.box.cards import GENERAL_CV
from rules.clash.box.components import (
    ANGRY,
    ARMY,
    ARMY_LIMIT,
    BARBARIAN_ARMIES,
    BARBARIAN_SETTLEMENTS,
    FORTRESS,
    PIECES,
    PORT,
    SETTLEMENT,
    SETTLER,
    TEMPLE,
)
from rules.clash.model import transfer
from rules.clash.model.dice import roll
from rules.clash.model.state import TURN, City, ClashState, working
from rules.clash.model.terrain import terrains
from rules.core import Decision, Event

SPAWN: Final = "barbarian_spawn"
REINFORCE: Final = "barbarian_reinforce"
TARGET: Final = "barbarian_target"
CASUALTIES: Final = "barbarian_casualties"
PIECES_LOST: Final = "barbarian_pieces"
GENERAL: Final = barbarian_cards.GENERAL
CARD: Final = barbarian_cards.CARD
#: The kinds of the nested decisions (``prompt.clash.<kind>``), answered by BARBARIAN_ANSWER.
BARBARIAN_KINDS: tuple[str, ...] = (
    SPAWN,
    REINFORCE,
    TARGET,
    CASUALTIES,
    PIECES_LOST,
    GENERAL,
    CARD,
)
#: How far the barbarians appear and attack from the drawer's cities (p.13).
REACH = 2
HIT_EVERY = 5
FANATICISM_CV = 2
GREAT_WALL: Final = "great_wall"
#: Why a step of Barbarians Spawn is skipped (``clash.barbarian_skip.<why>``).
NO_SETTLEMENT_LEFT, NO_UNIT_LEFT, NO_SPACE, NO_ROOM = (
    "no_settlement_left",
    "no_unit_left",
    "no_space",
    "no_room",
)
SKIPPED: tuple[str, ...] = (NO_SETTLEMENT_LEFT, NO_UNIT_LEFT, NO_SPACE, NO_ROOM)


def _within_reach(state: ClashState, h: Hex) -> dict[Hex, int]:
    """The spaces within 2 of ``h`` through explored spaces (p.4, p.13, C63), by distance."""
    return steps(h, terrains(state).__contains__, REACH)


def _taken(state: ClashState) -> set[Hex]:
    """Spaces holding a city or a land unit of anyone (barbarians included)."""
    out = set(state.barbarians.cities) | set(state.barbarians.armies)
    for me in state.seats:
        out |= {c.hex for c in me.cities} | set(me.armies) | set(me.settlers)
    return out


def units_left(state: ClashState) -> int:
    return BARBARIAN_ARMIES - sum(state.barbarians.armies.values())


def spawn_spaces(state: ClashState, seat: int) -> list[Hex]:
    """Where Barbarians Spawn may put its settlement (p.13): empty explored land, not Barren,
    not Exhausted, within 2 spaces of a city of ``seat``, in board order."""
    terrain = terrains(state)
    near: set[Hex] = set()
    for c in state.seats[seat].cities:
        near |= set(_within_reach(state, c.hex))
    taken = _taken(state)
    return sorted(
        h
        for h in near
        if terrain.get(h) in LAND
        and terrain.get(h) != BARREN
        and h not in state.exhausted
        and h not in taken
    )


def reinforce_spaces(state: ClashState) -> list[Hex]:
    """The barbarian settlements that may take one more unit (the army limit, C54), in board
    order; none when the box has no brown unit left."""
    b = state.barbarians
    if units_left(state) <= 0:
        return []
    return sorted(h for h in b.cities if b.armies.get(h, 0) < ARMY_LIMIT)


def great_wall_protects(state: ClashState, city: City) -> bool:
    """The Great Wall (p.15, C53; :mod:`rules.clash.wonders.construction`): barbarians cannot
    attack the cities of the player owning it, a city of theirs with ``wonder ==
    "great_wall"``."""
    return any(c.wonder == GREAT_WALL for c in state.seats[city.owner].cities)


def attack_options(state: ClashState, seat: int) -> tuple[list[tuple[Hex, Hex, int]], int]:
    """Which settlement may attack which city of ``seat`` (p.13, C53): ``(settlement, city,
    distance)`` for the settlements with the most units among those with units within 2
    spaces of a city of ``seat`` not protected by the Great Wall, each with its nearest such
    cities; and that number of units (0 when nothing is in reach)."""
    b = state.barbarians
    cities = [c.hex for c in state.seats[seat].cities if not great_wall_protects(state, c)]
    reach: dict[Hex, dict[Hex, int]] = {}
    for s in sorted(b.cities):
        if not b.armies.get(s):
            continue
        near = _within_reach(state, s)
        found = {h: near[h] for h in cities if h in near}
        if found:
            reach[s] = found
    if not reach:
        return [], 0
    most = max(b.armies[s] for s in reach)
    out: list[tuple[Hex, Hex, int]] = []
    for s, found in reach.items():
        if b.armies[s] != most:
            continue
        nearest = min(found.values())
        out += [(s, h, d) for h, d in sorted(found.items()) if d == nearest]
    return out, most


def spawn(state: ClashState, seat: int) -> list[Event]:
    """Barbarians Spawn for the player ``seat`` who drew the event (p.13, C54)."""
    b = state.barbarians
    player = state.players[seat]
    why = None
    if len(b.cities) >= BARBARIAN_SETTLEMENTS:
        why = NO_SETTLEMENT_LEFT
    elif units_left(state) <= 0:
        why = NO_UNIT_LEFT
    spaces = spawn_spaces(state, seat) if why is None else []
    if why is None and not spaces:
        why = NO_SPACE
    if why is not None:
        skipped = Event("clash.barbarian_spawn_skipped", {"player": player, "why": why})
        return [skipped, *_reinforce(state, seat)]
    if len(spaces) > 1 and not state.seats[seat].resigned:
        _ask(state, seat, SPAWN, {})
        return []
    return settle(state, seat, spaces[0])


def settle(state: ClashState, seat: int, h: Hex) -> list[Event]:
    """Step 1 on ``h``, then step 2."""
    b = state.barbarians
    state.barbarians = replace(b, cities=b.cities | {h}, armies={**b.armies, h: 1})
    events = [Event("clash.barbarians_spawned", {"player": state.players[seat], "space": label(h)})]
    return events + _reinforce(state, seat)


def _reinforce(state: ClashState, seat: int) -> list[Event]:
    """Step 2: one more unit in a barbarian settlement with room."""
    player = state.players[seat]
    if units_left(state) <= 0:
        why = NO_UNIT_LEFT
    else:
        spaces = reinforce_spaces(state)
        if len(spaces) > 1 and not state.seats[seat].resigned:
            _ask(state, seat, REINFORCE, {})
            return []
        if spaces:
            return add_unit(state, seat, spaces[0])
        why = NO_ROOM
    return [Event("clash.barbarian_reinforcement_skipped", {"player": player, "why": why})]


def add_unit(state: ClashState, seat: int, h: Hex) -> list[Event]:
    b = state.barbarians
    count = b.armies.get(h, 0) + 1
    state.barbarians = replace(b, armies={**b.armies, h: count})
    params = {"player": state.players[seat], "space": label(h), "count": count}
    return [Event("clash.barbarians_reinforced", params)]


def attack(state: ClashState, seat: int) -> list[Event]:
    """Barbarians Attack for the player ``seat`` who drew the event (p.13, C53)."""
    options, most = attack_options(state, seat)
    if not options:
        return [Event("clash.barbarians_no_attack", {"player": state.players[seat]})]
    if len(options) > 1 and not state.seats[seat].resigned:
        _ask(state, seat, TARGET, {"count": most})
        return []
    settlement, city, _ = options[0]
    return attack_city(state, settlement, city)


def _owner(state: ClashState, target: Hex) -> int:
    return next(s for s, me in enumerate(state.seats) if me.city_at(target) is not None)


def attack_city(state: ClashState, settlement: Hex, target: Hex) -> list[Event]:
    """Every barbarian unit of ``settlement`` attacks the player's city on ``target``: one
    combat round (p.13, p.14), after the defender's Great General and combat-card windows
    (C125) when it has one to use. Whose city it is decides its losses. Which settlement may
    attack which city (reach, the Great Wall) is the caller's to check: :func:`attack` for the
    event, the Mercenaries card for its own."""
    owner = _owner(state, target)
    count = state.barbarians.armies.get(settlement, 0)
    assert settlement in state.barbarians.cities and count > 0
    if holds_general(state, owner):
        _ask(state, owner, GENERAL, _attack_params(state, settlement, target))
        return []
    return card_window(state, settlement, target, False)


def _attack_params(state: ClashState, settlement: Hex, target: Hex) -> dict[str, object]:
    count = state.barbarians.armies[settlement]
    return {"space": label(target), "from": label(settlement), "count": count}


def card_window(state: ClashState, settlement: Hex, target: Hex, general: bool) -> list[Event]:
    """The defender's combat card, when it has one to play; then the round. A Great General
    used is carried in the card decision (``general``)."""
    owner = _owner(state, target)
    if barbarian_cards.options(state, owner, target):
        params = _attack_params(state, settlement, target)
        _ask(state, owner, CARD, {**params, "general": True} if general else params)
        return []
    return fight(state, settlement, target, None, general)


def fight(
    state: ClashState, settlement: Hex, target: Hex, card: str | None, general: bool
) -> list[Event]:
    """The round, ``card`` played by the defender (or none), its Great General used or not."""
    b = state.barbarians
    count = b.armies[settlement]
    owner = _owner(state, target)
    me = state.seats[owner]
    city = me.city_at(target)
    assert city is not None
    player = state.players[owner]
    fortress = working(state, city, FORTRESS)
    params = {"player": player, "space": label(target), "from": label(settlement), "count": count}
    # What the attack began with (rules.clash.battles.facts).
    facts = {"armies": me.armies.get(target, 0), "fortress": fortress, "city_size": city.size}
    events = [
        Event("clash.barbarians_attack", {**params, **facts, "wonder": city.wonder is not None})
    ]
    half = None
    if card is not None:
        events.append(barbarian_cards.play(state, owner, card))
        half = cc.half_of(card)
    peltasts, told = barbarian_cards.before_roll(state, owner, settlement, target, half)
    events += told
    count = state.barbarians.armies.get(settlement, 0)
    if not count:
        return events  # Archers or Martyr left no barbarian to roll (C70)
    card_half = cc.HALVES.get(half or "")
    defenders = me.armies.get(target, 0)
    barbarian_dice = roll(state, count)
    extra = card_half.dice if card_half else 0
    defender_dice = roll(state, defenders + extra) + (roll(state, 1) if fortress else [])
    again: list[int] = []
    if half == cc.VETERANS:
        again, told = card_dice.veterans(state, owner, defender_dice)
        events += told
    barbarian_cv = sum(barbarian_dice)
    if half == cc.DEFIANT_STAND:
        barbarian_cv = max(0, barbarian_cv - count)
    defender_cv = sum(defender_dice) + sum(again) + (card_half.cv if card_half else 0)
    defender_cv += GENERAL_CV if general else 0
    if city.piece(TEMPLE) is not None and "fanaticism" in me.advances:
        defender_cv += FANATICISM_CV
    barbarian_hits = barbarian_cv // HIT_EVERY
    defender_hits = defender_cv // HIT_EVERY
    if defenders and "steel_weapons" in me.advances:
        defender_hits += 1  # barbarians never have Steel Weapons (C45)
    if half == cc.ROUTING:
        more, told = card_dice.routing(state, owner, defender_hits, barbarian_hits)
        defender_hits += more
        events += told
    # The Fortress, Upgraded Defenses and Peltasts each cancel one barbarian hit.
    saves = int(fortress) + (card_half.cancel if card_half else 0) + int(peltasts)
    barbarian_hits = max(0, barbarian_hits - saves)
    events.append(
        Event(
            "clash.barbarian_attack_round",
            {
                "player": player,
                "space": label(target),
                "barbarian_dice": [str(d) for d in barbarian_dice],
                "defender_dice": [str(d) for d in defender_dice],
                "fortress_die": fortress,
                "barbarian_hits": barbarian_hits,
                "defender_hits": defender_hits,
            },
        )
    )
    if half == cc.TACTICAL_SURPRISE and defender_hits:
        events += card_dice.surprise(state, owner)
    killed = min(defender_hits, count)
    events += barbarian_cards.kill(state, settlement, killed, target)
    if count > killed:
        back = {"space": label(settlement), "count": count - killed}
        events.append(Event("clash.barbarians_returned", back))
    return events + _damage(state, owner, target, barbarian_hits)


def _damage(state: ClashState, owner: int, h: Hex, hits: int) -> list[Event]:
    """The barbarians' hits on the city: its units first, then its pieces (p.13)."""
    if not hits:
        return []
    me = state.seats[owner]
    armies, settlers = me.armies.get(h, 0), me.settlers.get(h, 0)
    if hits < armies + settlers and armies and settlers:
        if me.resigned:
            return kill(state, owner, h, max(0, hits - settlers), min(hits, settlers))
        _ask(state, owner, CASUALTIES, {"space": label(h), "count": hits})
        return []
    army = min(armies, hits)
    events = kill(state, owner, h, army, min(settlers, hits - army))
    rest = hits - armies - settlers
    return events + (_lose_pieces(state, owner, h, rest) if rest > 0 else [])


def kill(state: ClashState, owner: int, h: Hex, army: int, settler: int) -> list[Event]:
    """``army`` army units and ``settler`` settlers of ``owner`` die on ``h``."""
    lost = []
    for kind, n in ((ARMY, army), (SETTLER, settler)):
        if n:
            transfer.remove_land(state, owner, h, kind, n)
            lost.append(f"{kind}_{n}")
    if not lost:
        return []
    params = {"player": state.players[owner], "units": lost, "space": label(h)}
    return [Event("clash.units_lost", params)]


def non_settlement_pieces(city: City) -> list[str]:
    """The city's pieces that may go before its Settlement, in piece order."""
    return [p.kind for p in city.pieces if p.kind != SETTLEMENT]


def _lose_pieces(state: ClashState, owner: int, h: Hex, count: int) -> list[Event]:
    """``count`` hits on the city's pieces, the Settlement last (p.13, C52)."""
    me = state.seats[owner]
    city = me.city_at(h)
    assert city is not None
    others = non_settlement_pieces(city)
    if count > len(others):
        return _destroy(state, owner, city)
    if count == len(others):
        return remove_pieces(state, owner, h, others)
    if me.resigned:
        return remove_pieces(state, owner, h, others[-count:])
    _ask(state, owner, PIECES_LOST, {"space": label(h), "count": count})
    return []


def remove_pieces(state: ClashState, owner: int, h: Hex, kinds: list[str]) -> list[Event]:
    """The pieces of ``kinds`` leave the city (back to their colours' supplies); it is angry."""
    me = state.seats[owner]
    city = me.city_at(h)
    assert city is not None
    pieces = tuple(p for p in city.pieces if p.kind not in kinds)
    faces = None if PORT in kinds else city.port_faces
    shrunk = replace(city, pieces=pieces, mood=ANGRY, port_faces=faces)
    me.cities = [shrunk if c.hex == h else c for c in me.cities]
    ordered = [k for k in PIECES if k in kinds]
    params = {"player": state.players[owner], "space": label(h), "pieces": ordered}
    return [Event("clash.city_pieces_lost", {**params, "count": len(ordered)})]


def _destroy(state: ClashState, owner: int, city: City) -> list[Event]:
    """Below size 1 the city is destroyed, with its wonder (p.13, p.14)."""
    me = state.seats[owner]
    me.cities = [c for c in me.cities if c.hex != city.hex]
    player, space = state.players[owner], label(city.hex)
    events = [Event("clash.city_destroyed_by_barbarians", {"player": player, "space": space})]
    if city.wonder is not None:
        state.cards = replace(state.cards, lost=(*state.cards.lost, city.wonder))
        events.append(Event("clash.wonder_lost", {"wonder": city.wonder}))
    return events


def _ask(state: ClashState, seat: int, kind: str, params: dict[str, object]) -> None:
    """Push a decision; its id names the turn and the barbarian pieces on the board, which
    every step changes, so that an answer prepared for one is refused by the next."""
    b = state.barbarians
    pid = (
        f"{kind}:{state.round}.{state.turn}.{state.active}.{seat}."
        f"{len(b.cities)}.{sum(b.armies.values())}"
    )
    if "space" in params:
        pid += f".{params['space']}.{params['count']}"
    turn = state.active if state.phase == TURN else None
    state.prompts = state.prompts.push(Decision(pid, seat, kind, params, turn))
