"""Checks that must hold in every reachable state (self-play runs them after every action).

The box limits of p.2 (rules reference §1.2), the advance tree (every advance with its
category's top advance and its prerequisite, p.7), where pieces may stand (no unit or city on an
unexplored space or off the board, land units on land, ships on Sea, 4 army units of one
player on a space), the track and storage limits (p.4, p.5), every card and wonder exactly
once, the course of the round, the turn's trade offers
(:func:`rules.clash.actions.trade_offers.problems`), and that no view shows a face-down region, a
deck card or another player's hand.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator

from rules.clash.actions import trade_offers
from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import BARREN, REGIONS, SEA, Terrain
from rules.clash.box.advances import ADVANCE, GOVERNMENTS
from rules.clash.box.cards import DECKS, DISCARDED, HALVES, WONDERS
from rules.clash.box.components import (
    ARMY,
    ARMY_LIMIT,
    BARBARIAN_ARMIES,
    BARBARIAN_SETTLEMENTS,
    BOX_PER_PLAYER,
    EXHAUSTED_MARKERS,
    GROUPS_PER_MOVE,
    LAND_UNITS,
    MAX_ACTIONS,
    MAX_CITY_SIZE,
    MOODS,
    MOST_ACTIONS,
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
    storage_limit,
)
from rules.clash.dispatch.contexts import pending
from rules.clash.formats.view import public_part, seat_part
from rules.clash.model import under_way
from rules.clash.model.marks import FOREST_MOVED, MARKS, MOVED, STOPPED
from rules.clash.model.occupancy import unit_totals
from rules.clash.model.order import turn_order
from rules.clash.model.state import (
    GREAT_WALL_READINGS,
    INFLUENCE_RANGES,
    OVER,
    PHASES,
    PRINTED_EDITION,
    STATUS,
    TURN,
    ClashState,
    Piece,
    PlayerState,
)
from rules.clash.model.terrain import is_land, terrains
from rules.clash.rounds import objectives
from rules.core import JSON
from rules.engine import RECENT_EVENTS

GENERAL = frozenset(t.id for t in REGIONS)


def check(state: ClashState) -> list[str]:
    """Broken invariants, as sentences; empty when all hold."""
    terrain = terrains(state)
    problems = _map(state) + _course(state) + _cards(state) + trade_offers.problems(state)
    for seat in range(state.n):
        problems += _player(state, seat, terrain)
        problems += list(_tree(state.seats[seat], seat))
    problems += _places(state, terrain)
    problems += _hidden_in_views(state)
    problems += objectives.watch_problems(state)
    problems += _kept_now(state)
    problems += _under_way(state)
    return problems


def _under_way(state: ClashState) -> list[str]:
    """A Move action and an exploration under way wait on the stack, each once (what each
    decision says is checked by its kind, :func:`rules.clash.model.under_way.problem`)."""
    kinds = [d.kind for d in state.prompts.decisions]
    moves = kinds.count(under_way.MOVE)
    explores = sum(kinds.count(k) for k in under_way.EXPLORE_KINDS)
    if moves != int(bool(state.turn_state.moving)):
        return [f"{moves} Move decisions with {state.turn_state.moving} groups left"]
    if explores != int(state.exploring is not None):
        return [f"{explores} exploration decisions, exploring {state.exploring}"]
    return []


def _kept_now(state: ClashState) -> list[str]:
    """The event cards kept this turn are the active player's kept cards (C85)."""
    left = list(state.seats[state.active].kept_events)
    for card in state.turn_state.kept_now:
        if card not in left:
            return [f"kept this turn {state.turn_state.kept_now} not all kept by the active seat"]
        left.remove(card)
    return []


