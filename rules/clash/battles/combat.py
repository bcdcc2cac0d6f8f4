"""Battles (p.12, p.13, p.14; rules reference §4; open points C40-C51, C65-C74).

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
   (:mod:`rules.clash.model.dice`).
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

**Before round 1** (once per battle): the **Great Mausoleum**'s tokens, paid as the battle
begins (p.15, C69: ``great_mausoleum`` when the split is the attacker's to choose; a move the
attacker cannot pay for, or into a Fortress city of the **Great Wall**'s owner without
Siegecraft, is refused by :func:`attack_refusal`); the **Great General** (E36, C72:
``great_general``, each side holding it, attacker first); the **Trojan Horse** (E31, C73:
``trojan_horse``); Siegecraft; the **Solar Eclipse** (E32, C74) falls on the battle.

**Combat cards** (:mod:`rules.clash.battles.combat_cards`, C42, C65-C71): before each round the
attacker, then the defender, may play an action card for its combat half (``combat_card``).
The round then goes in the order of ``clash-cards.md`` §8.2:

a. cancel checks: Scouts, High Ground, Martyr, and The Siege unless the defender pays 2 Food
   (``siege_food``); both sides cancelling ignores both cards; Scouts takes the card it
   ignored into its player's hand;
b. before the roll: Tactical Retreat ends the battle (the attacker wins); Archers' die;
   Martyr's removals; Peltasts' dice;
c. extra dice and CV: Prepared Defenses, Flanking, For the People, Ramming (+1 die); High
   Morale, Tactical Surprise, The Siege, Wedge Formation, the Great General, Fanaticism (CV);
   Defiant Stand lowers the attacker's CV;
d. the roll (Ambush: the defender first, the attacker losing its casualties before it rolls),
   Veterans' rerolls of 6s;
e. hits (CV // 5, Steel Weapons), Routing's die; cancels (Fortress, Warships, Peltasts,
   Upgraded Defenses) against the hits that can be cancelled (not Routing's nor one of
   Ramming's); High Ground ignores the other side's Steel Weapons, Warships, Fanaticism and
   Siegecraft payments;
f. casualties; after the round Tactical Surprise draws a hidden action card for a side that
   scored a hit; a Solar Eclipse battle ends (1 event point).

Every card effect is told by an event (public: a played card is face up; ``EVENT_KINDS``
are the battle report's). The barbarians' own attacks are :mod:`rules.clash.battles.barbarians`'s.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Final

from rules.clash.battles import card_dice, facts
from rules.clash.battles import combat_cards as cc
from rules.clash.battles.barbarians import great_wall_protects
from rules.clash.battles.general import holds_general, use_general
from rules.clash.board.hexes import Hex, label, parse_hex, token
from rules.clash.board.tiles import LAND
from rules.clash.box.cards import ACTION_HALVES, GENERAL_CV, SOLAR_ECLIPSE, TROJAN_HORSE
from rules.clash.box.components import (
    ANGRY,
    ARMY,
    ARMY_LIMIT,
    BOX_PER_PLAYER,
    FOOD,
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
from rules.clash.model import marks as mk
from rules.clash.model import transfer
from rules.clash.model.decks import discard
from rules.clash.model.dice import roll
from rules.clash.model.occupancy import BARBARIANS, occupancy
from rules.clash.model.registry import Answer
from rules.clash.model.resources import CULTURE, MOOD, can_pay, gain, pay, spend_tokens
from rules.clash.model.state import (
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
SIEGE_FOOD: Final = "siege_food"
GREAT_GENERAL: Final = "great_general"
MAUSOLEUM: Final = "great_mausoleum"
ATTACK, WITHDRAW, NONE, KEEP, DESTROY = "attack", "withdraw", "none", "keep", "destroy"
PAY, USE = "pay", "use"
HIT_EVERY = 5
FANATICISM_CV = 2
FANATICISM: Final = "fanaticism"
SIEGE_COST = 2
#: The Siege (K14): what the defender pays to keep its card and Fortress.
SIEGE_FOOD_COST = 2


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
                # What the battle began with (rules.clash.battles.facts).
                **facts.opening(state, state.battle, units),
            },
        )
    ]
    if _mausoleum_cost(state):
        # The Great Mausoleum: its attacker pays per army unit on attacking (C69).
        splits = _mausoleum_splits(state)
        if len(splits) > 1:
            _ask(state, attacker, MAUSOLEUM, count=_mausoleum_cost(state))
            return events
        events += _pay_mausoleum(state, splits[0])
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
    if b.round == 1 and _before_round_one(state):
        return events
    if b.round == 1 and _siege_choices(state) and not b.siege and not _asked(state, SIEGE):
        _ask(state, b.attacker, SIEGE)
        return events
    _take_eclipse(state)
    if _card_windows(state):
        return events
    if _siege_food_wanted(state):
        if not _asked(state, SIEGE_FOOD):
            _ask(state, b.defender, SIEGE_FOOD)
        return events
    b = state.battle
    assert b is not None
    # C40 (a): a Fortress fighting alone that kills every attacker has won, not drawn.
    fortress_alone = not b.sea and not _armies(state, b.defender, b.space)
    eclipse = b.eclipse
    events += _round(state)
    if eclipse:
        return events + _eclipse_end(state, events, fortress_alone)
    if state.battle is None or state.prompts.top() is not None:
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


# -- combat cards (rules.clash.battles.combat_cards)
# ---------------------------------------------------


def _forces(state: ClashState, side: int) -> set[str]:
    """The force labels ``side`` has in the battle (p.12): army units on land, its Fortress
    defending its city, ships at sea."""
    b = state.battle
    assert b is not None
    forces = set()
    if b.sea and _ships(state, side, b.space):
        forces.add(cc.SHIP_FORCE)
    if not b.sea and _armies(state, side, b.space):
        forces.add(cc.ARMY_FORCE)
    found = None if b.sea else city_on(state, b.space)
    city = found[1] if found is not None and found[0] == side else None
    if city is not None and city.piece(FORTRESS) is not None:
        forces.add(cc.FORTRESS_FORCE)
    return forces


def _played_by(state: ClashState, side: int) -> str | None:
    b = state.battle
    assert b is not None
    return next((card for who, card in b.played if who == side), None)


def card_options(state: ClashState, side: int) -> list[str]:
    """The action cards ``side`` may play for their combat half before this round (p.12):
    with Tactics, a force the card names, its role, and only where it can act (C65)."""
    b = state.battle
    assert b is not None
    if side == BARBARIANS or not _has(state, side, "tactics") or state.seats[side].resigned:
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
        return _fighting(state, other) > 0
    if half == cc.TACTICAL_RETREAT:
        return bool(retreat_spaces(state, side))
    if half == cc.SCOUTS and side == b.defender:
        return _played_by(state, b.attacker) is not None
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


def _card_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
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


def _card_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    b = state.battle
    assert b is not None
    options = {c.lower(): c for c in card_options(state, decision.seat)}
    said = toks[0] if toks else ""
    if (said != cc.PASS and said not in options) or (said == cc.PASS and len(toks) > 1):
        raise IllegalAction(
            "not_a_combat_card", token=" ".join(toks), allowed=[*options.values(), cc.PASS]
        )
    whole = options.get(said, cc.PASS)
    retreat: Hex | None = None
    if whole != cc.PASS and cc.half_of(whole) == cc.TACTICAL_RETREAT:
        spaces = {token(h): h for h in retreat_spaces(state, decision.seat)}
        if len(toks) == 1 and len(spaces) == 1:
            retreat = next(iter(spaces.values()))
        elif len(toks) == 2 and toks[1] in spaces:
            retreat = spaces[toks[1]]
        else:
            raise IllegalAction(
                "not_a_retreat_space",
                token=" ".join(toks[1:]),
                allowed=[label(h) for h in spaces.values()],
            )
    elif len(toks) > 1:
        raise IllegalAction("too_many_tokens", token=toks[1])
    state.prompts = state.prompts.pop(decision.id)
    events: list[Event] = []
    if whole != cc.PASS:
        me = state.seats[decision.seat]
        hand = list(me.actions)
        hand.remove(whole)
        me.actions = tuple(hand)
        discard(state, "action", whole)
        state.battle = replace(b, played=(*b.played, (decision.seat, whole)), retreat=retreat)
        # Public: the two halves name the card played; its id may later be hidden again (a
        # hand, a reshuffled deck), so the events never spell it.
        params = {
            "player": state.players[decision.seat],
            "half": cc.half_of(whole),
            "civil": ACTION_HALVES[whole][0],
        }
        events.append(Event("clash.combat_card_played", params))
    _window_done(state)
    return events + _go_on(state)


def _card_problem(state: ClashState, decision: Decision) -> str | None:
    if state.battle is None:
        return "combat_card_without_a_battle"
    return None


CARD_ANSWER = Answer(_card_choices, _card_apply, _card_problem)


# -- The Siege: the defender may pay 2 Food ------------------------------------------------------


def _siege_food_wanted(state: ClashState) -> bool:
    """Whether the defender is asked to pay 2 Food against The Siege (K14, C68): it can pay,
    and paying saves something (its card, or its Fortress acting in round 1)."""
    b = state.battle
    assert b is not None
    attacker_card = _played_by(state, b.attacker)
    if b.siege_food or attacker_card is None or cc.half_of(attacker_card) != cc.THE_SIEGE:
        return False
    if b.defender == BARBARIANS or state.seats[b.defender].resigned:
        return False
    found = city_on(state, b.space)
    city = found[1] if found is not None else None
    fortress = b.round == 1 and city is not None and city.piece(FORTRESS) is not None
    if _played_by(state, b.defender) is None and not fortress:
        return False
    return can_pay(state.seats[b.defender], {FOOD: SIEGE_FOOD_COST})


def _pay_siege_food(state: ClashState, paid: bool) -> list[Event]:
    b = state.battle
    assert b is not None
    state.battle = replace(b, siege_food="paid" if paid else "refused")
    if not paid:
        return []
    spent = pay(state.seats[b.defender], {FOOD: SIEGE_FOOD_COST})
    params = {"player": state.players[b.defender], "paid": [f"{r}_{n}" for r, n in spent.items()]}
    return [Event("clash.siege_food_paid", params)]


# -- before round 1: Great Mausoleum, Great General, Trojan Horse, Solar Eclipse ----------------


def attack_refusal(state: ClashState, seat: int, to: Hex, armies: int) -> IllegalAction | None:
    """Why ``seat``'s ``armies`` may not attack the city on ``to``, if they may not (p.15):
    the Great Wall's owner's cities with a Fortress need Siegecraft; the Great Mausoleum's
    city costs a mood or culture token per attacking army unit (C69)."""
    found = city_on(state, to)
    if found is None or found[0] in (seat, BARBARIANS) or found[1] is None:
        return None
    city = found[1]
    if (
        city.piece(FORTRESS) is not None
        and great_wall_protects(state, city)
        and not _has(state, seat, "siegecraft")
    ):
        return IllegalAction("great_wall_needs_siegecraft", space=label(to))
    me = state.seats[seat]
    if city.wonder == MAUSOLEUM and armies > me.mood_tokens + me.culture_tokens:
        return IllegalAction("mausoleum_tokens", space=label(to), count=armies)
    return None


def _mausoleum_cost(state: ClashState) -> int:
    """Army units to pay for against the Great Mausoleum's city (0: none, or paid)."""
    b = state.battle
    assert b is not None
    if b.sea or MAUSOLEUM in b.asked:
        return 0
    found = city_on(state, b.space)
    if found is None or found[1] is None or found[1].wonder != MAUSOLEUM:
        return 0
    return _armies(state, b.attacker, b.space)


