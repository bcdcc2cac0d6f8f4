"""What comes before the rounds of a battle (p.12, p.15; C42, C48, C65-C74): the combat
card windows before each round, and before round 1 the Great Mausoleum's tokens, the Great
General, the Trojan Horse, Siegecraft, The Siege's Food and the Solar Eclipse."""

from __future__ import annotations

from dataclasses import replace

from rules.clash.battles import combat_cards as cc
from rules.clash.battles.barbarian_raids import great_wall_protects
from rules.clash.battles.endings import battle_result, withdraw
from rules.clash.battles.general import holds_general
from rules.clash.battles.sides import (
    GREAT_GENERAL,
    MAUSOLEUM,
    NONE,
    PAY,
    SIEGE,
    SIEGE_COST,
    SIEGE_FOOD,
    SIEGE_FOOD_COST,
    armies_of,
    ask,
    asked,
    fighting,
    played_by,
    ships_of,
    side_has,
)
from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import LAND
from rules.clash.box.cards import SOLAR_ECLIPSE, TROJAN_HORSE
from rules.clash.box.components import ARMY_LIMIT, FOOD, FORTRESS, ORE, WOOD
from rules.clash.model import paying
from rules.clash.model.occupancy import BARBARIANS, occupancy
from rules.clash.model.paying import Cost
from rules.clash.model.resources import CULTURE, MOOD, Gold, can_pay, pay, spend_tokens
from rules.clash.model.state import WALL_FREE, ClashState, city_on, working
from rules.clash.model.under_way import nested
from rules.core import Choice, Decision, Event, IllegalAction

#: What The Siege's Food costs the defender (K14, C68).
SIEGE_FOOD_PRICE: dict[str, int] = {FOOD: SIEGE_FOOD_COST}
#: What the Trojan Horse costs the attacker in resources, besides 1 culture token (E31, C73).
TROJAN_PRICE: dict[str, int] = {WOOD: 1}


def _forces(state: ClashState, side: int) -> set[str]:
    """The force labels ``side`` has in the battle (p.12): army units on land, its Fortress
    defending its city, ships at sea."""
    b = state.battle
    assert b is not None
    forces = set()
    if b.sea and ships_of(state, side, b.space):
        forces.add(cc.SHIP_FORCE)
    if not b.sea and armies_of(state, side, b.space):
        forces.add(cc.ARMY_FORCE)
    found = None if b.sea else city_on(state, b.space)
    city = found[1] if found is not None and found[0] == side else None
    if city is not None and working(state, city, FORTRESS):
        forces.add(cc.FORTRESS_FORCE)
    return forces


def card_options(state: ClashState, side: int) -> list[str]:
    """The action cards ``side`` may play for their combat half before this round (p.12):
    with Tactics, a force the card names, its role, and only where it can act (C65)."""
    b = state.battle
    assert b is not None
    if side == BARBARIANS or not side_has(state, side, "tactics") or state.seats[side].resigned:
        return []
    if side == b.defender and b.trojan and b.round == 1:
        return []  # the Trojan Horse (E31): no defender's card in round 1
    attacking = side == b.attacker
    in_city = not b.sea and city_on(state, b.space) is not None
    forces = _forces(state, side)
    out = []
    for card in dict.fromkeys(state.seats[side].actions):
        half = cc.COMBAT_CARDS.get(card)
        if half is None or not cc.playable(half, attacking, b.sea, in_city, forces):
            continue
        if _can_act(state, side, half.code):
            out.append(card)
    return out


def _can_act(state: ClashState, side: int, half: str) -> bool:
    """Whether a half can have its effect here (C65): Archers, Routing and Wedge Formation
    need enemy units, Tactical Retreat a space to go to, a defender's Scouts a card to take."""
    b = state.battle
    assert b is not None
    other = b.defender if side == b.attacker else b.attacker
    if half in (cc.ARCHERS, cc.ROUTING, cc.WEDGE):
        return fighting(state, other) > 0
    if half == cc.TACTICAL_RETREAT:
        return bool(retreat_spaces(state, side))
    if half == cc.SCOUTS and side == b.defender:
        return played_by(state, b.attacker) is not None
    return True


