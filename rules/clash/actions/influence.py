"""Cultural Influence (p.10, p.11, p.2, p.15; rules reference §3.6; C36, C37, C38, C63) and
Art & Sculptures (p.2).

The rules are told here, with the two turn actions; who may influence what is
:mod:`rules.clash.actions.influence_targets`, an attempt and its roll
:mod:`rules.clash.actions.influence_rolls`.

For one action one of your cities (the **source**) influences a city within its range:

1. **Source**: a city of yours holding no piece of another colour (a city under foreign
   influence cannot influence, p.11).
2. **Target**: a city of size 2 or more whose distance from the source (§1.4: counted through
   explored spaces of any terrain, Sea and foreign cities and armies included, never through a
   face-down region, p.4, p.11, C63) is at most the source's **range** = its size (mood does
   not matter, p.10) + 1 with the Great Statue (p.15) + 1 per culture token spent on range
   (C37 (a)); under the option ``influence_range=example`` (C135) the distance must be less
   than that range, as in p.10's worked example
   (:func:`rules.clash.actions.influence_targets.base_range` decides). The range tokens are
   exactly what the distance needs: more would buy nothing.
   A foreign city must hold a piece other than the Settlement that is not of your colour;
   your own city a piece of another colour (you take it back, p.11). You name the piece's
   kind and need one of that kind in your supply (p.2: 7 of each). Barbarian cities (size 1)
   never qualify (C38). A city of another player's within 2 spaces of that player's Great
   Statue, the Statue's city included, cannot be targeted (p.15, C38).
3. **Roll** one die (:func:`rules.clash.model.dice.roll`) after the range is paid; 5 or 6 succeeds,
   4 to 6 with Conversion (p.2, p.10). After seeing it you may spend culture tokens, +1 each
   (p.10): when the roll falls short and you hold enough culture tokens, a nested decision
   (kind ``influence``) asks how many to spend, **0** or exactly the shortfall (any other
   number only wastes tokens); otherwise the only answer is 0 and it is taken at once.
4. **Success**: the piece is replaced by one of your colour; the old one goes back to its
   colour's supply; the city keeps its owner and mood (p.10). Conversion also gives 1
   culture token (p.2). At most one success per turn; failed attempts may be repeated with
   further actions (p.11, C36). Tokens spent are lost either way.

**Boost blockers** (p.11): against a city of a player other than you, no culture tokens may
be spent on range or on the roll when its owner has Separation of Power and the city is happy,
Totalitarianism and army units of the owner stand in it, or Devotion and it holds a Temple.
Such a city stays a target within the plain range. **Great Pyramids** (p.15, C111): when
built, their city may at once make two attempts without an action (a nested decision
``pyramids``: ``<target> <piece>`` or ``done``), boosts allowed, the one success a turn still
the limit. **Art & Sculptures**: once per turn, pay 1
culture token for a Cultural Influence that costs no action (p.2); it marks the advance used
(:attr:`rules.clash.model.state.TurnState.used`) and adds an attempt, not a success (C36).

**Grammar**::

    influence <source> <target> <piece>     e.g. influence d2 f3 temple
    art <source> <target> <piece>           (Art & Sculptures, no action)
    <n>                                     the decision after a short roll: 0 or the shortfall

``<piece>`` is ``temple``, ``fortress``, ``academy`` or ``port``. The range tokens the
distance needs are paid without being named. Only sources with a target, targets within reach
and affordable, and pieces that qualify are offered.

**Refusals** (codes, rule and page):

* ``already_influenced``: a Cultural Influence succeeded this turn (p.11, C36);
* ``influence_incomplete``: the source, the target and the piece are needed (p.10);
* ``not_your_city`` (``space``): the source is not a city of yours (p.10);
* ``source_under_influence`` (``space``): it holds a piece of another colour (p.11);
* ``no_city_there`` (``space``): no city on the target space (p.10);
* ``barbarians_never_influenced`` (``space``): a barbarian city (size 1, C38);
* ``target_too_small`` (``space``, ``size``): the target must be of size 2 or more (p.10);
* ``protected_by_great_statue`` (``space``): within 2 spaces of its owner's Great Statue (p.15);
* ``bad_piece`` (``token``): not a city piece;
* ``settlement_never_influenced``: the Settlement is never replaced (p.10);
* ``nothing_to_influence`` (``space``): no piece there is of another colour than yours (p.10,
  p.11);
* ``no_such_piece`` (``space``, ``piece``): no piece of that kind there that is not yours;
* ``no_piece_left`` (``piece``): none of that kind in your supply (p.2);
* ``out_of_reach`` (``space``): no path through explored spaces (p.11, C63);
* ``range_boost_blocked`` (``space``, ``distance``, ``range``, ``advance``): the target lies
  beyond the plain range and its owner's advance forbids buying range (p.11);
* ``cannot_pay_range`` (``count``, ``tokens``): the range needs ``count`` culture tokens (p.10);
* ``needs_art_sculptures``, ``art_already_used``, ``art_needs_a_culture_token``: ``art``
  without the advance, a second time this turn, or without a culture token for it (p.2);
* ``boost_amount`` (``allowed``): the decision's answer is 0 or the shortfall.

**Cultural Awe** (the action card, P08): played before, it lets the turn's next attempt (and
only that one, whatever its target) target a barbarian settlement within range: ``influence
<source> <settlement's space> settlement [army|settler]``. On success the settlement becomes
the player's city (neutral), one barbarian unit there one of their army units or settlers
(named when both are in supply), the other units leave; the decision after a short roll
carries it as ``unit``. Refusals ``awe_takes_the_settlement``, ``awe_unit``.

**Propaganda** (the action card, docs/clash-cards.md P02): in the decision after a short roll
a player holding it may play it for +2, with the culture tokens still short if any (it is a
boost: never against a city a boost blocker protects). The decision is asked when the card,
with the tokens held, can make up the shortfall.
"""

