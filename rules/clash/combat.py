"""Battles (p.12, p.13, p.14; rules reference §4; open points C40-C51).

A battle begins when army units move (or land) onto a space with foreign units or a foreign
city, or ships sail onto a space with a foreign ship (p.9, p.12). It is fought at once, before
anything else moves, in combat rounds:

1. (before round 1) **Siegecraft** (p.2, C48): an attacker owning it may pay 2 Wood to cancel
   a defending Fortress's extra die and/or 2 Ore to cancel its hit cancel (``siege`` decision:
   ``wood``, ``ore``, ``wood ore`` or ``none``, offered as far as affordable).
2. **Roll**: each side one die per fighting unit (army units on land, ships at sea); a city's
   **Fortress** adds a die and cancels one hit in round 1 (p.6), even with no defending army
   (C40 (a): it then fights alone, and wins if it kills every attacker; with its die paid away
   by Siegecraft nothing fights and the city falls). **CV** = the dice + modifiers; **hits** =
   CV // 5 (p.12). Modifiers: **Steel Weapons** +1 hit in round 1 of a land battle against
   armies without it (barbarians never have it, C45); **Fanaticism** +2 CV on a side's first
   roll in a battle in a city with a Temple (C47 (b)); **Warships** cancels a hit in round 1
   of naval battles and of land battles its armies enter straight from its ships (C46). The
   dice come from the position's queue first, attacker's then defender's then the Fortress's
   (:mod:`rules.clash.dice`).
3. **Casualties**: each side loses one unit per hit it took, at most what it has (p.12).
   Army units are alike; ships may carry different cargo, so when some of a side's ships
   must sink and they differ, their owner chooses which (``casualties``, C41). Units aboard
   a sunk ship are lost with it (p.12). A resigned seat never decides: its lowest-numbered
   ships sink, its refugee goes to its first city.
4. **End?** A side with no fighting unit left has lost; both gone: nobody wins (p.12). Else
   the attacker chooses to fight another round or to withdraw (``battle``: ``attack`` or
   ``withdraw``, p.12): every attacking unit goes back where its move began (C43; units that
   landed go back aboard, those with no room are lost), still counting as having fought.

Every unit that took part (settlers moving with the attackers included, C64) may not move
again this turn. Settlers never fight (p.12): a side's settlers die with its last army, and
an army moving onto foreign settlers alone destroys them without dice (C51).

**Captures** (p.12, C50): a city is captured when only the attacker's army units remain on its
space (an undefended city at once, p.4). Every piece of the previous owner's colour becomes
the attacker's colour (pieces of other colours stay as they are); a kind the attacker has
none left of is removed for 1 Gold (and without a Settlement the city leaves the board). If
the city was happy or neutral when the battle began, the attacker plunders Gold equal to its
size and the previous owner gains a settler in a city of their choice (``refugees``) if they
have a city left and a settler in supply. The city becomes angry; a wonder in it passes with
it (p.14); the previous owner's settlers there die.

**Barbarian settlements** (p.14): capturing one (undefended, or all its units killed) gives 1
Gold per barbarian unit killed in that battle; the attacker then keeps it (``keep``: their own
Settlement replaces it, the city angry) or destroys it for 1 more Gold (``destroy``)
(``barbarian_city`` decision; destroyed at once when no Settlement is left in supply).

Before each round the attacker, then the defender, may play an action card for its combat
half (:mod:`rules.clash.combat_cards`: the windows are built; the cards' texts, and the Great
Mausoleum, come with issue IV). The barbarians' own attacks are :mod:`rules.clash.barbarians`'s.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Final

from rules.clash import battle_facts, transfer
from rules.clash import combat_cards as cc
from rules.clash import marks as mk
from rules.clash.components import (
    ANGRY,
    ARMY,
    ARMY_LIMIT,
    BOX_PER_PLAYER,
    FORTRESS,
    GOLD,
    HAPPY,
    NEUTRAL,
    ORE,
    PIECES_PER_KIND,
    SETTLEMENT,
    SETTLER,
    SHIP,
    SHIP_CAPACITY,
    TEMPLE,
    WOOD,
)
from rules.clash.dice import roll
from rules.clash.hexes import Hex, label, parse_hex, token
from rules.clash.occupancy import BARBARIANS
from rules.clash.registry import Answer
from rules.clash.resources import can_pay, gain, pay
from rules.clash.state import (
    Battle,
    City,
    ClashState,
    Piece,
    city_on,
    piece_order,
    pieces_in_use,
)
from rules.core import Choice, Decision, Event, IllegalAction

BATTLE: Final = "battle"
SIEGE: Final = "siege"
CASUALTIES: Final = "casualties"
REFUGEES: Final = "refugees"
BARBARIAN_CITY: Final = "barbarian_city"
ATTACK, WITHDRAW, NONE, KEEP, DESTROY = "attack", "withdraw", "none", "keep", "destroy"
HIT_EVERY = 5
FANATICISM_CV = 2
SIEGE_COST = 2


# -- who stands there ------------------------------------------------------------------------


def _armies(state: ClashState, side: int, h: Hex) -> int:
    if side == BARBARIANS:
        return state.barbarians.armies.get(h, 0)
    return state.seats[side].armies.get(h, 0)


def _ships(state: ClashState, side: int, h: Hex) -> list[int]:
    if side == BARBARIANS:
        return []
    return [s.id for s in state.seats[side].ships if s.hex == h]


def defender_at(state: ClashState, attacker: int, h: Hex, sea: bool) -> int | None:
    """Whose units or city the attacker meets on ``h`` (the first foreign one found)."""
    if sea:
        return next(
            (s for s, me in enumerate(state.seats) if s != attacker and _ships(state, s, h)),
            None,
        )
    found = city_on(state, h)
    if found is not None and found[0] != attacker:
        return found[0]
    if state.barbarians.armies.get(h):
        return BARBARIANS
    for s, me in enumerate(state.seats):
        if s != attacker and (me.armies.get(h) or me.settlers.get(h)):
            return s
    return None


def _has(state: ClashState, side: int, advance: str) -> bool:
    return side != BARBARIANS and advance in state.seats[side].advances


# -- beginning ---------------------------------------------------------------------------------


def begin(
    state: ClashState,
    attacker: int,
    space: Hex,
    sea: bool,
    origins: tuple[tuple[str, str, int], ...],
    landed: bool = False,
) -> list[Event]:
    """The attacking units stand on ``space`` (the move put them there, marked as having
    fought): the battle begins and is fought as far as no player has a choice."""
    defender = defender_at(state, attacker, space, sea)
    assert defender is not None
    found = None if sea else city_on(state, space)
    mood = found[1].mood if found is not None and found[1] is not None else None
    state.battle = Battle(space, sea, attacker, defender, origins, city_mood=mood, landed=landed)
    units = (_fighting(state, attacker), _fighting(state, defender))
    events = [
        Event(
            "clash.battle_began",
            {
                "player": state.players[attacker],
                "against": _name(state, defender),
                "space": label(space),
                "at_sea": sea,
                # What the texts say: a battle, a naval battle, a battle against barbarians.
                "battle": "naval" if sea else "barbarians" if defender == BARBARIANS else "land",
                # What the battle began with (rules.clash.battle_facts).
                **battle_facts.opening(state, state.battle, units),
            },
        )
    ]
    return events + _go_on(state)


def _name(state: ClashState, side: int) -> str:
    return "barbarians" if side == BARBARIANS else state.players[side]


def _go_on(state: ClashState) -> list[Event]:
    """Fight rounds until the battle ends or a player must choose."""
    b = state.battle
    assert b is not None
    events: list[Event] = []
    if not b.sea:
        early = _without_dice(state)
        if early is not None:
            return early
    if b.round == 1 and _siege_choices(state) and not b.siege and not _asked(state, SIEGE):
        _ask(state, b.attacker, SIEGE)
        return events
    if _card_windows(state):
        return events
    b = state.battle
    assert b is not None
    # C40 (a): a Fortress fighting alone that kills every attacker has won, not drawn.
    fortress_alone = not b.sea and not _armies(state, b.defender, b.space)
    events += _round(state)
    if state.prompts.top() is not None:
        return events
    result = _result(state, fortress_alone)
    if result is not None:
        return events + result
    return events + _next_round_or_ask(state)


def _next_round_or_ask(state: ClashState) -> list[Event]:
    """Both sides still stand: the attacker chooses to fight on or to withdraw, except ships
    built into the battle, which have nowhere to go and fight on (C44)."""
    b = state.battle
    assert b is not None
    if not b.origins:
        return _go_on(state)
    _ask(state, b.attacker, BATTLE)
    return []


def _asked(state: ClashState, step: str) -> bool:
    return any(d.kind == step for d in state.prompts.decisions)


def _ask(state: ClashState, seat: int, step: str, **params: object) -> None:
    b = state.battle
    assert b is not None
    pid = f"{step}:{state.round}.{state.turn}.{state.active}.{seat}.{label(b.space)}.{b.round}"
    state.prompts = state.prompts.push(
        Decision(
            pid, seat, step, {"space": label(b.space), "round": b.round, **params}, state.active
        )
    )


def _without_dice(state: ClashState) -> list[Event] | None:
    """Land battles decided without a roll: foreign settlers alone (C51), an undefended city
    without a Fortress (p.4), an undefended barbarian settlement."""
    b = state.battle
    assert b is not None
    if _armies(state, b.defender, b.space):
        return None
    found = city_on(state, b.space)
    has_fortress = found is not None and found[1] is not None and found[1].piece(FORTRESS)
    if has_fortress and b.round == 1 and "wood" not in b.siege:
        return None  # C40 (a): the Fortress fights round 1 alone (unless Siegecraft's Wood)
    return _attacker_won(state)


# -- combat cards (rules.clash.combat_cards) ---------------------------------------------------


def card_options(state: ClashState, side: int) -> list[str]:
    """The action cards ``side`` may play for their combat half before this round (p.12)."""
    b = state.battle
    assert b is not None
    if side == BARBARIANS or not _has(state, side, "tactics"):
        return []
    forces = set()
    if b.sea and _ships(state, side, b.space):
        forces.add(cc.SHIP_FORCE)
    if not b.sea and _armies(state, side, b.space):
        forces.add(cc.ARMY_FORCE)
    found = None if b.sea else city_on(state, b.space)
    city = found[1] if found is not None and found[0] == side else None
    if city is not None and city.piece(FORTRESS) is not None:
        forces.add(cc.FORTRESS_FORCE)
    hand = state.seats[side].actions
    return [
        c
        for c in dict.fromkeys(hand)
        if c in cc.COMBAT_CARDS and cc.COMBAT_CARDS[c].force in forces
    ]


def _card_windows(state: ClashState) -> bool:
    """Open this round's card windows, attacker first (C42): True while one waits."""
    b = state.battle
    assert b is not None
    while b.carded < b.round:
        side = b.attacker if b.deciding == 0 else b.defender
        if card_options(state, side) and not _asked(state, cc.COMBAT_CARD):
            _ask(state, side, cc.COMBAT_CARD)
            return True
        _window_done(state)
        b = state.battle
        assert b is not None
    return False


