"""Starting a game from a given position (transcripts and tests; docs/transcripts.md).

A position fixes the map (which region lies face down in each slot, which are explored and how
they lie), the barbarians and Exhausted markers, every player's board, cities and units, the
hands, the decks and discards, the wonders, the course of the round (round, turn, whose turn,
actions left, or a step of the status phase) and fixed dice. What it leaves out is the start
of a game (p.3): a seat not described has its starting city and settler, Food 2, Farming and
Mining, and no cards; face-down slots not listed get random regions; decks not listed hold
every card placed nowhere else, shuffled with the seed.

Every refusal names the position key at fault (``field``): ``position_unknown_field``,
``position_bad_value``, ``position_duplicate`` (a card, wonder or tile in two places),
``position_card_total`` (cards left over without ``fill_decks``) and ``position_inconsistent``
(``problem`` names the rule broken).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.clash.actions import trading
from rules.clash.actions.collect import KINDS
from rules.clash.actions.exploration import BARBARIANS, LAYOUT, LAYOUT_TOKENS, SHIP_SPACE
from rules.clash.actions.trading import MAX_OFFERS
from rules.clash.battles import facts
from rules.clash.board.boards import Board, board
from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import BARREN, LAND, REGIONS, SEA
from rules.clash.box.advances import ADVANCE, government
from rules.clash.box.cards import DECKS, DISCARDED, HALVES, TABLE_EFFECTS, WONDERS
from rules.clash.box.components import (
    ACTIONS_PER_TURN,
    ARMY,
    ARMY_LIMIT,
    BARBARIAN_ARMIES,
    BARBARIAN_SETTLEMENTS,
    BOX_PER_PLAYER,
    EXHAUSTED_MARKERS,
    GROUPS_PER_MOVE,
    LAND_UNITS,
    MAX_ACTIONS,
    MOODS,
    NEUTRAL,
    PIECES,
    PIECES_PER_KIND,
    PORT,
    RESOURCES,
    ROUNDS,
    SETTLEMENT,
    SETTLER,
    SHIP,
    SHIP_CAPACITY,
    STATUS_STEPS,
    TOKENS_MAX,
    TRACK_MAX,
    TURNS_PER_ROUND,
    UNITS,
    storage_limit,
)
from rules.clash.box.event_cards import EVENTS
from rules.clash.cards.civil_effects import COLLECTION_CARDS
from rules.clash.checks import invariants
from rules.clash.model import card_turns
from rules.clash.model.civil_cards import CIVIL, CULTURAL_AWE
from rules.clash.model.marks import MARKS, MOVED, STOPPED, add
from rules.clash.model.order import turn_order
from rules.clash.model.setup import home, start_regions, starting_player
from rules.clash.model.state import (
    BARBARIAN_SIDE,
    STATUS,
    TURN,
    Assassination,
    Barbarians,
    Battle,
    CardState,
    City,
    ClashState,
    Completed,
    Exploring,
    Fought,
    Goods,
    Mark,
    ObjectiveWatch,
    Offer,
    Piece,
    PlayerState,
    Region,
    Ship,
    StatusState,
    Trades,
    Truce,
    TurnState,
    piece_order,
)
from rules.clash.model.terrain import terrains
from rules.clash.play.grammar import DECISIONS, decision_problem
from rules.clash.rounds import objectives, status_phase
from rules.clash.wonders.construction import ENGINEER
from rules.core import Decision, IllegalAction, PromptStack, Rng

JSON = Any
_SHIP_PLACE = re.compile(r"ship[1-4]", re.ASCII)

FIELDS = frozenset(
    {
        "round",
        "turn",
        "seating",
        "first",
        "phase",
        "active",
        "actions_left",
        "turn_used",
        "influenced",
        "moving",
        "marks",
        "fought",
        "offers",
        "offers_made",
        "exploring",
        "battle",
        "status",
        "map",
        "exhausted",
        "barbarians",
        "table_effects",
        "objective_turn",
        "objective_offers",
        "actions_spent",
        "cards_played",
        "card_modifiers",
        "events_kept_now",
        "truces",
        "assassinations",
        "seats",
        "decks",
        "fill_decks",
        "discards",
        "wonders",
        "dice",
        "prompts",
        "resign_order",
    }
)
SEAT_FIELDS = frozenset(
    {
        "resources",
        "mood_tokens",
        "culture_tokens",
        "culture_level",
        "happiness_level",
        "advances",
        "government",
        "cities",
        "armies",
        "settlers",
        "ships",
        "actions",
        "objectives",
        "completed",
        "kept_events",
        "event_points",
        "resigned",
    }
)
CITY_FIELDS = frozenset(
    {"hex", "pieces", "mood", "port_faces", "activations", "activated_angry", "wonder"}
)
REGION_FIELDS = frozenset({"tile", "explored", "turned"})
GENERAL = tuple(t.id for t in REGIONS)
#: The seat key of each kind of unit.
KEYS = {ARMY: "armies", SETTLER: "settlers", SHIP: "ships"}
#: Ids a turn may have used once: abilities of advances and wonders (§2.3).
ONCE_PER_TURN = frozenset(ADVANCE) | frozenset(WONDERS)


# -- reading values -------------------------------------------------------------------------


def _bad(where: str, value: JSON) -> IllegalAction:
    return IllegalAction("position_bad_value", field=where, value=repr(value))


def _inconsistent(problem: str, where: str) -> IllegalAction:
    return IllegalAction("position_inconsistent", problem=problem, field=where)


def _int(where: str, value: JSON, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise _bad(where, value)
    return value


def _flag(where: str, value: JSON) -> bool:
    if not isinstance(value, bool):
        raise _bad(where, value)
    return value


def _mapping(where: str, value: JSON, known: frozenset[str] | None = None) -> Mapping[str, JSON]:
    if not isinstance(value, Mapping):
        raise _bad(where, value)
    if known is not None:
        extra = sorted(set(value) - known)
        if extra:
            raise IllegalAction("position_unknown_field", field=f"{where}.{extra[0]}")
    return value


def _list(where: str, value: JSON) -> list[JSON]:
    if not isinstance(value, list):
        raise _bad(where, value)
    return value


def _ids(where: str, value: JSON, known: Sequence[str] | frozenset[str]) -> tuple[str, ...]:
    items = _list(where, value)
    for item in items:
        if not isinstance(item, str) or item not in known:
            raise _bad(where, item)
    return tuple(items)


@dataclass(slots=True)
class _Reader:
    """What reading a position needs: the players and the board."""

    players: tuple[str, ...]
    board: Board
    homes: dict[int, Hex] = field(default_factory=dict)

    def seat(self, where: str, value: JSON) -> int:
        if value not in self.players:
            raise _bad(where, value)
        return self.players.index(value)

    def space(self, where: str, value: JSON) -> Hex:
        if not isinstance(value, str):
            raise _bad(where, value)
        try:
            return self.board.parse(value)
        except IllegalAction:
            raise _bad(where, value) from None

    def counts(self, where: str, value: JSON, hi: int) -> dict[Hex, int]:
        out: dict[Hex, int] = {}
        for name, n in _mapping(where, value).items():
            h = self.space(where, name)
            if h in out:
                raise _bad(where, name)
            out[h] = _int(f"{where}.{name}", n, 1, hi)
        return out


# -- the map --------------------------------------------------------------------------------


def _regions(r: _Reader, raw: JSON, rng: Rng) -> dict[str, Region]:
    hidden = {s.id for s in r.board.hidden}
    given: dict[str, Region] = {}
    where_of: dict[str, str] = {}
    for slot, entry in _mapping("map", raw or {}).items():
        if slot not in hidden:
            raise _bad("map", slot)
        where = f"map.{slot}"
        e = _mapping(where, entry, REGION_FIELDS)
        tile = e.get("tile")
        if tile not in GENERAL:
            raise _bad(f"{where}.tile", tile)
        if tile in where_of:
            raise IllegalAction("position_duplicate", item=tile, field=f"{where_of[tile]}, {where}")
        where_of[tile] = where
        explored = _flag(f"{where}.explored", e.get("explored", False))
        turned = _flag(f"{where}.turned", e.get("turned", False))
        if turned and not explored:
            raise _inconsistent("face_down_region_turned", f"{where}.turned")
        given[slot] = Region(tile, explored, turned)
    free = [t for t in GENERAL if t not in where_of]
    rng.shuffle(free)
    regions = start_regions(r.board.players)
    for s in r.board.hidden:
        regions[s.id] = given[s.id] if s.id in given else Region(free.pop(0), False)
    return {s.id: regions[s.id] for s in r.board.slots}


# -- a player -------------------------------------------------------------------------------


def _resources(where: str, raw: JSON) -> dict[str, int]:
    out = dict.fromkeys(RESOURCES, 0)
    for name, n in _mapping(where, raw).items():
        if name not in out:
            raise _bad(where, name)
        out[name] = _int(f"{where}.{name}", n, 0, TRACK_MAX)
    return out


def _pieces(r: _Reader, where: str, raw: JSON, owner: int) -> tuple[Piece, ...]:
    pieces: list[Piece] = []
    for k, item in enumerate(_list(where, raw)):
        at = f"{where}[{k}]"
        kind: JSON = item
        colour = owner
        if not isinstance(item, str):
            p = _mapping(at, item, frozenset({"kind", "owner"}))
            kind = p.get("kind")
            colour = r.seat(f"{at}.owner", p.get("owner"))
        if kind not in PIECES:
            raise _bad(at, kind)
        if any(x.kind == kind for x in pieces):
            raise _inconsistent("piece_twice", at)
        pieces.append(Piece(str(kind), colour))
    if Piece(SETTLEMENT, owner) not in pieces:
        raise _inconsistent("no_settlement_of_the_owner", where)
    return piece_order(pieces)


def _city(r: _Reader, where: str, raw: JSON, owner: int) -> City:
    c = _mapping(where, raw, CITY_FIELDS)
    h = r.space(f"{where}.hex", c.get("hex"))
    pieces = _pieces(r, f"{where}.pieces", c.get("pieces", [SETTLEMENT]), owner)
    mood = c.get("mood", NEUTRAL)
    if mood not in MOODS:
        raise _bad(f"{where}.mood", mood)
    faces = c.get("port_faces")
    port_faces = None if faces is None else r.space(f"{where}.port_faces", faces)
    if (port_faces is None) != (all(p.kind != PORT for p in pieces)):
        raise _inconsistent("port_without_its_space", f"{where}.port_faces")
    wonder = c.get("wonder")
    if wonder is not None and wonder not in WONDERS:
        raise _bad(f"{where}.wonder", wonder)
    return City(
        h,
        owner,
        pieces,
        str(mood),
        port_faces,
        _int(f"{where}.activations", c.get("activations", 0), 0, 99),
        _flag(f"{where}.activated_angry", c.get("activated_angry", False)),
        wonder,
    )


def _ships(r: _Reader, where: str, raw: JSON) -> list[Ship]:
    """Ships in the order listed; ``id`` (1-4) is optional, the lowest free one by default."""
    items = [
        _mapping(f"{where}[{k}]", item, frozenset({"id", "hex", "cargo"}))
        for k, item in enumerate(_list(where, raw))
    ]
    taken = [
        _int(f"{where}[{k}].id", s["id"], 1, BOX_PER_PLAYER[SHIP])
        for k, s in enumerate(items)
        if "id" in s
    ]
    if len(set(taken)) != len(taken):
        raise _inconsistent("two_ships_with_one_id", f"{where}.id")
    free = (i for i in range(1, 99) if i not in taken)
    ships: list[Ship] = []
    for k, s in enumerate(items):
        at = f"{where}[{k}]"
        cargo = _ids(f"{at}.cargo", s.get("cargo", []), LAND_UNITS)
        sid = int(s["id"]) if "id" in s else next(free)
        ships.append(Ship(sid, r.space(f"{at}.hex", s.get("hex")), tuple(sorted(cargo))))
    return ships


def _completed(where: str, raw: JSON) -> tuple[Completed, ...]:
    out: list[Completed] = []
    for k, item in enumerate(_list(where, raw)):
        at = f"{where}[{k}]"
        c = _mapping(at, item, frozenset({"card", "half"}))
        card, half = c.get("card"), c.get("half")
        if card not in DECKS["objective"]:
            raise _bad(f"{at}.card", card)
        if half not in HALVES:
            raise _bad(f"{at}.half", half)
        out.append(Completed(str(card), str(half)))
    return tuple(out)


def _points(where: str, value: JSON) -> float:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok or value < 0 or (2 * value) % 1 or value > 1000:
        raise _bad(where, value)
    return float(value)


def _player(r: _Reader, seat: int, raw: JSON) -> PlayerState:
    where = f"seats.{r.players[seat]}"
    d = _mapping(where, raw, SEAT_FIELDS)
    h = r.homes[seat]
    me = starting_player(h, seat)
    if "resources" in d:
        me.resources = _resources(f"{where}.resources", d["resources"])
    for name in ("mood_tokens", "culture_tokens"):
        setattr(me, name, _int(f"{where}.{name}", d.get(name, 0), 0, TOKENS_MAX))
    for name in ("culture_level", "happiness_level"):
        setattr(me, name, _int(f"{where}.{name}", d.get(name, 0), 0, TRACK_MAX))
    if "advances" in d:
        me.advances = frozenset(_ids(f"{where}.advances", d["advances"], frozenset(ADVANCE)))
    ours = {g for g in (government({a}) for a in me.advances) if g is not None}
    if len(ours) > 1:
        raise _inconsistent("two_governments", f"{where}.advances")
    if "government" in d and d["government"] != me.government:
        raise _inconsistent("government_is_not_the_advances", f"{where}.government")
    for name, n in me.resources.items():
        if n > storage_limit(me.advances, name):
            raise _inconsistent("over_the_storage_limit", f"{where}.resources.{name}")
    if "cities" in d:
        raw_cities = _list(f"{where}.cities", d["cities"])
        me.cities = [_city(r, f"{where}.cities[{k}]", c, seat) for k, c in enumerate(raw_cities)]
    me.armies = r.counts(f"{where}.armies", d.get("armies", {}), 99)
    if "settlers" in d:
        me.settlers = r.counts(f"{where}.settlers", d["settlers"], 99)
    me.ships = _ships(r, f"{where}.ships", d.get("ships", []))
    me.actions = _ids(f"{where}.actions", d.get("actions", []), DECKS["action"])
    me.objectives = _ids(f"{where}.objectives", d.get("objectives", []), DECKS["objective"])
    me.completed = _completed(f"{where}.completed", d.get("completed", []))
    me.kept_events = _ids(f"{where}.kept_events", d.get("kept_events", []), DECKS["event"])
    if any(not EVENTS[card].kept for card in me.kept_events):
        # Only E33-E38 are kept for later (clash-cards.md §4.2).
        raise _inconsistent("kept_event_not_a_card_kept_for_later", f"{where}.kept_events")
    me.event_points = _points(f"{where}.event_points", d.get("event_points", 0))
    me.resigned = _flag(f"{where}.resigned", d.get("resigned", False))
    return me


# -- cards ----------------------------------------------------------------------------------


def _once(places: list[tuple[str, Sequence[str]]]) -> None:
    """Every card and wonder at most once over all the listed places (one of each exists)."""
    seen: dict[str, list[str]] = {}
    for where, items in places:
        for item in items:
            seen.setdefault(item, []).append(where)
    for item in sorted(seen):
        if len(seen[item]) > 1:
            raise IllegalAction(
                "position_duplicate", item=item, field=", ".join(dict.fromkeys(seen[item]))
            )


def _cards(
    r: _Reader, position: Mapping[str, JSON], seats: list[PlayerState], rng: Rng
) -> CardState:
    raw_decks = _mapping("decks", position.get("decks", {}), frozenset(DECKS))
    raw_discards = _mapping("discards", position.get("discards", {}), frozenset(DISCARDED))
    w = _mapping(
        "wonders", position.get("wonders", {}), frozenset({"revealed", "reserved", "lost"})
    )
    fill = _flag("fill_decks", position.get("fill_decks", False))
    decks = {n: _ids(f"decks.{n}", raw_decks.get(n, []), ids) for n, ids in DECKS.items()}
    discards = {n: _ids(f"discards.{n}", raw_discards.get(n, []), DECKS[n]) for n in DISCARDED}
    revealed = _ids("wonders.revealed", w.get("revealed", []), WONDERS)
    lost = _ids("wonders.lost", w.get("lost", []), WONDERS)
    reserved: dict[str, int] = {}
    for wonder, who in _mapping("wonders.reserved", w.get("reserved", {})).items():
        if wonder not in revealed:
            raise _inconsistent("reserved_wonder_not_revealed", "wonders.reserved")
        reserved[wonder] = r.seat(f"wonders.reserved.{wonder}", who)
    places: dict[str, list[tuple[str, Sequence[str]]]] = {n: [] for n in DECKS}
    for name, me in zip(r.players, seats, strict=True):
        places["action"].append((f"seats.{name}.actions", me.actions))
        places["objective"].append((f"seats.{name}.objectives", me.objectives))
        places["objective"].append((f"seats.{name}.completed", [c.card for c in me.completed]))
        places["event"].append((f"seats.{name}.kept_events", me.kept_events))
        built = [c.wonder for c in me.cities if c.wonder is not None]
        places["wonder"].append((f"seats.{name}.cities", built))
    for n in DISCARDED:
        places[n].append((f"discards.{n}", discards[n]))
    places["wonder"] += [("wonders.revealed", revealed), ("wonders.lost", lost)]
    for n, ids in DECKS.items():
        _once([*places[n], (f"decks.{n}", decks[n])])
        taken = {c for _, items in places[n] for c in items} | set(decks[n])
        rest = [c for c in ids if c not in taken]
        if rest and n in raw_decks and not fill:
            raise IllegalAction("position_card_total", count=len(rest), field=f"decks.{n}")
        rng.shuffle(rest)
        decks[n] = (*decks[n], *rest)
    return CardState(decks, discards, revealed, reserved, lost)


def _table_effects(position: Mapping[str, JSON]) -> tuple[str, ...]:
    """Event cards' lasting effects in play (Trojan Horse, Solar Eclipse)."""
    raw = _list("table_effects", position.get("table_effects", []))
    for effect in raw:
        if effect not in TABLE_EFFECTS:
            raise _bad("table_effects", effect)
    if len(set(raw)) != len(raw):
        raise _inconsistent("table_effect_twice", "table_effects")
    return tuple(sorted(str(e) for e in raw))