def _mausoleum_splits(state: ClashState) -> list[int]:
    """The mood tokens the attacker may pay (the rest in culture tokens), fewest first."""
    b = state.battle
    assert b is not None
    me, n = state.seats[b.attacker], _mausoleum_cost(state)
    return list(range(max(0, n - me.culture_tokens), min(n, me.mood_tokens) + 1))


def _pay_mausoleum(state: ClashState, mood: int) -> list[Event]:
    b = state.battle
    assert b is not None
    me, n = state.seats[b.attacker], _mausoleum_cost(state)
    spend_tokens(me, MOOD, mood)
    spend_tokens(me, CULTURE, n - mood)
    state.battle = replace(b, asked=(*b.asked, MAUSOLEUM))
    params = {"player": state.players[b.attacker], "mood": mood, "culture": n - mood}
    return [Event("clash.mausoleum_paid", {**params, "space": label(b.space)})]


def _general_key(state: ClashState, side: int) -> str:
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
    defended = bool(_armies(state, b.defender, b.space)) or found[1].piece(FORTRESS) is not None
    me = state.seats[b.attacker]
    return defended and me.culture_tokens >= 1 and can_pay(me, {WOOD: 1})


def _before_round_one(state: ClashState) -> bool:
    """Ask the once-per-battle questions still open before round 1: True while one waits."""
    b = state.battle
    assert b is not None
    for side in (b.attacker, b.defender):
        key = _general_key(state, side)
        if key not in b.asked and _holds_general(state, side):
            if not _asked(state, GREAT_GENERAL):
                _ask(state, side, GREAT_GENERAL)
            return True
    if _trojan_wanted(state):
        if not _asked(state, TROJAN_HORSE):
            _ask(state, b.attacker, TROJAN_HORSE)
        return True
    return False


