"""The contract every game engine implements, and the types it speaks in.

A game is a module-level object satisfying :class:`Game`. The Discord layer, the store, the
renderer and the command-line tools only ever talk to games through this contract, so the same
code drives CIV, Stone Age and Clash of Cultures.

Actions are plain text: space-separated tokens a person can type on a phone
(``play science``, ``embargo @bob economy``). :func:`tokens` splits them, :func:`join` makes the
canonical form. Every random event comes from the :class:`Rng` kept inside the state, so a game
is fully defined by its players, options, seed and the list of actions applied: a transcript.

>>> rng = Rng(7)
>>> a = [rng.randrange(6) for _ in range(3)]
>>> Rng(7).randrange(6) == a[0]
True
>>> tokens("  play   science ")
['play', 'science']
>>> join(["play", "science"])
'play science'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypedDict, runtime_checkable

# typing_extensions for TypeVar defaults (PEP 696, in typing from Python 3.13): Game[S] keeps
# meaning what it meant before views were typed.
from typing_extensions import TypeVar

__all__ = [
    "JSON",
    "MAX_ACTION_LENGTH",
    "MAX_DIGITS",
    "Choice",
    "Decision",
    "Event",
    "EventView",
    "Game",
    "HasReveals",
    "IllegalAction",
    "OptionSpec",
    "Outcome",
    "Prompt",
    "PromptStack",
    "PromptView",
    "Rng",
    "Standing",
    "act",
    "action_tokens",
    "check_handles",
    "deciding",
    "join",
    "number",
    "reveals",
    "tokens",
    "too_long",
    "turn_owners",
]

#: A value made only of dict, list, str, int, float, bool and None: the one definition the
#: packages import. Views have exact types (``rules.<game>`` view types, :data:`rules.views.View`).
JSON = Any

_HANDLE = re.compile(r"^[a-z0-9_]{1,20}$")

#: The longest action text an engine reads. Legal actions stay far below it (a Stone Age
#: payment of ten resources, the longest, is about 110 characters), so anything longer is
#: pasted text, refused before it is split.
MAX_ACTION_LENGTH = 200
#: The most digits of a number token. No game counts this high, and ``int()`` of a huge digit
#: string is slow or refused with ValueError, so longer runs of digits never reach a parser.
MAX_DIGITS = 6


class IllegalAction(ValueError):
    """An action that is malformed or not legal now.

    ``code`` is a stable identifier (``not_your_turn``, ``embargoed``, ``unknown_token``...)
    that the locales turn into a sentence; ``params`` fills the sentence in and usually names
    what the player may do instead (``allowed``). Raising it guarantees the state is unchanged.
    """

    def __init__(self, code: str, **params: JSON) -> None:
        super().__init__(f"{code} {params}" if params else code)
        self.code = code
        self.params: dict[str, JSON] = params


@dataclass(frozen=True, slots=True)
class Prompt:
    """Someone must (or may) decide something now.

    ``kind`` is a locale key suffix (``turn``, ``draft_keep``, ``inquisition_return``); ``params``
    holds what the message needs (numbers of cards to pick, the effect in progress...). Several
    prompts at once mean a simultaneous choice: any of those seats may act, in any order.

    ``must`` tells a decision the game waits for (it drives mentions, reminders, deadlines and
    bot seats) from an offer the seat *may* take up (a trade proposal, an out-of-turn ability, a
    reaction window), which never mentions or times anyone out. ``turn`` is the seat whose turn
    the decision belongs to (the attacker while the defender answers), so that table posts and
    deadlines follow turns rather than every nested decision; None when the game has no turns
    at that point. ``id`` names the decision (unique among the pending ones; see
    :class:`PromptStack`), so that an answer prepared for one decision is refused once that
    decision is gone but not because another seat answered theirs.
    """

    seat: int
    kind: str
    params: Mapping[str, JSON] = field(default_factory=dict)
    must: bool = True
    turn: int | None = None
    id: str = ""

    @property
    def key(self) -> str:
        """``id``, or ``<seat>:<kind>`` for a game that names no decisions."""
        return self.id or f"{self.seat}:{self.kind}"


def deciding(prompts: Iterable[Prompt]) -> frozenset[int]:
    """The seats the game waits for (``must`` prompts), whom mentions and timers concern.

    >>> deciding([Prompt(0, "turn"), Prompt(1, "offer", must=False)])
    frozenset({0})
    """
    return frozenset(p.seat for p in prompts if p.must)


def turn_owners(prompts: Iterable[Prompt]) -> frozenset[int]:
    """Whose turn it is: the ``turn`` of the waited-for prompts, else the seats waited for
    (a game without turn owners gets a new turn whenever other seats must decide).

    >>> turn_owners([Prompt(1, "defend", turn=0)])
    frozenset({0})
    >>> turn_owners([Prompt(1, "turn")])
    frozenset({1})
    """
    waited = [p for p in prompts if p.must]
    return frozenset(p.seat if p.turn is None else p.turn for p in waited)


@dataclass(frozen=True, slots=True)
class Decision:
    """One nested decision on a :class:`PromptStack`: who decides what, for whose turn."""

    id: str
    seat: int
    kind: str
    params: Mapping[str, JSON] = field(default_factory=dict)
    turn: int | None = None

    def prompt(self) -> Prompt:
        return Prompt(self.seat, self.kind, self.params, True, self.turn, self.id)


@dataclass(frozen=True, slots=True)
class PromptStack:
    """Decisions nested in decisions: the top one is asked, answering it pops it and the one
    below resumes (a combat: the attacker plays a card, then the defender, then a retreat).

    Immutable, so it lives in a game state like any other value and round-trips as JSON.

    >>> stack = PromptStack().push(Decision("attack", 0, "play_card", turn=0))
    >>> stack = stack.push(Decision("defend", 1, "play_card", turn=0))
    >>> [p.seat for p in stack.pending()], stack.top().id
    ([1], 'defend')
    >>> stack = stack.pop("defend")
    >>> stack.top().id
    'attack'
    >>> PromptStack.from_json(stack.to_json()) == stack
    True
    """

    decisions: tuple[Decision, ...] = ()

    def push(self, decision: Decision) -> PromptStack:
        if any(d.id == decision.id for d in self.decisions):
            raise ValueError(f"decision {decision.id!r} is already pending")
        return PromptStack((*self.decisions, decision))

    def pop(self, decision_id: str) -> PromptStack:
        """Without the top decision, which must be ``decision_id`` (answered out of order is a
        bug of the engine, not a refusal)."""
        if not self.decisions or self.decisions[-1].id != decision_id:
            raise ValueError(f"{decision_id!r} is not the decision on top")
        return PromptStack(self.decisions[:-1])

    def top(self) -> Decision | None:
        return self.decisions[-1] if self.decisions else None

    def pending(self) -> list[Prompt]:
        """The prompt of the top decision (none when empty)."""
        top = self.top()
        return [] if top is None else [top.prompt()]

    def to_json(self) -> list[JSON]:
        return [
            {"id": d.id, "seat": d.seat, "kind": d.kind, "params": dict(d.params), "turn": d.turn}
            for d in self.decisions
        ]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> PromptStack:
        return cls(
            tuple(
                Decision(
                    str(d["id"]),
                    int(d["seat"]),
                    str(d["kind"]),
                    dict(d.get("params") or {}),
                    None if d.get("turn") is None else int(d["turn"]),
                )
                for d in data
            )
        )


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal next token after a partial action.

    ``label`` is a locale key (``civ.domain.science``) and ``params`` fills it in. ``complete``
    says that prefix + token is a whole legal action; ``more`` says that further tokens may
    follow (both can be true, e.g. an optional argument). ``ask``, when set, is the locale key
    (with the same params) of a question to put to the player before the action is sent: it
    gives up something they may not mean to (a Clash turn ended with actions left).
    ``extra`` marks a token that only changes how a whole action is carried out, never what
    it is (a Clash payment's ``gold``): a picker may offer the action and each such way beside
    it, rather than the action and then a step to finish it.
    """

    token: str
    label: str
    params: Mapping[str, JSON] = field(default_factory=dict)
    complete: bool = True
    more: bool = False
    ask: str = ""
    extra: bool = False