from __future__ import annotations

from rules.clash.actions.influence_rolls import (
    PYRAMIDS_ATTEMPTS,
    PYRAMIDS_DONE,
    attempt,
    drop_idle,
    push_pyramids,
    pyramid_city,
    pyramid_targets,
    read,
)
from rules.clash.actions.influence_targets import (
    ART,
    ART_ADVANCE,
    ART_FEE,
    INFLUENCE,
    awe_units,
    base_range,
    pieces,
    sources,
)
from rules.clash.board.hexes import label, token
from rules.clash.box.components import SETTLEMENT
from rules.clash.model.registry import Answer, TurnAction
from rules.clash.model.state import BARBARIAN_SIDE, TURN, ClashState
from rules.core import Choice, Decision, Event, IllegalAction

# -- the turn actions -----------------------------------------------------------------------


def offered(state: ClashState, seat: int) -> bool:
    return next(sources(state, seat, 0), None) is not None


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The source, then the target, then the piece (``influence d2 f3 temple``)."""
    return _choices(state, seat, rest, 0)


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``influence <source> <target> <piece>`` (the action is paid by the dispatcher)."""
    return attempt(state, seat, rest, 0)


def art_offered(state: ClashState, seat: int) -> bool:
    """Art & Sculptures: owned, not used this turn, a culture token for it (p.2)."""
    if ART_ADVANCE not in state.seats[seat].advances or ART_ADVANCE in state.turn_state.used:
        return False
    return next(sources(state, seat, ART_FEE), None) is not None


def art_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if not art_offered(state, seat):
        return []
    return _choices(state, seat, rest, ART_FEE)