# -- the course of the round ----------------------------------------------------------------


def _resignations(
    r: _Reader, position: Mapping[str, JSON], seats: list[PlayerState]
) -> tuple[int, ...]:
    resigned = [s for s, p in enumerate(seats) if p.resigned]
    if resigned and len(seats) == 2:
        raise _inconsistent("resigned_with_two_players", "seats")
    if len(seats) - len(resigned) < 2:
        raise _inconsistent("fewer_than_two_players_left", "seats")
    raw = position.get("resign_order")
    if raw is None:
        return tuple(resigned)
    order = tuple(r.seat("resign_order", h) for h in _list("resign_order", raw))
    if sorted(order) != resigned:
        raise _inconsistent("resign_order_is_not_the_resigned_seats", "resign_order")
    return order


def _seating(r: _Reader, raw: JSON) -> tuple[int, ...]:
    if raw is None:
        return tuple(range(len(r.players)))
    seating = tuple(r.seat("seating", h) for h in _list("seating", raw))
    if sorted(seating) != list(range(len(r.players))):
        raise _bad("seating", raw)
    return seating


def _course(r: _Reader, position: Mapping[str, JSON], state: ClashState) -> None:
    """Round, turn, phase, whose turn, the turn's bookkeeping, the status phase."""
    phase = position.get("phase", TURN)
    if phase not in (TURN, STATUS):
        raise _bad("phase", phase)
    state.phase = str(phase)
    state.round = _int("round", position.get("round", 1), 1, ROUNDS)
    default_turn = TURNS_PER_ROUND if phase == STATUS else 1
    state.turn = _int("turn", position.get("turn", default_turn), 1, TURNS_PER_ROUND)
    order = turn_order(state)
    state.active = order[0]
    if "active" in position:
        state.active = r.seat("active", position["active"])
    if phase == TURN and state.seats[state.active].resigned:
        raise _inconsistent("active_player_resigned", "active")
    turn_keys = sorted(
        {
            "actions_left",
            "turn_used",
            "influenced",
            "moving",
            "marks",
            "fought",
            "exploring",
            "battle",
            "actions_spent",
            "cards_played",
            "card_modifiers",
            "events_kept_now",
            "offers",
            "offers_made",
        }
        & set(position)
    )
    if phase == STATUS:
        if turn_keys:
            raise _inconsistent("turn_key_in_the_status_phase", turn_keys[0])
        raw = _mapping("status", position.get("status", {}), frozenset({"step", "waiting"}))
        step = _int(
            "status_phase.step", raw.get("step", status_phase.FREE_ADVANCE), 1, STATUS_STEPS
        )
        if step not in status_phase.KINDS:
            # Step 3 leaves nobody a choice: the engine never waits in it.
            raise _inconsistent("status_step_without_a_decision", "status_phase.step")
        deciders = _status_deciders(state, step, order)
        waiting = deciders
        if "waiting" in raw:
            waiting = [
                r.seat("status_phase.waiting", h)
                for h in _list("status_phase.waiting", raw["waiting"])
            ]
        # Empty only while a nested decision of the last free advance (an event it drew, a
        # Synergy card) waits.
        idle = not waiting and (step != status_phase.FREE_ADVANCE or state.prompts.top() is None)
        if idle or waiting != [s for s in order if s in waiting]:
            raise _inconsistent("status_waiting_out_of_turn_order", "status_phase.waiting")
        if any(s not in deciders for s in waiting):
            raise _inconsistent(
                "status_waiting_for_a_seat_without_a_choice", "status_phase.waiting"
            )
        state.status = StatusState(step, tuple(waiting))
        return
    if "status" in position:
        raise _inconsistent("status_outside_the_status_phase", "status")
    used = _ids("turn_used", position.get("turn_used", []), ONCE_PER_TURN)
    state.turn_state = TurnState(
        _int("actions_left", position.get("actions_left", ACTIONS_PER_TURN), 0, MAX_ACTIONS),
        frozenset(used),
        _flag("influenced", position.get("influenced", False)),
        _marks(r, position.get("marks", [])),
        _int("moving", position.get("moving", 0), 0, GROUPS_PER_MOVE),
        _fought(r, position.get("fought", [])),
        _int("actions_spent", position.get("actions_spent", 0), 0, MAX_ACTIONS + 1),
        _ids("cards_played", position.get("cards_played", []), frozenset(CIVIL)),
        _card_modifiers(position.get("card_modifiers", [])),
        _trades(r, state, position),
        _kept_now(state, position.get("events_kept_now", [])),
    )
    if "exploring" in position:
        state.exploring = _exploring(r, state, position["exploring"])
    if "battle" in position:
        state.battle = _battle(r, state, position["battle"])
        state.battle_log = _battle_so_far(state, position["battle"])


