"""The proving ground: a test-only game that uses every part of the rules contract v2.

Every future game (Clash of Cultures next) needs the same things from ``rules.core`` and from
the Discord layer, and this small game has them all. A step has 300 choices. A move is over
100 characters, too long for a custom id. Decisions nest (:class:`rules.core.PromptStack`).
Several seats must decide at the same time. An offer (``Prompt.must=False``) can be taken up
out of turn. Like ``tests.e2e.long_game`` it is made playable only inside the tests and the
benchmark runs that use it (``tests.proving.register``, :func:`playable`), never in
``rules._ENGINES`` for good.

Rules
-----
2-4 players. Option ``rounds``: 1, 2 or 3 (default 2). The board has 300 plots, ``p001`` to
``p300``, all unowned at the start, and each seat has a score (0 at the start).

A round: each live seat takes one turn, in seat order, then everyone bids at the same time.

A turn of seat T. T gets a must prompt ``turn`` (``turn=T``, id ``t<n>``, where n counts the
turns of the game from 1). T does one of these:

- ``claim <plot>``: any unowned plot (one choice per unowned plot: 300 of them at the start).
  A plot whose number divides by 5 is *guarded* by the defender D, the next live seat after T
  (in a circle). An unguarded plot goes to T, +1 point, and the turn ends. A guarded plot
  pushes a decision for D: kind ``defend``, ``turn=T``, id ``d<k>`` (k counts the nested
  decisions of the game from 1). D answers:

  - ``yield``: the defence is popped; T gets the plot, +1; the turn ends.
  - ``defend``: the defence stays on the stack and a decision for T is pushed on top of it:
    kind ``press``, ``turn=T``, id ``d<k+1>``. T answers ``press``, which rolls one die from the
    state's Rng (4-6: T gets the plot, +1; 1-3: D gets +1 and the plot stays unowned), or
    ``withdraw`` (nothing happens). Either answer pops the press, and then the defence under it,
    which has nothing left to ask. The stack is then empty and the turn ends.

- ``decree <first> <second>``: one of :data:`FIRST_WORDS`, then one of :data:`SECOND_WORDS`.
  Each word has 48 characters (a-z and ``-``, never ``:``), so the action has 104 characters:
  over Discord's 100, under ``rules.core.MAX_ACTION_LENGTH``. +2 points; the turn ends.
- ``offer``: at most once per turn. Every other live seat gets a may-act prompt
  ``accept_offer`` (``must=False``, ``turn=T``, id ``o<n>.<seat>``, n being the turn). T's
  ``turn`` prompt stays (T must still claim or decree). Any offered seat may ``accept`` out of
  turn, through :func:`rules.core.act`, which lets any prompted seat act. The accepter gets +1,
  T gets +1, and the offer ends for everyone. Otherwise the offer lapses when T's turn ends.

While a nested decision is open, ``pending()`` holds the top decision's prompt (must) and the
open offer prompts (which can still be accepted), and not T's ``turn`` prompt.

The bid, after the last turn of a round: every live seat gets a must prompt ``bid``
(``turn=None``, id ``b<round>.<seat>``) and answers ``bid <0..5>``. A bid is secret. Only its
own seat sees it (``view(seat)["private"]["bid"]`` and a private event). The public view shows
only who has bid (``"hidden"``) until all bids are in. Then the bids are revealed in public
events (``proving.bid_revealed``), and if the highest bid belongs to one seat only, that seat
gets +2 points. If the highest bid is shared, nobody gets them. Bids cost nothing.

The end: after ``rounds`` rounds. Live seats rank by score, tied seats share the place
(1, 1, 3), and the reason is ``points``. Resigned seats rank after them, the earliest
resignation last.

Resignation: the seat is out, skipped in turns, bids, defence and offers. If T resigns
mid-turn, the turn ends and the stack is cleared. If D resigns while the contest for a plot is
open (its ``defend`` or T's ``press``), D yields: T gets the plot, +1, and the turn ends. When
one live seat is left, the game ends at once with reason ``resigned``.

Prompt ids are unique among the pending prompts, and no id is ever used again for a later
decision (the counters ``turns`` and ``decisions`` in the state, the round in bid ids).

Refusals (``IllegalAction`` codes, the state untouched): ``not_your_decision`` (a seat with no
prompt; ``rules.core.act`` says ``not_your_turn`` first), ``unknown_token`` (with ``allowed``,
the first 10 tokens, and ``count``), ``already_offered``, ``no_such_plot``, ``plot_taken``,
``missing_argument`` (``allowed``, ``count``), ``too_many_tokens``; positions:
``position_unknown_field``, ``position_bad_value``.

The view (plain JSON): ``game``, ``players``, ``seat``, ``options``, ``round``, ``rounds``,
``phase`` (``turn``, ``bid``, ``over``), ``turn_of``, ``scores``, ``resigned``, ``plots``,
``owners`` (plot -> seat), ``contest`` (plot, attacker, defender, stage), ``offer`` (from, to),
``offered``, ``bids`` (``"hidden"`` or null per seat), ``last_bids`` (revealed last round),
``prompts``, ``recent``, ``outcome``; a seat's view adds ``hand`` (always []) and ``private``
(``{"bid": its own bid}``), as ``tests/test_every_game.py`` expects.

A position (``setup_position``) may give ``round``, ``turn_of``, ``scores`` (per seat, at
least one point per owned plot), ``owners`` (plot -> seat), ``phase`` (``turn`` or ``bid``),
``bids`` (per seat, null for those still to bid) and ``resigned`` (seats, in order).

Driving a game (2 players ann=0, bob=1, seed any; ``test_the_walkthrough_of_the_docstring``)::

    claim p001                 ann +1; bob's turn t2
    claim p005                 bob claims; ann gets ``defend`` d1 (turn=1)
    defend                     bob gets ``press`` d2 (turn=1)
    press | withdraw           turn over: bid prompts b1.0, b1.1
    bid 3 / bid 1              revealed: ann +2; round 2 begins with t3
    offer                      ann offers: bob gets ``accept_offer`` o3.1 (must=False)
    accept (bob, out of turn)  ann +1, bob +1; ann still has t3
    decree <first> <second>    :func:`decree_action`; ann +2
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from locales.catalog import Message
from rules.core import (
    JSON,
    Choice,
    Decision,
    Event,
    IllegalAction,
    OptionSpec,
    Outcome,
    Prompt,
    PromptStack,
    Rng,
    deciding,
)
from rules.engine import Engine, outcome_from_json, outcome_to_json, remember
from synthetic import registry

NAME = "proving"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
VERSION = 1

#: The board: ``p001`` .. ``p300``.
PLOTS: tuple[str, ...] = tuple(f"p{i:03d}" for i in range(1, 301))
_PLOT_SET = frozenset(PLOTS)
#: A plot whose number divides by this is guarded by the next live seat.
GUARD_EVERY = 5
#: The first guarded plot, the quickest way into a nested decision.
GUARDED_PLOT = "p005"
#: The decree's words (48 characters each: a decree is 104 characters long).
FIRST_WORDS: tuple[str, ...] = (
    "northern-march-decree-of-the-proving-ground-long",
    "southern-march-decree-of-the-proving-ground-long",
)
SECOND_WORDS: tuple[str, ...] = (
    "eastern-border-edict-of-the-proving-ground-lasts",
    "western-border-edict-of-the-proving-ground-lasts",
)
MAX_BID = 5
BIDS: tuple[str, ...] = tuple(str(b) for b in range(MAX_BID + 1))
DECREE_POINTS = 2
BID_POINTS = 2
#: A press of at least this wins the plot.
PRESS_WINS = 4

OPTIONS: tuple[OptionSpec, ...] = (OptionSpec("rounds", 2, (1, 2, 3), f"{NAME}.option.rounds"),)

# The prompt kinds.
TURN = "turn"
DEFEND = "defend"
PRESS = "press"
ACCEPT_OFFER = "accept_offer"
BID = "bid"
KINDS: tuple[str, ...] = (TURN, DEFEND, PRESS, ACCEPT_OFFER, BID)

PHASES: tuple[str, ...] = ("turn", "bid", "over")
#: Most tokens a refusal lists (300 plots would make a sentence of thousands of characters).
ALLOWED_SHOWN = 10


def plot(number: int) -> str:
    """The token of plot ``number`` (1-300): ``p005``."""
    return PLOTS[number - 1]


def is_guarded(token: str) -> bool:
    """Whether claiming plot ``token`` asks its defender first."""
    return int(token[1:]) % GUARD_EVERY == 0


def decree_action(first: int = 0, second: int = 0) -> str:
    """The whole text of a decree (104 characters)."""
    return f"decree {FIRST_WORDS[first]} {SECOND_WORDS[second]}"


# -- the state ------------------------------------------------------------------------------


@dataclass(slots=True)
class SeatState:
    """One seat: its score, its secret bid this round (None: not yet), whether it resigned."""

    score: int = 0
    bid: int | None = None
    resigned: bool = False

    def copy(self) -> SeatState:
        return SeatState(self.score, self.bid, self.resigned)


@dataclass(slots=True, eq=False)
class ProvingState:
    """Everything about one game.

    ``turns`` numbers the current turn (prompt id ``t<turns>``; 0 before the first), and
    ``decisions`` counts the nested decisions pushed so far (ids ``d<k>``). The stack is empty,
    ``[defend]``, or ``[defend, press]``. ``offer_to`` lists the seats still offered T's trade,
    and ``offered`` says T has offered this turn.
    """

    players: tuple[str, ...]
    rounds: int
    rng: Rng
    seats: list[SeatState]
    round: int = 1
    phase: str = "turn"
    turn_of: int = 0
    turns: int = 1
    decisions: int = 0
    owners: dict[str, int] = field(default_factory=dict)
    stack: PromptStack = field(default_factory=PromptStack)
    offered: bool = False
    offer_to: tuple[int, ...] = ()
    last_bids: tuple[int | None, ...] | None = None
    recent: tuple[dict[str, JSON], ...] = ()
    outcome: Outcome | None = None
    resign_order: tuple[int, ...] = ()

    def copy(self) -> ProvingState:
        """A copy that shares only immutable parts (the stack, tuples) with this one."""
        return replace(
            self,
            rng=self.rng.copy(),
            seats=[s.copy() for s in self.seats],
            owners=dict(self.owners),
        )

    def key(self) -> tuple[Any, ...]:
        """Every field as a comparable value (the generator by its state)."""
        return tuple(
            self.rng.state if f.name == "rng" else getattr(self, f.name) for f in fields(self)
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ProvingState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable containers inside


def live_seats(state: ProvingState) -> list[int]:
    return [s for s, seat in enumerate(state.seats) if not seat.resigned]


def defender_of(state: ProvingState, seat: int) -> int:
    """The next live seat after ``seat``, in a circle (there are always two live seats while
    the game runs)."""
    n = len(state.players)
    for step in range(1, n):
        other = (seat + step) % n
        if not state.seats[other].resigned:
            return other
    raise ValueError("no other live seat")


def _next_turn(state: ProvingState, after: int) -> int | None:
    """The next live seat in seat order after ``after`` this round, or None: time to bid."""
    return next((s for s in live_seats(state) if s > after), None)


# -- prompts and choices --------------------------------------------------------------------


def pending(state: ProvingState) -> list[Prompt]:
    if state.outcome is not None:
        return []
    if state.phase == "bid":
        return [
            Prompt(s, BID, {"round": state.round}, True, None, f"b{state.round}.{s}")
            for s in live_seats(state)
            if state.seats[s].bid is None
        ]
    t = state.turn_of
    must = state.stack.pending() or [
        Prompt(t, TURN, {"round": state.round, "rounds": state.rounds}, True, t, f"t{state.turns}")
    ]
    offers = [
        Prompt(s, ACCEPT_OFFER, {"player": state.players[t]}, False, t, f"o{state.turns}.{s}")
        for s in state.offer_to
    ]
    return must + offers


def _first_tokens(state: ProvingState, prompts: Sequence[Prompt]) -> list[Choice]:
    """The actions open to a seat with ``prompts``, in the order of its prompts."""
    out: list[Choice] = []
    for p in prompts:
        if p.kind == TURN:
            if len(state.owners) < len(PLOTS):  # a full board leaves only the decree
                out.append(Choice("claim", f"{NAME}.action.claim", {}, False, True))
            out.append(Choice("decree", f"{NAME}.action.decree", {}, False, True))
            if not state.offered:
                out.append(Choice("offer", f"{NAME}.action.offer"))
        elif p.kind == DEFEND:
            out.append(Choice("defend", f"{NAME}.action.defend", {"plot": p.params["plot"]}))
            out.append(Choice("yield", f"{NAME}.action.yield", {"plot": p.params["plot"]}))
        elif p.kind == PRESS:
            out.append(Choice("press", f"{NAME}.action.press", {"plot": p.params["plot"]}))
            out.append(Choice("withdraw", f"{NAME}.action.withdraw", {"plot": p.params["plot"]}))
        elif p.kind == ACCEPT_OFFER:
            out.append(Choice("accept", f"{NAME}.action.accept", {"player": p.params["player"]}))
        elif p.kind == BID:
            out.append(Choice("bid", f"{NAME}.action.bid", {}, False, True))
    return out


def _argument_steps(state: ProvingState, head: str) -> list[list[Choice]]:
    """The choices of each token after the action word ``head`` (none for most actions)."""
    if head == "claim":
        defender = state.players[defender_of(state, state.turn_of)]
        plots = [
            Choice(p, f"{NAME}.choice.guarded_plot", {"plot": p, "defender": defender})
            if is_guarded(p)
            else Choice(p, f"{NAME}.choice.plot", {"plot": p})
            for p in PLOTS
            if p not in state.owners
        ]
        return [plots]
    if head == "decree":
        label = f"{NAME}.choice.word"
        return [
            [Choice(w, label, {"word": w}, False, True) for w in FIRST_WORDS],
            [Choice(w, label, {"word": w}) for w in SECOND_WORDS],
        ]
    if head == "bid":
        return [[Choice(b, f"{NAME}.choice.bid", {"bid": int(b)}) for b in BIDS]]
    return []


def _mine(state: ProvingState, seat: int) -> list[Prompt]:
    return [p for p in pending(state) if p.seat == seat]


def next_tokens(state: ProvingState, seat: int, prefix: list[str]) -> list[Choice]:
    first = _first_tokens(state, _mine(state, seat))
    if not prefix:
        return first
    if prefix[0] not in {c.token for c in first}:
        return []
    steps = _argument_steps(state, prefix[0])
    rest = prefix[1:]
    if len(rest) >= len(steps):
        return []
    for token, options in zip(rest, steps, strict=False):
        if token not in {c.token for c in options}:
            return []
    return steps[len(rest)]


def _shown(options: Sequence[Choice]) -> dict[str, JSON]:
    """A refusal's ``allowed`` (the first few tokens) and ``count`` (all of them)."""
    return {"allowed": [c.token for c in options[:ALLOWED_SHOWN]], "count": len(options)}


