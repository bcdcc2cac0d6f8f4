"""The action grammar: ``choices`` and ``apply``.

In a turn (three actions, p.7) the active player may:

* ``move [<group>]``: begin a Move action (p.9), optionally with its first group
  (:mod:`rules.clash.movement` gives the group's form); then, while it lasts, ``<group>`` moves
  the next group and ``done`` ends it. It ends by itself after the third group or when no
  group can move any more (the only answer left);
* ``found <space>``: Found City with a settler there (:mod:`rules.clash.founding`);
* ``end``: end the turn, whatever actions are left. A turn with no action left ends by itself.

While a region being explored waits for its explorer (:mod:`rules.clash.exploration`), the
answer is ``a`` or ``b`` (the way it lies) or a space (for the barbarians, or for the ship).
The other actions of p.7 come with the next issues. In a position standing in the status
phase ``end`` ends the deciding seat's part of the step.
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash import exploration, founding, movement
from rules.clash.components import GROUPS_PER_MOVE
from rules.clash.exploration import BARBARIANS, LAYOUT, LAYOUT_TOKENS, placed
from rules.clash.hexes import label, parse_hex, token
from rules.clash.occupancy import occupancy
from rules.clash.prompts import pending, prompted
from rules.clash.state import STATUS, ClashState
from rules.clash.tiles import SEA
from rules.clash.transfer import ship_by_place
from rules.clash.turns import end_turn, status_step_done
from rules.core import Choice, Event, IllegalAction, deciding, too_long

END, MOVE, FOUND, DONE = "end", "move", "found", "done"


def choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """The legal next tokens of ``seat`` after ``prefix``."""
    if not prompted(state, seat) or too_long(prefix):
        return []
    if state.phase == STATUS:
        return [] if prefix else [Choice(END, f"clash.token.{END}")]
    if state.exploring is not None:
        return [] if prefix else _exploring_choices(state)
    if state.turn_state.moving:
        if not prefix:
            return [*_group_choices(state, seat, []), Choice(DONE, f"clash.token.{DONE}")]
        return _group_choices(state, seat, prefix)
    if not prefix:
        out = []
        if state.turn_state.actions_left and movement.can_move(state, seat):
            out.append(Choice(MOVE, f"clash.token.{MOVE}", complete=True, more=True))
        if state.turn_state.actions_left and founding.spaces(state, seat):
            out.append(Choice(FOUND, f"clash.token.{FOUND}", complete=False, more=True))
        return [*out, Choice(END, f"clash.token.{END}")]
    head, *rest = prefix
    if head == MOVE and state.turn_state.actions_left:
        return _group_choices(state, seat, rest)
    if head == FOUND and not rest and state.turn_state.actions_left:
        return [
            Choice(token(h), "clash.choice.found", {"space": label(h)})
            for h in founding.spaces(state, seat)
        ]
    return []


def _group_choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    occ = occupancy(state)
    try:
        found = movement.next_tokens(state, seat, occ, prefix)
    except IllegalAction:
        return []
    me = state.seats[seat]
    out: list[Choice] = []
    for tok, complete, more in found:
        if len(prefix) == 0:
            ship = ship_by_place(me, tok)
            if ship is not None:
                key, params = "clash.choice.hold", {"ship": ship.id, "space": label(ship.hex)}
            else:
                key, params = "clash.choice.from", {"space": tok.upper()}
        elif len(prefix) == 1:
            route = movement.routes(state, seat, prefix[0], occ)[parse_hex(tok)]
            key, params = f"clash.choice.to.{route.how}", {"space": tok.upper()}
        elif tok in ("army", "settler"):
            key, params = f"clash.unit.{tok}", {}
        elif tok.startswith("ship"):
            key, params = "clash.choice.ship", {"ship": int(tok[4:])}
        elif tok == movement.ORE_TOKEN:
            key, params = "clash.choice.ore", {}
        else:
            key, params = "clash.choice.approach", {"space": tok.upper()}
        out.append(Choice(tok, key, params, complete=complete, more=more))
    return out


def _exploring_choices(state: ClashState) -> list[Choice]:
    e = state.exploring
    assert e is not None
    if e.step == LAYOUT:
        slot = state.board.slot(e.slot)
        out = []
        for turned in e.layouts:
            layout = placed(state, slot, turned)
            seas = [label(h) for h in sorted(layout, key=lambda h: (h.q, h.r)) if layout[h] == SEA]
            params = {"sea": seas, "space": label(e.entered), "terrain": layout[e.entered]}
            key = "clash.choice.layout" if seas else "clash.choice.layout_no_sea"
            out.append(Choice(LAYOUT_TOKENS[turned], key, params))
        return out
    key = "clash.choice.barbarians" if e.step == BARBARIANS else "clash.choice.ship_space"
    return [Choice(token(h), key, {"space": label(h)}) for h in e.spaces]


def apply_tokens(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """Resolve the action ``toks`` of ``seat`` on the engine's private copy."""
    if not prompted(state, seat):
        raise IllegalAction("not_your_turn", waiting=sorted(deciding(pending(state))))
    head, *rest = toks
    if state.phase == STATUS:
        if head != END:
            raise IllegalAction("unknown_action", token=head, allowed=[END])
        if rest:
            raise IllegalAction("too_many_tokens", token=rest[0])
        return status_step_done(state)
    if state.exploring is not None:
        return _answer_exploring(state, seat, toks)
    if state.turn_state.moving:
        if head == DONE:
            if rest:
                raise IllegalAction("too_many_tokens", token=rest[0])
            movement.end_move(state)
            return _after_action(state, seat)
        return _group(state, seat, toks)
    if head == END:
        if rest:
            raise IllegalAction("too_many_tokens", token=rest[0])
        return _end_turn(state)
    if head not in (MOVE, FOUND):
        raise IllegalAction("unknown_action", token=head, allowed=[MOVE, FOUND, END])
    if not state.turn_state.actions_left:
        raise IllegalAction("no_actions_left")
    if head == FOUND:
        if len(rest) != 1:
            raise (
                IllegalAction("found_needs_a_space")
                if not rest
                else IllegalAction("too_many_tokens", token=rest[1])
            )
        h = state.board.parse(rest[0])
        events = founding.found(state, seat, h)
        _spend(state)
        return events + _after_action(state, seat)
    if not rest and not movement.can_move(state, seat):
        raise IllegalAction("nothing_can_move")
    before = state.turn_state
    _spend(state)
    state.turn_state = replace(state.turn_state, moving=GROUPS_PER_MOVE)
    if not rest:
        return [Event("clash.move_began", {"player": state.players[seat]})]
    try:
        return _group(state, seat, rest)
    except IllegalAction:
        state.turn_state = before
        raise