def retreat_spaces(state: ClashState, side: int) -> list[Hex]:
    """Where ``side``'s Tactical Retreat may go (K12, C67): an adjacent explored land space
    without foreign units or a foreign city, with room for its army units (p.8)."""
    b = state.battle
    assert b is not None
    occ = occupancy(state)
    me = state.seats[side]
    moving = me.armies.get(b.space, 0)
    return [
        h
        for h in sorted(b.space.neighbours())
        if occ.terrain.get(h) in LAND
        and not occ.foreign(side, h)
        and me.armies.get(h, 0) + moving <= ARMY_LIMIT
    ]


def card_windows(state: ClashState) -> bool:
    """Open this round's card windows, attacker first (C42): True while one waits."""
    b = state.battle
    assert b is not None
    while b.carded < b.round:
        side = b.attacker if b.deciding == 0 else b.defender
        if card_options(state, side) and not asked(state, cc.COMBAT_CARD):
            ask(state, side, cc.COMBAT_CARD)
            return True
        window_done(state)
        b = state.battle
        assert b is not None
    return False


def window_done(state: ClashState) -> None:
    b = state.battle
    assert b is not None
    if b.deciding == 0:
        state.battle = replace(b, deciding=1)
    else:
        state.battle = replace(b, deciding=0, carded=b.round)


def card_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if state.battle is None:
        return []
    options = card_options(state, decision.seat)
    if prefix:
        card = prefix[0].upper()
        if len(prefix) == 1 and card in options and cc.half_of(card) == cc.TACTICAL_RETREAT:
            spaces = retreat_spaces(state, decision.seat)
            return [
                Choice(token(h), "clash.choice.retreat_to", {"space": label(h)}) for h in spaces
            ]
        return []
    out = []
    for c in options:
        half = cc.half_of(c)
        several = half == cc.TACTICAL_RETREAT and len(retreat_spaces(state, decision.seat)) > 1
        out.append(
            Choice(
                c.lower(),
                "clash.choice.combat_card",
                {"card": c, "half": half},
                complete=not several,
                more=several,
            )
        )
    return [*out, Choice(cc.PASS, "clash.choice.no_combat_card")]


def siege_food_wanted(state: ClashState) -> bool:
    """Whether the defender is asked to pay 2 Food against The Siege (K14, C68): it can pay,
    and paying saves something (its card, or its Fortress acting in round 1)."""
    b = state.battle
    assert b is not None
    attacker_card = played_by(state, b.attacker)
    if b.siege_food or attacker_card is None or cc.half_of(attacker_card) != cc.THE_SIEGE:
        return False
    if b.defender == BARBARIANS or state.seats[b.defender].resigned:
        return False
    found = city_on(state, b.space)
    city = found[1] if found is not None else None
    fortress = b.round == 1 and city is not None and working(state, city, FORTRESS)
    if played_by(state, b.defender) is None and not fortress:
        return False
    return can_pay(state.seats[b.defender], SIEGE_FOOD_PRICE)


def pay_siege_food(state: ClashState, paid: bool, gold: Gold = ()) -> list[Event]:
    """The defender's answer to The Siege (``gold`` Gold named instead of Food, C138)."""
    b = state.battle
    assert b is not None
    state.battle = replace(b, siege_food="paid" if paid else "refused")
    if not paid:
        return []
    spent = pay(state.seats[b.defender], SIEGE_FOOD_PRICE, gold)
    params = {"player": state.players[b.defender], "paid": [f"{r}_{n}" for r, n in spent.items()]}
    return [Event("clash.siege_food_paid", params)]


def attack_refusal(state: ClashState, seat: int, to: Hex, armies: int) -> IllegalAction | None:
    """Why ``seat``'s ``armies`` may not attack the city on ``to``, if they may not (p.15):
    the Great Wall's owner's cities with a Fortress need Siegecraft; the Great Mausoleum's
    city costs a mood or culture token per attacking army unit (C69)."""
    found = city_on(state, to)
    if found is None or found[0] in (seat, BARBARIANS) or found[1] is None:
        return None
    city = found[1]
    if (
        working(state, city, FORTRESS)
        and great_wall_protects(state, city)
        and not side_has(state, seat, "siegecraft")
    ):
        return IllegalAction("great_wall_needs_siegecraft", space=label(to))
    me = state.seats[seat]
    if city.wonder == MAUSOLEUM and armies > me.mood_tokens + me.culture_tokens:
        return IllegalAction("mausoleum_tokens", space=label(to), count=armies)
    return None


