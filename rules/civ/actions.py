"""The action grammar: prompts, ``choices`` and ``apply`` for every prompt kind.

Grammar (tokens separated by spaces; domains: military religion economy science culture utopia;
players as ``@handle``)::

    draft_keep            keep <d>
    draft_pick            pick <d>
    turn_play             play <d> | skip
    turn_effects          assassination <d> | purge <d> <d> | attack <d> | inquisition @h
                          | progress <discard> <play> | monopoly <dis> <dis> <play> <play>
                          | embargo @h <covered> | experiment <take> <play>
                          | research <take> <take> <play> <play> | breakthrough
                          | oligarchy <d> | democracy <d> <d> | republic @h <d>
                          | inspire @h <effect> <that effect's arguments> | end
    inquisition_return    return <d> ... (exactly as many as were taken)
    breakthrough_discard  discard <d> ... (exactly as many as were drawn)

``choices`` and ``apply`` share one reader per prompt, so ``apply`` accepts exactly the
complete actions ``choices`` can build.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.civ.args import DOMAIN_KINDS, PLAYER_KINDS, Cursor, can_begin, hand_cursor, start_work
from rules.civ.data import (
    ACTION_EFFECTS,
    DOMAIN_INDEX,
    DOMAINS,
    EFFECTS,
    INSPIRATION,
    INSPIRE,
    ND,
    EffectSpec,
)
from rules.civ.draft import auto_draft, keep, pick, picker
from rules.civ.effects import RESOLVERS, attack_victims, breakthrough_discard, inquisition_return
from rules.civ.logic import embargoed_mask, has_culture_majority, level
from rules.civ.state import CivState, Coin
from rules.civ.turn import end_turn, play_card, skip_play
from rules.core import Choice, Event, IllegalAction, Prompt

HEADS: dict[str, tuple[str, ...]] = {
    "draft_keep": ("keep",),
    "draft_pick": ("pick",),
    "turn_play": ("play", "skip"),
    "turn_effects": (*ACTION_EFFECTS, INSPIRE, "end"),
    "inquisition_return": ("return",),
    "breakthrough_discard": ("discard",),
}
ALL_HEADS = frozenset(h for heads in HEADS.values() for h in heads)
#: An error code and its parameters (built into an IllegalAction only when raised).
Refusal = tuple[str, dict[str, object]]

STEP_EFFECT = {"inquisition_return": "inquisition", "breakthrough_discard": "breakthrough"}


# -- prompts ------------------------------------------------------------------------------


def prompt_kind(state: CivState, seat: int) -> str | None:
    """The prompt ``seat`` must answer now, if any."""
    if not 0 <= seat < state.n:
        return None
    step = state.step
    if step == "draft_keep":
        draft = state.draft
        assert draft is not None
        live = not state.seats[seat].resigned
        return "draft_keep" if live and not draft.done[seat] else None
    if step == "draft_pick":
        return "draft_pick" if seat == picker(state) else None
    if step == "over" or seat != state.active:
        return None
    if step == "play":
        return "turn_play"
    if step == "effects":
        return "turn_effects"
    return step


def pending(state: CivState) -> list[Prompt]:
    """Every prompt open now, in seat order."""
    if state.step == "over":
        return []
    seats = range(state.n) if state.step == "draft_keep" else [state.active]
    # The draft has no turns (its table post moves with each pick); every other decision,
    # an effect's included, belongs to the active player's turn.
    turn = None if state.step.startswith("draft") else state.active
    out = []
    for s in seats:
        kind = prompt_kind(state, s)
        if kind is not None:
            out.append(Prompt(s, kind, _prompt_params(state, kind, s), turn=turn))
    return out


def _prompt_params(state: CivState, kind: str, seat: int) -> dict[str, object]:
    if kind == "draft_keep":
        assert state.draft is not None
        return {"round": state.draft.round, "count": sum(state.draft.packets[seat])}
    if kind == "draft_pick":
        assert state.draft is not None
        return {"count": len(state.draft.centre)}
    if kind in STEP_EFFECT:
        assert state.sub is not None
        params: dict[str, object] = {"count": state.sub.count}
        if state.sub.target is not None:
            params["target"] = state.players[state.sub.target]
        return params
    return {}


# -- effect availability ------------------------------------------------------------------


def effect_cursor(state: CivState, seat: int, head: str) -> Cursor:
    """A fresh argument reader for a step-2 effect (or ``inspire``)."""
    partial = state.options.partial_effects
    if head == INSPIRE:
        parts: tuple[tuple[str, int], ...] = (("copy_target", 1), ("copy_effect", 1))
        return Cursor(
            state, seat, parts, start_work(state, seat, None), partial=partial, effect=INSPIRE
        )
    spec = EFFECTS[head]
    w = start_work(state, seat, spec)
    return Cursor(state, seat, spec.parts, w, partial=partial, effect=head)


def effect_refusal(state: CivState, seat: int, head: str) -> Refusal | None:
    """Why the active player may not start ``head`` now (None if they may)."""
    turn = state.turn
    assert turn is not None
    if head == INSPIRE:
        if turn.inspired:
            return ("already_inspired", {})
        if not has_culture_majority(state, seat):
            return ("no_culture_majority", {})
        if not effect_cursor(state, seat, head).has_option():
            return ("cannot_complete", {"effect": INSPIRATION})
        return None
    spec = EFFECTS[head]
    bit = 1 << spec.domain
    domain = DOMAINS[spec.domain]
    if spec.is_permanent:
        if turn.used_permanent & bit:
            return ("effect_used", {"effect": head, "domain": domain})
        if level(state, seat, spec.domain) < spec.level:
            return ("level_not_reached", {"effect": head, "domain": domain, "level": spec.level})
    else:
        if turn.used_discard & bit:
            return ("effect_used", {"effect": head, "domain": domain})
        if state.seats[seat].area[spec.domain] < 1:
            return (
                "not_in_area",
                {"domain": domain, "player": state.players[seat], "effect": head},
            )
    if not can_begin(effect_cursor(state, seat, head), spec):
        return ("cannot_complete", {"effect": head})
    return None


def startable_effects(state: CivState, seat: int) -> list[str]:
    """Step-2 effects (and ``inspire``) the active player may start now, in a stable order."""
    return [h for h in (*ACTION_EFFECTS, INSPIRE) if effect_refusal(state, seat, h) is None]


def playable_domains(state: CivState, seat: int) -> list[str]:
    """Domains of ``seat``'s hand it may play now (each once)."""
    mask = embargoed_mask(state, seat)
    hand = state.seats[seat].hand
    return [DOMAINS[d] for d in range(ND) if hand[d] and not mask >> d & 1]


