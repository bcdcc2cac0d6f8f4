"""A combat round (p.12; docs/clash-cards.md §8.2): the combat cards in effect, the cards
that act before the roll (Tactical Retreat, Archers, Martyr), the roll with its dice and CV,
hits and their cancels, and the casualties."""

from __future__ import annotations

from dataclasses import replace

from rules.clash.battles import card_dice
from rules.clash.battles import combat_cards as cc
from rules.clash.battles.endings import attacker_won
from rules.clash.battles.sides import (
    FANATICISM,
    FANATICISM_CV,
    HIT_EVERY,
    fighting,
    lose,
    other_side,
    played_by,
    side_has,
    side_name,
    sink,
)
from rules.clash.board.hexes import label
from rules.clash.box.cards import GENERAL_CV
from rules.clash.box.components import FORTRESS, TEMPLE
from rules.clash.model.dice import roll
from rules.clash.model.state import ClashState, city_on, working
from rules.core import Event


def _cards_in_effect(state: ClashState) -> tuple[str | None, str | None, list[Event]]:
    """The cancel checks (docs/clash-cards.md §8.2): the halves acting this round for the
    attacker and the defender; the ignored cards are told, and Scouts takes the card it made
    ignored into its player's hand instead of the discard pile."""
    b = state.battle
    assert b is not None
    cards = {side: played_by(state, side) for side in (b.attacker, b.defender)}
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


def _archers(state: ClashState, side: int) -> list[Event]:
    """Archers (K04): a die before the roll; 5-6 removes an enemy unit at once."""
    hit, told = card_dice.archers(state, side)
    return [told, *(lose(state, other_side(state, side), 1) if hit else [])]


def _martyr(state: ClashState, side: int) -> list[Event]:
    """Martyr (K18): one unit of its player leaves the battle, then one of the opponent's
    (at sea the ship with least cargo, lowest number first, C70)."""
    events = [Event("clash.martyr", {"player": state.players[side]})]
    for who in (side, other_side(state, side)):
        events += _remove_one(state, who)
    return events


def _remove_one(state: ClashState, side: int) -> list[Event]:
    b = state.battle
    assert b is not None
    if not fighting(state, side):
        return []
    if not b.sea:
        return lose(state, side, 1)
    ship = min(
        (s for s in state.seats[side].ships if s.hex == b.space), key=lambda s: (len(s.cargo), s.id)
    )
    return sink(state, side, [ship.id])


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
    return [Event("clash.tactical_retreat", params), *attacker_won(state)]


def _hits(raw: int, saves: int, card: str | None, sure: int) -> int:
    """Hits scored after the other side's cancels: ``sure`` hits (Routing's) and one hit of
    Ramming cannot be cancelled."""
    rammed = int(card == cc.RAMMING and raw > 0)
    return sure + rammed + max(0, raw - rammed - saves)


def _end_round(state: ClashState) -> None:
    b = state.battle
    assert b is not None
    state.battle = replace(b, round=b.round + 1, played=(), retreat=None, siege_food="")


def fight_round(state: ClashState) -> list[Event]:
    """One combat round, in the order of docs/clash-cards.md §8.2 (see the module docstring;
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
            peltasts[side], told = card_dice.peltasts(state, side, fighting(state, side))
            events += told
    b = state.battle
    assert b is not None
    att_units, def_units = fighting(state, att), fighting(state, dfd)
    found = None if b.sea else city_on(state, b.space)
    city = found[1] if found is not None else None
    # The Siege unpaid ignores the Fortress; High Ground ignores the other's advances.
    fortress = first and city is not None and working(state, city, FORTRESS)
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
    att_mod += FANATICISM_CV if temple and att_adv and side_has(state, att, FANATICISM) else 0
    def_mod += FANATICISM_CV if temple and def_adv and side_has(state, dfd, FANATICISM) else 0
    land1 = first and not b.sea
    steel_att, steel_def = (
        side_has(state, att, "steel_weapons"),
        side_has(state, dfd, "steel_weapons"),
    )
    # Cancels against each side's hits (Fortress, Warships, Peltasts, Upgraded Defenses).
    saves_def = int(fortress and "ore" not in siege) + int(peltasts[dfd]) + (dh.cancel if dh else 0)
    saves_def += int(first and b.sea and def_adv and side_has(state, dfd, "warships"))
    saves_att = int(peltasts[att])
    saves_att += int(first and (b.sea or b.landed) and att_adv and side_has(state, att, "warships"))

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
        events += lose(state, att, att_lost)
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
                "defender": side_name(state, dfd),
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
    events += lose(state, att, att_lost)
    events += lose(state, dfd, def_lost)
    return events