def mausoleum_cost(state: ClashState) -> int:
    """Army units to pay for against the Great Mausoleum's city (0: none, or paid)."""
    b = state.battle
    assert b is not None
    if b.sea or MAUSOLEUM in b.asked:
        return 0
    found = city_on(state, b.space)
    if found is None or found[1] is None or found[1].wonder != MAUSOLEUM:
        return 0
    return armies_of(state, b.attacker, b.space)


def mausoleum_splits(state: ClashState) -> list[int]:
    """The mood tokens the attacker may pay (the rest in culture tokens), fewest first."""
    b = state.battle
    assert b is not None
    me, n = state.seats[b.attacker], mausoleum_cost(state)
    return list(range(max(0, n - me.culture_tokens), min(n, me.mood_tokens) + 1))


def pay_mausoleum(state: ClashState, mood: int) -> list[Event]:
    b = state.battle
    assert b is not None
    me, n = state.seats[b.attacker], mausoleum_cost(state)
    spend_tokens(me, MOOD, mood)
    spend_tokens(me, CULTURE, n - mood)
    state.battle = replace(b, asked=(*b.asked, MAUSOLEUM))
    params = {"player": state.players[b.attacker], "mood": mood, "culture": n - mood}
    return [Event("clash.mausoleum_paid", {**params, "space": label(b.space)})]


def general_key(state: ClashState, side: int) -> str:
    b = state.battle
    assert b is not None
    return f"general{0 if side == b.attacker else 1}"


def _holds_general(state: ClashState, side: int) -> bool:
    return side != BARBARIANS and holds_general(state, side)


def _trojan_wanted(state: ClashState) -> bool:
    """The Trojan Horse (E31): the attacker of a player's city defended by an army or a
    Fortress may pay 1 Wood + 1 culture token before round 1 (asked only when it can)."""
    b = state.battle
    assert b is not None
    if TROJAN_HORSE not in state.table_effects or b.sea or TROJAN_HORSE in b.asked:
        return False
    found = city_on(state, b.space)
    if found is None or found[1] is None or found[0] != b.defender:
        return False
    defended = bool(armies_of(state, b.defender, b.space)) or working(state, found[1], FORTRESS)
    me = state.seats[b.attacker]
    return defended and me.culture_tokens >= 1 and can_pay(me, TROJAN_PRICE)


def before_round_one(state: ClashState) -> bool:
    """Ask the once-per-battle questions still open before round 1: True while one waits."""
    b = state.battle
    assert b is not None
    for side in (b.attacker, b.defender):
        key = general_key(state, side)
        if key not in b.asked and _holds_general(state, side):
            if not asked(state, GREAT_GENERAL):
                ask(state, side, GREAT_GENERAL)
            return True
    if _trojan_wanted(state):
        if not asked(state, TROJAN_HORSE):
            ask(state, b.attacker, TROJAN_HORSE)
        return True
    return False


def take_eclipse(state: ClashState) -> None:
    """The Solar Eclipse (E32) falls on this land battle: it leaves the table now."""
    b = state.battle
    assert b is not None
    if b.sea or b.eclipse or b.round != 1 or SOLAR_ECLIPSE not in state.table_effects:
        return
    state.table_effects = tuple(e for e in state.table_effects if e != SOLAR_ECLIPSE)
    state.battle = replace(b, eclipse=True)


def eclipse_end(state: ClashState, events: list[Event], fortress_alone: bool) -> list[Event]:
    """After the Solar Eclipse's round (E32): the battle ends; surviving attackers go back as
    in a withdrawal; 1 event point to the winner, or to the defender if both still stand."""
    out: list[Event] = []
    b = state.battle
    ended = {"clash.battle_won", "clash.battle_drawn", "clash.barbarians_held"}
    defender = -2
    if not any(e.kind in ended for e in events) and b is not None and nested(state) is None:
        result = battle_result(state, fortress_alone)
        if result is not None:
            out = result
        else:
            defender = b.defender
            out = [Event("clash.solar_eclipse", {"space": label(b.space)}), *withdraw(state)]
    winners = [str(e.params["player"]) for e in (*events, *out) if e.kind == "clash.battle_won"]
    seat = state.players.index(winners[0]) if winners else defender
    if seat >= 0:
        state.seats[seat].event_points += 1
        out.append(
            Event("clash.event_point", {"player": state.players[seat], "effect": SOLAR_ECLIPSE})
        )
    return out


