"""Starting a game from a given position (transcripts and tests; docs/transcripts.md).

The position is read here from the parts :mod:`rules.clash.position.values`,
:mod:`rules.clash.position.players`, :mod:`rules.clash.position.course` and
:mod:`rules.clash.position.table`.

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

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from rules.clash.board.boards import board
from rules.clash.board.custom import BoardPlan
from rules.clash.board.hexes import Hex, label
from rules.clash.board.tiles import BARREN, LAND, SEA
from rules.clash.box.components import (
    ARMY,
    ARMY_LIMIT,
    BARBARIAN_ARMIES,
    BARBARIAN_SETTLEMENTS,
    BOX_PER_PLAYER,
    EXHAUSTED_MARKERS,
    PIECES_PER_KIND,
    SETTLER,
    SHIP,
    SHIP_CAPACITY,
)
from rules.clash.checks import invariants
from rules.clash.dispatch.grammar import decision_problem
from rules.clash.formats.respelling import respell_position
from rules.clash.model import under_way
from rules.clash.model.occupancy import unit_totals
from rules.clash.model.setup import edition, home, reading
from rules.clash.model.state import TURN, ClashState
from rules.clash.model.terrain import terrains
from rules.clash.position.course import read_course
from rules.clash.position.laying import read_board
from rules.clash.position.players import (
    read_cards,
    read_player,
    read_regions,
    read_resignations,
    read_seating,
    read_table_effects,
)
from rules.clash.position.table import (
    read_assassinations,
    read_barbarians,
    read_objective_watch,
    read_prompts,
    read_truces,
)
from rules.clash.position.values import Reader, as_int, as_list, as_mapping, inconsistent
from rules.core import JSON, IllegalAction, Rng

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
        "board",
        "exhausted",
        "barbarians",
        "table_effects",
        "objective_turn",
        "objective_offers",
        "kept_advances",
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
#: The seat key of each kind of unit.
KEYS = {ARMY: "armies", SETTLER: "settlers", SHIP: "ships"}


# -- the position ---------------------------------------------------------------------------


def from_position(
    players: Sequence[str], options: Mapping[str, JSON], seed: int, position: Mapping[str, JSON]
) -> ClashState:
    """Build and validate a state from ``position``; raises IllegalAction on a bad one. A
    position written before the civil halves were respelt (``C03``, now ``P03``) is read in
    the new spelling (:mod:`rules.clash.formats.respelling`)."""
    position = respell_position(position)
    unknown = sorted(set(position) - FIELDS)
    if unknown:
        raise IllegalAction("position_unknown_field", field=unknown[0])
    rng = Rng(seed)
    n = len(players)
    plan: BoardPlan | None = None
    if "board" in position:
        if "map" in position:
            raise inconsistent("map_with_board", "map")
        plan, laid = read_board(n, position["board"], rng)
    r = Reader(tuple(players), board(n) if plan is None else plan.laid())
    seating = read_seating(r, position.get("seating"))
    r.homes = {s: home(seating, r.board, s) for s in range(n)}
    regions = laid if plan is not None else read_regions(r, position.get("map"), rng)
    raw_seats = as_mapping("seats", position.get("seats", {}))
    for name in raw_seats:
        r.seat("seats", name)
    seats = [read_player(r, s, raw_seats.get(p, {})) for s, p in enumerate(players)]
    resign_order = read_resignations(r, position, seats)
    cards = read_cards(r, position, seats, rng)
    dice = tuple(as_int("dice", d, 1, 6) for d in as_list("dice", position.get("dice", [])))
    stack = read_prompts(r, position.get("prompts", []))
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
        edition=edition(options),
        custom_board=plan,
        influence_range=reading(options, "influence_range"),
        great_wall=reading(options, "great_wall"),
        exhausted=frozenset(
            r.space("exhausted", h) for h in as_list("exhausted", position.get("exhausted", []))
        ),
        barbarians=read_barbarians(r, position.get("barbarians", {})),
        table_effects=read_table_effects(position),
        dice=dice,
        prompts=stack,
        resign_order=resign_order,
    )
    read_course(r, position, state)
    # The decisions of a Move action or an exploration under way are the position's
    # ``moving`` and ``exploring``; those it lists sit above them.
    state.prompts = under_way.beneath(state, state.prompts)
    state.truces = read_truces(r, state, position.get("truces", []))
    state.assassinations = read_assassinations(r, state, position.get("assassinations", []))
    _check_places(state)
    state.objective_watch = read_objective_watch(r, position, state)
    for k, decision in enumerate(state.prompts.decisions):
        problem = decision_problem(state, decision)
        if problem is not None:
            raise inconsistent(problem, f"prompts[{k}]")
    # The invariants catch what the checks above do not name (a safety net).
    problems = invariants.check(state)
    if problems:
        raise inconsistent(problems[0], "position")
    return state


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
                raise inconsistent("two_cities_on_one_space", f"{where}.hex")
            cities[c.hex] = where
            if not land(c.hex, barren_ok=False):
                raise inconsistent(
                    "city_not_on_explored_fertile_forest_or_mountain", f"{where}.hex"
                )
            faces = c.port_faces
            if faces is not None and (terrain.get(faces) != SEA or faces not in c.hex.neighbours()):
                raise inconsistent("port_space_not_an_adjacent_sea", f"{where}.port_faces")
            if (c.activations or c.activated_angry) and (
                state.phase != TURN or state.active != seat
            ):
                raise inconsistent("activated_outside_its_owners_turn", f"{where}.activations")
            colours.update((p.kind, p.owner) for p in c.pieces)
        _check_units(state, seat, land, terrain)
    for (kind, owner), count in colours.items():
        if count > PIECES_PER_KIND:
            where = f"seats.{state.players[owner]}.cities"
            raise inconsistent(f"more_{kind}_pieces_than_the_box_holds", where)
    barbarians = state.barbarians
    for h in sorted(barbarians.cities):
        if h in cities:
            raise inconsistent("two_cities_on_one_space", "barbarians.cities")
        if not land(h, barren_ok=False):
            raise inconsistent(
                "city_not_on_explored_fertile_forest_or_mountain", "barbarians.cities"
            )
        cities[h] = "barbarians.cities"
    if len(barbarians.cities) > BARBARIAN_SETTLEMENTS:
        raise inconsistent("more_settlement_pieces_than_the_box_holds", "barbarians.cities")
    for h, count in barbarians.armies.items():
        if not land(h):
            raise inconsistent("unit_not_on_explored_land", "barbarians.armies")
        if count > ARMY_LIMIT:
            raise inconsistent("army_limit", "barbarians.armies")
    if sum(barbarians.armies.values()) > BARBARIAN_ARMIES:
        raise inconsistent("more_army_units_than_the_box_holds", "barbarians.armies")
    if len(state.exhausted) > EXHAUSTED_MARKERS:
        raise inconsistent("more_exhausted_markers_than_the_box_holds", "exhausted")
    if any(not land(h, barren_ok=False) or h in cities for h in state.exhausted):
        raise inconsistent("exhausted_marker_not_on_an_empty_land_space", "exhausted")


def _check_units(
    state: ClashState, seat: int, land: Callable[[Hex], bool], terrain: Mapping[Hex, str]
) -> None:
    me = state.seats[seat]
    name = f"seats.{state.players[seat]}"
    for kind, counts in ((ARMY, me.armies), (SETTLER, me.settlers)):
        for h, count in counts.items():
            where = f"{name}.{KEYS[kind]}.{label(h)}"
            if not land(h):
                raise inconsistent("unit_not_on_explored_land", where)
            if kind == ARMY and count > ARMY_LIMIT:
                raise inconsistent("army_limit", where)
    for k, s in enumerate(me.ships):
        if terrain.get(s.hex) != SEA:
            raise inconsistent("ship_not_on_explored_sea", f"{name}.ships[{k}].hex")
        if len(s.cargo) > SHIP_CAPACITY:
            raise inconsistent("ship_capacity", f"{name}.ships[{k}].cargo")
    totals = unit_totals(me)
    for kind, limit in BOX_PER_PLAYER.items():
        if totals[kind] > limit:
            raise inconsistent(f"more_{kind}_units_than_the_box_holds", f"{name}.{KEYS[kind]}")
