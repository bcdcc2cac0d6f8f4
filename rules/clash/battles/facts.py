"""What a battle that ended leaves for the cards and objectives that look back on it (p.12-14;
docs/clash-cards.md §8.1 (e), §8.7): who fought where with how many units, what each side lost,
who won and whether a city was taken.

The record is read off the public events the battle told (``state.battle_log`` for a battle of
:mod:`rules.clash.battles.combat`, which may span several decisions; the step's events for a
barbarian attack of :mod:`rules.clash.battles.barbarians`, always one step), so that it says exactly
what the players saw. :func:`record` appends it to :attr:`TurnState.fought` when a battle ends,
where it stays until the turn ends (Heroic General's "won a land battle this turn", Warmonger's
"battles on two spaces this turn") and where the objectives' immediate checks find it.

**Winning** (docs/clash-cards.md §2): the side that still has units in the battle while the
other has none left there, or that holds or takes the city; a withdrawal is neither side's
win, nor is a battle where both sides are wiped out (a Fortress fighting alone that kills
every attacker wins for the defender, C40). A barbarian attack (one round, p.13) is won by the
defender when every barbarian unit dies, else by nobody (the survivors go home).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from rules.clash.board.hexes import label, parse_hex
from rules.clash.box.components import FORTRESS
from rules.clash.model.state import BARBARIAN_SIDE, Battle, ClashState, Fought, city_on, working
from rules.core import JSON

#: The events after which a battle of :mod:`rules.clash.battles.combat` is over.
ENDINGS: frozenset[str] = frozenset(
    {"clash.battle_won", "clash.battle_drawn", "clash.barbarians_held", "clash.withdrew"}
)


def _seat(state: ClashState, name: object) -> int:
    return BARBARIAN_SIDE if name == "barbarians" else state.players.index(str(name))


def _count(units: Iterable[str], kinds: tuple[str, ...]) -> int:
    """Units of ``kinds`` in an event's ``units`` list (``army_2``, ``settler_1``)."""
    total = 0
    for unit in units:
        kind, _, n = unit.rpartition("_")
        if kind in kinds:
            total += int(n)
    return total


def _side_name(state: ClashState, side: int) -> str:
    return "barbarians" if side == BARBARIAN_SIDE else state.players[side]


def opening(state: ClashState, battle: Battle, units: tuple[int, int]) -> dict[str, JSON]:
    """What ``battle`` began with, for its ``clash.battle_began`` event: the fighting units
    each side had (``units``) and the city fought over, if any."""
    found = None if battle.sea else city_on(state, battle.space)
    city = found[1] if found is not None else None
    return {
        "attacker_units": units[0],
        "defender_units": units[1],
        "city": None if found is None else _side_name(state, found[0]),
        "city_size": 0 if found is None else 1 if city is None else city.size,
        "wonder": city is not None and city.wonder is not None,
        "defended": found is not None
        and (units[1] > 0 or (city is not None and working(state, city, FORTRESS))),
        "landed": battle.landed,
    }


def _tally(
    state: ClashState, entries: list[Mapping[str, JSON]]
) -> tuple[Mapping[str, JSON], dict[int, int], dict[int, int]] | None:
    """The battle's ``battle_began`` parameters and the fighting units and settlers each side
    lost so far, or None without a beginning in ``entries``."""
    began = next((e for e in entries if e["kind"] == "clash.battle_began"), None)
    if began is None:
        return None
    p = began["params"]
    attacker, defender = _seat(state, p["player"]), _seat(state, p["against"])
    sea = bool(p["at_sea"])
    lost = {attacker: 0, defender: 0}
    settlers = {attacker: 0, defender: 0}
    for e in entries:
        kind, q = e["kind"], e["params"]
        if kind == "clash.units_lost":
            side = _seat(state, q["player"])
            # At sea the fighting units are ships; units aboard are lost with them.
            lost[side] += 0 if sea else _count(q["units"], ("army",))
            settlers[side] += _count(q["units"], ("settler",))
        elif kind == "clash.barbarian_units_lost":
            lost[BARBARIAN_SIDE] += _count(q["units"], ("army",))
        elif kind == "clash.ships_sunk":
            lost[_seat(state, q["player"])] += len(q["ships"])
    return p, lost, settlers