def _fought(r: _Reader, raw: JSON) -> tuple[Fought, ...]:
    """The battles that ended this turn (``rules.clash.battles.facts``)."""

    def side(value: JSON) -> int:
        return BARBARIAN_SIDE if value == "barbarians" else r.seat("fought", value)

    out = []
    for k, entry in enumerate(_list("fought", raw)):
        if not isinstance(entry, dict):
            raise _bad(f"fought[{k}]", entry)
        try:
            f = facts.from_json(entry, side)
        except (KeyError, TypeError, ValueError):
            raise _bad(f"fought[{k}]", entry) from None
        r.space(f"fought[{k}].space", entry["space"])
        out.append(f)
    return tuple(out)


def _trades(r: _Reader, state: ClashState, position: Mapping[str, JSON]) -> Trades:
    """The turn's trade offers, ``[{"from", "to", "give", "want"}]``, and ``offers_made``,
    ``[{"from", "to", "count"}]`` (each open offer counts 1 by default)."""
    counts: dict[tuple[int, int], int] = {}
    for k, item in enumerate(_list("offers_made", position.get("offers_made", []))):
        at = f"offers_made[{k}]"
        m = _mapping(at, item, frozenset({"from", "to", "count"}))
        pair = (r.seat(f"{at}.from", m.get("from")), r.seat(f"{at}.to", m.get("to")))
        if pair in counts:
            raise _inconsistent("offers_made_twice", at)
        if state.active not in pair or pair[0] == pair[1]:
            raise _inconsistent("offer_without_the_active_player", at)
        counts[pair] = _int(f"{at}.count", m.get("count", 1), 1, MAX_OFFERS)
    offers: list[Offer] = []
    for k, item in enumerate(_list("offers", position.get("offers", []))):
        at = f"offers[{k}]"
        o = _mapping(at, item, frozenset({"from", "to", "give", "want"}))
        a, b = r.seat(f"{at}.from", o.get("from")), r.seat(f"{at}.to", o.get("to"))
        if state.active not in (a, b) or a == b:
            raise _inconsistent("offer_without_the_active_player", at)
        if state.seats[a].resigned or state.seats[b].resigned:
            raise _inconsistent("offer_of_a_resigned_player", at)
        if any({x.offerer, x.partner} == {a, b} for x in offers):
            raise _inconsistent("two_offers_between_two_players", at)
        give = _goods(f"{at}.give", o.get("give", {}), cards=True)
        want = _goods(f"{at}.want", o.get("want", {}), cards=False)
        if not give.amounts and not give.cards:
            raise _inconsistent("offer_gives_nothing", f"{at}.give")
        if {x for x, _ in give.amounts} & {x for x, _ in want.amounts}:
            raise _inconsistent("offer_kind_on_both_sides", at)
        if not trading.has(state.seats[a], give):
            raise _inconsistent("offer_of_what_its_offerer_lacks", f"{at}.give")
        number = counts.setdefault((a, b), 1)
        offers.append(Offer(a, b, give, want, number))
    return Trades(tuple(offers), tuple(sorted((o, p, c) for (o, p), c in counts.items())))