def _map(state: ClashState) -> list[str]:
    b = state.board
    out: list[str] = []
    if list(state.regions) != [s.id for s in b.slots]:
        return [f"regions {list(state.regions)} are not the board's slots"]
    for s in b.starts:
        r = state.regions[s.id]
        if (r.tile, r.explored, r.turned) != (s.start_tile, True, False):
            out.append(f"starting region {s.id} is {r}")
    # A slot of a position's board may hold a region of its own (C139), always the same.
    own = [s for s in b.hidden if s.tile is not None]
    out += [f"region {s.id} is {state.regions[s.id]}" for s in own if _tile(state, s.id) != s.tile]
    hidden = [state.regions[s.id].tile for s in b.hidden if s.tile is None]
    if any(t not in GENERAL for t in hidden) or len(set(hidden)) != len(hidden):
        out.append(f"general regions {hidden} are not distinct general tiles")
    out += [f"face-down region {s.id} is turned" for s in b.hidden if _turned_down(state, s.id)]
    return out


def _tile(state: ClashState, slot: str) -> str:
    return state.regions[slot].tile


def _turned_down(state: ClashState, slot: str) -> bool:
    r = state.regions[slot]
    return not r.explored and r.turned


def _course(state: ClashState) -> list[str]:
    out: list[str] = []
    n = state.n
    if sorted(state.seating) != list(range(n)):
        out.append(f"seating {state.seating}")
    if not (0 <= state.first < n and 0 <= state.active < n):
        out.append(f"first {state.first} or active {state.active} is no seat")
    if not (1 <= state.round <= ROUNDS and 1 <= state.turn <= TURNS_PER_ROUND):
        out.append(f"round {state.round}, turn {state.turn}")
    if state.phase not in PHASES or (state.phase == OVER) != (state.outcome is not None):
        out.append(f"phase {state.phase} with outcome {state.outcome}")
    if (state.phase == STATUS) != (state.status is not None):
        out.append(f"phase {state.phase} with status {state.status}")
    status = state.status
    if status is not None:
        live = set(state.live())
        if not 1 <= status.step <= STATUS_STEPS or not set(status.waiting) <= live:
            out.append(f"status phase {status}")
        waits_nobody = not status.waiting and state.prompts.top() is None
        if waits_nobody or len(set(status.waiting)) != len(status.waiting):
            out.append(f"status phase {status} waits for nobody or twice")
        order = turn_order(state)
        answered = [s for s, _ in status.answers]
        if list(status.order) != [s for s in order if s in status.order] or not (
            {*status.waiting, *answered} <= set(status.order)
        ):
            out.append(f"status phase {status}: parts out of turn order or missing")
        if set(status.waiting) & set(answered) or len(set(answered)) != len(answered):
            out.append(f"status phase {status}: a seat asked and answered, or twice")
        if status.ahead:
            out.append(f"status phase {status}: free advances kept in the status step")
    kept = [k.seat for k in state.kept_advances]
    early = state.phase == TURN and state.turn == TURNS_PER_ROUND
    if kept and not (early or (status is not None and status.step <= 2)):
        out.append(f"free advances {state.kept_advances} kept outside the end of a round")
    asked = set(status.waiting) if status is not None and status.step == 2 else set()
    if len(set(kept)) != len(kept) or set(kept) & asked:
        out.append(f"free advances {state.kept_advances} kept twice or of a seat asked step 2")
    if state.phase == TURN and state.seats[state.active].resigned:
        out.append("a resigned seat is active")
    if state.influence_range not in INFLUENCE_RANGES or state.great_wall not in GREAT_WALL_READINGS:
        out.append(f"readings {state.influence_range!r}, {state.great_wall!r} (C135, C136)")
    most = MAX_ACTIONS if state.edition < PRINTED_EDITION else MOST_ACTIONS
    if not 0 <= state.turn_state.actions_left <= most:
        out.append(f"{state.turn_state.actions_left} actions left")
    out += _marks(state)
    for d in state.prompts.decisions:
        if state.seats[d.seat].resigned or (d.turn is not None and state.seats[d.turn].resigned):
            out.append(f"decision {d.id} of a resigned seat")
    resigned = {s for s in range(n) if state.seats[s].resigned}
    if set(state.resign_order) != resigned or len(state.resign_order) != len(resigned):
        out.append(f"resign order {state.resign_order} against resigned seats {resigned}")
    if any(not 1 <= d <= 6 for d in state.dice):
        out.append(f"dice queue {state.dice}")
    if (state.outcome is None) == (not pending(state)):
        out.append("no prompt and no outcome" if state.outcome is None else "prompt after the end")
    if len(state.recent) > RECENT_EVENTS:
        out.append("too many recent events")
    return out