def fighting(state: ClashState, side: int) -> int:
    """The fighting units ``side`` has in the battle under way: army units on land, ships at
    sea."""
    b = state.battle
    assert b is not None
    if side == BARBARIAN_SIDE:
        return state.barbarians.armies.get(b.space, 0)
    me = state.seats[side]
    if b.sea:
        return sum(1 for s in me.ships if s.hex == b.space)
    return me.armies.get(b.space, 0)


def so_far(state: ClashState) -> tuple[tuple[int, int], tuple[int, int]]:
    """The battle under way: the fighting units each side began with and has lost so far
    (positions write them, :func:`opening_log` reads them back)."""
    b = state.battle
    assert b is not None
    found = _tally(state, list(state.battle_log))
    if found is None:
        return (fighting(state, b.attacker), fighting(state, b.defender)), (0, 0)
    p, lost, _ = found
    units = (int(p["attacker_units"]), int(p["defender_units"]))
    return units, (lost[b.attacker], lost[b.defender])


def opening_log(
    state: ClashState, units: tuple[int, int], lost: tuple[int, int]
) -> tuple[dict[str, JSON], ...]:
    """The log of the battle under way in a position: its beginning with ``units`` and the
    losses so far (``lost``), so that what it leaves when it ends is the whole battle's."""
    b = state.battle
    assert b is not None
    params = {
        "player": state.players[b.attacker],
        "against": _side_name(state, b.defender),
        "space": label(b.space),
        "at_sea": b.sea,
        "battle": "naval" if b.sea else "barbarians" if b.defender == BARBARIAN_SIDE else "land",
        **opening(state, b, units),
    }
    log: list[dict[str, JSON]] = [{"kind": "clash.battle_began", "params": params}]
    for side, n in zip((b.attacker, b.defender), lost, strict=True):
        if not n:
            continue
        unit = "ship" if b.sea else "army"
        if side == BARBARIAN_SIDE:
            log.append({"kind": "clash.barbarian_units_lost", "params": {"units": [f"army_{n}"]}})
        elif b.sea:
            ships = {"player": state.players[side], "ships": ["0"] * n, "count": n}
            log.append({"kind": "clash.ships_sunk", "params": ships})
        else:
            units_lost = {"player": state.players[side], "units": [f"{unit}_{n}"]}
            log.append({"kind": "clash.units_lost", "params": units_lost})
    return tuple(log)


def from_battle(state: ClashState, log: Iterable[Mapping[str, JSON]]) -> Fought | None:
    """The record of the battle in ``log`` (from its ``battle_began``), or None while it is
    not over."""
    entries = list(log)
    found = _tally(state, entries)
    if found is None or not any(e["kind"] in ENDINGS for e in entries):
        return None
    p, lost, settlers = found
    attacker, defender = _seat(state, p["player"]), _seat(state, p["against"])
    sea = bool(p["at_sea"])
    winner: int | None = None
    captured = False
    for e in entries:
        kind, q = e["kind"], e["params"]
        if kind == "clash.battle_won":
            winner = _seat(state, q["player"])
        elif kind == "clash.barbarians_held":
            winner = BARBARIAN_SIDE
        elif kind in ("clash.city_captured", "clash.barbarians_defeated"):
            captured = True
    return Fought(
        space=parse_hex(str(p["space"]).lower()),
        sea=sea,
        attacker=attacker,
        defender=defender,
        units=(int(p["attacker_units"]), int(p["defender_units"])),
        lost=(lost[attacker], lost[defender]),
        settlers_lost=(settlers[attacker], settlers[defender]),
        winner=winner,
        city=None if p["city"] is None else _seat(state, p["city"]),
        captured=captured,
        defended=bool(p["defended"]),
        size=int(p["city_size"]),
        wonder=bool(p["wonder"]),
        landed=bool(p["landed"]),
    )