def _goods(where: str, raw: JSON, cards: bool) -> Goods:
    """One side of an offer: ``{"food": 2, "mood": 1, "cards": ["A07"]}`` (cards given only)."""
    known = frozenset(KINDS) | (frozenset({"cards"}) if cards else frozenset())
    g = _mapping(where, raw, known)
    amounts = {k: _int(f"{where}.{k}", g[k], 1, TRACK_MAX) for k in KINDS if k in g}
    ids = _ids(f"{where}.cards", g.get("cards", []), (*DECKS["action"], *DECKS["objective"]))
    if len(set(ids)) != len(ids):
        raise _inconsistent("card_offered_twice", f"{where}.cards")
    return Goods(tuple((k, amounts[k]) for k in KINDS if k in amounts), ids)


_BATTLE_KEYS = frozenset(
    {
        "space",
        "at_sea",
        "attacker",
        "defender",
        "origins",
        "round",
        "city_mood",
        "siege",
        "landed",
        "defeated",
        "carded",
        "deciding",
        "played",
        "retreat",
        "siege_food",
        "asked",
        "generals",
        "trojan",
        "eclipse",
        "start",
        "lost",
    }
)
#: The once-per-battle questions a position may say were answered (docs/transcripts.md).
_BATTLE_ASKED = ("great_mausoleum", "general0", "general1", "trojan_horse")