# -- choices ------------------------------------------------------------------------------


def _domain_choice(token: str, complete: bool = True) -> Choice:
    return Choice(token, f"civ.domain.{token}", {}, complete, not complete)


def _action_choice(token: str, more: bool) -> Choice:
    if token in EFFECTS:
        label = f"civ.effect.{token}"
    elif token == INSPIRE:
        label = f"civ.effect.{INSPIRATION}"
    else:
        label = f"civ.action.{token}"
    return Choice(token, label, {}, not more, more)


def choices(state: CivState, seat: int, prefix: Sequence[str]) -> list[Choice]:
    """Legal next tokens for ``seat`` after ``prefix`` (see the module grammar)."""
    kind = prompt_kind(state, seat)
    if kind is None or state.outcome is not None:
        return []
    if not prefix:
        return _head_choices(state, seat, kind)
    head, args = prefix[0], list(prefix[1:])
    if kind in ("draft_keep", "draft_pick", "turn_play"):
        options = _single_options(state, seat, kind, head)
        if options is None or args:
            return []
        return [_domain_choice(d) for d in options]
    if kind == "turn_effects":
        if head == "end" or head not in HEADS[kind] or effect_refusal(state, seat, head):
            return []
        cursor = effect_cursor(state, seat, head)
    elif head == HEADS[kind][0]:
        cursor = _sub_cursor(state, seat, kind)
    else:
        return []
    try:
        for token in args:
            cursor.push(token)
    except IllegalAction:
        return []
    return _cursor_choices(cursor)