# -- actions --------------------------------------------------------------------------------


def apply_tokens(state: ProvingState, seat: int, toks: list[str]) -> list[Event]:
    """Check the whole action against the same grammar as :func:`next_tokens`, then resolve
    it on ``state`` (the base's private copy)."""
    mine = _mine(state, seat)
    if not mine:
        raise IllegalAction("not_your_decision", waiting=sorted(deciding(pending(state))))
    first = _first_tokens(state, mine)
    head = toks[0]
    if head not in {c.token for c in first}:
        if head == "offer" and state.offered and any(p.kind == TURN for p in mine):
            raise IllegalAction("already_offered", **_shown(first))
        raise IllegalAction("unknown_token", token=head, **_shown(first))
    steps = _argument_steps(state, head)
    for i, token in enumerate(toks[1:]):
        if i >= len(steps):
            raise IllegalAction("too_many_tokens", token=token)
        if token not in {c.token for c in steps[i]}:
            if head == "claim" and token in state.owners:
                owner = state.players[state.owners[token]]
                raise IllegalAction("plot_taken", plot=token, player=owner)
            if head == "claim" and token not in _PLOT_SET:
                raise IllegalAction("no_such_plot", token=token)
            raise IllegalAction("unknown_token", token=token, **_shown(steps[i]))
    if len(toks) - 1 < len(steps):
        raise IllegalAction("missing_argument", **_shown(steps[len(toks) - 1]))
    if head == "claim":
        return _claim(state, toks[1])
    if head == "decree":
        return _decree(state, toks[1], toks[2])
    if head == "offer":
        return _offer(state)
    if head in ("defend", "yield"):
        return _answer_defence(state, head == "defend")
    if head in ("press", "withdraw"):
        return _answer_press(state, head == "press")
    if head == "accept":
        return _accept(state, seat)
    return _bid(state, seat, int(toks[1]))


