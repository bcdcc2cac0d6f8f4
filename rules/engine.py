"""The half of the rules contract every game shares, and the optional hooks.

A game subclasses :class:`Engine` and writes only its rules: how a game starts, who must
decide, the next legal tokens, what an action and a resignation do to a private copy of the
state, its view, its snapshot fields and its invariants. The base does the rest the same way
for every game: checking the players and options against the game's option specs,
refusing actions and resignations once the game is over, copying the state so that the one
given stays untouched, keeping the last public events for ``view()["recent"]``, and the
versioned JSON envelope of snapshots (the snapshot itself is :mod:`rules.formats`' where a game
uses it).

A game whose rules are functions of its own package declares them once, as the :class:`Parts`
of a :class:`PartsEngine`, which forwards the contract's rules to them.

The optional hooks are protocols (:class:`typing.Protocol`) a caller tests with ``isinstance``:
:class:`HasFeatures`, :class:`HasGreedy` and :class:`HasGreedyStop` (self-play and bot seats),
:class:`HasReveals` (``/undo``, see :func:`rules.core.reveals`), :class:`HasStanding` (the
answers players give in advance, applied by the host).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, runtime_checkable

from typing_extensions import TypeVar

from rules.core import (
    JSON,
    Choice,
    Event,
    HasReveals,
    IllegalAction,
    OptionSpec,
    Outcome,
    Prompt,
    Rng,
    Standing,
    action_tokens,
    check_handles,
    too_long,
)
from rules.formats import Format, first_change, overlay

__all__ = [
    "RECENT_EVENTS",
    "Engine",
    "EngineState",
    "HasCatalogue",
    "HasFeatures",
    "HasGreedy",
    "HasGreedyStop",
    "HasReveals",
    "HasStanding",
    "Parts",
    "PartsEngine",
    "outcome_from_json",
    "outcome_to_json",
    "remember",
]

#: Public events a state keeps for ``view()["recent"]`` (docs/architecture.md).
RECENT_EVENTS = 8


# -- optional hooks -------------------------------------------------------------------------


@runtime_checkable
class HasFeatures(Protocol):
    """Rule features some events exercised (self-play's coverage report)."""

    def features(self, events: Iterable[Event]) -> list[str]: ...


@runtime_checkable
class HasCatalogue(Protocol):
    """The features a complete self-play run should show (its report lists the missing)."""

    def feature_catalogue(self) -> frozenset[str]: ...


@runtime_checkable
class HasGreedy(Protocol):
    """The biased self-play player: the index of its pick among ``options``."""

    def greedy_choice(
        self, state: Any, seat: int, prefix: Sequence[str], options: Sequence[Choice], rng: Rng
    ) -> int: ...


@runtime_checkable
class HasGreedyStop(Protocol):
    """Whether the biased player ends its action at ``prefix``, a whole action that may take
    more tokens (an optional argument: a Collect naming one more space). Without this hook the
    walk stops there half of the time."""

    def greedy_stop(self, state: Any, seat: int, prefix: Sequence[str], rng: Rng) -> bool: ...


@runtime_checkable
class HasStanding(Protocol):
    """The standing answers a player may switch on for ``prompt`` (their own, from
    ``pending(state)``): decisions with a safe default the host then answers for them
    (docs/async-play.md, "Standing answers"). Each one's ``action`` is legal for the prompt's
    seat in ``state``; none is offered where it could reveal or waste something."""

    def standing_answers(self, state: Any, prompt: Prompt) -> tuple[Standing, ...]: ...

    def standing_keys(self) -> tuple[tuple[str, str], ...]:
        """Every standing answer the game may offer, as ``(key, label key)``, in the order a
        settings list shows them (a player may switch one on before its decision comes)."""
        ...


# -- what the base needs of a state ---------------------------------------------------------


class Seat(Protocol):
    """A seat of a state: the base marks it resigned."""

    resigned: bool


class EngineState(Protocol):
    """What :class:`Engine` reads and writes of a game's state."""

    recent: tuple[dict[str, JSON], ...]
    resign_order: tuple[int, ...]

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def copy(self) -> Self:
        """A copy the engine may change; the original stays as it was."""
        ...


S = TypeVar("S", bound=EngineState)
#: The game's view type, as in :class:`rules.core.Game`.
V = TypeVar("V", bound=Mapping[str, Any], covariant=True, default=Mapping[str, Any])


def remember(state: EngineState, events: Sequence[Event]) -> None:
    """Keep the last :data:`RECENT_EVENTS` public events in the state for ``view()["recent"]``."""
    public = [
        {
            "kind": e.kind,
            "params": {k: list(v) if isinstance(v, list) else v for k, v in e.params.items()},
        }
        for e in events
        if e.visible_to is None
    ]
    if public:
        state.recent = (*state.recent, *public)[-RECENT_EVENTS:]


def outcome_to_json(outcome: Outcome | None) -> JSON:
    """An outcome (or None) as plain JSON, for snapshots."""
    return None if outcome is None else outcome.to_json()


def outcome_from_json(data: JSON) -> Outcome | None:
    """Inverse of :func:`outcome_to_json`.

    >>> done = Outcome((2, 1), (3.0, 5.0), "majority", None, {"x": 1})
    >>> outcome_from_json(outcome_to_json(done)) == done, outcome_from_json(None)
    (True, None)
    """
    if data is None:
        return None
    return Outcome(
        tuple(data["ranks"]),
        tuple(float(s) for s in data["scores"]),
        data["reason"],
        data["tiebreak"],
        dict(data["details"]),
    )


class Engine(ABC, Generic[S, V]):
    """The contract (:class:`rules.core.Game`) with its shared parts written once.

    A subclass sets ``name``, ``min_players``, ``max_players``, ``options`` and ``version``,
    and implements the abstract methods. It never sees a finished game in ``next_tokens``,
    ``apply_tokens`` or ``resign_seat``, and those two may change the state they are given:
    it is the base's private copy.
    """

    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    #: The snapshot version ``to_json`` writes.
    version: int
    #: Fields a snapshot leaves out while they hold this default (Clash's ``custom_board``),
    #: which a partial snapshot may still give.
    omitted_fields: Mapping[str, JSON] = {}

    # -- the contract ----------------------------------------------------------------------

    def setup(self, players: Sequence[str], options: Mapping[str, JSON], seed: int) -> S:
        """A new game, once :meth:`parse_options` accepted the players and the options."""
        return self.new_game(players, self.parse_options(players, options), seed)

    def setup_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> S:
        """A game started from ``position`` (docs/transcripts.md); raises ``position_*``.

        A position is the game's own keys (:meth:`new_position`), or ``{"snapshot": {...}}``:
        any fields of a snapshot, the rest those of the game ``setup`` would start
        (:func:`rules.formats.overlay`). Either way the state must keep the game's invariants
        (``position_inconsistent``, ``problem`` ``invariants``, ``broken`` the sentences).
        """
        opts = self.parse_options(players, options)
        if "snapshot" in position:
            state = self.partial_position(players, opts, seed, position)
        else:
            state = self.new_position(players, opts, seed, position)
        broken = self.check_invariants(state)
        if broken:
            raise IllegalAction(
                "position_inconsistent", problem="invariants", broken=broken, field="position"
            )
        return state

    def partial_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> S:
        """The state of a partial snapshot over a new game's (see :meth:`setup_position`).

        Raises:
            IllegalAction: ``position_unknown_field`` (a key beside ``snapshot``, or one no
                snapshot has), ``position_bad_value`` (a value the snapshot would not write
                as given: a wrong type, a count for a list...), each naming the ``field``.
        """
        extra = sorted(set(position) - {"snapshot"})
        if extra:
            raise IllegalAction("position_unknown_field", field=extra[0])
        fields = position["snapshot"]
        if not isinstance(fields, Mapping):
            raise IllegalAction("position_bad_value", field="snapshot", value=repr(fields))
        new = self.new_game(players, options, seed)
        base = {**self.omitted_fields, **json.loads(json.dumps(self.to_json(new)))}
        data = overlay(base, fields, "snapshot", type(new))
        # Left out again where they hold their default, as the snapshot itself leaves them.
        omitted = self.omitted_fields
        data = {k: v for k, v in data.items() if not (k in omitted and omitted[k] == v)}
        try:
            state = self.from_json(data)
            again = json.loads(json.dumps(self.to_json(state)))
        except Exception as exc:  # what the snapshot's reader refuses, whatever its kind
            problem = f"{type(exc).__name__}: {exc}"
            raise IllegalAction("position_bad_value", field="snapshot", value=problem) from None
        # A value that reads back otherwise (a string for a number, extra items of a pair)
        # was not what a snapshot holds there; a field left out of a new object takes its
        # default.
        wrong = first_change(data, again, added=True)
        if wrong is not None:
            given: JSON = data
            for part in wrong.split("."):
                given = given[int(part)] if isinstance(given, list) else given.get(part)
            raise IllegalAction("position_bad_value", field=f"snapshot.{wrong}", value=repr(given))
        if state.outcome is not None:  # nothing would be left to play
            raise IllegalAction("position_inconsistent", problem="game_over", field="snapshot")
        return state

    def parse_options(self, players: Sequence[str], options: Mapping[str, JSON]) -> dict[str, JSON]:
        """Every option's value, defaults filled in, after checking the players and ``options``.

        Raises:
            IllegalAction: ``bad_player_name``, ``duplicate_player_name``, ``bad_player_count``,
                ``unknown_option``, ``bad_option``.

        >>> from rules.stoneage import GAME
        >>> GAME.parse_options(["ann", "bob"], {"open_cards": True})
        {'open_cards': True, 'tiebreak': 'sequence'}
        >>> GAME.parse_options(["ann"], {})
        Traceback (most recent call last):
        rules.core.IllegalAction: bad_player_count {'count': 1, 'min': 2, 'max': 4}
        """
        check_handles(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(
                "bad_player_count", count=len(players), min=self.min_players, max=self.max_players
            )
        specs = {o.name: o for o in self.options}
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None:
                raise IllegalAction("unknown_option", option=name, allowed=list(specs))
            # bool is an int in Python: compare types too so that 1 is not taken for True.
            if not any(type(value) is type(v) and value == v for v in spec.values):
                raise IllegalAction(
                    "bad_option", option=name, value=value, allowed=list(spec.values)
                )
        return {o.name: options.get(o.name, o.default) for o in self.options}

    def choices(self, state: S, seat: int, prefix: Sequence[str]) -> list[Choice]:
        """Legal next tokens for ``seat`` after ``prefix``; [] once the game is over and for a
        prefix longer than any action (read without looking at it)."""
        if state.outcome is not None or too_long(prefix):
            return []
        return self.next_tokens(state, seat, [t.lower() for t in prefix])

    def apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        """Validate and apply ``action`` on a copy; the given state is never changed.

        Raises:
            IllegalAction: ``game_over``, the refusals of :func:`rules.core.action_tokens`,
                and the game's own (docs/rules-decisions.md).
        """
        if state.outcome is not None:
            raise IllegalAction("game_over")
        toks = action_tokens(action)
        new = state.copy()
        events = self.apply_tokens(new, seat, toks)
        remember(new, events)
        return new, events

    def resign(self, state: S, seat: int) -> tuple[S, list[Event]]:
        """``seat`` leaves the game: it is marked resigned (``<name>.resigned``), then
        :meth:`resign_seat` decides how the game goes on or ends.

        Raises:
            IllegalAction: ``game_over``, ``bad_seat``, ``already_resigned``.
        """
        if state.outcome is not None:
            raise IllegalAction("game_over")
        if not 0 <= seat < len(state.players):
            raise IllegalAction("bad_seat", seat=seat)
        if state.seats[seat].resigned:
            raise IllegalAction("already_resigned", player=state.players[seat])
        new = state.copy()
        new.seats[seat].resigned = True
        new.resign_order = (*new.resign_order, seat)
        events = [Event(f"{self.name}.resigned", {"player": new.players[seat]})]
        events += self.resign_seat(new, seat)
        remember(new, events)
        return new, events

    def outcome(self, state: S) -> Outcome | None:
        """None while the game runs."""
        return state.outcome

    def to_json(self, state: S) -> dict[str, JSON]:
        """A plain-JSON snapshot of everything, hidden parts included (for the store only)."""
        return {"version": self.version, "game": self.name, **self.snapshot(state)}

    def from_json(self, data: Mapping[str, JSON]) -> S:
        """Inverse of :meth:`to_json`, for every version :meth:`reads`; ValueError on another."""
        if not self.reads(data.get("version")):
            raise ValueError(f"unknown {self.name} snapshot version {data.get('version')!r}")
        return self.restore(data)

    def reads(self, version: object) -> bool:
        """Whether :meth:`restore` reads snapshots of ``version``: the current one, and the
        older ones of a game whose :class:`rules.formats.Format` upgrades them."""
        return type(version) is int and version == self.version

    @abstractmethod
    def pending(self, state: S) -> list[Prompt]:
        """Who must decide now; empty exactly when the game is over."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (None = spectators and public images), as plain JSON."""

    @abstractmethod
    def check_invariants(self, state: S) -> list[str]:
        """Broken invariants; empty when all hold."""

    # -- the rules a game writes -----------------------------------------------------------

    @abstractmethod
    def new_game(self, players: Sequence[str], options: Mapping[str, JSON], seed: int) -> S:
        """A new game; ``options`` holds every option, checked (game-specific refusals stay
        the game's: a combination of options the player count forbids...)."""

    @abstractmethod
    def new_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> S:
        """A game started from ``position``, ``options`` as for :meth:`new_game`."""

    @abstractmethod
    def next_tokens(self, state: S, seat: int, prefix: list[str]) -> list[Choice]:
        """:meth:`choices` of a running game, ``prefix`` case-folded."""

    @abstractmethod
    def apply_tokens(self, state: S, seat: int, toks: list[str]) -> list[Event]:
        """Resolve the action ``toks`` on the private copy ``state``; raises IllegalAction."""

    @abstractmethod
    def resign_seat(self, state: S, seat: int) -> list[Event]:
        """How the game goes on once ``seat`` resigned (marked so on the private copy)."""

    @abstractmethod
    def snapshot(self, state: S) -> dict[str, JSON]:
        """The snapshot's fields after ``version`` and ``game``."""

    @abstractmethod
    def restore(self, data: Mapping[str, JSON]) -> S:
        """The state of a snapshot whose version :meth:`from_json` checked (an older one
        still to upgrade, where :meth:`reads` accepts it)."""


# -- an engine declared by its parts ----------------------------------------------------------


@dataclass(frozen=True)
class Parts(Generic[S, V]):
    """A game's rules, each a function of the game's own package, which :class:`PartsEngine`
    forwards the contract to (each field is the :class:`Engine` method of the same name)."""

    #: A new game from the checked options (:meth:`Engine.new_game`).
    new_game: Callable[[Sequence[str], Mapping[str, JSON], int], S]
    #: A game started from a position's own keys (:meth:`Engine.new_position`).
    new_position: Callable[[Sequence[str], Mapping[str, JSON], int, Mapping[str, JSON]], S]
    #: Who must decide now (:meth:`Engine.pending`).
    pending: Callable[[S], list[Prompt]]
    #: The legal next tokens of a running game (:meth:`Engine.next_tokens`).
    next_tokens: Callable[[S, int, list[str]], list[Choice]]
    #: An action resolved on the private copy, with what follows it (:meth:`Engine.apply_tokens`).
    apply_tokens: Callable[[S, int, list[str]], list[Event]]
    #: How the game goes on once a seat resigned (:meth:`Engine.resign_seat`).
    resign_seat: Callable[[S, int], list[Event]]
    #: What a seat may see (:meth:`Engine.view`).
    view: Callable[[S, int | None], V]
    #: The broken invariants (:meth:`Engine.check_invariants`).
    check_invariants: Callable[[S], list[str]]
    #: The snapshot: its fields, its version and the older versions it reads and upgrades.
    format: Format[S]
    #: The state of a snapshot where the format's own ``load`` is not all (None: it is).
    load: Callable[[Mapping[str, JSON]], S] | None = None


class PartsEngine(Engine[S, V]):
    """An engine whose rules are its game's :attr:`parts`: a subclass sets them (with
    ``name``, the player counts, ``options`` and ``version``, ``parts.format``'s) and adds the
    optional hooks it has, each the game's own function (``greedy_choice =
    staticmethod(policy.greedy_choice)``), so that a game without a hook has no such method."""

    #: The game's rules, forwarded to by the methods below.
    parts: Parts[S, V]

    def new_game(self, players: Sequence[str], options: Mapping[str, JSON], seed: int) -> S:
        return self.parts.new_game(players, options, seed)

    def new_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> S:
        return self.parts.new_position(players, options, seed, position)

    def pending(self, state: S) -> list[Prompt]:
        return self.parts.pending(state)

    def next_tokens(self, state: S, seat: int, prefix: list[str]) -> list[Choice]:
        return self.parts.next_tokens(state, seat, prefix)

    def apply_tokens(self, state: S, seat: int, toks: list[str]) -> list[Event]:
        return self.parts.apply_tokens(state, seat, toks)

    def resign_seat(self, state: S, seat: int) -> list[Event]:
        return self.parts.resign_seat(state, seat)

    def view(self, state: S, seat: int | None) -> V:
        return self.parts.view(state, seat)

    def check_invariants(self, state: S) -> list[str]:
        return self.parts.check_invariants(state)

    def snapshot(self, state: S) -> dict[str, JSON]:
        return self.parts.format.dump(state)

    def restore(self, data: Mapping[str, JSON]) -> S:
        load = self.parts.load
        return self.parts.format.load(data) if load is None else load(data)

    def reads(self, version: object) -> bool:
        """The versions ``parts.format`` reads: the current one, and older ones it upgrades."""
        return self.parts.format.reads(version)
