"""The status phase that ends every round (p.11; rules reference §2.2; C8-C11).

Five steps, each carried out by every player in turn order from the first player before the
next step begins (p.11). The engine runs a step that leaves nobody a choice; it waits
(``state.status``: the step and the seats still to decide, the first of them asked) where a
player decides:

1. **Objectives** (p.11, :mod:`rules.clash.rounds.objectives`): each player with a status-phase
   objective whose condition holds may complete it (``complete <card> <half> ...`` or
   ``pass``); a player who can complete none is not asked. Then, after round 6 or when a
   player still in the game has no city, the game ends here (p.4, p.11, C8).
2. **Free advance** (p.11, C10): every player gains one advance without paying or using an
   action, by every normal rule (category order, prerequisites, governments); it is not
   optional while one is legal. A player with one legal answer only is not asked. The answer
   is ``<advance> [<government advance>...]`` (the cubes of a government switch, as for
   ``advance``).
3. **Cards** (p.11): every player draws 1 action and 1 objective card (shown only to them).
4. **Raze** (p.11, C11): each player with a size-1 city may remove one of them from the board
   for 1 Gold (``raze <space>``) or keep them (``pass``). Units on its space stay; a wonder
   there is lost (p.14).
5. **First player** (p.11, C9): the player with the highest culture + happiness level picks
   the first player of the next round (``@<handle>``, themselves included). Among several
   with the highest sum, the first of them to the left of the current first player picks; if
   nobody's sum is higher than the current first player's, nothing changes.

Then the next round begins. Refusals: :mod:`rules.clash.rounds.objectives`' (step 1),
``not_a_free_advance``, ``raze_or_pass``, ``not_a_size_1_city``, ``not_a_player``.
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.actions import advance_gains
from rules.clash.board.hexes import label, token
from rules.clash.box.advances import ADVANCE, ADVANCE_IDS
from rules.clash.box.components import GOLD, STATUS_STEPS
from rules.clash.model import decks
from rules.clash.model.order import clockwise, game_ends, turn_order
from rules.clash.model.resources import gain
from rules.clash.model.state import STATUS, ClashState, StatusState
from rules.clash.rounds import objectives
from rules.clash.rounds.scoring import final_outcome, finish
from rules.clash.rounds.start import begin_round
from rules.core import Choice, Event, IllegalAction

OBJECTIVES, FREE_ADVANCE, CARDS, RAZE, FIRST_PLAYER = range(1, 6)
RAZE_TOKEN, PASS = "raze", "pass"
#: Prompt kinds of the steps where players decide (``prompt.clash.<kind>``).
KINDS: dict[int, str] = {
    OBJECTIVES: objectives.STATUS_PROMPT,
    FREE_ADVANCE: "free_advance",
    RAZE: "raze",
    FIRST_PLAYER: "first_player",
}


def begin(state: ClashState) -> list[Event]:
    """The last turn of the round is over: the status phase begins with step 1."""
    state.phase = STATUS
    return _run(state, OBJECTIVES)


def _run(state: ClashState, step: int) -> list[Event]:
    """Carry out steps from ``step`` on until one waits for a player or the round ends."""
    events: list[Event] = []
    order = turn_order(state)
    while step <= STATUS_STEPS:
        state.status = StatusState(step, ())
        if step == OBJECTIVES:
            waiting = tuple(s for s in order if objectives.status_options(state, s))
            if waiting:
                state.status = StatusState(OBJECTIVES, waiting)
                return events
            # After the completions of step 1 (p.11).
            reason = game_ends(state)
            if reason is not None:
                state.status = None
                return events + finish(state, final_outcome(state, reason))
        elif step == FREE_ADVANCE:
            waiting = tuple(s for s in order if free_answers(state, s))
            state.status = StatusState(FREE_ADVANCE, waiting)
            events += _free_advances(state)
            if state.status.waiting or state.prompts.top() is not None:
                return events
        elif step == CARDS:
            for seat in order:
                events += decks.draw_hand_cards(state, seat)
        elif step == RAZE:
            waiting = tuple(s for s in order if _small_cities(state, s))
            if waiting:
                state.status = StatusState(RAZE, waiting)
                return events
        elif step == FIRST_PLAYER:
            picker = first_player_picker(state)
            if picker is not None:
                state.status = StatusState(FIRST_PLAYER, (picker,))
                return events
        step += 1
    return events + begin_round(state)


def resume(state: ClashState) -> list[Event]:
    """After an answer: the step goes on with the seats still to decide, else the next step
    (a nested decision, such as Monuments' reservation, is answered first)."""
    status = state.status
    if status is None or state.prompts.top() is not None:
        return []
    events: list[Event] = []
    if status.step == FREE_ADVANCE:
        events = _free_advances(state)
        if state.prompts.top() is not None or (state.status and state.status.waiting):
            return events
    elif status.step == OBJECTIVES:
        # A seat whose objectives no longer hold (none should) is not asked; the step's
        # end, with its game-end check, follows the last answer.
        waiting = tuple(s for s in status.waiting if objectives.status_options(state, s))
        state.status = replace(status, waiting=waiting)
        if waiting:
            return []
        reason = game_ends(state)
        if reason is not None:
            state.status = None
            return finish(state, final_outcome(state, reason))
    elif status.waiting:
        return []
    return events + _run(state, status.step + 1)


def drop(state: ClashState, seat: int) -> list[Event]:
    """A resigned seat takes no further part in the status phase."""
    status = state.status
    if status is None or seat not in status.waiting:
        return []
    state.status = replace(status, waiting=tuple(s for s in status.waiting if s != seat))
    return resume(state)


# -- step 2: the free advance -----------------------------------------------------------------


def _free_advances(state: ClashState) -> list[Event]:
    """Give their advance to the seats at the front of the line that have one legal answer
    only, in turn order (the shared decks make the order matter); stop at a seat with a
    choice, or while a nested decision waits."""
    events: list[Event] = []
    status = state.status
    assert status is not None
    while status.waiting and state.prompts.top() is None:
        seat = status.waiting[0]
        answers = free_answers(state, seat)
        if len(answers) > 1:
            break
        status = replace(status, waiting=status.waiting[1:])
        state.status = status
        if answers:
            advance, *cubes = answers[0]
            events += _gain(state, seat, advance, tuple(cubes))
        status = state.status
    return events


def free_answers(state: ClashState, seat: int) -> list[list[str]]:
    """Every whole answer of ``seat`` to step 2 (an advance, and the cubes of a switch)."""
    me = state.seats[seat]
    out: list[list[str]] = []
    for advance in advance_gains.gainable(me):
        moved = advance_gains.switching(me, advance)
        wanted = max(0, len(moved) - 1)
        if not wanted:
            out.append([advance])
            continue
        others = [
            a
            for a in ADVANCE_IDS
            if ADVANCE[a].category == ADVANCE[advance].category and a != advance
        ]
        out += [[advance, *combo] for combo in _combinations(others, wanted)]
    return out


def _combinations(items: list[str], k: int) -> list[list[str]]:
    if k == 0:
        return [[]]
    return [
        [first, *rest]
        for i, first in enumerate(items)
        for rest in _combinations(items[i + 1 :], k - 1)
    ]


def _gain(state: ClashState, seat: int, advance: str, cubes: tuple[str, ...]) -> list[Event]:
    events = [Event("clash.free_advance", {"player": state.players[seat], "advance": advance})]
    return events + advance_gains.gained(state, seat, advance, cubes)


# -- step 4: razing -----------------------------------------------------------------------------


def _small_cities(state: ClashState, seat: int) -> list[str]:
    return [token(c.hex) for c in state.seats[seat].cities if c.size == 1]


def _raze(state: ClashState, seat: int, space: str) -> list[Event]:
    me = state.seats[seat]
    city = next(c for c in me.cities if token(c.hex) == space)
    me.cities = [c for c in me.cities if c is not city]
    events = [Event("clash.city_razed", {"player": state.players[seat], "space": label(city.hex)})]
    if city.wonder is not None:
        state.cards = replace(state.cards, lost=(*state.cards.lost, city.wonder))
        events.append(Event("clash.wonder_lost", {"wonder": city.wonder}))
    gain(me, GOLD, 1)
    return events


# -- step 5: the first player --------------------------------------------------------------------


def first_player_picker(state: ClashState) -> int | None:
    """Who picks the next first player (C9), or None when nothing changes."""
    live = [s for s in clockwise(state, state.first) if not state.seats[s].resigned]

    def total(seat: int) -> int:
        me = state.seats[seat]
        return me.culture_level + me.happiness_level

    best = max(total(s) for s in live)
    if state.first in live and total(state.first) == best:
        return None
    # The current first player is last in the search: "to the left of" them.
    after = [s for s in live if s != state.first]
    return next(s for s in after if total(s) == best)


# -- answers ------------------------------------------------------------------------------------


def choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    status = state.status
    if status is None or not status.waiting or status.waiting[0] != seat:
        return []
    if status.step == OBJECTIVES:
        return objectives.status_choices(state, seat, prefix)
    if status.step == FREE_ADVANCE:
        answers = free_answers(state, seat)
        n = len(prefix)
        nexts: dict[str, tuple[bool, bool]] = {}
        for a in answers:
            if a[:n] == prefix and len(a) > n:
                complete, more = nexts.get(a[n], (False, False))
                nexts[a[n]] = (complete or len(a) == n + 1, more or len(a) > n + 1)
        key = "clash.choice.free_advance" if not prefix else "clash.choice.cube"
        return [Choice(t, key, {"advance": t}, complete=c, more=m) for t, (c, m) in nexts.items()]
    if status.step == RAZE:
        if not prefix:
            return [
                Choice(RAZE_TOKEN, "clash.token.raze", complete=False, more=True),
                Choice(PASS, "clash.token.pass"),
            ]
        if prefix == [RAZE_TOKEN]:
            return [
                Choice(t, "clash.choice.raze", {"space": t.upper()})
                for t in _small_cities(state, seat)
            ]
        return []
    if status.step == FIRST_PLAYER and not prefix:
        return [
            Choice(
                f"@{state.players[s]}", "clash.choice.first_player", {"player": state.players[s]}
            )
            for s in state.live()
        ]
    return []


def apply(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """The deciding seat's answer to the step."""
    status = state.status
    assert status is not None and status.waiting[0] == seat
    rest = tuple(status.waiting[1:])
    if status.step == OBJECTIVES:
        events = objectives.status_apply(state, seat, toks)
        state.status = replace(status, waiting=rest)
    elif status.step == FREE_ADVANCE:
        if toks not in free_answers(state, seat):
            raise IllegalAction(
                "not_a_free_advance",
                token=" ".join(toks),
                allowed=advance_gains.gainable(state.seats[seat]),
            )
        state.status = replace(status, waiting=rest)
        advance, *cubes = toks
        events = _gain(state, seat, advance, tuple(cubes))
    elif status.step == RAZE:
        if toks == [PASS]:
            events = [Event("clash.kept_cities", {"player": state.players[seat]})]
        elif len(toks) == 2 and toks[0] == RAZE_TOKEN:
            if toks[1] not in _small_cities(state, seat):
                raise IllegalAction(
                    "not_a_size_1_city",
                    token=toks[1],
                    allowed=[t.upper() for t in _small_cities(state, seat)],
                )
            events = _raze(state, seat, toks[1])
        else:
            raise IllegalAction("raze_or_pass", allowed=[RAZE_TOKEN, PASS])
        state.status = replace(status, waiting=rest)
    else:
        handles = {f"@{state.players[s]}": s for s in state.live()}
        if len(toks) != 1 or toks[0] not in handles:
            raise IllegalAction("not_a_player", token=" ".join(toks), allowed=sorted(handles))
        state.first = handles[toks[0]]
        state.status = replace(status, waiting=rest)
        events = [
            Event(
                "clash.first_player_chosen",
                {"player": state.players[seat], "first": state.players[state.first]},
            )
        ]
    return events + resume(state)
