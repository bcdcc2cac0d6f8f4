"""The Great Lighthouse's ship move (p.15; docs/clash-cards.md §6; C115): after each activation of
its city the owner may move one ship without an action.

It is a nested decision (kind ``lighthouse``, params ``city``) asked right after the
activation, only when some ship can make such a move; the answer is a ship group as in a Move
action, ``<from> <to> ship<k>`` (:mod:`rules.clash.actions.movement`), or ``done``. The move is a
plain sail (C115): it neither explores nor starts a battle (both belong to a Move action), and
it is not asked under a decision the activation left open (a battle of ships built onto a
foreign ship, Dogma's choice), where it could find nothing left to move. The activation that
builds the Lighthouse comes before the wonder stands, so it gives no move (C115).

Refusals: ``lighthouse_moves_one_ship`` (``allowed``: the moves open), any refusal of the
group itself (:func:`rules.clash.actions.move_groups.problem`), ``lighthouse_sails_only``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rules.clash.actions import move_groups, movement, routes
from rules.clash.board.hexes import Hex, label, token
from rules.clash.model.occupancy import occupancy
from rules.clash.model.registry import Answer
from rules.clash.model.state import TURN, ClashState
from rules.core import Choice, Decision, Event, IllegalAction, PromptStack

GREAT_LIGHTHOUSE: Final = "great_lighthouse"
LIGHTHOUSE: Final = "lighthouse"
DONE: Final = "done"

Sail = tuple[str, str, str]


def sails(state: ClashState, seat: int) -> list[Sail]:
    """Every single-ship sail ``seat`` may make now, as ``(from, to, ship<k>)`` tokens."""
    occ = occupancy(state)
    out: list[Sail] = []
    for s in sorted(state.seats[seat].ships, key=lambda s: s.id):
        place = token(s.hex)
        for h, route in sorted(routes.routes(state, seat, place, occ).items()):
            if route.how != routes.SAIL or route.battle:
                continue
            g = move_groups.parse(state, seat, [place, token(h), f"ship{s.id}"])
            if move_groups.problem(state, seat, g, occ) is None:
                out.append((place, token(h), f"ship{s.id}"))
    return sorted(out)


def offer(state: ClashState, seat: int, h: Hex, before: PromptStack) -> list[Event]:
    """After an activation of the city on ``h``: ask for the Lighthouse's move when it stands
    there, nothing else waits (``before``: the stack when the activation began) and a ship
    can sail."""
    city = state.seats[seat].city_at(h)
    if city is None or city.wonder != GREAT_LIGHTHOUSE or state.prompts != before:
        return []
    if not sails(state, seat):
        return []
    pid = f"{LIGHTHOUSE}:{state.round}.{state.turn}.{seat}.{token(h)}.{city.activations}"
    decision = Decision(pid, seat, LIGHTHOUSE, {"city": label(h)}, seat)
    state.prompts = state.prompts.push(decision)
    return []


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    found = sails(state, decision.seat)
    k = len(prefix)
    if k > 2:
        return []
    matching = [s for s in found if list(s[:k]) == prefix]
    out: list[Choice] = []
    for tok in dict.fromkeys(s[k] for s in matching):
        if k == 0:
            out.append(Choice(tok, "clash.choice.from", {"space": tok.upper()}, False, True))
        elif k == 1:
            out.append(Choice(tok, "clash.choice.to.sail", {"space": tok.upper()}, False, True))
        else:
            out.append(Choice(tok, "clash.choice.ship", {"ship": int(tok[4:])}))
    if k == 0:
        out.append(Choice(DONE, "clash.choice.lighthouse_done"))
    return out


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    seat = decision.seat
    if toks == [DONE]:
        state.prompts = state.prompts.pop(decision.id)
        return []
    found = sails(state, seat)
    if tuple(toks) not in found:
        _refuse(state, seat, toks, found)
    state.prompts = state.prompts.pop(decision.id)
    used = Event("clash.lighthouse_used", {"player": state.players[seat], **decision.params})
    events = [used, *movement.move(state, seat, toks)]
    # No Move action is under way: the ship's mark of this move is forgotten at once (p.9).
    movement.end_move(state)
    return events


def _refuse(state: ClashState, seat: int, toks: Sequence[str], found: list[Sail]) -> None:
    allowed = [" ".join(s) for s in found]
    g = move_groups.parse(state, seat, toks)
    if len(g.ships) != 1 or g.kinds:
        raise IllegalAction("lighthouse_moves_one_ship", allowed=allowed)
    err = move_groups.problem(state, seat, g, occupancy(state))
    if err is not None:
        raise err
    raise IllegalAction("lighthouse_sails_only", allowed=allowed)


def _problem(state: ClashState, decision: Decision) -> str | None:
    seat = decision.seat
    if state.phase != TURN or decision.turn != seat or state.active != seat:
        return "lighthouse decision outside its owner's turn"
    if set(decision.params) != {"city"}:
        return f"lighthouse decision params {sorted(decision.params)}"
    try:
        h = state.board.parse(str(decision.params["city"]))
    except IllegalAction:
        return f"lighthouse decision city {decision.params['city']}"
    city = state.seats[seat].city_at(h)
    if city is None or city.wonder != GREAT_LIGHTHOUSE:
        return f"lighthouse decision without the Great Lighthouse on {decision.params['city']}"
    if not sails(state, seat):
        return "lighthouse decision with no ship that can sail"
    return None


LIGHTHOUSE_ANSWER = Answer(_choices, _apply, _problem)