@dataclass(frozen=True, slots=True)
class Standing:
    """An answer a player may give in advance to a decision with a safe default (a standing
    answer: "always keep my cities"), as the engine offers it for one prompt.

    ``key`` names it across prompts and games of the same kind (``keep_cities``), at most 20
    characters of ``[a-z_]``; ``action`` is the whole action that answers the prompt now (its
    tokens, as ``apply`` takes them); ``label`` is the locale key of its short button text
    (``clash.standing.keep_cities``). An engine offers one only where answering so can never
    reveal or waste something the player would want to choose.
    """

    key: str
    action: str
    label: str


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the game log.

    ``kind`` is a locale key suffix (``civ.played``). ``visible_to`` is None for public events
    and otherwise the seats allowed to read it (a drawn card, a hand taken by Inquisition).
    """

    kind: str
    params: Mapping[str, JSON] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def is_visible(self, seat: int | None) -> bool:
        """True when ``seat`` (None = spectator) may read this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class PromptView(TypedDict):
    """A pending prompt as every game's view lists it (``view["pending"]``)."""

    seat: int
    kind: str
    params: dict[str, JSON]


class EventView(TypedDict):
    """A public event as views carry it (``view["recent"]``): :class:`Event` without
    ``visible_to``."""

    kind: str
    params: dict[str, JSON]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``ranks[i]`` is seat i's place (1 = winner, equal numbers for a shared place); ``scores``
    are the points per seat (domains, victory points); ``reason`` is a locale key suffix
    (``hegemony``, ``majority``, ``resigned``); ``tiebreak`` names the criterion that decided
    between tied leaders, if any; ``details`` holds per-game breakdowns for the score post.
    """

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    tiebreak: str | None = None
    details: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats sharing first place."""
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)

    def to_json(self) -> dict[str, JSON]:
        """A plain-JSON form (for views, the store and transcripts)."""
        return {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "reason": self.reason,
            "tiebreak": self.tiebreak,
            "details": dict(self.details),
        }


