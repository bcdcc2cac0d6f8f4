"""The barbarians' event symbols: Barbarians Spawn and Barbarians Attack (p.13, p.14; rules
reference §4.8; open points C52, C53, C54, C63). This module holds their decisions and the
rules below; the spawns and attacks themselves are :mod:`rules.clash.battles.barbarian_raids`.

The event cards (:mod:`rules.clash.events.resolving`) call
:func:`rules.clash.battles.barbarian_raids.spawn` and
:func:`rules.clash.battles.barbarian_raids.attack` with the seat of the player who drew the card,
right after drawing it (p.13). Each is a complete rule: it returns its events and, where the rules
leave a choice, pushes a nested decision on ``state.prompts`` (answered through
:data:`BARBARIAN_ANSWER`); the procedure is over when no decision of
:data:`rules.clash.battles.barbarian_raids.BARBARIAN_KINDS` is left on the stack. "Within 2 spaces"
is counted step by step through explored spaces of any terrain, Sea and foreign cities and units
included, never across a face-down region (p.4, p.13, C63).

**Barbarians Spawn** (p.13, C54), in this order:

1. a barbarian settlement and one barbarian army unit go onto an empty space (no unit of
   anyone, no city) that is explored land, not Barren, not Exhausted, within 2 spaces of one
   of the drawer's cities. The drawer chooses (``barbarian_spawn``) when there are several;
2. one barbarian army unit is added to any barbarian settlement on the board, the new one
   included, that has fewer than 4 units (the army limit applies to barbarians, C54). The
   drawer chooses (``barbarian_reinforce``) when there are several.

A step with no legal space, or with nothing left in the box (7 brown settlements and 16
brown units, p.2; step 1 needs one of each), is skipped with an event saying why; step 2
still follows a skipped step 1.

**Barbarians Attack** (p.13, C53): among the barbarian settlements with units within 2 spaces
of the drawer's cities, the one with the most units attacks, with all of them, the drawer's
city nearest to it. Ties of number or of distance are the drawer's choice of a settlement and
a city (``barbarian_target``); nothing in reach, no attack. **Great Wall** (p.15):
barbarians cannot attack the cities of the player who owns it;
:func:`rules.clash.battles.barbarian_raids.great_wall_protects` is the hook (a city of the owner
with ``wonder == "great_wall"``) and such cities are skipped.

**The attack** (:func:`attack_city`, also for the Mercenaries card) is exactly one combat round
(p.13), fought by the usual rules otherwise: so the defending player may first play an action
card for its combat half (``barbarian_combat_card``, asked only when it has one to play, after
its kept Great General, ``barbarian_great_general``, when it holds one; nobody
plays cards for the barbarians, p.14; what the card does is
:mod:`rules.clash.battles.barbarian_cards`', C125, C126). Dice come from the position's queue first:
a card's own dice before the roll (Archers, Peltasts), the barbarians' (one per unit; the engine
rolls for them), then the defending armies' (and a card's extra die), then the Fortress's, then
Veterans' and Routing's. Hits = combat value // 5 (p.12). The city's Fortress adds its die and
cancels one barbarian hit, with or without defending armies (p.6, p.13, C40); Steel Weapons
gives the defender +1 hit when it has armies there (barbarians never have it, C45); Fanaticism
adds 2 to the defender's combat value in a city with a Temple (C47; its free army unit for a
lost battle is not given: whether units wiped out by barbarians count as a lost battle is
open). The defender's hits kill barbarian units at once; the survivors go back to their
settlement (p.13). The barbarians' hits first remove the units in the city, settlers or armies
as the owner chooses (``barbarian_casualties``, asked only when both are there and not all
die); then each further hit removes one city piece, the owner choosing which
(``barbarian_pieces``, asked only when some but not all pieces other than the Settlement go),
the Settlement last (C52). Below size 1 the city is destroyed, its wonder lost with it
(``state.cards.lost``, p.14; its units have died already). A city that lost a piece becomes
angry; hits taken by units alone change nothing (C52). A resigned owner never decides: its
settlers die first and its pieces go from the last in piece order (Port first).

**Grammar** of the decisions::

    <space>                  barbarian_spawn: the new settlement's space; barbarian_reinforce:
                             the settlement that gets the unit
    <settlement> [<city>]    barbarian_target: the city may be left out when the settlement
                             has one nearest city
    <n>                      barbarian_casualties: the army units lost (the rest of the hits
                             kill settlers)
    <piece> ...              barbarian_pieces: as many pieces as asked (``temple fortress``)
    use | keep               barbarian_great_general: discard the kept Great General for
                             +2 CV in the round, or keep it
    <card> | pass            barbarian_combat_card: an action card for its combat half
                             (``a07``), or none

**Events**: ``clash.barbarians_spawned`` (``player``, ``space``),
``clash.barbarian_spawn_skipped`` (``player``, ``why``: ``no_settlement_left``,
``no_unit_left``, ``no_space``), ``clash.barbarians_reinforced`` (``player``, ``space``,
``count`` the units there now), ``clash.barbarian_reinforcement_skipped`` (``player``,
``why``: ``no_unit_left``, ``no_room``), ``clash.barbarians_no_attack`` (``player``),
``clash.barbarians_attack`` (``player`` the city's owner, ``space`` the city, ``from`` the
settlement, ``count`` the barbarian units), ``clash.barbarian_attack_round`` (``player``,
``space``, ``barbarian_dice``, ``defender_dice``, ``fortress_die`` whether the last of those is
the Fortress's, ``barbarian_hits``, ``defender_hits``),
``clash.barbarian_units_lost`` (``units``, ``space`` the city), ``clash.barbarians_returned``
(``space`` the settlement, ``count``), ``clash.units_lost`` (``player``, ``units``, ``space``),
``clash.city_pieces_lost`` (``player``, ``space``, ``pieces``, ``count``),
``clash.city_destroyed_by_barbarians`` (``player``, ``space``), ``clash.wonder_lost``
(``wonder``, as when a city is razed); a combat card played tells ``clash.combat_card_played``
after ``clash.barbarians_attack`` and its effects as a battle's do (``clash.archers``...).

**Refusals**: ``not_a_barbarian_space`` (``space``, ``allowed``), ``not_a_settlement_with_room``
(``space``, ``allowed``), ``not_an_attacking_settlement`` (``space``, ``allowed``),
``name_the_attacked_city`` (``space``, ``allowed``), ``not_a_nearest_city`` (``space``,
``settlement``, ``allowed``), ``barbarian_casualties`` (``allowed``),
``settlement_lost_last``, ``choose_pieces_lost`` (``count``, ``allowed``),
``not_a_combat_card`` (``token``, ``allowed``), ``yes_or_no`` (``allowed``),
``too_many_tokens`` (``token``); a space that is not one: ``bad_hex``, ``off_board``.
"""

