"""A position's map and players (:mod:`rules.clash.position.reading`): the regions, each
player's board, cities, units, cards and points, the decks and the seating."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.clash.board.tiles import REGIONS
from rules.clash.box.advances import ADVANCE, government
from rules.clash.box.cards import DECKS, DISCARDED, HALVES, TABLE_EFFECTS, WONDERS
from rules.clash.box.components import (
    BOX_PER_PLAYER,
    LAND_UNITS,
    MOODS,
    NEUTRAL,
    PIECES,
    PORT,
    RESOURCES,
    SETTLEMENT,
    SHIP,
    TOKENS_MAX,
    TRACK_MAX,
    storage_limit,
)
from rules.clash.box.event_cards import EVENTS
from rules.clash.model.setup import start_regions, starting_player
from rules.clash.model.state import (
    CardState,
    City,
    Completed,
    Piece,
    PlayerState,
    Region,
    Ship,
    piece_order,
)
from rules.clash.position.values import (
    Reader,
    as_flag,
    as_ids,
    as_int,
    as_list,
    as_mapping,
    bad,
    inconsistent,
)
from rules.core import JSON, IllegalAction, Rng

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


def read_regions(r: Reader, raw: JSON, rng: Rng) -> dict[str, Region]:
    hidden = {s.id for s in r.board.hidden}
    given: dict[str, Region] = {}
    where_of: dict[str, str] = {}
    for slot, entry in as_mapping("map", raw or {}).items():
        if slot not in hidden:
            raise bad("map", slot)
        where = f"map.{slot}"
        e = as_mapping(where, entry, REGION_FIELDS)
        tile = e.get("tile")
        if tile not in GENERAL:
            raise bad(f"{where}.tile", tile)
        if tile in where_of:
            raise IllegalAction("position_duplicate", item=tile, field=f"{where_of[tile]}, {where}")
        where_of[tile] = where
        explored = as_flag(f"{where}.explored", e.get("explored", False))
        turned = as_flag(f"{where}.turned", e.get("turned", False))
        if turned and not explored:
            raise inconsistent("face_down_region_turned", f"{where}.turned")
        given[slot] = Region(tile, explored, turned)
    free = [t for t in GENERAL if t not in where_of]
    rng.shuffle(free)
    regions = start_regions(r.board)
    for s in r.board.hidden:
        regions[s.id] = given[s.id] if s.id in given else Region(free.pop(0), False)
    return {s.id: regions[s.id] for s in r.board.slots}


def _resources(where: str, raw: JSON) -> dict[str, int]:
    out = dict.fromkeys(RESOURCES, 0)
    for name, n in as_mapping(where, raw).items():
        if name not in out:
            raise bad(where, name)
        out[name] = as_int(f"{where}.{name}", n, 0, TRACK_MAX)
    return out


def _pieces(r: Reader, where: str, raw: JSON, owner: int) -> tuple[Piece, ...]:
    pieces: list[Piece] = []
    for k, item in enumerate(as_list(where, raw)):
        at = f"{where}[{k}]"
        kind: JSON = item
        colour = owner
        if not isinstance(item, str):
            p = as_mapping(at, item, frozenset({"kind", "owner"}))
            kind = p.get("kind")
            colour = r.seat(f"{at}.owner", p.get("owner"))
        if kind not in PIECES:
            raise bad(at, kind)
        if any(x.kind == kind for x in pieces):
            raise inconsistent("piece_twice", at)
        pieces.append(Piece(str(kind), colour))
    if Piece(SETTLEMENT, owner) not in pieces:
        raise inconsistent("no_settlement_of_the_owner", where)
    return piece_order(pieces)


def _city(r: Reader, where: str, raw: JSON, owner: int) -> City:
    c = as_mapping(where, raw, CITY_FIELDS)
    h = r.space(f"{where}.hex", c.get("hex"))
    pieces = _pieces(r, f"{where}.pieces", c.get("pieces", [SETTLEMENT]), owner)
    mood = c.get("mood", NEUTRAL)
    if mood not in MOODS:
        raise bad(f"{where}.mood", mood)
    faces = c.get("port_faces")
    port_faces = None if faces is None else r.space(f"{where}.port_faces", faces)
    if (port_faces is None) != (all(p.kind != PORT for p in pieces)):
        raise inconsistent("port_without_its_space", f"{where}.port_faces")
    wonder = c.get("wonder")
    if wonder is not None and wonder not in WONDERS:
        raise bad(f"{where}.wonder", wonder)
    return City(
        h,
        owner,
        pieces,
        str(mood),
        port_faces,
        as_int(f"{where}.activations", c.get("activations", 0), 0, 99),
        as_flag(f"{where}.activated_angry", c.get("activated_angry", False)),
        wonder,
    )


def _ships(r: Reader, where: str, raw: JSON) -> list[Ship]:
    """Ships in the order listed; ``id`` (1-4) is optional, the lowest free one by default."""
    items = [
        as_mapping(f"{where}[{k}]", item, frozenset({"id", "hex", "cargo"}))
        for k, item in enumerate(as_list(where, raw))
    ]
    taken = [
        as_int(f"{where}[{k}].id", s["id"], 1, BOX_PER_PLAYER[SHIP])
        for k, s in enumerate(items)
        if "id" in s
    ]
    if len(set(taken)) != len(taken):
        raise inconsistent("two_ships_with_one_id", f"{where}.id")
    free = (i for i in range(1, 99) if i not in taken)
    ships: list[Ship] = []
    for k, s in enumerate(items):
        at = f"{where}[{k}]"
        cargo = as_ids(f"{at}.cargo", s.get("cargo", []), LAND_UNITS)
        sid = int(s["id"]) if "id" in s else next(free)
        ships.append(Ship(sid, r.space(f"{at}.hex", s.get("hex")), tuple(sorted(cargo))))
    return ships


def _completed(where: str, raw: JSON) -> tuple[Completed, ...]:
    out: list[Completed] = []
    for k, item in enumerate(as_list(where, raw)):
        at = f"{where}[{k}]"
        c = as_mapping(at, item, frozenset({"card", "half"}))
        card, half = c.get("card"), c.get("half")
        if card not in DECKS["objective"]:
            raise bad(f"{at}.card", card)
        if half not in HALVES:
            raise bad(f"{at}.half", half)
        out.append(Completed(str(card), str(half)))
    return tuple(out)


def _points(where: str, value: JSON) -> float:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok or value < 0 or (2 * value) % 1 or value > 1000:
        raise bad(where, value)
    return float(value)


def read_player(r: Reader, seat: int, raw: JSON) -> PlayerState:
    where = f"seats.{r.players[seat]}"
    d = as_mapping(where, raw, SEAT_FIELDS)
    h = r.homes[seat]
    me = starting_player(h, seat)
    if "resources" in d:
        me.resources = _resources(f"{where}.resources", d["resources"])
    for name in ("mood_tokens", "culture_tokens"):
        setattr(me, name, as_int(f"{where}.{name}", d.get(name, 0), 0, TOKENS_MAX))
    for name in ("culture_level", "happiness_level"):
        setattr(me, name, as_int(f"{where}.{name}", d.get(name, 0), 0, TRACK_MAX))
    if "advances" in d:
        me.advances = frozenset(as_ids(f"{where}.advances", d["advances"], frozenset(ADVANCE)))
    ours = {g for g in (government({a}) for a in me.advances) if g is not None}
    if len(ours) > 1:
        raise inconsistent("two_governments", f"{where}.advances")
    if "government" in d and d["government"] != me.government:
        raise inconsistent("government_is_not_the_advances", f"{where}.government")
    for name, n in me.resources.items():
        if n > storage_limit(me.advances, name):
            raise inconsistent("over_the_storage_limit", f"{where}.resources.{name}")
    if "cities" in d:
        raw_cities = as_list(f"{where}.cities", d["cities"])
        me.cities = [_city(r, f"{where}.cities[{k}]", c, seat) for k, c in enumerate(raw_cities)]
    me.armies = r.counts(f"{where}.armies", d.get("armies", {}), 99)
    if "settlers" in d:
        me.settlers = r.counts(f"{where}.settlers", d["settlers"], 99)
    me.ships = _ships(r, f"{where}.ships", d.get("ships", []))
    me.actions = as_ids(f"{where}.actions", d.get("actions", []), DECKS["action"])
    me.objectives = as_ids(f"{where}.objectives", d.get("objectives", []), DECKS["objective"])
    me.completed = _completed(f"{where}.completed", d.get("completed", []))
    me.kept_events = as_ids(f"{where}.kept_events", d.get("kept_events", []), DECKS["event"])
    if any(not EVENTS[card].kept for card in me.kept_events):
        # Only E33-E38 are kept for later (docs/clash-cards.md §4.2).
        raise inconsistent("kept_event_not_a_card_kept_for_later", f"{where}.kept_events")
    me.event_points = _points(f"{where}.event_points", d.get("event_points", 0))
    me.resigned = as_flag(f"{where}.resigned", d.get("resigned", False))
    return me


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


def read_cards(
    r: Reader, position: Mapping[str, JSON], seats: list[PlayerState], rng: Rng
) -> CardState:
    raw_decks = as_mapping("decks", position.get("decks", {}), frozenset(DECKS))
    raw_discards = as_mapping("discards", position.get("discards", {}), frozenset(DISCARDED))
    w = as_mapping(
        "wonders", position.get("wonders", {}), frozenset({"revealed", "reserved", "lost"})
    )
    fill = as_flag("fill_decks", position.get("fill_decks", False))
    decks = {n: as_ids(f"decks.{n}", raw_decks.get(n, []), ids) for n, ids in DECKS.items()}
    discards = {n: as_ids(f"discards.{n}", raw_discards.get(n, []), DECKS[n]) for n in DISCARDED}
    revealed = as_ids("wonders.revealed", w.get("revealed", []), WONDERS)
    lost = as_ids("wonders.lost", w.get("lost", []), WONDERS)
    reserved: dict[str, int] = {}
    for wonder, who in as_mapping("wonders.reserved", w.get("reserved", {})).items():
        if wonder not in revealed:
            raise inconsistent("reserved_wonder_not_revealed", "wonders.reserved")
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


def read_table_effects(position: Mapping[str, JSON]) -> tuple[str, ...]:
    """Event cards' lasting effects in play (Trojan Horse, Solar Eclipse)."""
    raw = as_list("table_effects", position.get("table_effects", []))
    for effect in raw:
        if effect not in TABLE_EFFECTS:
            raise bad("table_effects", effect)
    if len(set(raw)) != len(raw):
        raise inconsistent("table_effect_twice", "table_effects")
    return tuple(sorted(str(e) for e in raw))


def read_resignations(
    r: Reader, position: Mapping[str, JSON], seats: list[PlayerState]
) -> tuple[int, ...]:
    resigned = [s for s, p in enumerate(seats) if p.resigned]
    if resigned and len(seats) == 2:
        raise inconsistent("resigned_with_two_players", "seats")
    if len(seats) - len(resigned) < 2:
        raise inconsistent("fewer_than_two_players_left", "seats")
    raw = position.get("resign_order")
    if raw is None:
        return tuple(resigned)
    order = tuple(r.seat("resign_order", h) for h in as_list("resign_order", raw))
    if sorted(order) != resigned:
        raise inconsistent("resign_order_is_not_the_resigned_seats", "resign_order")
    return order


def read_seating(r: Reader, raw: JSON) -> tuple[int, ...]:
    if raw is None:
        return tuple(range(len(r.players)))
    seating = tuple(r.seat("seating", h) for h in as_list("seating", raw))
    if sorted(seating) != list(range(len(r.players))):
        raise bad("seating", raw)
    return seating