class Rng:
    """A small, seedable, serialisable random generator (splitmix64).

    Kept inside each game state so that shuffles and dice replay exactly. The whole state is
    one integer, so snapshots stay small, and the sequence does not depend on the Python
    version (unlike ``random.Random.shuffle``).
    """

    __slots__ = ("state",)
    _MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self._MASK

    def next64(self) -> int:
        """The next 64-bit value."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def die(self, sides: int = 6) -> int:
        """One die roll, 1..sides."""
        return self.randrange(sides) + 1

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.state)


def tokens(action: str) -> list[str]:
    """Split an action text into tokens (any run of whitespace separates; case-folded)."""
    return action.lower().split()


def join(parts: Sequence[str]) -> str:
    """The canonical text of an action."""
    return " ".join(parts)


def action_tokens(action: str) -> list[str]:
    """The tokens of an action an engine is asked to apply, after the checks every text needs.

    Raises:
        IllegalAction: ``action_too_long`` (over :data:`MAX_ACTION_LENGTH` characters),
            ``empty_action``, ``number_too_long`` (a number of over :data:`MAX_DIGITS` digits).

    >>> action_tokens("place forest " + "9" * 7)
    Traceback (most recent call last):
    rules.core.IllegalAction: number_too_long {'max': 6}
    """
    if len(action) > MAX_ACTION_LENGTH:
        raise IllegalAction("action_too_long", length=len(action), max=MAX_ACTION_LENGTH)
    parts = tokens(action)
    if not parts:
        raise IllegalAction("empty_action")
    for part in parts:
        if len(part) > MAX_DIGITS and _is_ascii_digits(part):
            raise IllegalAction("number_too_long", max=MAX_DIGITS)
    return parts


def too_long(prefix: Sequence[str]) -> bool:
    """True when a ``choices`` prefix is already longer than any action may be (so nothing can
    follow it); engines answer [] then without reading it."""
    return len(prefix) > MAX_ACTION_LENGTH or len(join(prefix)) > MAX_ACTION_LENGTH


def number(token: str) -> int | None:
    """The value of a number token written the canonical way, else None.

    Only ASCII digits count: ``str.isdigit`` also accepts ``²`` or ``①``, which ``int()`` then
    refuses, and ``int()`` reads ``３`` as 3. At most :data:`MAX_DIGITS` digits, no sign, no
    leading zero.

    >>> [number(t) for t in ("3", "10", "03", "+3", "²", "３", "", "1234567")]
    [3, 10, None, None, None, None, None, None]
    """
    if not 0 < len(token) <= MAX_DIGITS or not _is_ascii_digits(token):
        return None
    if token[0] == "0" and token != "0":
        return None
    return int(token)


def _is_ascii_digits(token: str) -> bool:
    return token.isascii() and token.isdigit()


def check_handles(players: Sequence[str]) -> None:
    """Validate player handles: 1-20 of ``a-z 0-9 _``, unique. Used in actions as ``@handle``."""
    for p in players:
        if not _HANDLE.match(p):
            raise IllegalAction("bad_player_name", name=p)
    if len(set(players)) != len(players):
        raise IllegalAction("duplicate_player_name")


S = TypeVar("S")
#: The type of a game's view. A game declares its own (``rules.civ.CivView``...); a caller that
#: holds some game, ``Game[Any]``, reads a plain mapping.
V = TypeVar("V", bound=Mapping[str, Any], covariant=True, default=Mapping[str, Any])


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One setup option a lobby can offer (``deal``: ``classic``/``draft``)."""

    name: str
    default: JSON
    values: tuple[JSON, ...]
    label: str  # locale key