def _take_eclipse(state: ClashState) -> None:
    """The Solar Eclipse (E32) falls on this land battle: it leaves the table now."""
    b = state.battle
    assert b is not None
    if b.sea or b.eclipse or b.round != 1 or SOLAR_ECLIPSE not in state.table_effects:
        return
    state.table_effects = tuple(e for e in state.table_effects if e != SOLAR_ECLIPSE)
    state.battle = replace(b, eclipse=True)


def _eclipse_end(state: ClashState, events: list[Event], fortress_alone: bool) -> list[Event]:
    """After the Solar Eclipse's round (E32): the battle ends; surviving attackers go back as
    in a withdrawal; 1 event point to the winner, or to the defender if both still stand."""
    out: list[Event] = []
    b = state.battle
    ended = {"clash.battle_won", "clash.battle_drawn", "clash.barbarians_held"}
    defender = -2
    if not any(e.kind in ended for e in events) and b is not None and state.prompts.top() is None:
        result = _result(state, fortress_alone)
        if result is not None:
            out = result
        else:
            defender = b.defender
            out = [Event("clash.solar_eclipse", {"space": label(b.space)}), *_withdraw(state)]
    winners = [str(e.params["player"]) for e in (*events, *out) if e.kind == "clash.battle_won"]
    seat = state.players.index(winners[0]) if winners else defender
    if seat >= 0:
        state.seats[seat].event_points += 1
        out.append(
            Event("clash.event_point", {"player": state.players[seat], "effect": SOLAR_ECLIPSE})
        )
    return out


