"""The Great Lighthouse's ship move (p.15; docs/clash-cards.md §6; C115, C134): after each
activation of its city the owner may Move one ship without an action.

It is a nested decision (kind ``lighthouse``, params ``city``) asked after the activation, only
when some ship has such a move; the answer is a ship group as in a Move action,
``<from> <to> ship<k> [<approach>]`` (:mod:`rules.clash.actions.movement`), or ``done``. The
activation that builds the Lighthouse comes before the wonder stands, so it gives no move.

What the move may do depends on the rules edition:

* **Edition 2** (the printed rules, C134): the one ship moves as a Move action moves it, with
  the same rules and refusals (:func:`rules.clash.actions.move_groups.problem`): it sails, sails
  into a naval battle (fought at once, :mod:`rules.clash.battles.combat`) or explores a
  face-down region (:mod:`rules.clash.actions.exploration`); its cargo goes along and stays
  aboard (landing is a move of the land units, p.9: a Move action's). A decision the activation
  left open (a battle of ships built onto a foreign ship, Dogma's choice and what it brings) is
  answered first: the Lighthouse's decision waits beneath it as a follow-up
  (:data:`LATER`) and is asked once everything above it is answered.
* **Edition 1** (C115): a plain sail only, neither exploring nor attacking, and not asked when
  the activation left a decision open.

After the move (and the battle or exploration it began) the turn goes on where it was; the
ship's mark of this move is forgotten once no decision waits (no Move action is under way, p.9).

Refusals: ``lighthouse_moves_one_ship`` (``allowed``: the moves open), any refusal of the
group itself (:func:`rules.clash.actions.move_groups.problem`); in edition 1 also
``lighthouse_sails_only``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rules.clash.actions import move_groups, movement, routes
from rules.clash.board.hexes import Hex, label, token
from rules.clash.events.flow import defer
from rules.clash.events.resolving import FollowUp
from rules.clash.model.occupancy import occupancy
from rules.clash.model.registry import Answer
from rules.clash.model.state import PRINTED_EDITION, TURN, ClashState
from rules.core import JSON, Choice, Decision, Event, IllegalAction, PromptStack

GREAT_LIGHTHOUSE: Final = "great_lighthouse"
LIGHTHOUSE: Final = "lighthouse"
DONE: Final = "done"
#: The follow-up step (``event_follow_up``) that asks for the move once the decisions the
#: activation left are answered (edition 2, C134).
LATER: Final = "great_lighthouse"

#: A move as its tokens: ``(from, to, ship<k>)``, or with the approach of an exploring ship.
Move = tuple[str, ...]


def full(state: ClashState) -> bool:
    """Whether the move is a whole ship move of a Move action (edition 2, C134) rather than a
    plain sail (edition 1, C115)."""
    return state.edition >= PRINTED_EDITION


def moves(state: ClashState, seat: int) -> list[Move]:
    """Every move of one ship the Lighthouse offers ``seat`` now, as tokens, sorted; the
    approach is named only where a ship could explore from several Sea spaces."""
    occ = occupancy(state)
    whole = full(state)
    out: list[Move] = []
    for s in sorted(state.seats[seat].ships, key=lambda s: s.id):
        place = token(s.hex)
        for h, route in sorted(routes.routes(state, seat, place, occ).items()):
            if not whole and (route.how != routes.SAIL or route.battle):
                continue
            base = (place, token(h), f"ship{s.id}")
            ways = sorted({a for a, _ in route.approaches})
            for toks in [(*base, token(a)) for a in ways] if len(ways) > 1 else [base]:
                g = move_groups.parse(state, seat, list(toks))
                if move_groups.problem(state, seat, g, occ) is None:
                    out.append(toks)
    return sorted(out)


def offer(state: ClashState, seat: int, h: Hex, before: PromptStack) -> list[Event]:
    """After an activation of the city on ``h`` (``before``: the stack when it began): ask for
    the Lighthouse's move when the wonder stands there and a ship can move; when the activation
    left a decision open, edition 2 asks once it is answered, edition 1 not at all."""
    city = state.seats[seat].city_at(h)
    if city is None or city.wonder != GREAT_LIGHTHOUSE:
        return []
    if state.prompts != before:
        if full(state):
            defer(state, len(before.decisions), seat, LATER, city=label(h))
        return []
    return _ask(state, seat, h)


def _ask(state: ClashState, seat: int, h: Hex) -> list[Event]:
    city = state.seats[seat].city_at(h)
    assert city is not None
    if not moves(state, seat):
        return []
    pid = f"{LIGHTHOUSE}:{state.round}.{state.turn}.{seat}.{token(h)}.{city.activations}"
    decision = Decision(pid, seat, LIGHTHOUSE, {"city": label(h)}, seat)
    state.prompts = state.prompts.push(decision)
    return []


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    seat = decision.seat
    k = len(prefix)
    matching = [m for m in moves(state, seat) if len(m) > k and list(m[:k]) == prefix]
    occ = occupancy(state)
    out: list[Choice] = []
    for tok in dict.fromkeys(m[k] for m in matching):
        longer = (*prefix, tok)
        complete = longer in matching
        more = any(len(m) > k + 1 and m[: k + 1] == longer for m in matching)
        out.append(movement.group_choice(state, seat, occ, prefix, tok, complete, more))
    if k == 0:
        out.append(Choice(DONE, "clash.choice.lighthouse_done"))
    return out


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    seat = decision.seat
    if toks == [DONE]:
        state.prompts = state.prompts.pop(decision.id)
        return []
    found = moves(state, seat)
    if tuple(toks) not in found:
        _check(state, seat, toks, found)
    state.prompts = state.prompts.pop(decision.id)
    used = Event("clash.lighthouse_used", {"player": state.players[seat], **decision.params})
    events = [used, *movement.move(state, seat, toks)]
    # No Move action is under way: the ship's mark of this move is forgotten at once (p.9);
    # a battle's or an exploration's keeps until it ends (the dispatcher's end of a move).
    movement.end_move(state)
    return events


def _check(state: ClashState, seat: int, toks: Sequence[str], found: list[Move]) -> None:
    """Refuse a move the Lighthouse does not make: not one ship, a group a Move action would
    refuse, and in edition 1 anything but a plain sail."""
    allowed = [" ".join(m) for m in found]
    g = move_groups.parse(state, seat, toks)
    if len(g.ships) != 1 or g.kinds:
        raise IllegalAction("lighthouse_moves_one_ship", allowed=allowed)
    err = move_groups.problem(state, seat, g, occupancy(state))
    if err is not None:
        raise err
    if not full(state):
        raise IllegalAction("lighthouse_sails_only", allowed=allowed)


def _where(state: ClashState, seat: int, city: JSON) -> Hex | str:
    """The Lighthouse's city named ``city`` for ``seat``, or why it cannot be."""
    try:
        h = state.board.parse(str(city))
    except IllegalAction:
        return f"lighthouse city {city}"
    found = state.seats[seat].city_at(h)
    if found is None or found.wonder != GREAT_LIGHTHOUSE:
        return f"lighthouse decision without the Great Lighthouse on {city}"
    return h