from __future__ import annotations

from rules.clash.battles import barbarian_cards
from rules.clash.battles import combat_cards as cc
from rules.clash.battles.barbarian_raids import (
    CARD,
    CASUALTIES,
    GENERAL,
    PIECES_LOST,
    REINFORCE,
    SPAWN,
    TARGET,
    add_unit,
    attack_city,
    attack_options,
    card_window,
    fight,
    kill,
    non_settlement_pieces,
    reinforce_spaces,
    remove_pieces,
    settle,
    spawn_spaces,
    units_left,
)
from rules.clash.battles.general import holds_general, use_general
from rules.clash.board.hexes import Hex, label, token
from rules.clash.box.components import ARMY, BARBARIAN_SETTLEMENTS, SETTLEMENT, SETTLER
from rules.clash.model.registry import Answer
from rules.clash.model.state import City, ClashState
from rules.clash.model.terrain import terrains
from rules.core import Choice, Decision, Event, IllegalAction, number

# -- Barbarians Attack ------------------------------------------------------------------------


def _casualty_options(state: ClashState, seat: int, h: Hex, hits: int) -> list[int]:
    """The numbers of army units that may die to ``hits`` (the rest of the hits on settlers)."""
    me = state.seats[seat]
    armies, settlers = me.armies.get(h, 0), me.settlers.get(h, 0)
    return list(range(max(0, hits - settlers), min(hits, armies) + 1))