def _gain(state: ProvingState, seat: int, points: int) -> None:
    state.seats[seat].score += points


def _take_plot(state: ProvingState, seat: int, token: str) -> None:
    state.owners[token] = seat
    _gain(state, seat, 1)


def _claim(state: ProvingState, token: str) -> list[Event]:
    t = state.turn_of
    me = state.players[t]
    if not is_guarded(token):
        _take_plot(state, t, token)
        return [Event(f"{NAME}.claimed", {"player": me, "plot": token}), *_end_turn(state)]
    d = defender_of(state, t)
    state.decisions += 1
    params = {"player": me, "plot": token}
    state.stack = state.stack.push(Decision(f"d{state.decisions}", d, DEFEND, params, t))
    them = state.players[d]
    return [Event(f"{NAME}.challenged", {"player": me, "plot": token, "defender": them})]


def _answer_defence(state: ProvingState, defend: bool) -> list[Event]:
    top = state.stack.top()
    assert top is not None and top.kind == DEFEND
    t, token = state.turn_of, str(top.params["plot"])
    me, claimer = state.players[top.seat], state.players[t]
    if not defend:
        state.stack = state.stack.pop(top.id)
        _take_plot(state, t, token)
        event = Event(f"{NAME}.yielded", {"player": me, "plot": token, "claimer": claimer})
        return [event, *_end_turn(state)]
    # The defence stays under the press: it holds the contest until the press is answered.
    state.decisions += 1
    params = {"player": me, "plot": token}
    state.stack = state.stack.push(Decision(f"d{state.decisions}", t, PRESS, params, t))
    return [Event(f"{NAME}.defended", {"player": me, "plot": token, "claimer": claimer})]


