"""The barbarians' event symbols: Barbarians Spawn and Barbarians Attack (p.13, p.14; rules
reference §4.8; open points C52, C53, C54, C63).

The event cards (:mod:`rules.clash.events.resolving`) call :func:`spawn` and :func:`attack` with the
seat of the player who drew the card, right after drawing it (p.13). Each is a complete
rule: it returns its events and, where the rules leave a choice, pushes a nested decision on
``state.prompts``
(answered through :data:`BARBARIAN_ANSWER`); the procedure is over when no decision of
:data:`BARBARIAN_KINDS` is left on the stack. "Within 2 spaces" is counted step by step
through explored spaces of any terrain, Sea and foreign cities and units included, never
across a face-down region (p.4, p.13, C63).

**Barbarians Spawn** (p.13, C54), in this order:

1. a barbarian settlement and one barbarian army unit go onto an empty space (no unit of
   anyone, no city) that is explored land, not Barren, not Exhausted, within 2 spaces of one
   of the drawer's cities. The drawer chooses (``barbarian_spawn``) when there are several;
2. one barbarian army unit is added to any barbarian settlement on the board, the new one
   included, that has fewer than 4 units (the army limit applies to barbarians, C54). The
   drawer chooses (``barbarian_reinforce``) when there are several.

A step with no legal space, or with nothing left in the box (7 brown settlements and 16
brown units, p.2; step 1 needs one of each), is skipped with an event saying why; step 2
still follows a skipped step 1.

**Barbarians Attack** (p.13, C53): among the barbarian settlements with units within 2 spaces
of the drawer's cities, the one with the most units attacks, with all of them, the drawer's
city nearest to it. Ties of number or of distance are the drawer's choice of a settlement and
a city (``barbarian_target``); nothing in reach, no attack. **Great Wall** (p.15):
barbarians cannot attack the cities of the player who owns it; :func:`great_wall_protects` is
the hook (a city of the owner with ``wonder == "great_wall"``) and such cities are skipped.

**The attack** (:func:`attack_city`, also for the Mercenaries card) is exactly one combat round
(p.13), fought by the usual rules otherwise: so the defending player may first play an action
card for its combat half (``barbarian_combat_card``, asked only when it has one to play, after
its kept Great General, ``barbarian_great_general``, when it holds one; nobody
plays cards for the barbarians, p.14; what the card does is
:mod:`rules.clash.battles.barbarian_cards`', C125, C126). Dice come from the position's queue first:
a card's own dice before the roll (Archers, Peltasts), the barbarians' (one per unit; the engine
rolls for them), then the defending armies' (and a card's extra die), then the Fortress's, then
Veterans' and Routing's. Hits = combat value // 5 (p.12). The city's Fortress adds its die and
cancels one barbarian hit, with or without defending armies (p.6, p.13, C40); Steel Weapons
gives the defender +1 hit when it has armies there (barbarians never have it, C45); Fanaticism
adds 2 to the defender's combat value in a city with a Temple (C47; its free army unit for a
lost battle is not given: whether units wiped out by barbarians count as a lost battle is
open). The defender's hits kill barbarian units at once; the survivors go back to their
settlement (p.13). The barbarians' hits first remove the units in the city, settlers or armies
as the owner chooses (``barbarian_casualties``, asked only when both are there and not all
die); then each further hit removes one city piece, the owner choosing which
(``barbarian_pieces``, asked only when some but not all pieces other than the Settlement go),
the Settlement last (C52). Below size 1 the city is destroyed, its wonder lost with it
(``state.cards.lost``, p.14; its units have died already). A city that lost a piece becomes
angry; hits taken by units alone change nothing (C52). A resigned owner never decides: its
settlers die first and its pieces go from the last in piece order (Port first).

**Grammar** of the decisions::

    <space>                  barbarian_spawn: the new settlement's space; barbarian_reinforce:
                             the settlement that gets the unit
    <settlement> [<city>]    barbarian_target: the city may be left out when the settlement
                             has one nearest city
    <n>                      barbarian_casualties: the army units lost (the rest of the hits
                             kill settlers)
    <piece> ...              barbarian_pieces: as many pieces as asked (``temple fortress``)
    use | keep               barbarian_great_general: discard the kept Great General for
                             +2 CV in the round, or keep it
    <card> | pass            barbarian_combat_card: an action card for its combat half
                             (``a07``), or none

**Events**: ``clash.barbarians_spawned`` (``player``, ``space``),
``clash.barbarian_spawn_skipped`` (``player``, ``why``: ``no_settlement_left``,
``no_unit_left``, ``no_space``), ``clash.barbarians_reinforced`` (``player``, ``space``,
``count`` the units there now), ``clash.barbarian_reinforcement_skipped`` (``player``,
``why``: ``no_unit_left``, ``no_room``), ``clash.barbarians_no_attack`` (``player``),
``clash.barbarians_attack`` (``player`` the city's owner, ``space`` the city, ``from`` the
settlement, ``count`` the barbarian units), ``clash.barbarian_attack_round`` (``player``,
``space``, ``barbarian_dice``, ``defender_dice``, ``fortress_die`` whether the last of those is
the Fortress's, ``barbarian_hits``, ``defender_hits``),
``clash.barbarian_units_lost`` (``units``, ``space`` the city), ``clash.barbarians_returned``
(``space`` the settlement, ``count``), ``clash.units_lost`` (``player``, ``units``, ``space``),
``clash.city_pieces_lost`` (``player``, ``space``, ``pieces``, ``count``),
``clash.city_destroyed_by_barbarians`` (``player``, ``space``), ``clash.wonder_lost``
(``wonder``, as when a city is razed); a combat card played tells ``clash.combat_card_played``
after ``clash.barbarians_attack`` and its effects as a battle's do (``clash.archers``...).

**Refusals**: ``not_a_barbarian_space`` (``space``, ``allowed``), ``not_a_settlement_with_room``
(``space``, ``allowed``), ``not_an_attacking_settlement`` (``space``, ``allowed``),
``name_the_attacked_city`` (``space``, ``allowed``), ``not_a_nearest_city`` (``space``,
``settlement``, ``allowed``), ``barbarian_casualties`` (``allowed``),
``settlement_lost_last``, ``choose_pieces_lost`` (``count``, ``allowed``),
``not_a_combat_card`` (``token``, ``allowed``), ``yes_or_no`` (``allowed``),
``too_many_tokens`` (``token``); a space that is not one: ``bad_hex``, ``off_board``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from rules.clash.battles import barbarian_cards, card_dice
from rules.clash.battles import combat_cards as cc
from rules.clash.battles.general import holds_general, use_general
from rules.clash.board.hexes import Hex, label, steps, token
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
from rules.clash.model.registry import Answer
from rules.clash.model.state import TURN, City, ClashState
from rules.clash.model.terrain import terrains
from rules.core import Choice, Decision, Event, IllegalAction, number

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


# -- where ----------------------------------------------------------------------------------


def _within_reach(state: ClashState, h: Hex) -> dict[Hex, int]:
    """The spaces within 2 of ``h`` through explored spaces (p.4, p.13, C63), by distance."""
    return steps(h, terrains(state).__contains__, REACH)


def _taken(state: ClashState) -> set[Hex]:
    """Spaces holding a city or a land unit of anyone (barbarians included)."""
    out = set(state.barbarians.cities) | set(state.barbarians.armies)
    for me in state.seats:
        out |= {c.hex for c in me.cities} | set(me.armies) | set(me.settlers)
    return out


def _units_left(state: ClashState) -> int:
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
    if _units_left(state) <= 0:
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


# -- Barbarians Spawn -------------------------------------------------------------------------


def spawn(state: ClashState, seat: int) -> list[Event]:
    """Barbarians Spawn for the player ``seat`` who drew the event (p.13, C54)."""
    b = state.barbarians
    player = state.players[seat]
    why = None
    if len(b.cities) >= BARBARIAN_SETTLEMENTS:
        why = NO_SETTLEMENT_LEFT
    elif _units_left(state) <= 0:
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
    return _settle(state, seat, spaces[0])


def _settle(state: ClashState, seat: int, h: Hex) -> list[Event]:
    """Step 1 on ``h``, then step 2."""
    b = state.barbarians
    state.barbarians = replace(b, cities=b.cities | {h}, armies={**b.armies, h: 1})
    events = [Event("clash.barbarians_spawned", {"player": state.players[seat], "space": label(h)})]
    return events + _reinforce(state, seat)


def _reinforce(state: ClashState, seat: int) -> list[Event]:
    """Step 2: one more unit in a barbarian settlement with room."""
    player = state.players[seat]
    if _units_left(state) <= 0:
        why = NO_UNIT_LEFT
    else:
        spaces = reinforce_spaces(state)
        if len(spaces) > 1 and not state.seats[seat].resigned:
            _ask(state, seat, REINFORCE, {})
            return []
        if spaces:
            return _add_unit(state, seat, spaces[0])
        why = NO_ROOM
    return [Event("clash.barbarian_reinforcement_skipped", {"player": player, "why": why})]


def _add_unit(state: ClashState, seat: int, h: Hex) -> list[Event]:
    b = state.barbarians
    count = b.armies.get(h, 0) + 1
    state.barbarians = replace(b, armies={**b.armies, h: count})
    params = {"player": state.players[seat], "space": label(h), "count": count}
    return [Event("clash.barbarians_reinforced", params)]


# -- Barbarians Attack ------------------------------------------------------------------------


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
    return _card_window(state, settlement, target, False)


def _attack_params(state: ClashState, settlement: Hex, target: Hex) -> dict[str, object]:
    count = state.barbarians.armies[settlement]
    return {"space": label(target), "from": label(settlement), "count": count}


def _card_window(state: ClashState, settlement: Hex, target: Hex, general: bool) -> list[Event]:
    """The defender's combat card, when it has one to play; then the round. A Great General
    used is carried in the card decision (``general``)."""
    owner = _owner(state, target)
    if barbarian_cards.options(state, owner, target):
        params = _attack_params(state, settlement, target)
        _ask(state, owner, CARD, {**params, "general": True} if general else params)
        return []
    return _fight(state, settlement, target, None, general)


def _fight(
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
    fortress = city.piece(FORTRESS) is not None
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
            return _kill(state, owner, h, max(0, hits - settlers), min(hits, settlers))
        _ask(state, owner, CASUALTIES, {"space": label(h), "count": hits})
        return []
    army = min(armies, hits)
    events = _kill(state, owner, h, army, min(settlers, hits - army))
    rest = hits - armies - settlers
    return events + (_lose_pieces(state, owner, h, rest) if rest > 0 else [])


def _casualty_options(state: ClashState, seat: int, h: Hex, hits: int) -> list[int]:
    """The numbers of army units that may die to ``hits`` (the rest of the hits on settlers)."""
    me = state.seats[seat]
    armies, settlers = me.armies.get(h, 0), me.settlers.get(h, 0)
    return list(range(max(0, hits - settlers), min(hits, armies) + 1))


def _kill(state: ClashState, owner: int, h: Hex, army: int, settler: int) -> list[Event]:
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


def _others(city: City) -> list[str]:
    """The city's pieces that may go before its Settlement, in piece order."""
    return [p.kind for p in city.pieces if p.kind != SETTLEMENT]


