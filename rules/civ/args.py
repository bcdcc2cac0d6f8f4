"""The argument grammar of effects: which token may come next, and why one may not.

An effect's arguments are *slots* grouped in *parts* (``monopoly``: two ``area`` slots, then two
``play`` slots). A :class:`Cursor` walks them token by token on a scratch copy of the active
player's counts, so the same code answers ``choices`` (the legal next tokens) and validates
``apply`` (with a specific error for a refused token).

Slot kinds:

- ``hand``: a card of your hand (any domain). ``play``: a hand card you may play (not
  embargoed). ``area``: one of your face-up cards (to discard). ``take``: one of your face-up
  cards (back to your hand). ``attack``: the domain named by Attack (you discard one of yours).
  ``pile``: a card of the discard pile.
- ``player``: another player still in the game. ``target``: another player with at least one
  face-up card. ``target_area``: a domain in which that target has a face-up card.
- ``copy_target`` / ``copy_effect``: Inspiration's player and effect; the copied effect's own
  slots follow.

Completability (rules reference A12): with ``partial_effects`` off, a token is offered only if
the whole effect can still be completed after it. With it on, every counted part (``hand``,
``play``, ``area``, ``take``, ``pile``) shrinks to what is possible when the part starts, and an
effect may start if it does at least one thing.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.civ.data import (
    COPYABLE_EFFECTS,
    DOMAIN_INDEX,
    DOMAINS,
    EFFECTS,
    ND,
    EffectSpec,
    thresholds,
)
from rules.civ.logic import counts_of, embargoed_mask, playable_count
from rules.civ.state import CivState
from rules.core import IllegalAction

DOMAIN_KINDS = frozenset({"hand", "play", "area", "take", "attack", "pile", "target_area"})
PLAYER_KINDS = frozenset({"player", "target", "copy_target"})
#: Kinds that do "as much as possible" when partial effects are allowed.
COUNTED_KINDS = frozenset({"hand", "play", "area", "take", "pile"})

Parts = tuple[tuple[str, int], ...]


@dataclass(slots=True)
class Work:
    """Scratch counts of the active player while arguments are read."""

    hand: list[int]
    area: list[int]
    pile: list[int]
    emb: int
    target: int | None = None

    def copy(self) -> Work:
        """An independent copy."""
        return Work(self.hand[:], self.area[:], self.pile[:], self.emb, self.target)


def start_work(state: CivState, seat: int, spec: EffectSpec | None) -> Work:
    """The active player's counts as an effect starts (a discard effect's card already paid)."""
    me = state.seats[seat]
    area = me.area[:]
    if spec is not None and not spec.is_permanent:
        area[spec.domain] -= 1
    # Only Oligarchy and Democracy (also when copied) read the discard pile.
    needs_pile = spec is None or any(kind == "pile" for kind, _ in spec.parts)
    pile = counts_of(state.discard) if needs_pile else [0] * ND
    return Work(me.hand[:], area, pile, embargoed_mask(state, seat))


def _available(kind: str, w: Work) -> int:
    """How many cards a counted slot kind could use right now."""
    if kind == "hand":
        return sum(w.hand)
    if kind == "play":
        return playable_count(w.hand, w.emb)
    if kind == "pile":
        return sum(w.pile)
    return sum(w.area)


def _remaining_ok(w: Work, parts: list[tuple[str, int]]) -> bool:
    """True if the remaining counted parts can all be filled in full (best case)."""
    extra_playable = 0
    for kind, r in parts:
        if r <= 0:
            continue
        if kind == "take":
            if sum(w.area) < r:
                return False
            free = sum(c for d, c in enumerate(w.area) if not w.emb >> d & 1)
            extra_playable = min(r, free)
        elif kind == "play":
            if playable_count(w.hand, w.emb) + extra_playable < r:
                return False
        elif (kind in COUNTED_KINDS or kind == "attack") and _available(kind, w) < r:
            return False
    return True


class Cursor:
    """Reads the arguments of one effect (or of a return/discard prompt) token by token."""

    __slots__ = (
        "_copyable",
        "done",
        "effect",
        "part",
        "partial",
        "parts",
        "picks",
        "seat",
        "size",
        "state",
        "w",
    )

    def __init__(
        self,
        state: CivState,
        seat: int,
        parts: Parts,
        w: Work,
        *,
        partial: bool,
        effect: str,
    ) -> None:
        self.state = state
        self.seat = seat
        self.parts: list[tuple[str, int]] = list(parts)
        self.w = w
        self.partial = partial
        self.effect = effect
        self.picks: dict[str, list[int]] = {}
        self.part = 0
        self.done = 0
        self.size = 0
        self._copyable: list[str] | None = None
        self._start_part()

    # -- walking -----------------------------------------------------------------------------

    def clone(self) -> Cursor:
        """An independent cursor at the same position."""
        c = Cursor.__new__(Cursor)
        c.state, c.seat, c.partial, c.effect = self.state, self.seat, self.partial, self.effect
        c.parts = self.parts[:]
        c.w = self.w.copy()
        c.picks = {k: v[:] for k, v in self.picks.items()}
        c.part, c.done, c.size = self.part, self.done, self.size
        c._copyable = self._copyable
        return c

    @property
    def finished(self) -> bool:
        """True when every slot is filled."""
        return self.part >= len(self.parts)

    @property
    def did_something(self) -> bool:
        """True if at least one slot was filled (partial effects must do something)."""
        return any(self.picks.values())

    def _start_part(self) -> None:
        """Size the next part; skip parts that (in partial mode) can do nothing."""
        while self.part < len(self.parts):
            kind, count = self.parts[self.part]
            size = count
            if self.partial and kind in COUNTED_KINDS:
                size = min(count, _available(kind, self.w))
            self.picks.setdefault(kind, [])
            if size > 0:
                self.size, self.done = size, 0
                return
            self.part += 1

    def kind(self) -> str:
        """The kind of the next slot (only while not finished)."""
        return self.parts[self.part][0]

    def options(self) -> list[str]:
        """Legal tokens for the next slot, in a stable order."""
        if self.finished:
            return []
        kind = self.kind()
        if kind in DOMAIN_KINDS:
            return [DOMAINS[d] for d in range(ND) if self._domain_ok(kind, d)]
        if kind in PLAYER_KINDS:
            return [f"@{self.state.players[t]}" for t in self._player_options(kind)]
        return [e for e in self._copyable_effects() if self._effect_available(self.w.target, e)]

    def has_option(self) -> bool:
        """True if some token can fill the next slot (cheaper than ``options``)."""
        if self.finished:
            return False
        kind = self.kind()
        if kind in DOMAIN_KINDS:
            return any(self._domain_ok(kind, d) for d in range(ND))
        return bool(self.options())

    def push(self, token: str) -> None:
        """Fill the next slot with ``token``; raises IllegalAction if it is not offered."""
        if self.finished:
            raise IllegalAction("too_many_tokens", token=token)
        kind = self.kind()
        if kind in DOMAIN_KINDS:
            d = DOMAIN_INDEX.get(token)
            if d is None or not self._domain_ok(kind, d):
                raise self._refusal(kind, token)
            self._consume(kind, d)
            self.picks[kind].append(d)
        elif kind in PLAYER_KINDS:
            t = self._seat_of(token)
            if t is None or t not in self._player_options(kind):
                raise self._refusal(kind, token)
            self.w.target = t
            self.picks[kind].append(t)
        else:
            if token not in COPYABLE_EFFECTS or not self._effect_available(self.w.target, token):
                raise self._refusal(kind, token)
            self.picks.setdefault("copy_effect", []).append(COPYABLE_EFFECTS.index(token))
            self.effect = token
            self.parts.extend(EFFECTS[token].parts)
        self.done += 1
        if self.done >= self.size:
            self.part += 1
            self._start_part()

    # -- slot rules --------------------------------------------------------------------------

    def _remaining_after(self) -> list[tuple[str, int]]:
        """The counted slots left after the one being filled."""
        kind, _ = self.parts[self.part]
        rest = [(kind, self.size - self.done - 1)]
        rest.extend(self.parts[self.part + 1 :])
        return rest

    def _domain_ok(self, kind: str, d: int) -> bool:
        w = self.w
        if kind == "hand":
            ok = w.hand[d] > 0
        elif kind == "play":
            ok = w.hand[d] > 0 and not w.emb >> d & 1
        elif kind == "pile":
            ok = w.pile[d] > 0
        elif kind == "target_area":
            return w.target is not None and self.state.seats[w.target].area[d] > 0
        else:
            ok = w.area[d] > 0
        if not ok or self.partial:
            return ok
        trial = w.copy()
        _consume_into(trial, kind, d)
        return _remaining_ok(trial, self._remaining_after())

    def _consume(self, kind: str, d: int) -> None:
        _consume_into(self.w, kind, d)

    def _player_options(self, kind: str) -> list[int]:
        state = self.state
        out = []
        for t, s in enumerate(state.seats):
            if t == self.seat or s.resigned:
                continue
            if kind == "target" and not any(s.area):
                continue
            if kind == "copy_target" and not any(
                self._effect_available(t, e) for e in self._copyable_effects()
            ):
                continue
            out.append(t)
        return out

    def _copyable_effects(self) -> list[str]:
        """Copyable effects the active player could start now (ignoring who has them)."""
        if self._copyable is None:
            turn = self.state.turn
            used = turn.used_permanent if turn is not None else 0
            self._copyable = [
                e
                for e in COPYABLE_EFFECTS
                if not used >> EFFECTS[e].domain & 1 and self._can_run(EFFECTS[e])
            ]
        return self._copyable

    def _can_run(self, spec: EffectSpec) -> bool:
        """True if the active player could resolve ``spec`` from the current scratch counts."""
        sub = Cursor(
            self.state,
            self.seat,
            spec.parts,
            self.w.copy(),
            partial=self.partial,
            effect=spec.token,
        )
        return can_begin(sub, spec)

    def _effect_available(self, target: int | None, effect: str) -> bool:
        """True if ``target`` meets the threshold of ``effect`` (so it may be copied)."""
        if target is None or effect not in self._copyable_effects():
            return False
        spec = EFFECTS[effect]
        need = thresholds(self.state.n)[spec.level - 1]
        return self.state.seats[target].area[spec.domain] >= need

    def _seat_of(self, token: str) -> int | None:
        if not token.startswith("@"):
            return None
        try:
            return self.state.players.index(token[1:])
        except ValueError:
            return None

    # -- errors ------------------------------------------------------------------------------

    def _refusal(self, kind: str, token: str) -> IllegalAction:
        """The most specific reason why ``token`` cannot fill the next slot."""
        allowed = self.options()
        w = self.w
        if kind in DOMAIN_KINDS:
            d = DOMAIN_INDEX.get(token)
            if d is None:
                return IllegalAction("bad_token", token=token, allowed=allowed)
            domain = DOMAINS[d]
            if kind in ("hand", "play") and w.hand[d] == 0:
                return IllegalAction("not_in_hand", domain=domain, allowed=allowed)
            if kind == "play" and w.emb >> d & 1:
                return IllegalAction("embargoed", domain=domain, allowed=allowed)
            if kind == "pile" and w.pile[d] == 0:
                return IllegalAction("not_in_discard", domain=domain, allowed=allowed)
            if kind == "target_area" and w.target is not None:
                return IllegalAction(
                    "not_in_area",
                    domain=domain,
                    player=self.state.players[w.target],
                    allowed=allowed,
                )
            if kind in ("area", "take", "attack") and w.area[d] == 0:
                return IllegalAction(
                    "not_in_area",
                    domain=domain,
                    player=self.state.players[self.seat],
                    allowed=allowed,
                )
            return IllegalAction(
                "cannot_complete", effect=self.effect, token=token, allowed=allowed
            )
        if kind in PLAYER_KINDS:
            return IllegalAction("bad_target", player=token, allowed=allowed)
        if token not in COPYABLE_EFFECTS:
            return IllegalAction("bad_token", token=token, allowed=allowed)
        spec = EFFECTS[token]
        turn = self.state.turn
        if turn is not None and turn.used_permanent >> spec.domain & 1:
            return IllegalAction(
                "effect_used", effect=token, domain=DOMAINS[spec.domain], allowed=allowed
            )
        target = self.state.players[w.target] if w.target is not None else None
        if token in self._copyable_effects():
            return IllegalAction("not_available", effect=token, player=target, allowed=allowed)
        return IllegalAction("cannot_complete", effect=token, allowed=allowed)


def _consume_into(w: Work, kind: str, d: int) -> None:
    """Apply one pick to scratch counts."""
    if kind in ("hand", "play"):
        w.hand[d] -= 1
    elif kind == "pile":
        w.pile[d] -= 1
    elif kind == "take":
        w.area[d] -= 1
        w.hand[d] += 1
    elif kind in ("area", "attack"):
        w.area[d] -= 1


def can_begin(cursor: Cursor, spec: EffectSpec) -> bool:
    """True if the effect can start: no arguments at all, or a first token exists."""
    if cursor.finished:
        # Only effects without arguments (Breakthrough, the passive Religion effects) may
        # start with nothing to choose; a partial effect that can do nothing may not.
        return not spec.parts
    return cursor.has_option()


def hand_cursor(state: CivState, seat: int, count: int, effect: str) -> Cursor:
    """A cursor for the ``return``/``discard`` prompts: exactly ``count`` hand cards."""
    me = state.seats[seat]
    w = Work(me.hand[:], me.area[:], [0] * ND, embargoed_mask(state, seat))
    return Cursor(state, seat, (("hand", count),), w, partial=False, effect=effect)