def _window_done(state: ClashState) -> None:
    b = state.battle
    assert b is not None
    if b.deciding == 0:
        state.battle = replace(b, deciding=1)
    else:
        state.battle = replace(b, deciding=0, carded=b.round)


def _modifiers(state: ClashState, side: int) -> cc.Modifiers:
    b = state.battle
    assert b is not None
    mods = cc.Modifiers()
    for who, card in b.played:
        if who == side:
            cc.COMBAT_CARDS[card].effect(mods)
    return mods


def _card_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix or state.battle is None:
        return []
    return [
        *(
            Choice(c.lower(), "clash.choice.combat_card", {"card": c})
            for c in card_options(state, decision.seat)
        ),
        Choice(cc.PASS, "clash.choice.no_combat_card"),
    ]


def _card_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    b = state.battle
    assert b is not None
    options = {c.lower(): c for c in card_options(state, decision.seat)}
    said = " ".join(toks)
    if said != cc.PASS and said not in options:
        raise IllegalAction("not_a_combat_card", token=said, allowed=[*options.values(), cc.PASS])
    whole = options.get(said, cc.PASS)
    state.prompts = state.prompts.pop(decision.id)
    events: list[Event] = []
    if whole != cc.PASS:
        me = state.seats[decision.seat]
        hand = list(me.actions)
        hand.remove(whole)
        me.actions = tuple(hand)
        state.cards = replace(
            state.cards,
            discards={**state.cards.discards, "action": (*state.cards.discards["action"], whole)},
        )
        state.battle = replace(b, played=(*b.played, (decision.seat, whole)))
        events.append(
            Event(
                "clash.combat_card_played", {"player": state.players[decision.seat], "card": whole}
            )
        )
    _window_done(state)
    return events + _go_on(state)


