"""Battles (p.12, p.13, p.14; rules reference §4; open points C40-C51, C65-C74).

The rules of a battle, told here; this module runs its course and its decisions, the
parts are :mod:`rules.clash.battles.sides` (who fights, asking, losing units),
:mod:`rules.clash.battles.before_rounds`, :mod:`rules.clash.battles.rolls` (a round) and
:mod:`rules.clash.battles.endings`.

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
Siegecraft, is refused by :func:`rules.clash.battles.before_rounds.attack_refusal`); the **Great
General** (E36, C72: ``great_general``, each side holding it, attacker first); the **Trojan
Horse** (E31, C73: ``trojan_horse``); Siegecraft; the **Solar Eclipse** (E32, C74).

**Combat cards** (:mod:`rules.clash.battles.combat_cards`, C42, C65-C71): before each round the
attacker, then the defender, may play an action card for its combat half (``combat_card``).
The round then goes in the order of docs/clash-cards.md §8.2:

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
from functools import partial

from rules.clash.battles import combat_cards as cc
from rules.clash.battles import facts
from rules.clash.battles.before_rounds import (
    PAYING,
    TROJAN_PRICE,
    answer_cost,
    before_round_one,
    card_choices,
    card_options,
    card_windows,
    eclipse_end,
    free_siege,
    general_key,
    mausoleum_cost,
    mausoleum_splits,
    paid_answer,
    pay_mausoleum,
    pay_siege_food,
    pay_siegecraft,
    retreat_spaces,
    siege_choices,
    siege_food_wanted,
    take_eclipse,
    take_free_siege,
    window_done,
)
from rules.clash.battles.endings import (
    attacker_won,
    battle_result,
    destroy_barbarian_city,
    keep_barbarian_city,
    place_refugee,
    withdraw,
)
from rules.clash.battles.general import use_general
from rules.clash.battles.rolls import fight_round
from rules.clash.battles.sides import (
    ATTACK,
    BARBARIAN_CITY,
    BATTLE,
    CASUALTIES,
    DESTROY,
    GREAT_GENERAL,
    KEEP,
    MAUSOLEUM,
    NONE,
    PAY,
    REFUGEES,
    SIEGE,
    SIEGE_FOOD,
    USE,
    WITHDRAW,
    armies_of,
    ask,
    asked,
    defender_at,
    fighting,
    side_name,
    sink,
)
from rules.clash.board.hexes import Hex, label, token
from rules.clash.box.cards import ACTION_HALVES, TROJAN_HORSE
from rules.clash.box.components import FORTRESS
from rules.clash.model import paying
from rules.clash.model.decks import discard
from rules.clash.model.occupancy import BARBARIANS
from rules.clash.model.registry import Answer
from rules.clash.model.resources import CULTURE, Gold, pay, spend_tokens
from rules.clash.model.state import Battle, ClashState, city_on, working
from rules.clash.model.under_way import nested
from rules.core import Choice, Decision, Event, IllegalAction

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
    units = (fighting(state, attacker), fighting(state, defender))
    events = [
        Event(
            "clash.battle_began",
            {
                "player": state.players[attacker],
                "against": side_name(state, defender),
                "space": label(space),
                "at_sea": sea,
                # What the texts say: a battle, a naval battle, a battle against barbarians.
                "battle": "naval" if sea else "barbarians" if defender == BARBARIANS else "land",
                # What the battle began with (rules.clash.battles.facts).
                **facts.opening(state, state.battle, units),
            },
        )
    ]
    if mausoleum_cost(state):
        # The Great Mausoleum: its attacker pays per army unit on attacking (C69).
        splits = mausoleum_splits(state)
        if len(splits) > 1:
            ask(state, attacker, MAUSOLEUM, count=mausoleum_cost(state))
            return events
        events += pay_mausoleum(state, splits[0])
    return events + _go_on(state)


def _go_on(state: ClashState) -> list[Event]:
    """Fight rounds until the battle ends or a player must choose."""
    b = state.battle
    assert b is not None
    events: list[Event] = []
    if not b.sea:
        early = _without_dice(state)
        if early is not None:
            return early
    if b.round == 1 and before_round_one(state):
        return events
    if b.round == 1 and not b.siege and free_siege(state):
        # The Great Wall read as great_wall=free (C136): then fought as if both were paid.
        return take_free_siege(state) + _go_on(state)
    if b.round == 1 and siege_choices(state) and not b.siege and not asked(state, SIEGE):
        ask(state, b.attacker, SIEGE)
        return events
    take_eclipse(state)
    if card_windows(state):
        return events
    if siege_food_wanted(state):
        if not asked(state, SIEGE_FOOD):
            ask(state, b.defender, SIEGE_FOOD)
        return events
    b = state.battle
    assert b is not None
    # C40 (a): a Fortress fighting alone that kills every attacker has won, not drawn.
    fortress_alone = not b.sea and not armies_of(state, b.defender, b.space)
    eclipse = b.eclipse
    events += fight_round(state)
    if eclipse:
        return events + eclipse_end(state, events, fortress_alone)
    if state.battle is None or nested(state) is not None:
        return events
    result = battle_result(state, fortress_alone)
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
    ask(state, b.attacker, BATTLE)
    return []


def _without_dice(state: ClashState) -> list[Event] | None:
    """Land battles decided without a roll: foreign settlers alone (C51), an undefended city
    without a Fortress (p.4), an undefended barbarian settlement."""
    b = state.battle
    assert b is not None
    if armies_of(state, b.defender, b.space):
        return None
    found = city_on(state, b.space)
    has_fortress = found is not None and found[1] is not None and working(state, found[1], FORTRESS)
    if has_fortress and b.round == 1 and "wood" not in b.siege:
        return None  # C40 (a): the Fortress fights round 1 alone (unless Siegecraft's Wood)
    return attacker_won(state)


# -- combat cards (rules.clash.battles.combat_cards) ---------------------------------------


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
    window_done(state)
    return events + _go_on(state)


def _card_problem(state: ClashState, decision: Decision) -> str | None:
    if state.battle is None:
        return "combat_card_without_a_battle"
    return None


CARD_ANSWER = Answer(card_choices, _card_apply, _card_problem)


# -- withdrawing ----------------------------------------------------------------------------------


def abandon(state: ClashState) -> list[Event]:
    """The attacker resigned in the middle of a battle: its units go back as if withdrawn."""
    return withdraw(state) if state.battle is not None else []


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


# -- answers ---------------------------------------------------------------------------------------


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    """A battle decision's next tokens; those that pay resources then ``gold`` (C138)."""
    if decision.kind not in PAYING:
        return _steps(state, decision, prefix)
    costs = partial(answer_cost, state, decision)
    return paying.offer(prefix, partial(_steps, state, decision), costs)