def _answer_press(state: ProvingState, press: bool) -> list[Event]:
    defence, top = state.stack.decisions
    t, d, token = state.turn_of, defence.seat, str(top.params["plot"])
    me = state.players[t]
    # The press is answered, and the defence under it has nothing left to ask.
    state.stack = state.stack.pop(top.id).pop(defence.id)
    if not press:
        events = [Event(f"{NAME}.withdrew", {"player": me, "plot": token})]
    else:
        roll = state.rng.die()
        if roll >= PRESS_WINS:
            _take_plot(state, t, token)
            events = [Event(f"{NAME}.press_won", {"player": me, "plot": token, "roll": roll})]
        else:
            _gain(state, d, 1)
            params = {"player": me, "plot": token, "roll": roll, "defender": state.players[d]}
            events = [Event(f"{NAME}.press_lost", params)]
    return events + _end_turn(state)


def _decree(state: ProvingState, first: str, second: str) -> list[Event]:
    _gain(state, state.turn_of, DECREE_POINTS)
    params = {"player": state.players[state.turn_of], "first": first, "second": second}
    return [Event(f"{NAME}.decreed", params), *_end_turn(state)]


def _offer(state: ProvingState) -> list[Event]:
    t = state.turn_of
    state.offered = True
    state.offer_to = tuple(s for s in live_seats(state) if s != t)
    return [Event(f"{NAME}.offered", {"player": state.players[t]})]


def _accept(state: ProvingState, seat: int) -> list[Event]:
    t = state.turn_of
    _gain(state, seat, 1)
    _gain(state, t, 1)
    state.offer_to = ()
    params = {"player": state.players[seat], "offerer": state.players[t]}
    return [Event(f"{NAME}.accepted", params)]


def _bid(state: ProvingState, seat: int, amount: int) -> list[Event]:
    state.seats[seat].bid = amount
    me = state.players[seat]
    events = [
        Event(f"{NAME}.bid_placed", {"player": me}),
        Event(f"{NAME}.bid_secret", {"player": me, "bid": amount}, visible_to=(seat,)),
    ]
    return events + _reveal_if_complete(state)


# -- the flow -------------------------------------------------------------------------------