def _head_choices(state: CivState, seat: int, kind: str) -> list[Choice]:
    if kind == "turn_play":
        if playable_domains(state, seat):
            return [_action_choice("play", True)]
        return [_action_choice("skip", False)]
    if kind == "turn_effects":
        out = [
            _action_choice(h, h == INSPIRE or bool(EFFECTS[h].parts))
            for h in startable_effects(state, seat)
        ]
        return [*out, _action_choice("end", False)]
    return [_action_choice(HEADS[kind][0], True)]


def _single_options(state: CivState, seat: int, kind: str, head: str) -> list[str] | None:
    """Domains allowed after the head of a one-argument action (None: head not valid)."""
    if kind == "draft_keep" and head == "keep":
        assert state.draft is not None
        return [DOMAINS[d] for d in range(ND) if state.draft.packets[seat][d]]
    if kind == "draft_pick" and head == "pick":
        assert state.draft is not None
        return [DOMAINS[d] for d in sorted(set(state.draft.centre))]
    if kind == "turn_play" and head == "play":
        return playable_domains(state, seat)
    return None


def _sub_cursor(state: CivState, seat: int, kind: str) -> Cursor:
    assert state.sub is not None
    return hand_cursor(state, seat, state.sub.count, STEP_EFFECT[kind])


def _cursor_choices(cursor: Cursor) -> list[Choice]:
    if cursor.finished:
        return []
    kind = cursor.kind()
    out = []
    for token in cursor.options():
        trial = cursor.clone()
        trial.push(token)
        done = trial.finished
        if kind == "attack":
            out.append(_attack_choice(cursor, token, done))
        elif kind in DOMAIN_KINDS:
            out.append(Choice(token, f"civ.domain.{token}", {}, done, not done))
        elif kind in PLAYER_KINDS:
            out.append(Choice(token, "civ.player", {"player": token[1:]}, done, not done))
        else:
            out.append(Choice(token, f"civ.effect.{token}", {}, done, not done))
    return out


def _attack_choice(cursor: Cursor, token: str, done: bool) -> Choice:
    """A domain Attack may name, saying who else would lose a card of it: nobody (then only
    the attacker does), or the players :func:`~rules.civ.effects.attack_victims` names."""
    state = cursor.state
    victims = attack_victims(state, cursor.seat, DOMAIN_INDEX[token])
    if not victims:
        return Choice(token, "civ.choice.attack_alone", {"domain": token}, done, not done)
    hit = [f"@{state.players[t]}" for t in victims]
    return Choice(token, "civ.choice.attack", {"domain": token, "victims": hit}, done, not done)


# -- apply --------------------------------------------------------------------------------


def apply_tokens(state: CivState, seat: int, toks: list[str]) -> list[Event]:
    """Resolve one action on the engine's private copy ``state`` (raises IllegalAction)."""
    kind = prompt_kind(state, seat)
    if kind is None:
        waiting = sorted({p.seat for p in pending(state)})
        raise IllegalAction("not_your_turn", waiting=waiting)
    head, args = toks[0], toks[1:]
    if head not in HEADS[kind]:
        raise _wrong_head(state, seat, kind, head)
    if kind == "turn_effects" and head != "end":
        return _apply_effect(state, seat, head, args)
    if kind in STEP_EFFECT:
        cursor = _sub_cursor(state, seat, kind)
        if len(args) != cursor.size:
            raise IllegalAction(
                "wrong_count",
                count=cursor.size,
                expected=cursor.size,
                got=len(args),
                allowed=cursor.options(),
            )
        _read_all(cursor, args)
        domains = cursor.picks["hand"]
        if kind == "inquisition_return":
            return inquisition_return(state, seat, domains)
        return breakthrough_discard(state, seat, domains)
    if head in ("skip", "end"):
        if args:
            raise IllegalAction("too_many_tokens", token=args[0])
        if head == "end":
            return end_turn(state, seat)
        playable = playable_domains(state, seat)
        if playable:
            raise IllegalAction("cannot_skip", allowed=playable)
        return skip_play(state, seat)
    d = _single_domain(state, seat, kind, head, args)
    if kind == "turn_play":
        return play_card(state, seat, d)
    events = keep(state, seat, d) if kind == "draft_keep" else pick(state, seat, d)
    return events + auto_draft(state)