def art_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``art <source> <target> <piece>``: 1 culture token instead of an action (p.2)."""
    me = state.seats[seat]
    if ART_ADVANCE not in me.advances:
        raise IllegalAction("needs_art_sculptures")
    if ART_ADVANCE in state.turn_state.used:
        raise IllegalAction("art_already_used")
    if state.turn_state.influenced:
        raise IllegalAction("already_influenced")
    if me.culture_tokens < ART_FEE:
        raise IllegalAction("art_needs_a_culture_token")
    return attempt(state, seat, rest, ART_FEE)


def _choices(state: ClashState, seat: int, rest: list[str], fee: int) -> list[Choice]:
    found = {token(c.hex): (c, ts) for c, ts in sources(state, seat, fee)}
    if not rest:
        return [
            Choice(
                tok,
                "clash.choice.influence_from",
                {"space": label(c.hex), "range": base_range(state, c)},
                complete=False,
                more=True,
            )
            for tok, (c, _) in found.items()
        ]
    if rest[0] not in found:
        return []
    by_target = {token(t.city.hex): t for t in found[rest[0]][1]}
    if len(rest) == 1:
        out = []
        for tok, t in by_target.items():
            if t.city.owner == BARBARIAN_SIDE:
                where = {"space": label(t.city.hex), "count": t.range_tokens}
                key = (
                    "clash.choice.influence_to_barbarians_range"
                    if t.range_tokens
                    else "clash.choice.influence_to_barbarians"
                )
                out.append(Choice(tok, key, where, complete=False, more=True))
                continue
            key = (
                "clash.choice.influence_to_range" if t.range_tokens else "clash.choice.influence_to"
            )
            params = {
                "space": label(t.city.hex),
                "player": state.players[t.city.owner],
                "count": t.range_tokens,
            }
            out.append(Choice(tok, key, params, complete=False, more=True))
        return out
    if len(rest) > 3 or rest[1] not in by_target:
        return []
    target = by_target[rest[1]]
    if target.city.owner == BARBARIAN_SIDE:
        units = awe_units(state, seat, target.city.hex)
        choose = len(units) > 1
        if len(rest) == 2:
            key = "clash.choice.influence_barbarians"
            return [Choice(SETTLEMENT, key, {}, complete=not choose, more=choose)]
        if rest[2] != SETTLEMENT or not choose:
            return []
        return [Choice(u, f"clash.unit.{u}", {}) for u in units]
    if len(rest) > 2:
        return []
    return [
        Choice(
            p.kind,
            "clash.choice.influence_piece",
            {"piece": p.kind, "player": state.players[p.owner]},
        )
        for p in pieces(state, seat, by_target[rest[1]].city)
    ]


#: The two turn actions of :data:`rules.clash.dispatch.grammar.TURN_ACTIONS`.
INFLUENCE_ACTION = TurnAction(INFLUENCE, offered, choices, apply)
ART_ACTION = TurnAction(ART, art_offered, art_choices, art_apply, costs_action=False)


# -- the Great Pyramids' two attempts -------------------------------------------------------


def _pyramids_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    city = pyramid_city(state, decision)
    if city is None or len(prefix) > 1:
        return []
    out = _choices(state, decision.seat, [token(city.hex), *prefix], 0)
    if not prefix:
        out.append(Choice(PYRAMIDS_DONE, "clash.choice.pyramids_done"))
    return out


def _pyramids_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """``<target> <piece>``: one free attempt from the Pyramids' city; ``done``: no more."""
    seat = decision.seat
    if toks == [PYRAMIDS_DONE]:
        state.prompts = state.prompts.pop(decision.id)
        return []
    city = pyramid_city(state, decision)
    assert city is not None
    rest = [token(city.hex), *toks]
    read(state, seat, rest, 0)
    state.prompts = state.prompts.pop(decision.id)
    left = int(decision.params["count"]) - 1
    if left:
        # Beneath a boost decision the attempt may push: asked after it.
        push_pyramids(state, seat, city, left)
    used = Event(
        "clash.pyramids_attempt",
        {"player": state.players[seat], "city": label(city.hex), "count": left},
    )
    events = attempt(state, seat, rest, 0, f"pyramids{left}")
    return [used, *events, *drop_idle(state)]


def _pyramids_problem(state: ClashState, decision: Decision) -> str | None:
    seat = decision.seat
    if state.phase != TURN or decision.turn != seat or state.active != seat:
        return "pyramids decision outside its owner's turn"
    p = decision.params
    if set(p) != {"city", "count"} or p["count"] not in (1, PYRAMIDS_ATTEMPTS):
        return f"pyramids decision params {dict(p)}"
    city = pyramid_city(state, decision)
    if city is None:
        return f"pyramids decision without the Great Pyramids on {p['city']}"
    top = state.prompts.top()
    if top is not None and top.id == decision.id and not pyramid_targets(state, seat, city):
        # Beneath the boost decision its first attempt pushed, it may have no target left (the
        # range was paid in culture tokens); it goes when it comes back up (drop_idle).
        return "pyramids decision with nothing to influence"
    return None


#: The Great Pyramids' attempts (:data:`rules.clash.dispatch.grammar.DECISIONS`).
PYRAMIDS_ANSWER = Answer(_pyramids_choices, _pyramids_apply, _pyramids_problem)