def _end_turn(state: ProvingState) -> list[Event]:
    """T's turn is over: the offer lapses, the next live seat plays or everyone bids. The
    stack is already empty (left as it is, so that a decision not popped shows up)."""
    events: list[Event] = []
    if state.offer_to:
        events.append(Event(f"{NAME}.offer_lapsed", {"player": state.players[state.turn_of]}))
    state.offer_to, state.offered = (), False
    after = _next_turn(state, state.turn_of)
    if after is None:
        state.phase = "bid"
        events.append(Event(f"{NAME}.bidding", {"round": state.round}))
    else:
        state.turn_of = after
        state.turns += 1
    return events


def _reveal_if_complete(state: ProvingState) -> list[Event]:
    live = live_seats(state)
    if any(state.seats[s].bid is None for s in live):
        return []
    bids = {s: state.seats[s].bid or 0 for s in live}
    events = [
        Event(f"{NAME}.bid_revealed", {"player": state.players[s], "bid": b})
        for s, b in bids.items()
    ]
    top = max(bids.values())
    winners = [s for s, b in bids.items() if b == top]
    if len(winners) == 1:
        _gain(state, winners[0], BID_POINTS)
        events.append(Event(f"{NAME}.bid_won", {"player": state.players[winners[0]], "bid": top}))
    else:
        events.append(Event(f"{NAME}.bid_tied", {"bid": top}))
    state.last_bids = tuple(bids.get(s) for s in range(len(state.players)))
    for seat in state.seats:
        seat.bid = None
    if state.round >= state.rounds:
        return events + _finish(state, "points")
    state.round += 1
    state.phase = "turn"
    state.turn_of = live[0]
    state.turns += 1
    return [*events, Event(f"{NAME}.round", {"round": state.round})]


def _finish(state: ProvingState, reason: str) -> list[Event]:
    """Rank the live seats by score (ties share the place), resigned seats after them."""
    live = live_seats(state)
    scores = [seat.score for seat in state.seats]
    ranks = [0] * len(state.players)
    for s in live:
        ranks[s] = 1 + sum(1 for o in live if scores[o] > scores[s])
    order = state.resign_order
    for i, s in enumerate(order):
        ranks[s] = len(live) + len(order) - i
    state.outcome = Outcome(
        tuple(ranks), tuple(float(x) for x in scores), reason, None, {"scores": scores}
    )
    state.phase = "over"
    state.stack, state.offer_to, state.offered = PromptStack(), (), False
    for seat in state.seats:
        seat.bid = None
    winners = [state.players[s] for s in live if ranks[s] == 1]
    return [Event(f"{NAME}.game_over", {"winners": winners, "count": len(winners)})]


def resign_seat(state: ProvingState, seat: int) -> list[Event]:
    state.seats[seat].bid = None
    if len(live_seats(state)) == 1:
        return _finish(state, "resigned")
    if state.phase == "bid":
        return _reveal_if_complete(state)
    events: list[Event] = []
    t = state.turn_of
    if seat in state.offer_to:
        state.offer_to = tuple(s for s in state.offer_to if s != seat)
        if not state.offer_to:
            events.append(Event(f"{NAME}.offer_lapsed", {"player": state.players[t]}))
    contest = state.stack.decisions[0] if state.stack.decisions else None
    if seat == t:
        if contest is not None:
            params = {"player": state.players[t], "plot": contest.params["plot"]}
            events.append(Event(f"{NAME}.contest_dropped", params))
        state.stack = PromptStack()
        return events + _end_turn(state)
    if contest is not None and contest.seat == seat:
        # A defender who leaves yields the plot.
        token = str(contest.params["plot"])
        state.stack = PromptStack()
        _take_plot(state, t, token)
        params = {"player": state.players[seat], "plot": token, "claimer": state.players[t]}
        return [*events, Event(f"{NAME}.yielded", params), *_end_turn(state)]
    return events


# -- positions ------------------------------------------------------------------------------

POSITION_FIELDS = frozenset({"round", "turn_of", "scores", "owners", "phase", "bids", "resigned"})


def _bad(name: str, value: JSON) -> IllegalAction:
    return IllegalAction("position_bad_value", field=name, value=repr(value))