def _wrong_head(state: CivState, seat: int, kind: str, head: str) -> IllegalAction:
    allowed = [c.token for c in _head_choices(state, seat, kind)]
    if head not in ALL_HEADS:
        return IllegalAction("unknown_action", token=head, allowed=allowed)
    if kind == "turn_play" and head in HEADS["turn_effects"]:
        return IllegalAction("must_play_first", token=head, allowed=allowed)
    if kind == "turn_effects" and head in HEADS["turn_play"]:
        return IllegalAction("already_played", token=head, allowed=allowed)
    if kind in STEP_EFFECT:
        return IllegalAction(
            "effect_in_progress", token=head, effect=STEP_EFFECT[kind], allowed=allowed
        )
    return IllegalAction("not_now", token=head, allowed=allowed)


def _single_domain(state: CivState, seat: int, kind: str, head: str, args: list[str]) -> int:
    options = _single_options(state, seat, kind, head) or []
    if not args:
        raise IllegalAction("missing_argument", action=head, allowed=options, players=None)
    if len(args) > 1:
        raise IllegalAction("too_many_tokens", token=args[1])
    token = args[0]
    d = DOMAIN_INDEX.get(token)
    if d is None:
        raise IllegalAction("bad_token", token=token, allowed=options)
    if token in options:
        return d
    if kind == "draft_keep":
        raise IllegalAction("not_in_packet", domain=token, allowed=options)
    if kind == "draft_pick":
        raise IllegalAction("not_in_centre", domain=token, allowed=options)
    if state.seats[seat].hand[d] == 0:
        raise IllegalAction("not_in_hand", domain=token, allowed=options)
    raise IllegalAction("embargoed", domain=token, allowed=options)


def _read_all(cursor: Cursor, args: list[str]) -> None:
    """Push every argument; the action must end exactly when the effect is complete."""
    for token in args:
        if cursor.finished:
            raise IllegalAction("too_many_tokens", token=token)
        cursor.push(token)
    if not cursor.finished:
        # Handles go in ``players`` (shown as they are), every other token in ``allowed``
        # (shown by its label, civ.token.<token>); the one not used is None.
        options = cursor.options()
        if cursor.kind() in PLAYER_KINDS:
            raise IllegalAction(
                "missing_argument", action=cursor.effect, allowed=None, players=options
            )
        raise IllegalAction("missing_argument", action=cursor.effect, allowed=options, players=None)


def _apply_effect(state: CivState, seat: int, head: str, args: list[str]) -> list[Event]:
    refusal = effect_refusal(state, seat, head)
    if refusal is not None:
        code, params = refusal
        raise IllegalAction(code, **params)
    cursor = effect_cursor(state, seat, head)
    _read_all(cursor, args)
    turn = state.turn
    assert turn is not None
    picks = cursor.picks
    events: list[Event] = []
    if head == INSPIRE:
        (target,) = picks["copy_target"]
        effect = cursor.effect
        spec: EffectSpec = EFFECTS[effect]
        turn.inspired = True
        turn.used_permanent |= 1 << spec.domain
        state.coin = Coin(seat, target, spec.domain, spec.level)
        events.append(
            Event(
                "civ.inspire",
                {
                    "player": state.players[seat],
                    "target": state.players[target],
                    "effect": effect,
                    "domain": DOMAINS[spec.domain],
                    "level": spec.level,
                },
            )
        )
        events += RESOLVERS[effect](state, seat, picks)
    else:
        spec = EFFECTS[head]
        if spec.is_permanent:
            turn.used_permanent |= 1 << spec.domain
        else:
            turn.used_discard |= 1 << spec.domain
        events += RESOLVERS[head](state, seat, picks)
    return events