def _tree(me: PlayerState, seat: int) -> Iterator[str]:
    """Every advance owned has its category's top advance and its prerequisite (p.7)."""
    for a in me.advances:
        adv = ADVANCE[a]
        first = next(x.id for x in ADVANCE.values() if x.category == adv.category)
        if first not in me.advances:
            yield f"seat {seat} owns {a} without {first}"
        if adv.requires is not None and adv.requires not in me.advances:
            yield f"seat {seat} owns {a} without {adv.requires}"


def _marks(state: ClashState) -> list[str]:
    """The active player's unit marks name units that are there; a Move action or an
    exploration is under way only in a turn."""
    ts = state.turn_state
    if state.phase != TURN and (ts.marks or ts.moving or state.exploring):
        return [f"turn marks {ts.marks}, moving {ts.moving}, exploring outside a turn"]
    if not 0 <= ts.moving <= GROUPS_PER_MOVE:
        return [f"a Move action with {ts.moving} groups left"]
    me = state.seats[state.active]
    here: Counter[tuple[str, str]] = Counter()
    for kind, counts in ((ARMY, me.armies), (SETTLER, me.settlers)):
        for h, n in counts.items():
            here[(token(h), kind)] += n
    for ship in me.ships:
        here[(ship.place, SHIP)] += 1
        for k in ship.cargo:
            here[(ship.place, k)] += 1
    marked: Counter[tuple[str, str]] = Counter()
    out: list[str] = []
    for place, kind, mark, n in ts.marks:
        marked[(place, kind)] += n
        if n <= 0 or mark not in MARKS or (kind == SHIP and mark not in (MOVED, STOPPED)):
            out.append(f"mark {(place, kind, mark, n)}")
    out += [
        f"{n} {kind} marked at {place}, {here[(place, kind)]} there"
        for (place, kind), n in marked.items()
        if n > here[(place, kind)]
    ]
    waiting = state.exploring is not None or state.prompts.top() is not None
    if not ts.moving and not waiting and any(m in (MOVED, FOREST_MOVED) for _, _, m, _ in ts.marks):
        out.append("units marked as moving outside a Move action")
    return out


def _once(name: str, found: Iterable[str], box: tuple[str, ...]) -> list[str]:
    counts = Counter(found)
    if counts == Counter(box):
        return []
    twice = sorted(c for c, k in counts.items() if k > 1)
    unknown = sorted(set(counts) - set(box))
    missing = sorted(set(box) - set(counts))
    return [f"{name} cards: twice {twice}, unknown {unknown}, missing {missing}"]


def _cards(state: ClashState) -> list[str]:
    cards = state.cards
    if set(cards.decks) != set(DECKS) or set(cards.discards) != set(DISCARDED):
        return [f"decks {sorted(cards.decks)}, discards {sorted(cards.discards)}"]
    seats = state.seats
    found = {name: [*cards.decks[name], *cards.discards.get(name, ())] for name in DECKS}
    for p in seats:
        found["action"] += p.actions
        found["objective"] += p.objectives
        found["objective"] += [c.card for c in p.completed]
        found["event"] += p.kept_events
    built = [c.wonder for p in seats for c in p.cities if c.wonder is not None]
    found["wonder"] += [*cards.revealed, *built, *cards.lost]
    out: list[str] = []
    for name, box in DECKS.items():
        out += _once(name, found[name], box)
    if not set(cards.reserved) <= set(cards.revealed):
        out.append(f"reserved wonders {cards.reserved} are not all revealed")
    if any(not 0 <= s < state.n for s in cards.reserved.values()):
        out.append(f"wonders reserved for no seat: {cards.reserved}")
    if any(c.half not in HALVES for p in seats for c in p.completed):
        out.append("a completed objective names no half")
    return out