# -- decisions --------------------------------------------------------------------------------


def _space(state: ClashState, text: str) -> Hex:
    return state.board.parse(text)


def _city_of(state: ClashState, decision: Decision) -> City | None:
    space = decision.params.get("space")
    if not isinstance(space, str):
        return None
    return next((c for c in state.seats[decision.seat].cities if label(c.hex) == space), None)


def _piece_options(city: City, count: int, prefix: list[str]) -> list[str]:
    """The next pieces to name after ``prefix``: in piece order, so that each set is offered
    once, and only those leaving enough pieces after them."""
    others = non_settlement_pieces(city)
    at = [others.index(k) if k in others else -1 for k in prefix]
    if any(k < 0 for k in at) or at != sorted(set(at)):
        return []  # a prefix no choice leads to
    start = at[-1] + 1 if at else 0
    need = count - len(prefix)
    return [k for i, k in enumerate(others) if i >= start and len(others) - i >= need]


def _card_choices(state: ClashState, decision: Decision) -> list[Choice]:
    city = _city_of(state, decision)
    if city is None:
        return []
    out = [
        Choice(c.lower(), "clash.choice.combat_card", {"card": c, "half": cc.half_of(c)})
        for c in barbarian_cards.options(state, decision.seat, city.hex)
    ]
    return [*out, Choice(cc.PASS, "clash.choice.no_combat_card")]