def _battle(r: _Reader, state: ClashState, raw: JSON) -> Battle:
    """A battle under way (docs/transcripts.md): its side's units stand on ``space``; it waits
    for a decision of ``prompts`` (combat's kinds)."""
    b = _mapping("battle", raw, _BATTLE_KEYS)
    space = r.space("battle.space", b.get("space"))
    attacker = r.seat("battle.attacker", b.get("attacker"))
    if attacker != state.active:
        raise _inconsistent("battle_outside_the_attackers_turn", "battle.attacker")
    defender_raw = b.get("defender")
    defender = (
        BARBARIAN_SIDE if defender_raw == "barbarians" else r.seat("battle.defender", defender_raw)
    )
    origins: list[tuple[str, str, int]] = []
    for k, item in enumerate(_list("battle.origins", b.get("origins", []))):
        at = f"battle.origins[{k}]"
        o = _mapping(at, item, frozenset({"place", "kind", "count"}))
        place = o.get("place")
        if isinstance(place, str) and _SHIP_PLACE.fullmatch(place.lower()):
            place = place.lower()
        else:
            place = token(r.space(f"{at}.place", place))
        kind = o.get("kind")
        ship_kind = isinstance(kind, str) and _SHIP_PLACE.fullmatch(kind)
        if kind not in LAND_UNITS and not ship_kind:
            raise _bad(f"{at}.kind", kind)
        origins.append((str(place), str(kind), _int(f"{at}.count", o.get("count", 1), 1, 16)))
    mood = b.get("city_mood")
    if mood is not None and mood not in MOODS:
        raise _bad("battle.city_mood", mood)
    siege = _ids("battle.siege", b.get("siege", []), ("wood", "ore", "none"))
    return Battle(
        space,
        _flag("battle.at_sea", b.get("at_sea", False)),
        attacker,
        defender,
        tuple(origins),
        _int("battle.round", b.get("round", 1), 1, 99),
        None if mood is None else str(mood),
        siege,
        _flag("battle.landed", b.get("landed", False)),
        _int("battle.defeated", b.get("defeated", 0), 0, 16),
        _int("battle.carded", b.get("carded", 0), 0, 99),
        _int("battle.deciding", b.get("deciding", 0), 0, 1),
        _played(r, b.get("played", [])),
        retreat=None if b.get("retreat") is None else r.space("battle.retreat", b["retreat"]),
        siege_food=str(
            _one_of("battle.siege_food", b.get("siege_food", ""), ("", "paid", "refused"))
        ),
        asked=_ids("battle.asked", b.get("asked", []), _BATTLE_ASKED),
        generals=_generals(r, b.get("generals", []), (attacker, defender)),
        trojan=_flag("battle.trojan", b.get("trojan", False)),
        eclipse=_flag("battle.eclipse", b.get("eclipse", False)),
    )


def _battle_so_far(state: ClashState, raw: Mapping[str, JSON]) -> tuple[dict[str, JSON], ...]:
    """The battle's beginning and losses so far (``start``, ``lost``: attacker's, defender's
    fighting units), which what it leaves when it ends counts (``rules.clash.battles.facts``).
    ``start`` defaults to the units there now."""
    b = state.battle
    assert b is not None

    def pair(key: str, default: tuple[int, int]) -> tuple[int, int]:
        value = raw.get(key, list(default))
        items = _list(f"battle.{key}", value)
        if len(items) != 2:
            raise _bad(f"battle.{key}", value)
        a, d = (_int(f"battle.{key}", x, 0, 16) for x in items)
        return a, d

    now = (facts.fighting(state, b.attacker), facts.fighting(state, b.defender))
    start, lost = pair("start", now), pair("lost", (0, 0))
    if any(s - x != n for s, x, n in zip(start, lost, now, strict=True)):
        raise _inconsistent("battle_start_less_lost_is_not_the_units_there", "battle.start")
    return facts.opening_log(state, start, lost)


def _generals(r: _Reader, raw: JSON, sides: tuple[int, int]) -> tuple[int, ...]:
    """The sides that discarded a Great General for this battle: its attacker or defender."""
    out: list[int] = []
    for k, g in enumerate(_list("battle.generals", raw)):
        seat = r.seat(f"battle.generals[{k}]", g)
        if seat not in sides or seat in out:
            raise _bad(f"battle.generals[{k}]", g)
        out.append(seat)
    return tuple(out)