# -- a round ---------------------------------------------------------------------------------


def _cards_in_effect(state: ClashState) -> tuple[str | None, str | None, list[Event]]:
    """The cancel checks (``clash-cards.md`` §8.2): the halves acting this round for the
    attacker and the defender; the ignored cards are told, and Scouts takes the card it made
    ignored into its player's hand instead of the discard pile."""
    b = state.battle
    assert b is not None
    cards = {side: _played_by(state, side) for side in (b.attacker, b.defender)}
    halves = {side: None if c is None else cc.half_of(c) for side, c in cards.items()}
    acting = cc.in_effect(halves[b.attacker], halves[b.defender], b.siege_food == "paid")
    events: list[Event] = []
    for side, half in zip((b.attacker, b.defender), acting, strict=True):
        card = cards[side]
        if card is None or half is not None:
            continue
        params = {"player": state.players[side], "half": halves[side]}
        events.append(Event("clash.combat_card_ignored", params))
    for side, other in ((b.attacker, b.defender), (b.defender, b.attacker)):
        taken = cards[other]
        mine = acting[0] if side == b.attacker else acting[1]
        if mine == cc.SCOUTS and taken is not None:
            _take_from_discards(state, side, taken)
            half = cc.half_of(taken)
            params = {"player": state.players[side], "half": half, "from": state.players[other]}
            events.append(Event("clash.scouts_took", params))
    return acting[0], acting[1], events


