"""The Clash of Cultures engine behind the rules contract (:class:`rules.core.Game`): Clash's
rules declared once as the :class:`rules.engine.Parts` of a :class:`rules.engine.PartsEngine`,
which does the rest; the steps only the engine takes (the battle log, the battles a turn
keeps, the objectives after each step) are this module's.

>>> from rules.clash import GAME
>>> state = GAME.setup(["ann", "bob"], {}, seed=1)
>>> seat = state.active
>>> [c.token for c in GAME.choices(state, seat, [])], GAME.choices(state, 1 - seat, [])[0].token
(['advance', 'activate', 'move', 'trade', 'end'], 'trade')
>>> state, events = GAME.apply(state, seat, "end")
>>> [e.kind for e in events], GAME.pending(state)[0].seat == 1 - seat
(['clash.turn_ended'], True)
>>> GAME.apply(state, 1 - seat, "end now")
Traceback (most recent call last):
rules.core.IllegalAction: too_many_tokens {'token': 'now'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.clash.battles import combat, facts, sides
from rules.clash.checks import features as coverage
from rules.clash.checks import invariants
from rules.clash.dispatch import contexts, grammar, standing
from rules.clash.dispatch.contexts import pending
from rules.clash.dispatch.resign import resign
from rules.clash.formats import serial, view
from rules.clash.model import setup
from rules.clash.model.state import TURN, ClashState
from rules.clash.player import policy
from rules.clash.position.reading import from_position
from rules.clash.rounds import objectives
from rules.core import Event
from rules.engine import Parts, PartsEngine


def _battle_open(state: ClashState) -> bool:
    """Whether the latest battle may still tell something (it runs, or a decision it left
    is still to be answered: refugees, a barbarian settlement, Fanaticism)."""
    top = state.prompts.top()
    kinds = (*combat.KINDS, sides.FANATICISM)
    return state.battle is not None or (top is not None and top.kind in kinds)


def _log_battle(state: ClashState, events: Sequence[Event], open_battle: bool) -> None:
    """Keep the public events of the latest battle for its report (``view["battle_events"]``):
    a new battle starts the log again; the events of one still open go on it."""
    public = [e for e in events if e.visible_to is None and e.kind in combat.EVENT_KINDS]
    starts = [i for i, e in enumerate(public) if e.kind == "clash.battle_began"]
    if starts:
        public = public[starts[-1] :]
        state.battle_log = ()
    elif not open_battle:
        return
    state.battle_log = (
        *state.battle_log,
        *({"kind": e.kind, "params": dict(e.params)} for e in public),
    )


def _record_battles(state: ClashState, events: Sequence[Event], turn: tuple[Any, ...]) -> None:
    """Keep the battles that ended in this step for the rest of the turn (a battle fought over
    several steps is read from its log, which holds it whole). A step that ended the turn
    (``turn``: which turn it began in) leaves them with that turn: the next one starts clean
    (the objectives count the ended turn's battles themselves). The status phase is no turn:
    a barbarian attack an event brings there is kept by nobody."""
    if _turn_of(state) != turn or state.phase != TURN:
        return
    told = [{"kind": e.kind, "params": e.params} for e in events if e.visible_to is None]
    fought = facts.from_barbarian_attacks(state, told)
    if any(e["kind"] in facts.ENDINGS for e in told):
        battle = facts.from_battle(state, state.battle_log)
        if battle is not None:
            fought.insert(0, battle)
    facts.record(state, fought)


def _turn_of(state: ClashState) -> tuple[Any, ...]:
    return (state.phase, state.round, state.turn, state.active)


def apply_tokens(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """The action ``toks`` resolved (:func:`rules.clash.dispatch.contexts.apply_tokens`), its
    battle events logged for the battle's report, the battles it ended kept for the turn, then
    the objectives it completed (:func:`rules.clash.rounds.objectives.after_step`)."""
    open_battle, turn = _battle_open(state), _turn_of(state)
    events = contexts.apply_tokens(state, seat, toks)
    _log_battle(state, events, open_battle)
    _record_battles(state, events, turn)
    events = [*events, *objectives.after_step(state, events)]
    return events


def check_invariants(state: ClashState) -> list[str]:
    """The broken invariants (:func:`rules.clash.checks.invariants.check`), and every decision
    on the prompt stack that could not be answered as it stands."""
    return invariants.check(state) + [
        f"prompts[{k}]: {problem}"
        for k, d in enumerate(state.prompts.decisions)
        if (problem := grammar.decision_problem(state, d)) is not None
    ]


def reveals(before: ClashState, after: ClashState, events: Sequence[Event]) -> bool:
    """A region turned face up (p.16), a hidden card shown or moved (a hand changed: a card
    played, traded, drawn or an objective completed; a deck changed: an event card drawn
    face up), the generator or the dice queue used, or a private event: the action cannot be
    taken back (``/undo``)."""
    turned_up = any(after.regions[k].explored and not r.explored for k, r in before.regions.items())
    hands = any(
        (b.actions, b.objectives) != (a.actions, a.objectives)
        for b, a in zip(before.seats, after.seats, strict=True)
    )
    return (
        turned_up
        or hands
        or before.cards.decks != after.cards.decks
        or before.rng.state != after.rng.state
        or before.dice != after.dice
        or any(e.visible_to is not None for e in events)
    )


class ClashGame(PartsEngine[ClashState, view.ClashView]):
    """Clash of Cultures (original 2012 edition) for 2-4 players; three options, the rules
    edition (C131-C132) and two readings the rulebook leaves open, Cultural Influence's range
    and the Great Wall's Siegecraft (C135, C136). A turn buys
    advances, founds and activates cities, moves, explores and fights, improves moods,
    influences cities, builds wonders, plays action cards and trades; events and objectives
    follow what happens; the status phase ends each round (:mod:`rules.clash.dispatch.grammar`)."""

    name = "clash"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = setup.OPTIONS
    version = serial.FORMAT.version
    omitted_fields = serial.OMITTED
    parts = Parts(
        new_game=setup.new_game,  # set up as p.3 says, at the first player's first turn
        new_position=from_position,
        pending=pending,  # one seat at a time: the active player, or a status step's seat
        next_tokens=contexts.choices,
        apply_tokens=apply_tokens,
        resign_seat=resign,
        view=view.build_view,
        check_invariants=check_invariants,
        format=serial.FORMAT,  # version 1 read too, upgraded
        load=serial.load,  # what older snapshots lack settled (rules.clash.formats.serial)
    )

    # -- optional hooks (rules.engine.HasFeatures, HasCatalogue, HasGreedy, HasGreedyStop,
    # HasStanding, HasReveals) ---------------------------------------------------------------

    #: Event kinds and the cards the events show in play (self-play coverage).
    features = staticmethod(coverage.features)
    #: The heuristic player's pick among the options (:mod:`rules.clash.player.policy`).
    greedy_choice = staticmethod(policy.greedy_choice)
    #: Whether the heuristic player's action ends at the prefix.
    greedy_stop = staticmethod(policy.greedy_stop)
    #: Answers a player may give in advance (:mod:`rules.clash.dispatch.standing`).
    standing_answers = staticmethod(standing.answers)
    #: Every standing answer Clash offers (:data:`rules.clash.dispatch.standing.KEYS`).
    standing_keys = staticmethod(standing.catalogue)
    #: Whether the action cannot be taken back (:func:`reveals`).
    reveals = staticmethod(reveals)

    def feature_catalogue(self) -> frozenset[str]:
        """Every card a complete self-play run shows in play (its ``missing`` list)."""
        return coverage.CATALOGUE