def from_barbarian_attacks(state: ClashState, events: Iterable[Mapping[str, JSON]]) -> list[Fought]:
    """The barbarian attacks told in one step's events (each is one round, p.13)."""
    out: list[Fought] = []
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is not None:
            killed = current["killed"]
            won = current["defender"] if killed == current["units"][0] else None
            out.append(
                Fought(
                    space=current["space"],
                    sea=False,
                    attacker=BARBARIAN_SIDE,
                    defender=current["defender"],
                    units=current["units"],
                    lost=(killed, current["lost"]),
                    settlers_lost=(0, current["settlers"]),
                    winner=won,
                    city=current["defender"],
                    captured=False,
                    defended=current["defended"],
                    size=current["size"],
                    wonder=current["wonder"],
                    landed=False,
                )
            )

    for e in events:
        kind, q = e["kind"], e["params"]
        if kind == "clash.barbarians_attack":
            close()
            current = {
                "space": parse_hex(str(q["space"]).lower()),
                "defender": _seat(state, q["player"]),
                "units": (int(q["count"]), int(q["armies"])),
                "defended": bool(q["armies"]) or bool(q["fortress"]),
                "size": int(q["city_size"]),
                "wonder": bool(q["wonder"]),
                "killed": 0,
                "lost": 0,
                "settlers": 0,
            }
        elif current is not None and kind == "clash.barbarian_units_lost":
            current["killed"] += _count(q["units"], ("army",))
        elif current is not None and kind == "clash.units_lost":
            current["lost"] += _count(q["units"], ("army",))
            current["settlers"] += _count(q["units"], ("settler",))
    close()
    return out


def record(state: ClashState, fought: Iterable[Fought]) -> None:
    """Keep the battles that ended for the rest of the turn."""
    new = tuple(fought)
    if new:
        ts = state.turn_state
        state.turn_state = replace(ts, fought=(*ts.fought, *new))


def won_land_battle(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` won a land battle this turn (Heroic General, Good Ideas)."""
    return any(f.winner == seat and not f.sea for f in state.turn_state.fought)


def captured_from(state: ClashState, seat: int) -> list[int]:
    """The players ``seat`` captured a city from this turn (Inspiration), in order."""
    return [
        f.city
        for f in state.turn_state.fought
        if f.attacker == seat and f.captured and f.city is not None and f.city >= 0
    ]


# -- positions -----------------------------------------------------------------------------------

#: The keys of a record in positions.
KEYS: tuple[str, ...] = (
    "space",
    "at_sea",
    "attacker",
    "defender",
    "units",
    "lost",
    "settlers_lost",
    "winner",
    "city",
    "captured",
    "defended",
    "city_size",
    "wonder",
    "landed",
)


def to_json(f: Fought, side: Callable[[int], JSON]) -> dict[str, JSON]:
    """``f`` as a position writes it; ``side`` writes a side (a handle or ``barbarians``)."""
    return {
        "space": label(f.space),
        "at_sea": f.sea,
        "attacker": side(f.attacker),
        "defender": side(f.defender),
        "units": list(f.units),
        "lost": list(f.lost),
        "settlers_lost": list(f.settlers_lost),
        "winner": None if f.winner is None else side(f.winner),
        "city": None if f.city is None else side(f.city),
        "captured": f.captured,
        "defended": f.defended,
        "city_size": f.size,
        "wonder": f.wonder,
        "landed": f.landed,
    }


def from_json(data: Mapping[str, JSON], side: Callable[[JSON], int]) -> Fought:
    """The record :func:`to_json` wrote (``side`` reads a side back); a value of the wrong
    type raises ``ValueError``, ``TypeError`` or ``KeyError``."""
    if set(data) != set(KEYS):
        raise KeyError(sorted(set(data) ^ set(KEYS)))

    def pair(key: str) -> tuple[int, int]:
        a, d = data[key]
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (a, d)):
            raise ValueError(key)
        return a, d

    def flag(key: str) -> bool:
        if not isinstance(data[key], bool):
            raise TypeError(key)
        return bool(data[key])

    size = data["city_size"]
    if not isinstance(size, int) or isinstance(size, bool) or not 0 <= size <= 5:
        raise ValueError("city_size")
    return Fought(
        space=parse_hex(str(data["space"]).lower()),
        sea=flag("at_sea"),
        attacker=side(data["attacker"]),
        defender=side(data["defender"]),
        units=pair("units"),
        lost=pair("lost"),
        settlers_lost=pair("settlers_lost"),
        winner=None if data["winner"] is None else side(data["winner"]),
        city=None if data["city"] is None else side(data["city"]),
        captured=flag("captured"),
        defended=flag("defended"),
        size=size,
        wonder=flag("wonder"),
        landed=flag("landed"),
    )