def _steps(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
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
        options = siege_choices(state)
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
        n = mausoleum_cost(state)
        return [
            Choice(f"mood{k}", "clash.choice.mausoleum", {"mood": k, "culture": n - k})
            for k in mausoleum_splits(state)
        ]
    return []


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    b = state.battle
    assert b is not None
    kind = decision.kind
    toks, gold = paid_answer(state, decision, toks)
    whole = " ".join(toks)
    state.prompts = state.prompts.pop(decision.id)
    if kind == BATTLE:
        if whole == WITHDRAW:
            return withdraw(state)
        if whole != ATTACK:
            raise IllegalAction("attack_or_withdraw", allowed=[ATTACK, WITHDRAW])
        return _go_on(state)
    if kind == SIEGE:
        options = siege_choices(state)
        if whole not in options:
            raise IllegalAction("not_a_siege_payment", token=whole, allowed=options)
        return pay_siegecraft(state, whole, gold) + _go_on(state)
    if kind == CASUALTIES:
        me = state.seats[decision.seat]
        here = {f"ship{s.id}" for s in me.ships if s.hex == b.space}
        count = int(decision.params["count"])
        if len(toks) != count or len(set(toks)) != count or not set(toks) <= here:
            raise IllegalAction("choose_ships_lost", count=count, allowed=sorted(here))
        events = sink(state, decision.seat, [int(t[4:]) for t in toks])
        return events + _after_casualties(state)
    if kind == REFUGEES:
        cities = {token(c.hex): c.hex for c in state.seats[decision.seat].cities}
        if whole not in cities:
            raise IllegalAction("not_your_city", space=whole.upper())
        events = place_refugee(state, decision.seat, cities[whole])
        state.battle = None
        return events
    if kind in (SIEGE_FOOD, GREAT_GENERAL, TROJAN_HORSE, MAUSOLEUM):
        return _apply_before_the_roll(state, decision, whole, gold)
    if whole == KEEP:
        return keep_barbarian_city(state)
    if whole == DESTROY:
        return destroy_barbarian_city(state)
    raise IllegalAction("keep_or_destroy", allowed=[KEEP, DESTROY])


def _apply_before_the_roll(
    state: ClashState, decision: Decision, whole: str, gold: Gold
) -> list[Event]:
    """The answers asked before a round: The Siege's Food, the Great General, the Trojan
    Horse, the Great Mausoleum's payment (the decision is already off the stack; ``gold``
    Gold named paying instead of the Food or Wood held, C138)."""
    b = state.battle
    assert b is not None
    kind, seat = decision.kind, decision.seat
    player = state.players[seat]
    events: list[Event] = []
    if kind == MAUSOLEUM:
        splits = {f"mood{k}": k for k in mausoleum_splits(state)}
        if whole not in splits:
            raise IllegalAction("not_a_mausoleum_payment", token=whole, allowed=sorted(splits))
        return pay_mausoleum(state, splits[whole]) + _go_on(state)
    yes = {SIEGE_FOOD: PAY, GREAT_GENERAL: USE, TROJAN_HORSE: PAY}[kind]
    no = KEEP if kind == GREAT_GENERAL else NONE
    if whole not in (yes, no):
        raise IllegalAction("yes_or_no", allowed=[yes, no])
    if kind == SIEGE_FOOD:
        return pay_siege_food(state, whole == yes, gold) + _go_on(state)
    if kind == GREAT_GENERAL:
        generals = (*b.generals, seat) if whole == yes else b.generals
        state.battle = replace(b, asked=(*b.asked, general_key(state, seat)), generals=generals)
        if whole == yes:
            events.append(use_general(state, seat))
        return events + _go_on(state)
    state.battle = replace(b, asked=(*b.asked, TROJAN_HORSE), trojan=whole == yes)
    if whole == yes:
        me = state.seats[seat]
        spent = pay(me, TROJAN_PRICE, gold)
        spend_tokens(me, CULTURE, 1)
        me.event_points += 1
        paid = [*(f"{r}_{n}" for r, n in spent.items())]
        events.append(Event("clash.trojan_horse", {"player": player, "paid": paid}))
        events.append(Event("clash.event_point", {"player": player, "effect": TROJAN_HORSE}))
    return events + _go_on(state)


def _after_casualties(state: ClashState) -> list[Event]:
    """The other side may still have to choose its losses; then the round ends."""
    if nested(state) is not None:
        return []
    result = battle_result(state)
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
        "siegecraft_free",
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