def _is_int(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_position(
    players: Sequence[str], options: Mapping[str, JSON], seed: int, position: Mapping[str, JSON]
) -> ProvingState:
    """A game at the start of a turn of ``turn_of`` (phase ``turn``) or in the middle of the
    bids (phase ``bid``, ``bids`` the secret bids placed so far, null for the others)."""
    for name in position:
        if name not in POSITION_FIELDS:
            raise IllegalAction("position_unknown_field", field=name)
    n = len(players)
    state = ProvingState(
        tuple(players), options["rounds"], Rng(seed), [SeatState() for _ in players]
    )
    resigned = position.get("resigned", [])
    if (
        not isinstance(resigned, list)
        or not all(_is_int(s) and 0 <= s < n for s in resigned)
        or len(set(resigned)) != len(resigned)
        or n - len(resigned) < 2
    ):
        raise _bad("resigned", resigned)
    for s in resigned:
        state.seats[s].resigned = True
    state.resign_order = tuple(resigned)
    live = live_seats(state)
    round_ = position.get("round", 1)
    if not _is_int(round_) or not 1 <= round_ <= state.rounds:
        raise _bad("round", round_)
    state.round = round_
    owners = position.get("owners", {})
    if not isinstance(owners, dict) or not all(
        k in _PLOT_SET and _is_int(v) and 0 <= v < n for k, v in owners.items()
    ):
        raise _bad("owners", owners)
    state.owners = dict(owners)
    scores = position.get("scores", [0] * n)
    if (
        not isinstance(scores, list)
        or len(scores) != n
        or not all(_is_int(x) and x >= 0 for x in scores)
        # Every owned plot scored a point for its owner.
        or any(scores[s] < list(owners.values()).count(s) for s in range(n))
    ):
        raise _bad("scores", scores)
    for s, x in enumerate(scores):
        state.seats[s].score = x
    phase = position.get("phase", "turn")
    if phase not in ("turn", "bid"):
        raise _bad("phase", phase)
    state.phase = phase
    turn_of = position.get("turn_of", live[0])
    if not _is_int(turn_of) or turn_of not in live:
        raise _bad("turn_of", turn_of)
    state.turn_of = turn_of
    bids = position.get("bids")
    if bids is not None:
        if (
            phase != "bid"
            or not isinstance(bids, list)
            or len(bids) != n
            or not all(b is None or (_is_int(b) and 0 <= b <= MAX_BID) for b in bids)
            or any(bids[s] is not None for s in resigned)
            # All bids in would have been revealed already.
            or all(bids[s] is not None for s in live)
        ):
            raise _bad("bids", bids)
        for s, b in enumerate(bids):
            state.seats[s].bid = b
    if phase == "bid":
        state.turns = 0  # no turn yet: the next round's first turn is t1
    return state


# -- invariants -----------------------------------------------------------------------------


def check_invariants(state: ProvingState) -> list[str]:
    broken: list[str] = []
    n = len(state.players)
    live = live_seats(state)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(state.seats) != n:
        broken.append(f"{n} players, {len(state.seats)} seats")
    if state.phase not in PHASES:
        broken.append(f"unknown phase {state.phase!r}")
    if (state.outcome is None) == (state.phase == "over"):
        broken.append(f"phase {state.phase} with outcome {state.outcome}")
    if not 1 <= state.round <= state.rounds:
        broken.append(f"round {state.round} of {state.rounds}")
    if sorted(state.resign_order) != [s for s in range(n) if state.seats[s].resigned]:
        broken.append(f"resign order {state.resign_order} does not match the seats")
    for token, owner in state.owners.items():
        if token not in _PLOT_SET or not 0 <= owner < n:
            broken.append(f"owner {owner!r} of {token!r}")
    for s, seat in enumerate(state.seats):
        owned = sum(1 for o in state.owners.values() if o == s)
        if seat.score < owned:
            broken.append(f"seat {s} scored {seat.score} for {owned} plots")
        if seat.bid is not None and (state.phase != "bid" or seat.resigned):
            broken.append(f"seat {s} holds a bid in phase {state.phase}")
        if seat.bid is not None and not 0 <= seat.bid <= MAX_BID:
            broken.append(f"seat {s} bid {seat.bid}")
    if state.phase != "over" and len(live) < 2:
        broken.append(f"the game runs with live seats {live}")
    if state.phase == "bid" and live and all(state.seats[s].bid is not None for s in live):
        broken.append("every bid is in but none is revealed")
    if state.phase == "turn" and state.turn_of not in live:
        broken.append(f"the turn of seat {state.turn_of}, who is not live")
    if state.phase != "turn" and (state.stack.decisions or state.offer_to or state.offered):
        broken.append(f"a contest or an offer in phase {state.phase}")
    if state.offer_to and not state.offered:
        broken.append("offered seats without an offer")
    if any(s not in live or s == state.turn_of for s in state.offer_to):
        broken.append(f"offer to {state.offer_to}")
    if list(state.offer_to) != sorted(set(state.offer_to)):
        broken.append(f"offer to {state.offer_to} is not in seat order")
    broken += _check_stack(state)
    prompts = pending(state)
    ids = [p.id for p in prompts]
    if len(set(ids)) != len(ids):
        broken.append(f"prompt ids repeat: {ids}")
    if state.phase != "over" and not deciding(prompts):
        broken.append("nobody must decide")
    return broken


def _check_stack(state: ProvingState) -> list[str]:
    decisions = state.stack.decisions
    if not decisions:
        return []
    t = state.turn_of
    defence = decisions[0]
    token = defence.params.get("plot")
    broken: list[str] = []
    if len(decisions) > 2 or defence.kind != DEFEND:
        broken.append(f"stack {[d.kind for d in decisions]}")
    if state.phase == "turn" and defence.seat != defender_of(state, t):
        broken.append(f"defender {defence.seat} is not the next live seat after {t}")
    if not isinstance(token, str) or token not in _PLOT_SET or not is_guarded(token):
        broken.append(f"contest for {token!r}")
    elif token in state.owners:
        broken.append(f"contest for the owned plot {token}")
    if len(decisions) == 2:
        press = decisions[1]
        if press.kind != PRESS or press.seat != t or press.params.get("plot") != token:
            broken.append(f"press {press}")
    for d in decisions:
        number = int(d.id[1:]) if d.id[:1] == "d" and d.id[1:].isdigit() else 0
        if d.turn != t or not 1 <= number <= state.decisions:
            broken.append(f"decision {d.id} (turn {d.turn}) in turn of {t}")
    return broken


# -- view and snapshots ---------------------------------------------------------------------


def view(state: ProvingState, seat: int | None) -> dict[str, JSON]:
    """Plain JSON; a seat's bid only in its own ``private`` until the bids are revealed."""
    decisions = state.stack.decisions
    contest = None
    if decisions:
        contest = {
            "plot": decisions[0].params["plot"],
            "attacker": state.turn_of,
            "defender": decisions[0].seat,
            "stage": decisions[-1].kind,
        }
    out: dict[str, JSON] = {
        "game": NAME,
        "players": list(state.players),
        "seat": seat,
        "options": {"rounds": state.rounds},
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "turn_of": state.turn_of if state.phase == "turn" else None,
        "scores": [s.score for s in state.seats],
        "resigned": [s.resigned for s in state.seats],
        "plots": len(PLOTS),
        "owners": dict(sorted(state.owners.items())),
        "contest": contest,
        "offer": ({"from": state.turn_of, "to": list(state.offer_to)} if state.offer_to else None),
        "offered": state.offered,
        "bids": ["hidden" if s.bid is not None else None for s in state.seats],
        "last_bids": None if state.last_bids is None else list(state.last_bids),
        "prompts": [
            {
                "seat": p.seat,
                "kind": p.kind,
                "params": dict(p.params),
                "must": p.must,
                "turn": p.turn,
                "id": p.id,
            }
            for p in pending(state)
        ],
        "recent": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.recent],
        "outcome": outcome_to_json(state.outcome),
    }
    if seat is not None:
        out["hand"] = []
        out["private"] = {"bid": state.seats[seat].bid}
    return out