def _player(state: ClashState, seat: int, terrain: dict[Hex, Terrain]) -> list[str]:
    me = state.seats[seat]
    out = [f"seat {seat}: {p}" for p in _stock(me)]
    out += [f"seat {seat}: {p}" for p in _cities(state, seat, terrain)]
    out += [f"seat {seat}: {p}" for p in _units(me, terrain)]
    return out


def _stock(me: PlayerState) -> Iterator[str]:
    if list(me.resources) != list(RESOURCES):
        yield f"resources {me.resources}"
        return
    for r, n in me.resources.items():
        if not 0 <= n <= storage_limit(me.advances, r):
            yield f"{n} {r} over the limit {storage_limit(me.advances, r)}"
    for name, n in (("mood tokens", me.mood_tokens), ("culture tokens", me.culture_tokens)):
        if not 0 <= n <= TOKENS_MAX:
            yield f"{n} {name}"
    for name, n in (("culture", me.culture_level), ("happiness", me.happiness_level)):
        if not 0 <= n <= TRACK_MAX:
            yield f"{name} level {n}"
    if any(a not in ADVANCE for a in me.advances):
        yield f"unknown advances {sorted(set(me.advances) - set(ADVANCE))}"
    elif sum(any(ADVANCE[a].category == g for a in me.advances) for g in GOVERNMENTS) > 1:
        yield "advances of two governments"
    if me.event_points < 0 or (2 * me.event_points) % 1:
        yield f"event points {me.event_points}"


def _cities(state: ClashState, seat: int, terrain: dict[Hex, Terrain]) -> Iterator[str]:
    me = state.seats[seat]
    for c in me.cities:
        kinds = [p.kind for p in c.pieces]
        if c.owner != seat or not kinds or c.pieces[0] != Piece(SETTLEMENT, seat):
            yield f"city {label(c.hex)}: owner {c.owner}, pieces {c.pieces}"
        if kinds != sorted(set(kinds), key=PIECES.index) or len(kinds) > MAX_CITY_SIZE:
            yield f"city {label(c.hex)}: pieces {kinds}"
        if any(not 0 <= p.owner < state.n for p in c.pieces):
            yield f"city {label(c.hex)}: a piece of no colour"
        if c.mood not in MOODS or c.activations < 0:
            yield f"city {label(c.hex)}: mood {c.mood}, {c.activations} activations"
        busy = c.activations or c.activated_angry
        if busy and (state.phase != TURN or state.active != seat):
            yield f"city {label(c.hex)} activated outside its owner's turn"
        where = terrain.get(c.hex)
        if not is_land(where) or where == BARREN:
            yield f"city {label(c.hex)} on {where or 'an unexplored space'}"
        port = c.piece(PORT) is not None
        faces = c.port_faces
        if port != (faces is not None) or (
            faces is not None and (terrain.get(faces) != SEA or faces not in c.hex.neighbours())
        ):
            yield f"city {label(c.hex)}: port {port} facing {faces}"
        if c.wonder is not None and c.wonder not in WONDERS:
            yield f"city {label(c.hex)}: wonder {c.wonder}"
    owned = Counter((p.kind, p.owner) for o in state.seats for c in o.cities for p in c.pieces)
    for kind in PIECES:
        if owned[kind, seat] > PIECES_PER_KIND:
            yield f"{owned[kind, seat]} pieces {kind} of its colour (the box has 7)"


def _units(me: PlayerState, terrain: dict[Hex, Terrain]) -> Iterator[str]:
    totals = unit_totals(me)
    for kind, limit in BOX_PER_PLAYER.items():
        if totals[kind] > limit:
            yield f"{totals[kind]} {kind} units (the box has {limit})"
    for kind, counts in ((ARMY, me.armies), (SETTLER, me.settlers)):
        for h, n in counts.items():
            if n <= 0 or not is_land(terrain.get(h)):
                yield f"{n} {kind} on {label(h)} ({terrain.get(h) or 'unexplored'})"
            if kind == ARMY and n > ARMY_LIMIT:
                yield f"{n} army units on {label(h)}"
    ids = [s.id for s in me.ships]
    if len(set(ids)) != len(ids) or any(not 1 <= i <= BOX_PER_PLAYER[SHIP] for i in ids):
        yield f"ship ids {ids}"
    for s in me.ships:
        if terrain.get(s.hex) != SEA:
            yield f"ship on {label(s.hex)} ({terrain.get(s.hex) or 'unexplored'})"
        if len(s.cargo) > SHIP_CAPACITY or list(s.cargo) != sorted(s.cargo):
            yield f"ship on {label(s.hex)} carries {s.cargo}"
        if any(k not in LAND_UNITS for k in s.cargo):
            yield f"ship on {label(s.hex)} carries {s.cargo}"