def _apply_general(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    city = _city_of(state, decision)
    assert city is not None
    said = " ".join(toks)
    if said not in (barbarian_cards.USE, barbarian_cards.KEEP):
        raise IllegalAction("yes_or_no", allowed=[barbarian_cards.USE, barbarian_cards.KEEP])
    state.prompts = state.prompts.pop(decision.id)
    settlement = _space(state, str(decision.params["from"]))
    used = said == barbarian_cards.USE
    events = [use_general(state, decision.seat)] if used else []
    return events + card_window(state, settlement, city.hex, used)


def _apply_card(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    city = _city_of(state, decision)
    assert city is not None
    options = {c.lower(): c for c in barbarian_cards.options(state, decision.seat, city.hex)}
    said = toks[0]
    if said != cc.PASS and said not in options:
        raise IllegalAction(
            "not_a_combat_card", token=" ".join(toks), allowed=[*options.values(), cc.PASS]
        )
    if len(toks) > 1:
        raise IllegalAction("too_many_tokens", token=toks[1])
    state.prompts = state.prompts.pop(decision.id)
    settlement = _space(state, str(decision.params["from"]))
    general = decision.params.get("general") is True
    return fight(state, settlement, city.hex, options.get(said), general)


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    kind = decision.kind
    if kind == CARD:
        return [] if prefix else _card_choices(state, decision)
    if kind == GENERAL:
        if prefix:
            return []
        return [
            Choice(barbarian_cards.USE, "clash.choice.barbarian_great_general"),
            Choice(barbarian_cards.KEEP, "clash.choice.keep_general"),
        ]
    if kind == SPAWN and not prefix:
        terrain = terrains(state)
        return [
            Choice(
                token(h), "clash.choice.barbarian_space", {"space": label(h), "terrain": terrain[h]}
            )
            for h in spawn_spaces(state, decision.seat)
        ]
    if kind == REINFORCE and not prefix:
        b = state.barbarians
        return [
            Choice(
                token(h),
                "clash.choice.barbarian_settlement",
                {"space": label(h), "count": b.armies.get(h, 0)},
            )
            for h in reinforce_spaces(state)
        ]
    if kind == TARGET:
        options, most = attack_options(state, decision.seat)
        if not prefix:
            settlements = list(dict.fromkeys(s for s, _, _ in options))
            out = []
            for s in settlements:
                several = sum(1 for x, _, _ in options if x == s) > 1
                params = {"space": label(s), "count": most}
                out.append(
                    Choice(
                        token(s),
                        "clash.choice.barbarian_attacker",
                        params,
                        complete=not several,
                        more=several,
                    )
                )
            return out
        if len(prefix) == 1:
            return [
                Choice(token(c), "clash.choice.barbarian_target", {"space": label(c), "count": d})
                for s, c, d in options
                if token(s) == prefix[0]
            ]
        return []
    if kind == CASUALTIES and not prefix:
        city = _city_of(state, decision)
        if city is None:
            return []
        count = int(decision.params["count"])
        out = []
        for army in _casualty_options(state, decision.seat, city.hex, count):
            units = [f"{k}_{n}" for k, n in ((ARMY, army), (SETTLER, count - army)) if n]
            out.append(Choice(str(army), "clash.choice.barbarian_casualties", {"units": units}))
        return out
    if kind == PIECES_LOST:
        city = _city_of(state, decision)
        count = int(decision.params.get("count", 0))
        if city is None or len(prefix) >= count:
            return []
        return [
            Choice(
                k,
                "clash.choice.barbarian_piece",
                {"piece": k},
                complete=len(prefix) + 1 == count,
                more=len(prefix) + 1 < count,
            )
            for k in _piece_options(city, count, prefix)
        ]
    return []


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    kind, seat = decision.kind, decision.seat
    if kind == PIECES_LOST:
        return _apply_pieces(state, decision, toks)
    if kind == CARD:
        return _apply_card(state, decision, toks)
    if kind == GENERAL:
        return _apply_general(state, decision, toks)
    head, *rest = toks
    limit = 1 if kind == TARGET else 0
    if len(rest) > limit:
        raise IllegalAction("too_many_tokens", token=rest[limit])
    if kind == CASUALTIES:
        city = _city_of(state, decision)
        assert city is not None
        count = int(decision.params["count"])
        allowed = _casualty_options(state, seat, city.hex, count)
        army = number(head)
        if army is None or army not in allowed:
            raise IllegalAction("barbarian_casualties", allowed=[str(n) for n in allowed])
        state.prompts = state.prompts.pop(decision.id)
        return kill(state, seat, city.hex, army, count - army)
    h = _space(state, head)
    if kind == SPAWN:
        spaces = spawn_spaces(state, seat)
        if h not in spaces:
            raise IllegalAction(
                "not_a_barbarian_space", space=label(h), allowed=[label(x) for x in spaces]
            )
        state.prompts = state.prompts.pop(decision.id)
        return settle(state, seat, h)
    if kind == REINFORCE:
        spaces = reinforce_spaces(state)
        if h not in spaces:
            raise IllegalAction(
                "not_a_settlement_with_room", space=label(h), allowed=[label(x) for x in spaces]
            )
        state.prompts = state.prompts.pop(decision.id)
        return add_unit(state, seat, h)
    options, _ = attack_options(state, seat)
    settlements = list(dict.fromkeys(s for s, _, _ in options))
    if h not in settlements:
        raise IllegalAction(
            "not_an_attacking_settlement", space=label(h), allowed=[label(s) for s in settlements]
        )
    cities = [c for s, c, _ in options if s == h]
    if not rest and len(cities) > 1:
        raise IllegalAction(
            "name_the_attacked_city", space=label(h), allowed=[label(c) for c in cities]
        )
    target = _space(state, rest[0]) if rest else cities[0]
    if target not in cities:
        raise IllegalAction(
            "not_a_nearest_city",
            space=label(target),
            settlement=label(h),
            allowed=[label(c) for c in cities],
        )
    state.prompts = state.prompts.pop(decision.id)
    return attack_city(state, h, target)


def _apply_pieces(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    city = _city_of(state, decision)
    assert city is not None
    count = int(decision.params["count"])
    others = non_settlement_pieces(city)
    if SETTLEMENT in toks:
        raise IllegalAction("settlement_lost_last")
    if len(toks) != count or len(set(toks)) != count or not set(toks) <= set(others):
        raise IllegalAction("choose_pieces_lost", count=count, allowed=others)
    state.prompts = state.prompts.pop(decision.id)
    return remove_pieces(state, decision.seat, city.hex, toks)


def _problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` cannot stand in ``state`` (positions), or None: its player decides a
    choice the rules leave open now, with the params the engine writes."""
    kind, p, seat = decision.kind, decision.params, decision.seat
    if state.seats[seat].resigned:
        return f"{kind} decision of a resigned seat"
    if kind in (SPAWN, REINFORCE, TARGET):
        wanted = {"count"} if kind == TARGET else set()
        if set(p) != wanted:
            return f"{kind} decision params {sorted(p)}"
        if kind == SPAWN:
            b = state.barbarians
            full = len(b.cities) >= BARBARIAN_SETTLEMENTS or units_left(state) <= 0
            if full or len(spawn_spaces(state, seat)) < 2:
                return "barbarian_spawn decision without a choice"
        elif kind == REINFORCE:
            if len(reinforce_spaces(state)) < 2:
                return "barbarian_reinforce decision without a choice"
        else:
            options, most = attack_options(state, seat)
            if len(options) < 2 or p["count"] != most:
                return "barbarian_target decision without a choice"
        return None
    if kind in (CARD, GENERAL):
        return _window_problem(state, decision)
    if set(p) != {"space", "count"}:
        return f"{kind} decision params {sorted(p)}"
    city = _city_of(state, decision)
    count = p["count"]
    if city is None or not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return f"{kind} decision on {p['space']!r} for {count!r}"
    me = state.seats[seat]
    armies, settlers = me.armies.get(city.hex, 0), me.settlers.get(city.hex, 0)
    if kind == CASUALTIES:
        if not (armies and settlers and count < armies + settlers):
            return "barbarian_casualties decision without a choice"
        return None
    if armies or settlers or count >= len(non_settlement_pieces(city)):
        return "barbarian_pieces decision without a choice"
    return None


def _window_problem(state: ClashState, decision: Decision) -> str | None:
    """A window before the roll stands while barbarians with ``count`` units in the
    settlement ``from`` attack the seat's city on ``space``, and the seat has a Great General
    to use (``barbarian_great_general``) or a card to play (``barbarian_combat_card``, whose
    ``general: true`` says a Great General was used for this round)."""
    p, kind = decision.params, decision.kind
    wanted = {"space", "from", "count"}
    if set(p) != wanted and not (kind == CARD and set(p) == {*wanted, "general"}):
        return f"{kind} decision params {sorted(p)}"
    if "general" in p and p["general"] is not True:
        return f"{kind} decision general {p['general']!r}"
    city = _city_of(state, decision)
    try:
        settlement = _space(state, str(p["from"]))
    except IllegalAction:
        return f"{kind} decision from {p['from']!r}"
    count = state.barbarians.armies.get(settlement, 0)
    attacking = settlement in state.barbarians.cities and count > 0 and p["count"] == count
    if city is None or not attacking:
        return f"{kind} decision on {p['space']!r} from {p['from']!r}"
    if kind == GENERAL and not holds_general(state, decision.seat):
        return f"{GENERAL} decision without a Great General to use"
    if kind == CARD and not barbarian_cards.options(state, decision.seat, city.hex):
        return f"{CARD} decision without a card to play"
    return None


def _default(state: ClashState, decision: Decision) -> list[str]:
    """The answer a resigned seat gets: the first space or option; settlers die first; the
    pieces last in piece order go first; no combat card."""
    if decision.kind == CARD:
        return [cc.PASS]
    if decision.kind == GENERAL:
        return [barbarian_cards.KEEP]
    if decision.kind == PIECES_LOST:
        city = _city_of(state, decision)
        assert city is not None
        return non_settlement_pieces(city)[-int(decision.params["count"]) :]
    if decision.kind == CASUALTIES:
        return [_choices(state, decision, [])[0].token]
    first = _choices(state, decision, [])[0]
    if first.complete:
        return [first.token]
    return [first.token, _choices(state, decision, [first.token])[0].token]


def answer_for_resigned(state: ClashState, decision: Decision) -> list[Event]:
    """The answer given for a seat that resigned while ``decision`` waited for it (for
    :mod:`rules.clash.dispatch.resign`, as combat's defender decisions are)."""
    return _apply(state, decision, _default(state, decision))


#: How the decisions of BARBARIAN_KINDS are answered
#: (:data:`rules.clash.dispatch.grammar.DECISIONS`).
BARBARIAN_ANSWER = Answer(_choices, _apply, _problem)