def snapshot(state: ProvingState) -> dict[str, JSON]:
    return {
        "players": list(state.players),
        "rounds": state.rounds,
        "rng": state.rng.state,
        "seats": [{"score": s.score, "bid": s.bid, "resigned": s.resigned} for s in state.seats],
        "round": state.round,
        "phase": state.phase,
        "turn_of": state.turn_of,
        "turns": state.turns,
        "decisions": state.decisions,
        "owners": dict(state.owners),
        "stack": state.stack.to_json(),
        "offered": state.offered,
        "offer_to": list(state.offer_to),
        "last_bids": None if state.last_bids is None else list(state.last_bids),
        "recent": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.recent],
        "outcome": outcome_to_json(state.outcome),
        "resign_order": list(state.resign_order),
    }


def restore(data: Mapping[str, JSON]) -> ProvingState:
    last = data["last_bids"]
    return ProvingState(
        tuple(data["players"]),
        int(data["rounds"]),
        Rng(int(data["rng"])),
        [SeatState(s["score"], s["bid"], s["resigned"]) for s in data["seats"]],
        data["round"],
        data["phase"],
        data["turn_of"],
        data["turns"],
        data["decisions"],
        {str(k): int(v) for k, v in data["owners"].items()},
        PromptStack.from_json(data["stack"]),
        data["offered"],
        tuple(data["offer_to"]),
        None if last is None else tuple(last),
        tuple({"kind": e["kind"], "params": dict(e["params"])} for e in data["recent"]),
        outcome_from_json(data["outcome"]),
        tuple(data["resign_order"]),
    )


# -- the engine -----------------------------------------------------------------------------


class ProvingGame(Engine[ProvingState]):
    """The proving ground for 2-4 players (option ``rounds``)."""

    name = NAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = OPTIONS
    version = VERSION

    def new_game(
        self, players: Sequence[str], options: Mapping[str, JSON], seed: int
    ) -> ProvingState:
        state = ProvingState(
            tuple(players), options["rounds"], Rng(seed), [SeatState() for _ in players]
        )
        params = {"count": len(players), "rounds": state.rounds}
        remember(state, [Event(f"{NAME}.started", params)])
        return state

    def new_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> ProvingState:
        return from_position(players, options, seed, position)

    def pending(self, state: ProvingState) -> list[Prompt]:
        return pending(state)

    def next_tokens(self, state: ProvingState, seat: int, prefix: list[str]) -> list[Choice]:
        return next_tokens(state, seat, prefix)

    def apply_tokens(self, state: ProvingState, seat: int, toks: list[str]) -> list[Event]:
        return apply_tokens(state, seat, toks)

    def resign_seat(self, state: ProvingState, seat: int) -> list[Event]:
        return resign_seat(state, seat)

    def view(self, state: ProvingState, seat: int | None) -> dict[str, JSON]:
        return view(state, seat)

    def snapshot(self, state: ProvingState) -> dict[str, JSON]:
        return snapshot(state)

    def restore(self, data: Mapping[str, JSON]) -> ProvingState:
        return restore(data)

    def check_invariants(self, state: ProvingState) -> list[str]:
        return check_invariants(state)

    # rules.core.HasReveals: a die rolled or the bids shown cannot be taken back by /undo; a
    # bid alone can (only its own seat saw it).
    def reveals(self, before: ProvingState, after: ProvingState, events: Sequence[Event]) -> bool:
        shown = any(e.kind == f"{NAME}.bid_revealed" for e in events)
        return shown or before.rng.state != after.rng.state


GAME = ProvingGame()


# -- texts and registration -----------------------------------------------------------------