def _places(state: ClashState, terrain: dict[Hex, Terrain]) -> list[str]:
    out: list[str] = []
    cities = [c.hex for p in state.seats for c in p.cities] + sorted(state.barbarians.cities)
    twice = [label(h) for h, k in Counter(cities).items() if k > 1]
    if twice:
        out.append(f"two cities on {twice}")
    barbarians = state.barbarians
    if len(barbarians.cities) > BARBARIAN_SETTLEMENTS:
        out.append(f"{len(barbarians.cities)} barbarian cities (the box has 7)")
    if sum(barbarians.armies.values()) > BARBARIAN_ARMIES:
        out.append(f"{sum(barbarians.armies.values())} barbarian units (the box has 16)")
    for h in barbarians.cities:
        if not is_land(terrain.get(h)) or terrain.get(h) == BARREN:
            out.append(f"barbarian city on {label(h)} ({terrain.get(h) or 'unexplored'})")
    for h, n in barbarians.armies.items():
        if n <= 0 or n > ARMY_LIMIT or not is_land(terrain.get(h)):
            out.append(f"{n} barbarian units on {label(h)} ({terrain.get(h) or 'unexplored'})")
    if len(state.exhausted) > EXHAUSTED_MARKERS:
        out.append(f"{len(state.exhausted)} Exhausted markers (the box has 4)")
    for h in state.exhausted:
        if not is_land(terrain.get(h)) or terrain.get(h) == BARREN or h in cities:
            out.append(f"Exhausted marker on {label(h)}")
    return out


def secrets(state: ClashState) -> dict[int | None, set[str]]:
    """What each view (by seat, None for spectators) must not show: the regions lying face
    down, every deck's cards and the other players' hands (but for the cards offered to the
    seat in an open trade offer, which it is shown). A secret spelt like a player's
    handle cannot be told apart from the handle, so it is left out."""
    hidden = {r.tile for r in state.regions.values() if not r.explored}
    decks = {c for cards in state.cards.decks.values() for c in cards}
    hands = [set(p.actions) | set(p.objectives) for p in state.seats]
    out: dict[int | None, set[str]] = {None: hidden | decks | set().union(*hands)}
    for seat in range(state.n):
        others = set().union(*(h for s, h in enumerate(hands) if s != seat))
        out[seat] = hidden | decks | (others - trade_offers.seen_by(state, seat))
    handles = set(state.players)
    return {k: v - handles for k, v in out.items()}


#: A JSON string in a JSON text, quotes left out (escaped quotes stay inside).
_JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _strings(part: JSON) -> set[str]:
    """Every JSON string of ``part`` (its values and keys), read out of its text at once."""
    return set(_JSON_STRING.findall(json.dumps(part)))


def _hidden_in_views(state: ClashState) -> list[str]:
    out: list[str] = []
    # A view is the public part, the same for everyone, and a seat's own part
    # (view.build_view): the public one is read once, each seat's own part once.
    public = _strings(public_part(state))
    for seat, hidden in secrets(state).items():
        # A secret shown is a whole JSON string of the view (a value or a key): the view's
        # strings are read out of its text once, not searched for once per secret. Secrets are
        # ids, with no character that JSON escapes, so they compare as they are.
        own = set() if seat is None else _strings(seat_part(state, seat))
        shown = hidden & (public | own)
        if shown:
            out.append(f"the view of seat {seat} shows {sorted(shown)}")
    return out