def _lose_pieces(state: ClashState, owner: int, h: Hex, count: int) -> list[Event]:
    """``count`` hits on the city's pieces, the Settlement last (p.13, C52)."""
    me = state.seats[owner]
    city = me.city_at(h)
    assert city is not None
    others = _others(city)
    if count > len(others):
        return _destroy(state, owner, city)
    if count == len(others):
        return _remove_pieces(state, owner, h, others)
    if me.resigned:
        return _remove_pieces(state, owner, h, others[-count:])
    _ask(state, owner, PIECES_LOST, {"space": label(h), "count": count})
    return []


def _remove_pieces(state: ClashState, owner: int, h: Hex, kinds: list[str]) -> list[Event]:
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


# -- decisions --------------------------------------------------------------------------------


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


def _space(state: ClashState, text: str) -> Hex:
    return state.board.parse(text)


def _city_of(state: ClashState, decision: Decision) -> City | None:
    space = decision.params.get("space")
    if not isinstance(space, str):
        return None
    return next((c for c in state.seats[decision.seat].cities if label(c.hex) == space), None)


def _piece_options(city: City, count: int, prefix: list[str]) -> list[str]:
    """The next pieces to name after ``prefix``: in piece order, so that each set is offered
    once, and only those leaving enough pieces after them."""
    others = _others(city)
    at = [others.index(k) if k in others else -1 for k in prefix]
    if any(k < 0 for k in at) or at != sorted(set(at)):
        return []  # a prefix no choice leads to
    start = at[-1] + 1 if at else 0
    need = count - len(prefix)
    return [k for i, k in enumerate(others) if i >= start and len(others) - i >= need]