def _problem(state: ClashState, decision: Decision) -> str | None:
    seat = decision.seat
    if state.phase != TURN or decision.turn != seat or state.active != seat:
        return "lighthouse decision outside its owner's turn"
    if set(decision.params) != {"city"}:
        return f"lighthouse decision params {sorted(decision.params)}"
    where = _where(state, seat, decision.params["city"])
    if isinstance(where, str):
        return where
    if not moves(state, seat):
        return "lighthouse decision with no ship that can move"
    return None


LIGHTHOUSE_ANSWER = Answer(_choices, _apply, _problem)


def _later(state: ClashState, seat: int, params: dict[str, JSON]) -> list[Event]:
    """The activation's decisions are answered: ask for the move now, if the city still holds
    the wonder and a ship can move."""
    where = _where(state, seat, params["city"])
    if isinstance(where, str) or state.phase != TURN or state.active != seat:
        return []
    return _ask(state, seat, where)


def _later_problem(state: ClashState, seat: int, params: dict[str, JSON]) -> str | None:
    if not full(state):
        return "lighthouse follow-up in the first edition"
    if set(params) != {"city"}:
        return f"lighthouse follow-up params {sorted(params)}"
    if state.phase != TURN or state.active != seat:
        return "lighthouse follow-up outside its owner's turn"
    where = _where(state, seat, params["city"])
    return where if isinstance(where, str) else None


#: The follow-up of :data:`LATER` (:data:`rules.clash.dispatch.follow_ups.FOLLOW_UPS`).
LIGHTHOUSE_LATER = FollowUp(_later, _later_problem)