def _spend(state: ClashState) -> None:
    state.turn_state = replace(state.turn_state, actions_left=state.turn_state.actions_left - 1)


def _group(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    events = movement.move(state, seat, toks)
    state.turn_state = replace(state.turn_state, moving=state.turn_state.moving - 1)
    return events + _after_group(state, seat)


def _after_group(state: ClashState, seat: int) -> list[Event]:
    """After a group (and its exploration): the Move action goes on while a group can move."""
    if state.exploring is not None:
        return []
    if state.turn_state.moving and movement.can_move(state, seat):
        return []
    movement.end_move(state)
    return _after_action(state, seat)


def _after_action(state: ClashState, seat: int) -> list[Event]:
    """A turn with no action left ends by itself (``end`` would be the only answer)."""
    if state.turn_state.actions_left:
        return []
    return _end_turn(state)


def _end_turn(state: ClashState) -> list[Event]:
    if state.turn_state.moving:
        movement.end_move(state)
    return end_turn(state)


def _answer_exploring(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    e = state.exploring
    assert e is not None
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    if e.step == LAYOUT:
        by_token = {LAYOUT_TOKENS[t]: t for t in e.layouts}
        if head not in by_token:
            raise IllegalAction("unknown_layout", token=head, allowed=sorted(by_token))
        events = exploration.choose_layout(state, seat, by_token[head])
    else:
        h = state.board.parse(head)
        if h not in e.spaces:
            raise IllegalAction(
                "not_one_of_the_spaces", space=label(h), allowed=[label(x) for x in e.spaces]
            )
        events = exploration.choose_space(state, seat, h)
    return events + _after_group(state, seat)