def _take_from_discards(state: ClashState, seat: int, card: str) -> None:
    pile = list(state.cards.discards["action"])
    del pile[len(pile) - 1 - pile[::-1].index(card)]
    state.cards = replace(state.cards, discards={**state.cards.discards, "action": tuple(pile)})
    me = state.seats[seat]
    me.actions = (*me.actions, card)


def _other(state: ClashState, side: int) -> int:
    b = state.battle
    assert b is not None
    return b.defender if side == b.attacker else b.attacker


def _archers(state: ClashState, side: int) -> list[Event]:
    """Archers (K04): a die before the roll; 5-6 removes an enemy unit at once."""
    hit, told = card_dice.archers(state, side)
    return [told, *(_lose(state, _other(state, side), 1) if hit else [])]


def _martyr(state: ClashState, side: int) -> list[Event]:
    """Martyr (K18): one unit of its player leaves the battle, then one of the opponent's
    (at sea the ship with least cargo, lowest number first, C70)."""
    events = [Event("clash.martyr", {"player": state.players[side]})]
    for who in (side, _other(state, side)):
        events += _remove_one(state, who)
    return events


def _remove_one(state: ClashState, side: int) -> list[Event]:
    b = state.battle
    assert b is not None
    if not _fighting(state, side):
        return []
    if not b.sea:
        return _lose(state, side, 1)
    ship = min(
        (s for s in state.seats[side].ships if s.hex == b.space), key=lambda s: (len(s.cargo), s.id)
    )
    return _sink(state, side, [ship.id])


def _tactical_retreat(state: ClashState) -> list[Event]:
    """Tactical Retreat (K12): the defender's army units and settlers go to the space chosen;
    the battle ends and the attacker has won (capturing a city left behind)."""
    b = state.battle
    assert b is not None and b.retreat is not None
    me = state.seats[b.defender]
    for counts in (me.armies, me.settlers):
        n = counts.pop(b.space, 0)
        if n:
            counts[b.retreat] = counts.get(b.retreat, 0) + n
    params = {"player": state.players[b.defender], "space": label(b.space), "to": label(b.retreat)}
    state.battle = replace(b, retreat=None)
    return [Event("clash.tactical_retreat", params), *_attacker_won(state)]


def _hits(raw: int, saves: int, card: str | None, sure: int) -> int:
    """Hits scored after the other side's cancels: ``sure`` hits (Routing's) and one hit of
    Ramming cannot be cancelled."""
    rammed = int(card == cc.RAMMING and raw > 0)
    return sure + rammed + max(0, raw - rammed - saves)


def _end_round(state: ClashState) -> None:
    b = state.battle
    assert b is not None
    state.battle = replace(b, round=b.round + 1, played=(), retreat=None, siege_food="")