class Game(Protocol, Generic[S, V]):
    """What every game package exposes (as ``rules.<game>.GAME``).

    ``S`` is the game's state, ``V`` the type of its views (a ``TypedDict`` per game).

    States are treated as immutable by callers: ``apply`` returns a new state and leaves the
    one it was given untouched, so a caller can keep the old state if storing the new one fails.
    """

    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]

    def setup(self, players: Sequence[str], options: Mapping[str, JSON], seed: int) -> S:
        """A new game. Raises IllegalAction (``bad_player_count``, ``bad_option``...)."""
        ...

    def setup_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> S:
        """A game started from a given position (transcripts; see docs/transcripts.md)."""
        ...

    def pending(self, state: S) -> list[Prompt]:
        """Who must decide now; empty exactly when the game is over."""
        ...

    def choices(self, state: S, seat: int, prefix: Sequence[str]) -> list[Choice]:
        """Legal next tokens for ``seat`` after ``prefix``, in a stable order; [] if none."""
        ...

    def apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        """Validate completely, then apply. Raises IllegalAction and changes nothing if illegal."""
        ...

    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (None = spectators and public images), as plain JSON."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """None while the game runs."""
        ...

    def to_json(self, state: S) -> dict[str, JSON]:
        """A plain-JSON snapshot, with a ``version`` key."""
        ...

    def from_json(self, data: Mapping[str, JSON]) -> S:
        """Inverse of ``to_json``; raises ValueError on an unknown version."""
        ...

    def check_invariants(self, state: S) -> list[str]:
        """Broken invariants (cards conserved, no negative stock...); empty when all hold."""
        ...

    def resign(self, state: S, seat: int) -> tuple[S, list[Event]]:
        """``seat`` leaves the game; the engine decides how the game goes on or ends."""
        ...


@runtime_checkable
class HasReveals(Protocol):
    """An engine's own rule for what counts as a reveal (see :func:`reveals`)."""

    # Whether the action from ``before`` to ``after`` showed something hidden.
    def reveals(self, before: Any, after: Any, events: Sequence[Event]) -> bool: ...


def reveals(game: Game[S], before: S, after: S, events: Sequence[Event]) -> bool:
    """Whether the action that turned ``before`` into ``after`` showed something hidden.

    A revealing action cannot be taken back by its player (``/undo``): a card drawn, a die
    rolled, a hand seen or a deck shuffled would otherwise be known, or could be drawn or rolled
    again. Engines implement it as the optional hook ``reveals(before, after, events)`` (like
    ``features`` and ``greedy_choice``): the generator advancing is itself a reveal there. The
    fallback, for an engine without the hook, counts any private event as a reveal.

    >>> reveals(object(), None, None, [Event("x.drew", visible_to=(0,))])  # type: ignore[arg-type]
    True
    >>> reveals(object(), None, None, [Event("x.played")])  # type: ignore[arg-type]
    False
    """
    if isinstance(game, HasReveals):
        return bool(game.reveals(before, after, events))
    return any(e.visible_to is not None for e in events)


def act(game: Game[S], state: S, seat: int, action: str) -> tuple[S, list[Event]]:
    """Apply ``action`` for ``seat`` after the checks every game shares.

    Games therefore only ever see live prompts: a finished game raises ``game_over``, a seat
    with no prompt raises ``not_your_turn`` (naming the seats that are awaited), an empty
    action raises ``empty_action``; an absurdly long one ``action_too_long`` or
    ``number_too_long`` (see :func:`action_tokens`).
    """
    if game.outcome(state) is not None:
        raise IllegalAction("game_over")
    prompts = game.pending(state)
    if all(p.seat != seat for p in prompts):
        # Name the seats the game waits for (an offer to someone else is not a wait).
        raise IllegalAction("not_your_turn", waiting=sorted(deciding(prompts)))
    return game.apply(state, seat, join(action_tokens(action)))