#: Its texts (English only: Hungarian falls back to them). ``outcome.resigned`` is shared.
TEXTS: dict[str, Message] = {
    f"{NAME}.title": "Proving ground",
    f"{NAME}.hand": "Cards in hand: {count}.",
    f"{NAME}.option.rounds.name": "Rounds",
    f"{NAME}.option.rounds.1": "One round",
    f"{NAME}.option.rounds.2": "Two rounds",
    f"{NAME}.option.rounds.3": "Three rounds",
    f"prompt.{NAME}.turn": "your turn (round {round} of {rounds}): claim a plot or issue a decree",
    f"prompt.{NAME}.defend": "@{player} claims {plot}, which you guard: defend or yield",
    f"prompt.{NAME}.press": "@{player} defends {plot}: press (a die, 4-6 wins) or withdraw",
    f"prompt.{NAME}.accept_offer": "@{player} offers a trade: accept it for a point each",
    f"prompt.{NAME}.bid": "bid 0-5 in secret (round {round})",
    f"{NAME}.action.claim": "Claim a plot",
    f"{NAME}.action.decree": "Issue a decree",
    f"{NAME}.action.offer": "Offer a trade",
    f"{NAME}.action.defend": "Defend {plot}",
    f"{NAME}.action.yield": "Yield {plot}",
    f"{NAME}.action.press": "Press for {plot}",
    f"{NAME}.action.withdraw": "Withdraw from {plot}",
    f"{NAME}.action.accept": "Accept @{player}'s trade",
    f"{NAME}.action.bid": "Bid",
    f"{NAME}.choice.plot": "Plot {plot}",
    f"{NAME}.choice.guarded_plot": "Plot {plot} (guarded by @{defender})",
    f"{NAME}.choice.word": "{word}",
    f"{NAME}.choice.bid": "Bid {bid}",
    f"event.{NAME}.started": "A proving ground for {count} players begins ({rounds} rounds).",
    f"event.{NAME}.claimed": "@{player} claimed {plot}.",
    f"event.{NAME}.challenged": "@{player} claims {plot}, guarded by @{defender}.",
    f"event.{NAME}.yielded": "@{player} yielded {plot} to @{claimer}.",
    f"event.{NAME}.defended": "@{player} defends {plot} against @{claimer}.",
    f"event.{NAME}.press_won": "@{player} pressed for {plot}, rolled {roll} and took it.",
    f"event.{NAME}.press_lost": "@{player} pressed for {plot} and rolled {roll}: @{defender} +1.",
    f"event.{NAME}.withdrew": "@{player} withdrew from {plot}.",
    f"event.{NAME}.decreed": "@{player} decreed {first} {second}.",
    f"event.{NAME}.offered": "@{player} offers a trade.",
    f"event.{NAME}.accepted": "@{player} accepted @{offerer}'s trade.",
    f"event.{NAME}.offer_lapsed": "The trade @{player} offered lapsed.",
    f"event.{NAME}.bidding": "Round {round}: everyone bids in secret.",
    f"event.{NAME}.bid_placed": "@{player} has bid.",
    f"event.{NAME}.bid_secret": "You bid {bid} (only you see it).",
    f"event.{NAME}.bid_revealed": "@{player} bid {bid}.",
    f"event.{NAME}.bid_won": "@{player} made the highest bid ({bid}): +2.",
    f"event.{NAME}.bid_tied": "The highest bid ({bid}) is shared: nobody scores.",
    f"event.{NAME}.round": "Round {round} begins.",
    f"event.{NAME}.contest_dropped": "The contest of @{player} for {plot} is dropped.",
    f"event.{NAME}.game_over": {
        "one": "The game is over. Winner: {winners}.",
        "other": "The game is over. Winners: {winners}.",
    },
    f"event.{NAME}.resigned": "@{player} resigned.",
    "outcome.points": "The last round was played: the most points won.",
    f"error.{NAME}.not_your_decision": "You have nothing to decide now.",
    f"error.{NAME}.unknown_token": "{token} does not fit here. You can give: {allowed}.",
    f"error.{NAME}.already_offered": "You offered a trade this turn already. You can: {allowed}.",
    f"error.{NAME}.no_such_plot": "There is no plot {token}: they are p001 to p300.",
    f"error.{NAME}.plot_taken": "{plot} belongs to @{player} already.",
    f"error.{NAME}.missing_argument": "That action is not complete yet. Next: {allowed}.",
    f"error.{NAME}.too_many_tokens": "The action is complete before {token}: leave it out.",
    f"error.{NAME}.bad_seat": "There is no seat {seat} in this game.",
    f"error.{NAME}.already_resigned": "@{player} has already resigned.",
    f"error.{NAME}.bad_player_count": "The proving ground is for {min} to {max} players.",
    f"error.{NAME}.unknown_option": "There is no option {option}. Options: {allowed}.",
    f"error.{NAME}.bad_option": "Option {option} cannot be {value}. Choose one of: {allowed}.",
    f"error.{NAME}.position_unknown_field": "The position has an unknown field: {field}.",
    f"error.{NAME}.position_bad_value": "The position has a bad value for {field}: {value}.",
}


def playable(*, listed: bool = False) -> contextlib.AbstractContextManager[None]:
    """Within the block, :data:`NAME` is a game (``synthetic.registry.playable``): what a
    benchmark run does; tests register it with ``tests.proving.register``."""
    return registry.playable(NAME, __name__, TEXTS, listed=listed)