def free_siege(state: ClashState) -> bool:
    """Whether the attacker has Siegecraft's power without paying (p.15, the Great Wall's "ám
    fizetniük nem kell annak hatásáért" read as ``great_wall=free``, C136): a player with
    Siegecraft attacking a working Fortress of a city the Great Wall protects."""
    b = state.battle
    assert b is not None
    if state.great_wall != WALL_FREE or b.sea or not side_has(state, b.attacker, "siegecraft"):
        return False
    found = city_on(state, b.space)
    if found is None or found[1] is None or found[0] != b.defender:
        return False
    return working(state, found[1], FORTRESS) and great_wall_protects(state, found[1])


def take_free_siege(state: ClashState) -> list[Event]:
    """Siegecraft's both cancels, unpaid (C136): nothing to ask, as nobody would refuse them."""
    b = state.battle
    assert b is not None
    state.battle = replace(b, siege=("wood", "ore"))
    params = {"player": state.players[b.attacker], "space": label(b.space)}
    return [Event("clash.siegecraft_free", params)]


def siege_choices(state: ClashState) -> list[str]:
    """The affordable Siegecraft payments against a defending Fortress (p.2), ``none`` first;
    empty when there is no choice to make (none is, when the Great Wall makes them free)."""
    b = state.battle
    assert b is not None
    if b.sea or not side_has(state, b.attacker, "siegecraft") or free_siege(state):
        return []
    found = city_on(state, b.space)
    if found is None or found[1] is None or not working(state, found[1], FORTRESS):
        return []
    me = state.seats[b.attacker]
    out = [NONE]
    for option in ("wood", "ore", "wood ore"):
        if can_pay(me, siege_cost(option)):
            out.append(option)
    return out if len(out) > 1 else []


#: The answers that pay resources, and may end with ``gold`` (C138).
PAYING: tuple[str, ...] = (SIEGE, SIEGE_FOOD, TROJAN_HORSE)


def answer_cost(state: ClashState, decision: Decision, head: list[str]) -> Cost | None:
    """Who pays and what for the whole answer ``head`` of a paying decision (None if it is
    none, or pays nothing)."""
    whole = " ".join(head)
    me = state.seats[decision.seat]
    if decision.kind == SIEGE and whole != NONE and whole in siege_choices(state):
        return me, siege_cost(whole)
    if decision.kind == SIEGE_FOOD and whole == PAY:
        return me, SIEGE_FOOD_PRICE
    if decision.kind == TROJAN_HORSE and whole == PAY:
        return me, TROJAN_PRICE
    return None


def paid_answer(state: ClashState, decision: Decision, toks: list[str]) -> tuple[list[str], Gold]:
    """The answer's tokens before its ``gold`` words and how many (C138), checked: Gold named
    for an answer that pays nothing, or more than may pay, is refused."""
    if decision.kind not in PAYING:
        return toks, ()
    head, gold = paying.split(toks)
    found = answer_cost(state, decision, head)
    if found is not None:
        paying.check(*found, gold)
    elif gold:
        raise IllegalAction("too_much_gold", gold=len(gold), count=0)
    return head, gold


def pay_siegecraft(state: ClashState, option: str, gold: Gold) -> list[Event]:
    """The attacker's Siegecraft payment ``option`` (checked), ``gold`` Gold named instead
    of the Wood or Ore held (C138)."""
    b = state.battle
    assert b is not None
    paid = [] if option == NONE else option.split()
    state.battle = replace(b, siege=tuple(paid) or (NONE,))
    if not paid:
        return []
    spent = pay(state.seats[b.attacker], siege_cost(option), gold)
    params = {
        "player": state.players[b.attacker],
        "space": label(b.space),
        "paid": [f"{r}_{n}" for r, n in spent.items()],
        # What is cancelled: the Fortress's extra die (Wood), its hit cancel (Ore).
        "cancels": ["die" if p == "wood" else "cancel" for p in paid],
    }
    return [Event("clash.siegecraft", params)]


def siege_cost(option: str) -> dict[str, int]:
    """What a Siegecraft payment (``wood``, ``ore``, ``wood ore``, ``none``) costs (p.2)."""
    paid = option.split()
    return {r: SIEGE_COST for r in (WOOD, ORE) if r in paid}