def _one_of(where: str, value: JSON, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise _bad(where, value)
    return str(value)


def _played(r: _Reader, raw: JSON) -> tuple[tuple[int, str], ...]:
    """Combat cards played for the round under way: ``[{"player": handle, "card": id}]``."""
    out: list[tuple[int, str]] = []
    for k, item in enumerate(_list("battle.played", raw)):
        at = f"battle.played[{k}]"
        d = _mapping(at, item, frozenset({"player", "card"}))
        card = d.get("card")
        if card not in DECKS["action"]:
            raise _bad(f"{at}.card", card)
        out.append((r.seat(f"{at}.player", d.get("player")), str(card)))
    return tuple(out)


def _status_deciders(state: ClashState, step: int, order: list[int]) -> list[int]:
    """The seats that have a decision in a status step (p.11), in turn order."""
    if step == status_phase.OBJECTIVES:
        return [s for s in order if objectives.status_options(state, s)]
    if step == status_phase.FREE_ADVANCE:
        return [s for s in order if status_phase.free_answers(state, s)]
    if step == status_phase.RAZE:
        return [s for s in order if any(c.size == 1 for c in state.seats[s].cities)]
    picker = status_phase.first_player_picker(state)
    return [] if picker is None else [picker]


_EXPLORING_KEYS = frozenset(
    {
        "slot",
        "entered",
        "origin",
        "units",
        "step",
        "layouts",
        "spaces",
        "approach",
        "navigation",
        "ship_back",
    }
)


def _exploring(r: _Reader, state: ClashState, raw: JSON) -> Exploring:
    """An exploration under way (docs/transcripts.md): the region of ``slot`` is face up in
    ``map`` and the explorer still decides ``step``."""
    e = _mapping("exploring", raw, _EXPLORING_KEYS)
    slot = e.get("slot")
    if not isinstance(slot, str) or slot not in {s.id for s in r.board.hidden}:
        raise _bad("exploring.slot", slot)
    if not state.regions[slot].explored:
        raise _inconsistent("explored_region_lies_face_down", "exploring.slot")
    entered = r.space("exploring.entered", e.get("entered"))
    hexes = r.board.slot(slot).hexes
    if entered not in hexes:
        raise _inconsistent("entered_space_not_in_the_region", "exploring.entered")
    origin = e.get("origin")
    if isinstance(origin, str) and _SHIP_PLACE.fullmatch(origin.lower()):
        origin = origin.lower()
    else:
        origin = token(r.space("exploring.origin", origin))
    step = e.get("step")
    if step not in (LAYOUT, BARBARIANS, SHIP_SPACE):
        raise _bad("exploring.step", step)
    by_token = {v: k for k, v in LAYOUT_TOKENS.items()}
    layouts = _ids("exploring.layouts", e.get("layouts", []), tuple(by_token))
    ways = [by_token[x] for x in layouts]
    # While the layout is open the region lies the first way listed (the engine's order).
    if not ways or len(set(ways)) != len(ways) or ways[0] != state.regions[slot].turned:
        raise _inconsistent("layouts_against_the_map", "exploring.layouts")
    if step != LAYOUT and len(ways) != 1:
        raise _inconsistent("layouts_against_the_map", "exploring.layouts")
    approach = e.get("approach")
    units_known = (*LAND_UNITS, *(f"ship{k}" for k in range(1, 5)))
    return Exploring(
        slot,
        entered,
        str(origin),
        _ids("exploring.units", e.get("units", []), units_known),
        str(step),
        tuple(by_token[x] for x in layouts),
        tuple(
            r.space("exploring.spaces", h) for h in _list("exploring.spaces", e.get("spaces", []))
        ),
        None if approach is None else r.space("exploring.approach", approach),
        _flag("exploring.navigation", e.get("navigation", False)),
        _flag("exploring.ship_back", e.get("ship_back", False)),
    )


def _marks(r: _Reader, raw: JSON) -> tuple[Mark, ...]:
    """The active player's unit marks: ``{"place": "C4" | "ship2", "kind", "mark", "count"}``;
    whether there are such units is checked with the rest of the position."""
    out: tuple[Mark, ...] = ()
    for k, item in enumerate(_list("marks", raw)):
        at = f"marks[{k}]"
        m = _mapping(at, item, frozenset({"place", "kind", "mark", "count"}))
        place = m.get("place")
        if isinstance(place, str) and _SHIP_PLACE.fullmatch(place.lower()):
            place = place.lower()
        else:
            place = token(r.space(f"{at}.place", place))
        kind, mark = m.get("kind"), m.get("mark")
        if kind not in UNITS:
            raise _bad(f"{at}.kind", kind)
        if mark not in MARKS or (kind == SHIP and mark not in (MOVED, STOPPED)):
            raise _bad(f"{at}.mark", mark)
        out = add(out, place, str(kind), str(mark), _int(f"{at}.count", m.get("count", 1), 1, 16))
    return out


def _prompts(r: _Reader, raw: JSON) -> PromptStack:
    """Nested decisions, the first listed at the bottom: ``{"id", "seat", "kind", "params",
    "turn"}`` with handles for ``seat`` and ``turn``; ``kind`` one the engine asks
    (:data:`rules.clash.play.grammar.DECISIONS`), ``params`` as the engine writes them."""
    stack = PromptStack()
    for k, item in enumerate(_list("prompts", raw)):
        at = f"prompts[{k}]"
        d = _mapping(at, item, frozenset({"id", "seat", "kind", "params", "turn"}))
        kind, pid, params = d.get("kind"), d.get("id"), d.get("params", {})
        if kind not in DECISIONS:
            raise _bad(f"{at}.kind", kind)
        if not isinstance(pid, str) or not pid:
            raise _bad(f"{at}.id", pid)
        if not isinstance(params, dict):
            raise _bad(f"{at}.params", params)
        seat = r.seat(f"{at}.seat", d.get("seat"))
        turn = None if d.get("turn") is None else r.seat(f"{at}.turn", d.get("turn"))
        try:
            stack = stack.push(Decision(pid, seat, str(kind), dict(params), turn))
        except ValueError:
            raise _inconsistent("two_decisions_with_one_id", f"{at}.id") from None
    return stack


def _kept_now(state: ClashState, raw: JSON) -> tuple[str, ...]:
    """The active player's kept event cards that were kept during this turn (C85): each one of
    their kept cards (a card twice only if kept twice)."""
    found = _ids("events_kept_now", raw, DECKS["event"])
    left = list(state.seats[state.active].kept_events)
    for card in found:
        if card not in left:
            raise _inconsistent("kept_now_not_a_kept_card", "events_kept_now")
        left.remove(card)
    return found


def _card_modifiers(raw: JSON) -> tuple[str, ...]:
    """Focused or Mass Collection waiting for the turn's next Collect (one at most), Cultural
    Awe for the next Cultural Influence, the Great Engineer (``E37``) for the next wonder (a
    mark, not the card: the card may be back in play after a reshuffle)."""
    allowed = frozenset({*COLLECTION_CARDS, CULTURAL_AWE, ENGINEER})
    found = _ids("card_modifiers", raw, allowed)
    if len([c for c in found if c in COLLECTION_CARDS]) > 1:
        raise _inconsistent("two_collection_cards_pending", "card_modifiers")
    if len(set(found)) != len(found):
        raise _inconsistent("card_modifier_twice", "card_modifiers")
    return found


def _truces(r: _Reader, state: ClashState, raw: JSON) -> tuple[Truce, ...]:
    """Negotiations in force: ``{"player", "with", "stage"}`` (:mod:`rules.clash.model.card_turns`):
    ``maker`` only in its player's turn, ``other`` only in the other's."""
    out: list[Truce] = []
    for k, item in enumerate(_list("truces", raw)):
        at = f"truces[{k}]"
        d = _mapping(at, item, frozenset({"player", "with", "stage"}))
        maker, other = r.seat(f"{at}.player", d.get("player")), r.seat(f"{at}.with", d.get("with"))
        stage = d.get("stage")
        if stage not in card_turns.STAGES:
            raise _bad(f"{at}.stage", stage)
        if maker == other:
            raise _inconsistent("truce_with_oneself", at)
        in_turn = state.phase == TURN
        if stage == card_turns.MAKER and not (in_turn and state.active == maker):
            raise _inconsistent("truce_outside_its_makers_turn", f"{at}.stage")
        if stage == card_turns.OTHER and not (in_turn and state.active == other):
            raise _inconsistent("truce_outside_the_others_turn", f"{at}.stage")
        truce = Truce(maker, other, str(stage))
        if truce in out:
            raise _inconsistent("two_equal_truces", at)
        out.append(truce)
    return tuple(out)


def _assassinations(r: _Reader, state: ClashState, raw: JSON) -> tuple[Assassination, ...]:
    """Assassinations: ``{"player", "round", "done"}``, the target, the round it was played
    in (this one, or an earlier one while not done) and whether the action was taken."""
    out: list[Assassination] = []
    for k, item in enumerate(_list("assassinations", raw)):
        at = f"assassinations[{k}]"
        d = _mapping(at, item, frozenset({"player", "round", "done"}))
        target = r.seat(f"{at}.player", d.get("player"))
        played = _int(f"{at}.round", d.get("round", state.round), 1, state.round)
        done = _flag(f"{at}.done", d.get("done", False))
        if done and played != state.round:
            raise _inconsistent("assassination_done_in_an_earlier_round", at)
        if any(a.target == target for a in out):
            raise _inconsistent("two_assassinations_of_one_player", at)
        out.append(Assassination(target, played, done))
    return tuple(out)


def _barbarians(r: _Reader, raw: JSON) -> Barbarians:
    b = _mapping("barbarians", raw, frozenset({"cities", "armies"}))
    cities = [
        r.space("barbarians.cities", h) for h in _list("barbarians.cities", b.get("cities", []))
    ]
    if len(set(cities)) != len(cities):
        raise _inconsistent("two_cities_on_one_space", "barbarians.cities")
    return Barbarians(frozenset(cities), r.counts("barbarians.armies", b.get("armies", {}), 99))


# -- the position ---------------------------------------------------------------------------


def from_position(
    players: Sequence[str], options: Mapping[str, JSON], seed: int, position: Mapping[str, JSON]
) -> ClashState:
    """Build and validate a state from ``position``; raises IllegalAction on a bad one."""
    unknown = sorted(set(position) - FIELDS)
    if unknown:
        raise IllegalAction("position_unknown_field", field=unknown[0])
    rng = Rng(seed)
    n = len(players)
    r = _Reader(tuple(players), board(n))
    seating = _seating(r, position.get("seating"))
    r.homes = {s: home(seating, n, s) for s in range(n)}
    regions = _regions(r, position.get("map"), rng)
    raw_seats = _mapping("seats", position.get("seats", {}))
    for name in raw_seats:
        r.seat("seats", name)
    seats = [_player(r, s, raw_seats.get(p, {})) for s, p in enumerate(players)]
    resign_order = _resignations(r, position, seats)
    cards = _cards(r, position, seats, rng)
    dice = tuple(_int("dice", d, 1, 6) for d in _list("dice", position.get("dice", [])))
    stack = _prompts(r, position.get("prompts", []))
    first = r.seat("first", position.get("first", players[seating[0]]))
    state = ClashState(
        players=tuple(players),
        rng=rng,
        seating=seating,
        regions=regions,
        seats=seats,
        cards=cards,
        first=first,
        active=first,
        exhausted=frozenset(
            r.space("exhausted", h) for h in _list("exhausted", position.get("exhausted", []))
        ),
        barbarians=_barbarians(r, position.get("barbarians", {})),
        table_effects=_table_effects(position),
        dice=dice,
        prompts=stack,
        resign_order=resign_order,
    )
    _course(r, position, state)
    state.truces = _truces(r, state, position.get("truces", []))
    state.assassinations = _assassinations(r, state, position.get("assassinations", []))
    _check_places(state)
    state.objective_watch = _objective_watch(r, position, state)
    for k, decision in enumerate(state.prompts.decisions):
        problem = decision_problem(state, decision)
        if problem is not None:
            raise _inconsistent(problem, f"prompts[{k}]")
    # The invariants catch what the checks above do not name (a safety net).
    problems = invariants.check(state)
    if problems:
        raise _inconsistent(problems[0], "position")
    return state


def _objective_watch(r: _Reader, position: Mapping[str, JSON], state: ClashState) -> ObjectiveWatch:
    """The immediate objectives' bookkeeping (:mod:`rules.clash.rounds.objectives`): of the turn
    under way (``objective_turn``, a turn key), the Build-units actions and whether Draft paid
    one (``builds``, ``drafted``), the battles the active player fought (``battles``:
    ``[{"space", "won"}]``; by default those of ``fought`` they took part in); the completions
    offered to each seat deciding an ``objective`` decision (``objective_offers``: handle ->
    ``["o05 bottom", ...]``)."""
    raw = _mapping(
        "objective_turn",
        position.get("objective_turn", {}),
        frozenset({"builds", "drafted", "battles"}),
    )
    if raw and state.phase != TURN:
        raise _inconsistent("turn_key_in_the_status_phase", "objective_turn")
    builds = _int("objective_turn.builds", raw.get("builds", 0), 0, MAX_ACTIONS)
    drafted = _flag("objective_turn.drafted", raw.get("drafted", False))
    if drafted and not builds:
        raise _inconsistent("draft_without_a_build", "objective_turn.drafted")
    offers: list[tuple[int, str, str]] = []
    asked = {d.seat for d in state.prompts.decisions if d.kind == objectives.OBJECTIVE_DECISION}
    for name, picks in _mapping("objective_offers", position.get("objective_offers", {})).items():
        seat = r.seat("objective_offers", name)
        where = f"objective_offers.{name}"
        mine: list[tuple[str, str]] = []
        for k, pick in enumerate(_list(where, picks)):
            parts = str(pick).split()
            if (
                len(parts) != 2
                or parts[0].upper() not in DECKS["objective"]
                or parts[1] not in HALVES
            ):
                raise _bad(f"{where}[{k}]", pick)
            mine.append((parts[0].upper(), parts[1]))
        problem = objectives.offers_problem(state, seat, mine)
        if problem is not None:
            raise _inconsistent(problem, where)
        if seat not in asked:
            raise _inconsistent("objective_offers_without_a_decision", where)
        offers += [(seat, c, h) for c, h in mine]
    if state.phase != TURN:
        return ObjectiveWatch(offers=tuple(offers))
    battles = objectives.of_turn(state.turn_state.fought, state.active)
    if "battles" in raw:
        found = []
        for k, b in enumerate(_list("objective_turn.battles", raw["battles"])):
            at = f"objective_turn.battles[{k}]"
            entry = _mapping(at, b, frozenset({"space", "won"}))
            found.append(
                (r.space(f"{at}.space", entry.get("space")), _flag(f"{at}.won", entry.get("won")))
            )
        battles = tuple(found)
    return ObjectiveWatch(
        battles=battles,
        builds=builds,
        drafted=drafted,
        offers=tuple(offers),
    )


def _check_places(state: ClashState) -> None:
    """Where the position puts cities, units and markers (each refusal names its key)."""
    terrain = terrains(state)

    def land(h: Hex, barren_ok: bool = True) -> bool:
        t = terrain.get(h)
        return t in LAND and (barren_ok or t != BARREN)

    cities: dict[Hex, str] = {}
    colours: Counter[tuple[str, int]] = Counter()
    for seat, me in enumerate(state.seats):
        name = f"seats.{state.players[seat]}"
        for k, c in enumerate(me.cities):
            where = f"{name}.cities[{k}]"
            if c.hex in cities:
                raise _inconsistent("two_cities_on_one_space", f"{where}.hex")
            cities[c.hex] = where
            if not land(c.hex, barren_ok=False):
                raise _inconsistent(
                    "city_not_on_explored_fertile_forest_or_mountain", f"{where}.hex"
                )
            faces = c.port_faces
            if faces is not None and (terrain.get(faces) != SEA or faces not in c.hex.neighbours()):
                raise _inconsistent("port_space_not_an_adjacent_sea", f"{where}.port_faces")
            if (c.activations or c.activated_angry) and (
                state.phase != TURN or state.active != seat
            ):
                raise _inconsistent("activated_outside_its_owners_turn", f"{where}.activations")
            colours.update((p.kind, p.owner) for p in c.pieces)
        _check_units(state, seat, land, terrain)
    for (kind, owner), count in colours.items():
        if count > PIECES_PER_KIND:
            where = f"seats.{state.players[owner]}.cities"
            raise _inconsistent(f"more_{kind}_pieces_than_the_box_holds", where)
    barbarians = state.barbarians
    for h in sorted(barbarians.cities):
        if h in cities:
            raise _inconsistent("two_cities_on_one_space", "barbarians.cities")
        if not land(h, barren_ok=False):
            raise _inconsistent(
                "city_not_on_explored_fertile_forest_or_mountain", "barbarians.cities"
            )
        cities[h] = "barbarians.cities"
    if len(barbarians.cities) > BARBARIAN_SETTLEMENTS:
        raise _inconsistent("more_settlement_pieces_than_the_box_holds", "barbarians.cities")
    for h, count in barbarians.armies.items():
        if not land(h):
            raise _inconsistent("unit_not_on_explored_land", "barbarians.armies")
        if count > ARMY_LIMIT:
            raise _inconsistent("army_limit", "barbarians.armies")
    if sum(barbarians.armies.values()) > BARBARIAN_ARMIES:
        raise _inconsistent("more_army_units_than_the_box_holds", "barbarians.armies")
    if len(state.exhausted) > EXHAUSTED_MARKERS:
        raise _inconsistent("more_exhausted_markers_than_the_box_holds", "exhausted")
    if any(not land(h, barren_ok=False) or h in cities for h in state.exhausted):
        raise _inconsistent("exhausted_marker_not_on_an_empty_land_space", "exhausted")


def _check_units(
    state: ClashState, seat: int, land: Callable[[Hex], bool], terrain: Mapping[Hex, str]
) -> None:
    me = state.seats[seat]
    name = f"seats.{state.players[seat]}"
    for kind, counts in ((ARMY, me.armies), (SETTLER, me.settlers)):
        for h, count in counts.items():
            where = f"{name}.{KEYS[kind]}.{label(h)}"
            if not land(h):
                raise _inconsistent("unit_not_on_explored_land", where)
            if kind == ARMY and count > ARMY_LIMIT:
                raise _inconsistent("army_limit", where)
    for k, s in enumerate(me.ships):
        if terrain.get(s.hex) != SEA:
            raise _inconsistent("ship_not_on_explored_sea", f"{name}.ships[{k}].hex")
        if len(s.cargo) > SHIP_CAPACITY:
            raise _inconsistent("ship_capacity", f"{name}.ships[{k}].cargo")
    aboard = Counter(k for s in me.ships for k in s.cargo)
    totals = {
        ARMY: sum(me.armies.values()) + aboard[ARMY],
        SETTLER: sum(me.settlers.values()) + aboard[SETTLER],
        SHIP: len(me.ships),
    }
    for kind, limit in BOX_PER_PLAYER.items():
        if totals[kind] > limit:
            raise _inconsistent(f"more_{kind}_units_than_the_box_holds", f"{name}.{KEYS[kind]}")