def _card_choices(state: ClashState, decision: Decision) -> list[Choice]:
    city = _city_of(state, decision)
    if city is None:
        return []
    out = [
        Choice(c.lower(), "clash.choice.combat_card", {"card": c, "half": cc.half_of(c)})
        for c in barbarian_cards.options(state, decision.seat, city.hex)
    ]
    return [*out, Choice(cc.PASS, "clash.choice.no_combat_card")]


def _apply_general(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    city = _city_of(state, decision)
    assert city is not None
    said = " ".join(toks)
    if said not in (barbarian_cards.USE, barbarian_cards.KEEP):
        raise IllegalAction("yes_or_no", allowed=[barbarian_cards.USE, barbarian_cards.KEEP])
    state.prompts = state.prompts.pop(decision.id)
    settlement = _space(state, str(decision.params["from"]))
    used = said == barbarian_cards.USE
    events = [use_general(state, decision.seat)] if used else []
    return events + _card_window(state, settlement, city.hex, used)


def _apply_card(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    city = _city_of(state, decision)
    assert city is not None
    options = {c.lower(): c for c in barbarian_cards.options(state, decision.seat, city.hex)}
    said = toks[0]
    if said != cc.PASS and said not in options:
        raise IllegalAction(
            "not_a_combat_card", token=" ".join(toks), allowed=[*options.values(), cc.PASS]
        )
    if len(toks) > 1:
        raise IllegalAction("too_many_tokens", token=toks[1])
    state.prompts = state.prompts.pop(decision.id)
    settlement = _space(state, str(decision.params["from"]))
    general = decision.params.get("general") is True
    return _fight(state, settlement, city.hex, options.get(said), general)


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    kind = decision.kind
    if kind == CARD:
        return [] if prefix else _card_choices(state, decision)
    if kind == GENERAL:
        if prefix:
            return []
        return [
            Choice(barbarian_cards.USE, "clash.choice.barbarian_great_general"),
            Choice(barbarian_cards.KEEP, "clash.choice.keep_general"),
        ]
    if kind == SPAWN and not prefix:
        terrain = terrains(state)
        return [
            Choice(
                token(h), "clash.choice.barbarian_space", {"space": label(h), "terrain": terrain[h]}
            )
            for h in spawn_spaces(state, decision.seat)
        ]
    if kind == REINFORCE and not prefix:
        b = state.barbarians
        return [
            Choice(
                token(h),
                "clash.choice.barbarian_settlement",
                {"space": label(h), "count": b.armies.get(h, 0)},
            )
            for h in reinforce_spaces(state)
        ]
    if kind == TARGET:
        options, most = attack_options(state, decision.seat)
        if not prefix:
            settlements = list(dict.fromkeys(s for s, _, _ in options))
            out = []
            for s in settlements:
                several = sum(1 for x, _, _ in options if x == s) > 1
                params = {"space": label(s), "count": most}
                out.append(
                    Choice(
                        token(s),
                        "clash.choice.barbarian_attacker",
                        params,
                        complete=not several,
                        more=several,
                    )
                )
            return out
        if len(prefix) == 1:
            return [
                Choice(token(c), "clash.choice.barbarian_target", {"space": label(c), "count": d})
                for s, c, d in options
                if token(s) == prefix[0]
            ]
        return []
    if kind == CASUALTIES and not prefix:
        city = _city_of(state, decision)
        if city is None:
            return []
        count = int(decision.params["count"])
        out = []
        for army in _casualty_options(state, decision.seat, city.hex, count):
            units = [f"{k}_{n}" for k, n in ((ARMY, army), (SETTLER, count - army)) if n]
            out.append(Choice(str(army), "clash.choice.barbarian_casualties", {"units": units}))
        return out
    if kind == PIECES_LOST:
        city = _city_of(state, decision)
        count = int(decision.params.get("count", 0))
        if city is None or len(prefix) >= count:
            return []
        return [
            Choice(
                k,
                "clash.choice.barbarian_piece",
                {"piece": k},
                complete=len(prefix) + 1 == count,
                more=len(prefix) + 1 < count,
            )
            for k in _piece_options(city, count, prefix)
        ]
    return []


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    kind, seat = decision.kind, decision.seat
    if kind == PIECES_LOST:
        return _apply_pieces(state, decision, toks)
    if kind == CARD:
        return _apply_card(state, decision, toks)
    if kind == GENERAL:
        return _apply_general(state, decision, toks)
    head, *rest = toks
    limit = 1 if kind == TARGET else 0
    if len(rest) > limit:
        raise IllegalAction("too_many_tokens", token=rest[limit])
    if kind == CASUALTIES:
        city = _city_of(state, decision)
        assert city is not None
        count = int(decision.params["count"])
        allowed = _casualty_options(state, seat, city.hex, count)
        army = number(head)
        if army is None or army not in allowed:
            raise IllegalAction("barbarian_casualties", allowed=[str(n) for n in allowed])
        state.prompts = state.prompts.pop(decision.id)
        return _kill(state, seat, city.hex, army, count - army)
    h = _space(state, head)
    if kind == SPAWN:
        spaces = spawn_spaces(state, seat)
        if h not in spaces:
            raise IllegalAction(
                "not_a_barbarian_space", space=label(h), allowed=[label(x) for x in spaces]
            )
        state.prompts = state.prompts.pop(decision.id)
        return _settle(state, seat, h)
    if kind == REINFORCE:
        spaces = reinforce_spaces(state)
        if h not in spaces:
            raise IllegalAction(
                "not_a_settlement_with_room", space=label(h), allowed=[label(x) for x in spaces]
            )
        state.prompts = state.prompts.pop(decision.id)
        return _add_unit(state, seat, h)
    options, _ = attack_options(state, seat)
    settlements = list(dict.fromkeys(s for s, _, _ in options))
    if h not in settlements:
        raise IllegalAction(
            "not_an_attacking_settlement", space=label(h), allowed=[label(s) for s in settlements]
        )
    cities = [c for s, c, _ in options if s == h]
    if not rest and len(cities) > 1:
        raise IllegalAction(
            "name_the_attacked_city", space=label(h), allowed=[label(c) for c in cities]
        )
    target = _space(state, rest[0]) if rest else cities[0]
    if target not in cities:
        raise IllegalAction(
            "not_a_nearest_city",
            space=label(target),
            settlement=label(h),
            allowed=[label(c) for c in cities],
        )
    state.prompts = state.prompts.pop(decision.id)
    return attack_city(state, h, target)


def _apply_pieces(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    city = _city_of(state, decision)
    assert city is not None
    count = int(decision.params["count"])
    others = _others(city)
    if SETTLEMENT in toks:
        raise IllegalAction("settlement_lost_last")
    if len(toks) != count or len(set(toks)) != count or not set(toks) <= set(others):
        raise IllegalAction("choose_pieces_lost", count=count, allowed=others)
    state.prompts = state.prompts.pop(decision.id)
    return _remove_pieces(state, decision.seat, city.hex, toks)


def _problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` cannot stand in ``state`` (positions), or None: its player decides a
    choice the rules leave open now, with the params the engine writes."""
    kind, p, seat = decision.kind, decision.params, decision.seat
    if state.seats[seat].resigned:
        return f"{kind} decision of a resigned seat"
    if kind in (SPAWN, REINFORCE, TARGET):
        wanted = {"count"} if kind == TARGET else set()
        if set(p) != wanted:
            return f"{kind} decision params {sorted(p)}"
        if kind == SPAWN:
            b = state.barbarians
            full = len(b.cities) >= BARBARIAN_SETTLEMENTS or _units_left(state) <= 0
            if full or len(spawn_spaces(state, seat)) < 2:
                return "barbarian_spawn decision without a choice"
        elif kind == REINFORCE:
            if len(reinforce_spaces(state)) < 2:
                return "barbarian_reinforce decision without a choice"
        else:
            options, most = attack_options(state, seat)
            if len(options) < 2 or p["count"] != most:
                return "barbarian_target decision without a choice"
        return None
    if kind in (CARD, GENERAL):
        return _window_problem(state, decision)
    if set(p) != {"space", "count"}:
        return f"{kind} decision params {sorted(p)}"
    city = _city_of(state, decision)
    count = p["count"]
    if city is None or not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return f"{kind} decision on {p['space']!r} for {count!r}"
    me = state.seats[seat]
    armies, settlers = me.armies.get(city.hex, 0), me.settlers.get(city.hex, 0)
    if kind == CASUALTIES:
        if not (armies and settlers and count < armies + settlers):
            return "barbarian_casualties decision without a choice"
        return None
    if armies or settlers or count >= len(_others(city)):
        return "barbarian_pieces decision without a choice"
    return None


def _window_problem(state: ClashState, decision: Decision) -> str | None:
    """A window before the roll stands while barbarians with ``count`` units in the
    settlement ``from`` attack the seat's city on ``space``, and the seat has a Great General
    to use (``barbarian_great_general``) or a card to play (``barbarian_combat_card``, whose
    ``general: true`` says a Great General was used for this round)."""
    p, kind = decision.params, decision.kind
    wanted = {"space", "from", "count"}
    if set(p) != wanted and not (kind == CARD and set(p) == {*wanted, "general"}):
        return f"{kind} decision params {sorted(p)}"
    if "general" in p and p["general"] is not True:
        return f"{kind} decision general {p['general']!r}"
    city = _city_of(state, decision)
    try:
        settlement = _space(state, str(p["from"]))
    except IllegalAction:
        return f"{kind} decision from {p['from']!r}"
    count = state.barbarians.armies.get(settlement, 0)
    attacking = settlement in state.barbarians.cities and count > 0 and p["count"] == count
    if city is None or not attacking:
        return f"{kind} decision on {p['space']!r} from {p['from']!r}"
    if kind == GENERAL and not holds_general(state, decision.seat):
        return f"{GENERAL} decision without a Great General to use"
    if kind == CARD and not barbarian_cards.options(state, decision.seat, city.hex):
        return f"{CARD} decision without a card to play"
    return None


def _default(state: ClashState, decision: Decision) -> list[str]:
    """The answer a resigned seat gets: the first space or option; settlers die first; the
    pieces last in piece order go first; no combat card."""
    if decision.kind == CARD:
        return [cc.PASS]
    if decision.kind == GENERAL:
        return [barbarian_cards.KEEP]
    if decision.kind == PIECES_LOST:
        city = _city_of(state, decision)
        assert city is not None
        return _others(city)[-int(decision.params["count"]) :]
    if decision.kind == CASUALTIES:
        return [_choices(state, decision, [])[0].token]
    first = _choices(state, decision, [])[0]
    if first.complete:
        return [first.token]
    return [first.token, _choices(state, decision, [first.token])[0].token]


def answer_for_resigned(state: ClashState, decision: Decision) -> list[Event]:
    """The answer given for a seat that resigned while ``decision`` waited for it (for
    :mod:`rules.clash.play.resign`, as combat's defender decisions are)."""
    return _apply(state, decision, _default(state, decision))


#: How the decisions of BARBARIAN_KINDS are answered (:data:`rules.clash.play.grammar.DECISIONS`).
BARBARIAN_ANSWER = Answer(_choices, _apply, _problem)