def _card_problem(state: ClashState, decision: Decision) -> str | None:
    if state.battle is None:
        return "combat_card_without_a_battle"
    return None


CARD_ANSWER = Answer(_card_choices, _card_apply, _card_problem)


# -- a round ---------------------------------------------------------------------------------


def _round(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    first = b.round == 1
    if b.sea:
        att_units = len(_ships(state, b.attacker, b.space))
        def_units = len(_ships(state, b.defender, b.space))
    else:
        att_units = _armies(state, b.attacker, b.space)
        def_units = _armies(state, b.defender, b.space)
    found = None if b.sea else city_on(state, b.space)
    city = found[1] if found is not None else None
    fortress = first and city is not None and city.piece(FORTRESS) is not None
    fortress_die = fortress and "wood" not in b.siege
    att_mods, def_mods = _modifiers(state, b.attacker), _modifiers(state, b.defender)
    att_dice = roll(state, att_units + att_mods.dice)
    def_dice = roll(state, def_units + def_mods.dice)
    fort_dice = roll(state, 1) if fortress_die else []
    att_cv = sum(att_dice) + att_mods.cv
    def_cv = sum(def_dice) + sum(fort_dice) + def_mods.cv
    temple = city is not None and city.piece(TEMPLE) is not None
    if first and temple:
        att_cv += FANATICISM_CV if _has(state, b.attacker, "fanaticism") else 0
        def_cv += FANATICISM_CV if _has(state, b.defender, "fanaticism") else 0
    att_hits, def_hits = att_cv // HIT_EVERY, def_cv // HIT_EVERY
    if first and not b.sea:
        att_steel, def_steel = (
            _has(state, b.attacker, "steel_weapons"),
            _has(state, b.defender, "steel_weapons"),
        )
        if att_steel and not def_steel and def_units:
            att_hits += 1
        if def_steel and not att_steel and att_units and def_units:
            def_hits += 1  # "your Armies" (p.2): not a Fortress fighting alone
    # Cancels: the Fortress protects the defender, Warships their owner (C40, C46).
    if fortress and "ore" not in b.siege:
        att_hits = max(0, att_hits - 1)
    if first and _has(state, b.attacker, "warships") and (b.sea or b.landed):
        def_hits = max(0, def_hits - 1)
    if first and b.sea and _has(state, b.defender, "warships"):
        att_hits = max(0, att_hits - 1)
    def_hits = max(0, def_hits - att_mods.cancel)
    att_hits = max(0, att_hits - def_mods.cancel)
    att_lost, def_lost = min(def_hits, att_units), min(att_hits, def_units)
    events = [
        Event(
            "clash.battle_round",
            {
                "space": label(b.space),
                "round": b.round,
                "attacker": state.players[b.attacker],
                "defender": _name(state, b.defender),
                "attacker_dice": [str(d) for d in att_dice],
                "defender_dice": [str(d) for d in (*def_dice, *fort_dice)],
                "attacker_hits": att_hits,
                "defender_hits": def_hits,
            },
        )
    ]
    state.battle = replace(b, round=b.round + 1, played=())
    events += _lose(state, b.attacker, att_lost)
    events += _lose(state, b.defender, def_lost)
    return events


def _lose(state: ClashState, side: int, count: int) -> list[Event]:
    """``side`` loses ``count`` fighting units on the battle space (casualties, p.12)."""
    b = state.battle
    assert b is not None
    if not count:
        return []
    h = b.space
    if not b.sea:
        if side == BARBARIANS:
            left = state.barbarians.armies[h] - count
            armies = dict(state.barbarians.armies)
            if left:
                armies[h] = left
            else:
                del armies[h]
            state.barbarians = replace(state.barbarians, armies=armies)
            state.battle = replace(b, defeated=b.defeated + count)
        else:
            transfer.remove_land(state, side, h, ARMY, count)
        return [_lost(state, side, f"{ARMY}_{count}")]
    ships = [s for s in state.seats[side].ships if s.hex == h]
    alike = len({s.cargo for s in ships}) == 1
    if count >= len(ships) or alike or state.seats[side].resigned:
        # No choice to make (a resigned seat never decides: its lowest ships sink).
        return _sink(state, side, [s.id for s in ships[:count]])
    _ask(state, side, CASUALTIES, count=count)
    return []


def _lost(state: ClashState, side: int, what: str) -> Event:
    b = state.battle
    assert b is not None
    if side == BARBARIANS:
        return Event("clash.barbarian_units_lost", {"units": [what], "space": label(b.space)})
    params = {"player": state.players[side], "units": [what], "space": label(b.space)}
    return Event("clash.units_lost", params)


def _sink(state: ClashState, seat: int, ids: list[int]) -> list[Event]:
    me = state.seats[seat]
    sunk = [s for s in me.ships if s.id in ids]
    me.ships = [s for s in me.ships if s.id not in ids]
    if seat == state.active:
        marks = state.turn_state.marks
        state.turn_state = replace(
            state.turn_state,
            marks=tuple(m for m in marks if m[0] not in {s.place for s in sunk}),
        )
    cargo = [f"{k}_{n}" for k, n in sorted(Counter(k for s in sunk for k in s.cargo).items())]
    space = label(sunk[0].hex) if sunk else ""
    player = state.players[seat]
    numbers = [str(s.id) for s in sunk]
    params = {"player": player, "ships": numbers, "count": len(numbers), "space": space}
    events = [Event("clash.ships_sunk", params)]
    if cargo:
        # The units aboard are lost with their ships (p.12).
        events.append(Event("clash.units_lost", {"player": player, "units": cargo, "space": space}))
    return events


# -- the end of a round -----------------------------------------------------------------------


def _fighting(state: ClashState, side: int) -> int:
    b = state.battle
    assert b is not None
    if b.sea:
        return len(_ships(state, side, b.space))
    return _armies(state, side, b.space)


def _result(state: ClashState, fortress_alone: bool = False) -> list[Event] | None:
    """The battle's end after a round, if it is over (``fortress_alone``: the defender had no
    army there, only the Fortress fought)."""
    b = state.battle
    assert b is not None
    attackers, defenders = _fighting(state, b.attacker), _fighting(state, b.defender)
    if attackers and defenders:
        return None
    found = None if b.sea else city_on(state, b.space)
    temple = found is not None and found[1] is not None and found[1].piece(TEMPLE) is not None
    if not attackers and not defenders and not fortress_alone:
        events = _settlers_die(state, b.attacker) + _settlers_die(state, b.defender)
        state.battle = None
        events.append(Event("clash.battle_drawn", {"space": label(b.space)}))
        return (
            events + _fanaticism(state, b.attacker, temple) + _fanaticism(state, b.defender, temple)
        )
    if not attackers:
        events = _settlers_die(state, b.attacker) + _fanaticism(state, b.attacker, temple)
        state.battle = None
        if b.defender == BARBARIANS:
            return [*events, Event("clash.barbarians_held", {"space": label(b.space)})]
        return [
            *events,
            Event(
                "clash.battle_won",
                {"player": state.players[b.defender], "space": label(b.space), "defending": True},
            ),
        ]
    return _attacker_won(state)


def _settlers_die(state: ClashState, side: int) -> list[Event]:
    """Settlers left on the battle space without their army die (p.12, C51)."""
    b = state.battle
    assert b is not None
    if side == BARBARIANS or b.sea:
        return []
    n = state.seats[side].settlers.get(b.space, 0)
    if not n:
        return []
    transfer.remove_land(state, side, b.space, SETTLER, n)
    return [_lost(state, side, f"{SETTLER}_{n}")]


def _attacker_won(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    events = _settlers_die(state, b.defender)
    events.append(
        Event(
            "clash.battle_won",
            {"player": state.players[b.attacker], "space": label(b.space), "defending": False},
        )
    )
    if b.sea:
        state.battle = None
        return events
    found = city_on(state, b.space)
    if found is None:
        state.battle = None
        return events
    owner, city = found
    if owner == BARBARIANS:
        return events + _barbarian_city_taken(state)
    assert city is not None
    temple = city.piece(TEMPLE) is not None
    events += _capture(state, owner, city)
    return events + _fanaticism(state, owner, temple)


# -- Fanaticism ------------------------------------------------------------------------------------

FANATICISM: Final = "fanaticism"


def _fanatic_cities(state: ClashState, seat: int) -> list[Hex]:
    """Cities of ``seat`` that can take one more army unit (the army limit, p.8)."""
    me = state.seats[seat]
    return [c.hex for c in me.cities if me.armies.get(c.hex, 0) < ARMY_LIMIT]


def _fanaticism(state: ClashState, side: int, temple: bool) -> list[Event]:
    """Fanaticism (p.2, C47 (b)): a player who loses a battle in a city with a Temple (its
    units wiped out, or its city captured) gains a free army unit in one of its cities, if it
    has one in supply and a city with room; asked (``fanaticism``) when several have room."""
    if not temple or not _has(state, side, FANATICISM) or state.seats[side].resigned:
        return []
    me = state.seats[side]
    aboard = sum(s.cargo.count(ARMY) for s in me.ships)
    if sum(me.armies.values()) + aboard >= BOX_PER_PLAYER[ARMY]:
        return []
    cities = _fanatic_cities(state, side)
    if not cities:
        return []
    if len(cities) == 1:
        return _fanatic_army(state, side, cities[0])
    pid = f"fanaticism:{state.round}.{state.turn}.{state.active}.{side}"
    state.prompts = state.prompts.push(Decision(pid, side, FANATICISM, {}, state.active))
    return []


def _fanatic_army(state: ClashState, seat: int, h: Hex) -> list[Event]:
    me = state.seats[seat]
    me.armies[h] = me.armies.get(h, 0) + 1
    return [Event("clash.fanaticism", {"player": state.players[seat], "space": label(h)})]


def _fanatic_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [
        Choice(token(h), "clash.choice.fanaticism", {"space": label(h)})
        for h in _fanatic_cities(state, decision.seat)
    ]


def _fanatic_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    allowed = {token(h): h for h in _fanatic_cities(state, decision.seat)}
    if len(toks) != 1 or toks[0] not in allowed:
        raise IllegalAction(
            "not_a_fanaticism_city",
            token=" ".join(toks),
            allowed=[label(h) for h in allowed.values()],
        )
    state.prompts = state.prompts.pop(decision.id)
    return _fanatic_army(state, decision.seat, allowed[toks[0]])


def _fanatic_problem(state: ClashState, decision: Decision) -> str | None:
    if not _has(state, decision.seat, FANATICISM):
        return "fanaticism_without_the_advance"
    return None


FANATICISM_ANSWER = Answer(_fanatic_choices, _fanatic_apply, _fanatic_problem)


# -- captures ------------------------------------------------------------------------------------


def _capture(state: ClashState, owner: int, city: City) -> list[Event]:
    b = state.battle
    assert b is not None
    winner = b.attacker
    me, prev = state.seats[winner], state.seats[owner]
    prev.cities = [c for c in prev.cities if c.hex != city.hex]
    pieces: list[Piece] = []
    removed = 0
    for p in city.pieces:
        if p.owner != owner:
            pieces.append(p)
        elif (
            pieces_in_use(state, winner, p.kind)
            + sum(1 for x in pieces if (x.kind, x.owner) == (p.kind, winner))
            < PIECES_PER_KIND
        ):
            pieces.append(Piece(p.kind, winner))
        else:
            removed += 1
    events: list[Event] = []
    player = state.players[winner]
    if not any(p.kind == SETTLEMENT for p in pieces):
        # No Settlement left to swap in: the city leaves the board (p.12, C50).
        gold = sum(1 for p in city.pieces if p.owner == owner)
        gain(me, GOLD, gold)
        events.append(
            Event("clash.city_removed", {"player": player, "space": label(city.hex), "gold": gold})
        )
        if city.wonder is not None:
            state.cards = replace(state.cards, lost=(*state.cards.lost, city.wonder))
        state.battle = None
        return events
    if removed:
        gain(me, GOLD, removed)
    captured = replace(
        city,
        owner=winner,
        pieces=piece_order(pieces),
        mood=ANGRY,
        activations=0,
        activated_angry=False,
    )
    me.cities.append(captured)
    events.append(
        Event(
            "clash.city_captured",
            {"player": player, "from": state.players[owner], "space": label(city.hex)},
        )
    )
    if b.city_mood in (HAPPY, NEUTRAL):
        plunder = gain(me, GOLD, city.size)
        events.append(Event("clash.plunder", {"player": player, "count": plunder}))
        events += _refugees(state, owner)
    if state.prompts.top() is None:
        state.battle = None
    return events


def _refugees(state: ClashState, owner: int) -> list[Event]:
    """The previous owner gains a settler in one of their cities (p.12, C50)."""
    prev = state.seats[owner]
    settlers = sum(prev.settlers.values()) + sum(s.cargo.count(SETTLER) for s in prev.ships)
    if not prev.cities or settlers >= BOX_PER_PLAYER[SETTLER]:
        return []
    if len(prev.cities) == 1 or prev.resigned:
        # No choice to make (a resigned seat never decides: its first city).
        return _place_refugee(state, owner, prev.cities[0].hex)
    _ask(state, owner, REFUGEES)
    return []


def _place_refugee(state: ClashState, owner: int, h: Hex) -> list[Event]:
    prev = state.seats[owner]
    prev.settlers[h] = prev.settlers.get(h, 0) + 1
    return [Event("clash.refugees", {"player": state.players[owner], "space": label(h)})]


def _barbarian_city_taken(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    me = state.seats[b.attacker]
    gold = gain(me, GOLD, b.defeated)
    events = [
        Event(
            "clash.barbarians_defeated",
            {"player": state.players[b.attacker], "space": label(b.space), "count": gold},
        )
    ]
    if pieces_in_use(state, b.attacker, SETTLEMENT) >= PIECES_PER_KIND:
        return events + _destroy_barbarian_city(state)
    _ask(state, b.attacker, BARBARIAN_CITY)
    return events


def _destroy_barbarian_city(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    state.barbarians = replace(state.barbarians, cities=state.barbarians.cities - {b.space})
    gain(state.seats[b.attacker], GOLD, 1)
    state.battle = None
    return [
        Event(
            "clash.barbarian_city_destroyed",
            {"player": state.players[b.attacker], "space": label(b.space)},
        )
    ]


def _keep_barbarian_city(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    state.barbarians = replace(state.barbarians, cities=state.barbarians.cities - {b.space})
    city = City(b.space, b.attacker, (Piece(SETTLEMENT, b.attacker),), mood=ANGRY)
    state.seats[b.attacker].cities.append(city)
    state.battle = None
    return [
        Event(
            "clash.barbarian_city_kept",
            {"player": state.players[b.attacker], "space": label(b.space)},
        )
    ]


# -- withdrawing ----------------------------------------------------------------------------------


def abandon(state: ClashState) -> list[Event]:
    """The attacker resigned in the middle of a battle: its units go back as if withdrawn."""
    return _withdraw(state) if state.battle is not None else []


def answer_for_resigned(state: ClashState, decision: Decision) -> list[Event]:
    """A defender resigned while a battle waited for its choice: the choice a resigned seat
    gets (its lowest-numbered ships sink, its refugee goes to its first city)."""
    b = state.battle
    assert b is not None
    if decision.kind == CASUALTIES:
        me = state.seats[decision.seat]
        ids = sorted(s.id for s in me.ships if s.hex == b.space)[: int(decision.params["count"])]
        return _apply(state, decision, [f"ship{i}" for i in ids])
    if decision.kind == REFUGEES:
        return _apply(state, decision, [token(state.seats[decision.seat].cities[0].hex)])
    raise AssertionError(f"{decision.kind} is not the defender's")


def _withdraw(state: ClashState) -> list[Event]:
    """Every attacking unit goes back where its move began (p.12, C43)."""
    b = state.battle
    assert b is not None
    seat = b.attacker
    me = state.seats[seat]
    lost: Counter[str] = Counter()
    for place, kind, n in b.origins:
        if kind.startswith(SHIP):
            ship = transfer.ship_by_place(me, kind)
            if ship is not None:
                me.ships = [
                    replace(s, hex=parse_hex(place)) if s.id == ship.id else s for s in me.ships
                ]
            continue
        here = (me.armies if kind == ARMY else me.settlers).get(b.space, 0)
        n = min(n, here)
        if not n:
            continue
        transfer.remove_land(state, seat, b.space, kind, n)
        if transfer.is_hold(place):
            ship = transfer.ship_by_place(me, place)
            room = 0 if ship is None else SHIP_CAPACITY - len(ship.cargo)
            back = min(n, room)
            if back and ship is not None:
                cargo = tuple(sorted([*ship.cargo, *([kind] * back)]))
                me.ships = [replace(s, cargo=cargo) if s.id == ship.id else s for s in me.ships]
                state.turn_state = replace(
                    state.turn_state,
                    marks=mk.add(state.turn_state.marks, place, kind, mk.STOPPED, back),
                )
            lost[kind] += n - back
            continue
        h = parse_hex(place)
        counts = me.armies if kind == ARMY else me.settlers
        counts[h] = counts.get(h, 0) + n
        state.turn_state = replace(
            state.turn_state, marks=mk.add(state.turn_state.marks, place, kind, mk.STOPPED, n)
        )
    state.battle = None
    events = [Event("clash.withdrew", {"player": state.players[seat], "space": label(b.space)})]
    if lost:
        # Landed units without room on their ship are lost (C43).
        units = [f"{k}_{n}" for k, n in sorted(lost.items()) if n]
        events.append(
            Event(
                "clash.units_lost",
                {"player": state.players[seat], "units": units, "space": label(b.space)},
            )
        )
    return events


# -- Siegecraft ---------------------------------------------------------------------------------


def _siege_choices(state: ClashState) -> list[str]:
    """The affordable Siegecraft payments against a defending Fortress (p.2), ``none`` first;
    empty when there is no choice to make."""
    b = state.battle
    assert b is not None
    if b.sea or not _has(state, b.attacker, "siegecraft"):
        return []
    found = city_on(state, b.space)
    if found is None or found[1] is None or found[1].piece(FORTRESS) is None:
        return []
    me = state.seats[b.attacker]
    out = [NONE]
    for option, cost in (
        ("wood", {WOOD: SIEGE_COST}),
        ("ore", {ORE: SIEGE_COST}),
        ("wood ore", {WOOD: SIEGE_COST, ORE: SIEGE_COST}),
    ):
        if can_pay(me, cost):
            out.append(option)
    return out if len(out) > 1 else []


# -- answers ---------------------------------------------------------------------------------------


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    b = state.battle
    if b is None:
        return []
    kind = decision.kind
    if kind == BATTLE and not prefix:
        return [
            Choice(ATTACK, "clash.choice.attack_again"),
            Choice(WITHDRAW, "clash.choice.withdraw"),
        ]
    if kind == SIEGE:
        options = _siege_choices(state)
        if not prefix:
            firsts = dict.fromkeys(o.split()[0] for o in options)
            return [
                Choice(
                    t,
                    f"clash.choice.siege_{t}",
                    complete=t in options,
                    more=t == "wood" and "wood ore" in options,
                )
                for t in firsts
            ]
        if prefix == ["wood"] and "wood ore" in options:
            return [Choice("ore", "clash.choice.siege_ore")]
        return []
    if kind == CASUALTIES:
        me = state.seats[decision.seat]
        ships = [s for s in me.ships if s.hex == b.space]
        count = int(decision.params["count"])
        if len(prefix) >= count:
            return []
        left = [s for s in ships if f"ship{s.id}" not in prefix]
        return [
            Choice(
                f"ship{s.id}",
                "clash.choice.sink" if s.cargo else "clash.choice.sink_empty",
                {"ship": s.id, "cargo": [f"{k}_{n}" for k, n in sorted(Counter(s.cargo).items())]},
                complete=len(prefix) + 1 == count,
                more=len(prefix) + 1 < count,
            )
            for s in left
        ]
    if kind == REFUGEES and not prefix:
        return [
            Choice(token(c.hex), "clash.choice.refugees", {"space": label(c.hex)})
            for c in state.seats[decision.seat].cities
        ]
    if kind == BARBARIAN_CITY and not prefix:
        return [
            Choice(KEEP, "clash.choice.keep_city"),
            Choice(DESTROY, "clash.choice.destroy_city"),
        ]
    return []


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    b = state.battle
    assert b is not None
    kind = decision.kind
    whole = " ".join(toks)
    state.prompts = state.prompts.pop(decision.id)
    if kind == BATTLE:
        if whole == WITHDRAW:
            return _withdraw(state)
        if whole != ATTACK:
            raise IllegalAction("attack_or_withdraw", allowed=[ATTACK, WITHDRAW])
        return _go_on(state)
    if kind == SIEGE:
        options = _siege_choices(state)
        if whole not in options:
            raise IllegalAction("not_a_siege_payment", token=whole, allowed=options)
        paid = [] if whole == NONE else whole.split()
        cost = {WOOD: SIEGE_COST if "wood" in paid else 0, ORE: SIEGE_COST if "ore" in paid else 0}
        state.battle = replace(b, siege=tuple(paid) or (NONE,))
        events: list[Event] = []
        if paid:
            spent = pay(state.seats[b.attacker], cost)
            params = {
                "player": state.players[b.attacker],
                "space": label(b.space),
                "paid": [f"{r}_{n}" for r, n in spent.items()],
                # What is cancelled: the Fortress's extra die (Wood), its hit cancel (Ore).
                "cancels": ["die" if p == "wood" else "cancel" for p in paid],
            }
            events.append(Event("clash.siegecraft", params))
        return events + _go_on(state)
    if kind == CASUALTIES:
        me = state.seats[decision.seat]
        here = {f"ship{s.id}" for s in me.ships if s.hex == b.space}
        count = int(decision.params["count"])
        if len(toks) != count or len(set(toks)) != count or not set(toks) <= here:
            raise IllegalAction("choose_ships_lost", count=count, allowed=sorted(here))
        events = _sink(state, decision.seat, [int(t[4:]) for t in toks])
        return events + _after_casualties(state)
    if kind == REFUGEES:
        cities = {token(c.hex): c.hex for c in state.seats[decision.seat].cities}
        if whole not in cities:
            raise IllegalAction("not_your_city", space=whole.upper())
        events = _place_refugee(state, decision.seat, cities[whole])
        state.battle = None
        return events
    if whole == KEEP:
        return _keep_barbarian_city(state)
    if whole == DESTROY:
        return _destroy_barbarian_city(state)
    raise IllegalAction("keep_or_destroy", allowed=[KEEP, DESTROY])


def _after_casualties(state: ClashState) -> list[Event]:
    """The other side may still have to choose its losses; then the round ends."""
    if state.prompts.top() is not None:
        return []
    result = _result(state)
    if result is not None:
        return result
    b = state.battle
    assert b is not None
    return _next_round_or_ask(state)


def _problem(state: ClashState, decision: Decision) -> str | None:
    if state.battle is None:
        return "battle_decision_without_a_battle"
    return None


ANSWER = Answer(_choices, _apply, _problem)
KINDS: tuple[str, ...] = (BATTLE, SIEGE, CASUALTIES, REFUGEES, BARBARIAN_CITY)
#: The public events a battle tells, from its beginning to its last consequence (the view's
#: ``battle_events``, the picture's battle report).
EVENT_KINDS: frozenset[str] = frozenset(
    f"clash.{k}"
    for k in (
        "battle_began",
        "battle_round",
        "units_lost",
        "barbarian_units_lost",
        "ships_sunk",
        "siegecraft",
        "battle_won",
        "battle_drawn",
        "barbarians_held",
        "withdrew",
        "city_captured",
        "city_removed",
        "plunder",
        "refugees",
        "fanaticism",
        "barbarians_defeated",
        "barbarian_city_kept",
        "barbarian_city_destroyed",
    )
)