def _round(state: ClashState) -> list[Event]:
    """One combat round, in the order of ``clash-cards.md`` §8.2 (see the module docstring;
    the dice in the order of :mod:`rules.clash.model.dice`)."""
    b = state.battle
    assert b is not None
    first = b.round == 1
    att, dfd = b.attacker, b.defender
    att_card, def_card, events = _cards_in_effect(state)
    # Pre-roll effects.
    if def_card == cc.TACTICAL_RETREAT and b.retreat is not None:
        return events + _tactical_retreat(state)
    cards = ((att, att_card), (dfd, def_card))
    for side, card in cards:
        if card == cc.ARCHERS:
            events += _archers(state, side)
    for side, card in cards:
        if card == cc.MARTYR:
            events += _martyr(state, side)
    peltasts = {att: False, dfd: False}
    for side, card in cards:
        if card == cc.PELTASTS:
            peltasts[side], told = card_dice.peltasts(state, side, _fighting(state, side))
            events += told
    b = state.battle
    assert b is not None
    att_units, def_units = _fighting(state, att), _fighting(state, dfd)
    found = None if b.sea else city_on(state, b.space)
    city = found[1] if found is not None else None
    # The Siege unpaid ignores the Fortress; High Ground ignores the other's advances.
    fortress = first and city is not None and city.piece(FORTRESS) is not None
    fortress = fortress and not (att_card == cc.THE_SIEGE and b.siege_food != "paid")
    siege = () if def_card == cc.HIGH_GROUND else b.siege
    att_adv, def_adv = def_card != cc.HIGH_GROUND, att_card != cc.HIGH_GROUND
    fortress_die = fortress and "wood" not in siege
    if not att_units or not (def_units or fortress_die):
        _end_round(state)  # a pre-roll effect left a side nothing to roll with
        return events
    # Extra dice and combat value.
    ah, dh = cc.HALVES.get(att_card or ""), cc.HALVES.get(def_card or "")
    att_extra, def_extra = (ah.dice if ah else 0), (dh.dice if dh else 0)
    temple = first and city is not None and city.piece(TEMPLE) is not None
    att_mod = (ah.cv if ah else 0) + (GENERAL_CV if att in b.generals else 0)
    def_mod = (dh.cv if dh else 0) + (GENERAL_CV if dfd in b.generals else 0)
    att_mod += def_units if att_card == cc.WEDGE else 0
    att_mod += FANATICISM_CV if temple and att_adv and _has(state, att, FANATICISM) else 0
    def_mod += FANATICISM_CV if temple and def_adv and _has(state, dfd, FANATICISM) else 0
    land1 = first and not b.sea
    steel_att, steel_def = _has(state, att, "steel_weapons"), _has(state, dfd, "steel_weapons")
    # Cancels against each side's hits (Fortress, Warships, Peltasts, Upgraded Defenses).
    saves_def = int(fortress and "ore" not in siege) + int(peltasts[dfd]) + (dh.cancel if dh else 0)
    saves_def += int(first and b.sea and def_adv and _has(state, dfd, "warships"))
    saves_att = int(peltasts[att])
    saves_att += int(first and (b.sea or b.landed) and att_adv and _has(state, att, "warships"))

    if def_card == cc.AMBUSH:
        # Ambush: the defender rolls first; the attacker's losses go before it rolls.
        def_dice = roll(state, def_units + def_extra)
        fort_dice: list[int] = []
        def_cv = sum(def_dice) + def_mod
        steel = land1 and def_adv and steel_def and not steel_att
        def_raw = def_cv // HIT_EVERY + int(steel)
        def_hits = _hits(def_raw, saves_att, def_card, 0)
        att_lost = min(def_hits, att_units)
        events.append(Event("clash.ambush", {"player": state.players[dfd], "count": def_hits}))
        events += _lose(state, att, att_lost)
        att_units -= att_lost
        att_dice = roll(state, att_units + att_extra) if att_units else []
        att_again, told = (
            card_dice.veterans(state, att, att_dice) if att_card == cc.VETERANS else ([], [])
        )
        events += told
        att_cv = sum(att_dice) + sum(att_again) + att_mod
        steel = land1 and att_adv and steel_att and not steel_def and att_units > 0
        att_raw = att_cv // HIT_EVERY + int(steel)
        extra, told = (
            card_dice.routing(state, att, att_raw, def_raw) if att_card == cc.ROUTING else (0, [])
        )
        events += told
        att_hits = _hits(att_raw, saves_def, att_card, extra) if att_units else 0
        def_lost = 0
    else:
        att_dice = roll(state, att_units + att_extra)
        def_dice = roll(state, def_units + def_extra)
        fort_dice = roll(state, 1) if fortress_die else []
        att_again = []
        def_again: list[int] = []
        if att_card == cc.VETERANS:
            att_again, told = card_dice.veterans(state, att, att_dice)
            events += told
        if def_card == cc.VETERANS:
            def_again, told = card_dice.veterans(state, dfd, [*def_dice, *fort_dice])
            events += told
        att_cv = sum(att_dice) + sum(att_again) + att_mod
        def_cv = sum(def_dice) + sum(fort_dice) + sum(def_again) + def_mod
        if def_card == cc.DEFIANT_STAND:
            att_cv = max(0, att_cv - att_units)
        a_steel = land1 and att_adv and steel_att and not steel_def and def_units > 0
        # "your Armies" (p.2): not a Fortress fighting alone.
        d_steel = land1 and def_adv and steel_def and not steel_att and def_units > 0
        att_raw = att_cv // HIT_EVERY + int(a_steel)
        def_raw = def_cv // HIT_EVERY + int(d_steel)
        att_extra_hit = def_extra_hit = 0
        if att_card == cc.ROUTING:
            att_extra_hit, told = card_dice.routing(state, att, att_raw, def_raw)
            events += told
        if def_card == cc.ROUTING:
            def_extra_hit, told = card_dice.routing(state, dfd, def_raw, att_raw)
            events += told
        att_hits = _hits(att_raw, saves_def, att_card, att_extra_hit)
        def_hits = _hits(def_raw, saves_att, def_card, def_extra_hit)
        att_lost = min(def_hits, att_units)
        def_lost = min(att_hits, def_units)
    if def_card == cc.AMBUSH:
        def_lost = min(att_hits, def_units)
        att_lost = 0
    events.append(
        Event(
            "clash.battle_round",
            {
                "space": label(b.space),
                "round": b.round,
                "attacker": state.players[att],
                "defender": _name(state, dfd),
                "attacker_dice": [str(d) for d in att_dice],
                "defender_dice": [str(d) for d in (*def_dice, *fort_dice)],
                # The last defender die is the Fortress's (shown apart in the report).
                "fortress_die": bool(fort_dice),
                "attacker_hits": att_hits,
                "defender_hits": def_hits,
            },
        )
    )
    # After the round: Tactical Surprise draws for a side that scored a hit.
    for side, card, scored in ((att, att_card, att_hits), (dfd, def_card, def_hits)):
        if card == cc.TACTICAL_SURPRISE and scored:
            events += card_dice.surprise(state, side)
    _end_round(state)
    events += _lose(state, att, att_lost)
    events += _lose(state, dfd, def_lost)
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
    if decision.kind == cc.COMBAT_CARD:
        return _card_apply(state, decision, [cc.PASS])
    if decision.kind in (SIEGE_FOOD, GREAT_GENERAL):
        return _apply(state, decision, [KEEP if decision.kind == GREAT_GENERAL else NONE])
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
    if prefix:
        return []
    if kind == SIEGE_FOOD:
        return [Choice(PAY, "clash.choice.siege_food"), Choice(NONE, "clash.choice.siege_no_food")]
    if kind == GREAT_GENERAL:
        return [
            Choice(USE, "clash.choice.great_general"),
            Choice(KEEP, "clash.choice.keep_general"),
        ]
    if kind == TROJAN_HORSE:
        return [Choice(PAY, "clash.choice.trojan_horse"), Choice(NONE, "clash.choice.no_trojan")]
    if kind == MAUSOLEUM:
        n = _mausoleum_cost(state)
        return [
            Choice(f"mood{k}", "clash.choice.mausoleum", {"mood": k, "culture": n - k})
            for k in _mausoleum_splits(state)
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
    if kind in (SIEGE_FOOD, GREAT_GENERAL, TROJAN_HORSE, MAUSOLEUM):
        return _apply_before_the_roll(state, decision, whole)
    if whole == KEEP:
        return _keep_barbarian_city(state)
    if whole == DESTROY:
        return _destroy_barbarian_city(state)
    raise IllegalAction("keep_or_destroy", allowed=[KEEP, DESTROY])


def _apply_before_the_roll(state: ClashState, decision: Decision, whole: str) -> list[Event]:
    """The answers asked before a round: The Siege's Food, the Great General, the Trojan
    Horse, the Great Mausoleum's payment (the decision is already off the stack)."""
    b = state.battle
    assert b is not None
    kind, seat = decision.kind, decision.seat
    player = state.players[seat]
    events: list[Event] = []
    if kind == MAUSOLEUM:
        splits = {f"mood{k}": k for k in _mausoleum_splits(state)}
        if whole not in splits:
            raise IllegalAction("not_a_mausoleum_payment", token=whole, allowed=sorted(splits))
        return _pay_mausoleum(state, splits[whole]) + _go_on(state)
    yes = {SIEGE_FOOD: PAY, GREAT_GENERAL: USE, TROJAN_HORSE: PAY}[kind]
    no = KEEP if kind == GREAT_GENERAL else NONE
    if whole not in (yes, no):
        raise IllegalAction("yes_or_no", allowed=[yes, no])
    if kind == SIEGE_FOOD:
        return _pay_siege_food(state, whole == yes) + _go_on(state)
    if kind == GREAT_GENERAL:
        generals = (*b.generals, seat) if whole == yes else b.generals
        state.battle = replace(b, asked=(*b.asked, _general_key(state, seat)), generals=generals)
        if whole == yes:
            events.append(use_general(state, seat))
        return events + _go_on(state)
    state.battle = replace(b, asked=(*b.asked, TROJAN_HORSE), trojan=whole == yes)
    if whole == yes:
        me = state.seats[seat]
        spent = pay(me, {WOOD: 1})
        spend_tokens(me, CULTURE, 1)
        me.event_points += 1
        paid = [*(f"{r}_{n}" for r, n in spent.items())]
        events.append(Event("clash.trojan_horse", {"player": player, "paid": paid}))
        events.append(Event("clash.event_point", {"player": player, "effect": TROJAN_HORSE}))
    return events + _go_on(state)


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
KINDS: tuple[str, ...] = (
    BATTLE,
    SIEGE,
    CASUALTIES,
    REFUGEES,
    BARBARIAN_CITY,
    SIEGE_FOOD,
    GREAT_GENERAL,
    TROJAN_HORSE,
    MAUSOLEUM,
    cc.COMBAT_CARD,
)
#: What combat cards, the Great General, the Trojan Horse and the Great Mausoleum tell during a
#: battle (without the ``clash.`` prefix).
CARD_EVENT_KINDS: tuple[str, ...] = (
    "combat_card_played",
    "combat_card_ignored",
    "scouts_took",
    "siege_food_paid",
    "tactical_retreat",
    "archers",
    "martyr",
    "peltasts",
    "ambush",
    "veterans",
    "routing",
    "tactical_surprise",
    "great_general",
    "trojan_horse",
    "mausoleum_paid",
    "solar_eclipse",
    "event_point",
)
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
        *CARD_EVENT_KINDS,
    )
)
