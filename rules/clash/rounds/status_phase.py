"""The status phase that ends every round (p.11; rules reference §2.2; C8-C11).

Five steps, each carried out by every player in turn order from the first player before the
next step begins (p.11). The engine runs a step that leaves nobody a choice. Where players
decide, every one of them is asked at once (C127: ``state.status.waiting``); each answer is
checked when given and kept hidden; once the last is in, the parts are carried out in turn
order (``order``), each as soon as the parts before it are done, its answer checked again
against the state its turn comes in: a player whose answer an earlier part made impossible is
asked again. A nested decision a part brings (an event's, Monuments') is answered before the
next part (and before anyone else answers). So a log played one answer after another, in turn
order, plays the same way:

1. **Objectives** (p.11, :mod:`rules.clash.rounds.objectives`): each player with a status-phase
   objective whose condition holds may complete it (``complete <card> <half> ...`` or
   ``pass``); a player who can complete none is not asked. Then, after round 6 or when a
   player still in the game has no city, the game ends here (p.4, p.11, C8).
2. **Free advance** (p.11, C10): every player gains one advance without paying or using an
   action, by every normal rule (category order, prerequisites, governments); it is not
   optional while one is legal. A player with one legal answer only is not asked. The answer
   is ``<advance> [<government advance>...]`` (the cubes of a government switch, as for
   ``advance``). A player is asked it ahead (:func:`asked_ahead`): as soon as their last turn
   of the round is over, while the others still play theirs (C130), and while step 1 is open
   and does not ask them (C128). The answer is kept (``state.kept_advances``) with the answers
   it was chosen among and carried out at the player's part of step 2; if by then it is no
   longer legal or the player is offered other answers (an event, a trade of advances), they
   are asked again.
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
from rules.clash.box.components import GOLD, STATUS_STEPS, TURNS_PER_ROUND
from rules.clash.model import decks
from rules.clash.model.order import clockwise, game_ends, turn_order
from rules.clash.model.resources import gain
from rules.clash.model.state import STATUS, TURN, ClashState, KeptAdvance, StatusState
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
        if step == CARDS:
            for seat in order:
                events += decks.draw_hand_cards(state, seat)
        elif step == FIRST_PLAYER:
            picker = first_player_picker(state)
            if picker is not None:
                state.status = StatusState(FIRST_PLAYER, (picker,), (picker,))
                return events
        else:
            part = tuple(s for s in order if _has_part(state, step, s))
            kept: dict[int, tuple[str, ...]] = {}
            if step == FREE_ADVANCE:
                state.kept_advances = tuple(k for k in state.kept_advances if k.seat in part)
                kept = {k.seat: k.answer for k in state.kept_advances}
            given = tuple((s, kept[s]) for s in part if s in kept)
            asked = tuple(s for s in part if is_asked(state, step, s) and s not in kept)
            state.status = StatusState(step, asked, part, given)
            return events + resume(state)
        step += 1
    return events + begin_round(state)


def _has_part(state: ClashState, step: int, seat: int) -> bool:
    """Whether ``seat`` has something to do in ``step`` (a choice, or the free advance)."""
    if step == OBJECTIVES:
        return bool(objectives.status_options(state, seat))
    if step == FREE_ADVANCE:
        return bool(free_answers(state, seat))
    if step == RAZE:
        return bool(_small_cities(state, seat))
    return seat == first_player_picker(state)


def asked_ahead(state: ClashState) -> tuple[int, ...]:
    """The seats asked their free advance before step 2: those whose last turn of the round
    is over while the others still play theirs (C130), and those step 1 does not ask while
    it is open (C128); each if they have a choice of advance and have not chosen yet, and
    when step 2 will come (the game does not end at step 1: not the last round, everyone
    still has a city; step 1's completions cannot change that)."""
    status = state.status
    order = turn_order(state)
    if state.phase == TURN and state.turn == TURNS_PER_ROUND and state.active in order:
        done = order[: order.index(state.active)]
    elif state.phase == STATUS and status is not None and status.step == OBJECTIVES:
        done = [s for s in order if s not in status.waiting]
    else:
        return ()
    if not done or game_ends(state) is not None:
        return ()
    chosen = {k.seat for k in state.kept_advances}
    return tuple(s for s in done if s not in chosen and len(free_answers(state, s)) > 1)


def deciding(state: ClashState, seat: int) -> int | None:
    """The step ``seat`` is asked about now: the step's own, or step 2 asked ahead."""
    status = state.status
    if status is not None and seat in status.waiting:
        return status.step
    return FREE_ADVANCE if seat in asked_ahead(state) else None


def is_asked(state: ClashState, step: int, seat: int) -> bool:
    """Whether ``seat`` is asked (a free advance with one legal answer is simply taken)."""
    return step != FREE_ADVANCE or len(free_answers(state, seat)) > 1


def resume(state: ClashState) -> list[Event]:
    """Carry out the parts whose turn has come: in turn order, each as soon as every part
    before it is done and its answer is in (a nested decision a part brings, such as an
    event's choice or Monuments' reservation, is answered first). Each answer is checked
    again against the state its turn comes in: a seat whose answer an earlier part made
    impossible is asked again (C127). When every part is done, the next step."""
    events: list[Event] = []
    while True:
        status = state.status
        if status is None or state.prompts.top() is not None:
            return events
        if not status.order:
            break
        seat, rest = status.order[0], status.order[1:]
        if seat in status.waiting:
            return events
        answers = dict(status.answers)
        toks = answers.pop(seat, None)
        left = tuple(answers.items())
        if status.step == FREE_ADVANCE:
            if not _still_offered(state, seat):
                toks = None  # chosen among other answers than the player has now: asked again
            _forget_kept(state, seat)
        if not _has_part(state, status.step, seat):
            # Nothing left to do (an objective that no longer holds): not asked.
            state.status = replace(status, order=rest, answers=left)
            continue
        if toks is None and not is_asked(state, status.step, seat):
            (toks,) = (tuple(a) for a in free_answers(state, seat))
        if toks is None or answer_problem(state, status.step, seat, list(toks)) is not None:
            waiting = tuple(s for s in status.order if s == seat or s in status.waiting)
            again = (*status.again, seat)
            state.status = replace(status, waiting=waiting, answers=left, again=again)
            return events
        state.status = replace(status, order=rest, answers=left)
        events += _carry_out(state, status.step, seat, list(toks))
    if status.step == OBJECTIVES:
        # After the completions of step 1 (p.11).
        reason = game_ends(state)
        if reason is not None:
            state.status = None
            return events + finish(state, final_outcome(state, reason))
    return events + _run(state, status.step + 1)


def asked_at_once(state: ClashState) -> StatusState:
    """A status step saved when its seats were asked one after another (``waiting``: those
    still to act, in order): every one of them is asked now but a free advance's with one
    legal answer, taken in its place."""
    status = state.status
    assert status is not None
    asked = tuple(s for s in status.waiting if is_asked(state, status.step, s))
    return StatusState(status.step, asked, status.waiting)


def drop(state: ClashState, seat: int) -> list[Event]:
    """A resigned seat takes no further part in the status phase (nor its free advance
    chosen ahead)."""
    _forget_kept(state, seat)
    status = state.status
    if status is None or seat not in status.order:
        return []
    state.status = replace(
        status,
        waiting=tuple(s for s in status.waiting if s != seat),
        order=tuple(s for s in status.order if s != seat),
        answers=tuple(a for a in status.answers if a[0] != seat),
        ahead=tuple(a for a in status.ahead if a[0] != seat),
    )
    return resume(state)


# -- step 2: the free advance -----------------------------------------------------------------


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


def offered(state: ClashState, seat: int) -> tuple[str, ...]:
    """Every whole answer of ``seat`` to step 2 now, each as typed (kept with an answer)."""
    return tuple(" ".join(a) for a in free_answers(state, seat))


def _keep(state: ClashState, seat: int, toks: list[str]) -> None:
    """``seat``'s free advance is chosen: kept with the answers it was chosen among."""
    kept = KeptAdvance(seat, tuple(toks), offered(state, seat))
    _forget_kept(state, seat)
    state.kept_advances = (*state.kept_advances, kept)


def _forget_kept(state: ClashState, seat: int) -> None:
    state.kept_advances = tuple(k for k in state.kept_advances if k.seat != seat)


def _still_offered(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` is offered the answers their kept free advance was chosen among (an
    answer kept without them, in a snapshot written before C130, is checked only as legal)."""
    kept = next((k for k in state.kept_advances if k.seat == seat), None)
    return kept is None or kept.offered == offered(state, seat)


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
    step = deciding(state, seat)
    if step == OBJECTIVES:
        return objectives.status_choices(state, seat, prefix)
    if step == FREE_ADVANCE:
        answers = free_answers(state, seat)
        n = len(prefix)
        nexts: dict[str, tuple[bool, bool]] = {}
        for a in answers:
            if a[:n] == prefix and len(a) > n:
                complete, more = nexts.get(a[n], (False, False))
                nexts[a[n]] = (complete or len(a) == n + 1, more or len(a) > n + 1)
        key = "clash.choice.free_advance" if not prefix else "clash.choice.cube"
        return [Choice(t, key, {"advance": t}, complete=c, more=m) for t, (c, m) in nexts.items()]
    if step == RAZE:
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
    if step == FIRST_PLAYER and not prefix:
        return [
            Choice(
                f"@{state.players[s]}", "clash.choice.first_player", {"player": state.players[s]}
            )
            for s in state.live()
        ]
    return []


def apply(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """An asked seat's answer: checked now, kept hidden, and carried out in turn order once
    nobody is left to ask (:func:`resume`)."""
    status = state.status
    step = deciding(state, seat)
    assert step is not None
    problem = answer_problem(state, step, seat, toks)
    if problem is not None:
        raise problem
    if step == FREE_ADVANCE:
        _keep(state, seat, toks)
    if status is None or step != status.step:
        # Step 2 asked ahead: kept for when step 2 comes.
        return [Event("clash.status_answered", {"player": state.players[seat], "step": step})]
    state.status = replace(
        status,
        waiting=tuple(s for s in status.waiting if s != seat),
        answers=(*status.answers, (seat, tuple(toks))),
    )
    events = [Event("clash.status_answered", {"player": state.players[seat], "step": status.step})]
    return events + resume(state)


def answer_problem(
    state: ClashState, step: int, seat: int, toks: list[str]
) -> IllegalAction | None:
    """Why ``toks`` is no answer of ``seat`` to ``step`` now, or None."""
    if step == OBJECTIVES:
        return objectives.status_problem(state, seat, toks)
    if step == FREE_ADVANCE:
        if toks in free_answers(state, seat):
            return None
        allowed = advance_gains.gainable(state.seats[seat])
        return IllegalAction("not_a_free_advance", token=" ".join(toks), allowed=allowed)
    if step == RAZE:
        if toks == [PASS]:
            return None
        if len(toks) != 2 or toks[0] != RAZE_TOKEN:
            return IllegalAction("raze_or_pass", allowed=[RAZE_TOKEN, PASS])
        if toks[1] in _small_cities(state, seat):
            return None
        allowed = [t.upper() for t in _small_cities(state, seat)]
        return IllegalAction("not_a_size_1_city", token=toks[1], allowed=allowed)
    handles = {f"@{state.players[s]}": s for s in state.live()}
    if len(toks) != 1 or toks[0] not in handles:
        return IllegalAction("not_a_player", token=" ".join(toks), allowed=sorted(handles))
    return None


def _carry_out(state: ClashState, step: int, seat: int, toks: list[str]) -> list[Event]:
    """``seat``'s part of ``step`` with its answer (checked already)."""
    if step == OBJECTIVES:
        return objectives.status_apply(state, seat, toks)
    if step == FREE_ADVANCE:
        advance, *cubes = toks
        return _gain(state, seat, advance, tuple(cubes))
    if step == RAZE:
        if toks == [PASS]:
            return [Event("clash.kept_cities", {"player": state.players[seat]})]
        return _raze(state, seat, toks[1])
    state.first = state.players.index(toks[0][1:])
    player, first = state.players[seat], state.players[state.first]
    return [Event("clash.first_player_chosen", {"player": player, "first": first})]
