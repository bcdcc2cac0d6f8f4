"""The action grammar: ``choices`` and ``apply`` for every prompt kind.

Grammar (tokens separated by spaces; ``<pay>`` is a payment token such as ``wood-wood-stone``;
``apply`` also reads the group tokens older versions put before it, see ``payments``)::

    place          place <hunting|forest|clay|quarry|river> <people>
                   | place <toolmaker|hut|field> | place card <1-4> | place building <stack>
    resolve        resolve <location> | resolve card <1-4> | resolve building <stack>
    tools          tools none | tools <tool>...   (tiles by value high to low, then once<v>)
    pay_card       buy <pay> | decline
    pay_building   buy <pay> | decline
    pick           pick <face 1-6>
    feed           feed <pay> | starve
    any prompt     medicine <two resources>  (while an unused Medicine choice is held)

``choices`` and ``apply`` share the same readers, so ``apply`` accepts exactly the complete
actions ``choices`` can build (and the older grouped payments, which replay old logs).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Choice, Event, IllegalAction, number
from rules.stoneage.data import LOCATIONS, NR, building_type
from rules.stoneage.effects import (
    building_spec,
    buy_building,
    buy_card,
    card_spec,
    decline,
    pick_die,
)
from rules.stoneage.flow import after_placement, feed_with, starve
from rules.stoneage.logic import at_home
from rules.stoneage.payments import (
    PaySpec,
    candidates,
    has_payment,
    payment_token,
    read_payment,
    resource_list,
    value,
)
from rules.stoneage.placement import (
    BUILDING,
    CARD,
    COUNTED,
    Target,
    counts_for,
    legal_targets,
    parse_target,
    people_for,
    place,
    refusal,
)
from rules.stoneage.prompts import prompt_kind
from rules.stoneage.resolve import own_targets, resolve
from rules.stoneage.rolls import NONE, finish_roll, next_tool_tokens, read_tools
from rules.stoneage.state import StoneAgeState

MEDICINE = "medicine"
HEADS: dict[str, tuple[str, ...]] = {
    "place": ("place",),
    "resolve": ("resolve",),
    "tools": ("tools",),
    "pay_card": ("buy", "decline"),
    "pay_building": ("buy", "decline"),
    "pick": ("pick",),
    "feed": ("feed", "starve"),
}
ALL_HEADS = frozenset({MEDICINE, *(h for heads in HEADS.values() for h in heads)})
#: Medicine: two resources of the owner's choice (the most valuable listed first).
MEDICINE_SPEC = PaySpec(count=2, dear_first=True, limited=False)
FACES = tuple(str(f) for f in range(1, 7))


# -- choices ------------------------------------------------------------------------------


def choices(state: StoneAgeState, seat: int, prefix: Sequence[str]) -> list[Choice]:
    """Legal next tokens for ``seat`` after ``prefix`` (see the module grammar)."""
    kind = prompt_kind(state, seat) if 0 <= seat < state.n else None
    if kind is None:
        return []
    if not prefix:
        return head_choices(state, seat, kind)
    head, args = prefix[0], list(prefix[1:])
    me = state.seats[seat]
    if head == MEDICINE:
        if not me.medicine:
            return []
        return _payment_choices(MEDICINE_SPEC, me.resources, args)
    if head not in HEADS[kind] or head not in {c.token for c in head_choices(state, seat, kind)}:
        return []
    if head == "place":
        return _place_choices(state, seat, args)
    if head == "resolve":
        return _resolve_choices(state, seat, args)
    if head == "tools":
        return _tools_choices(state, seat, args)
    if head == "buy":
        return _payment_choices(purchase_spec(state), me.resources, args)
    if head == "feed":
        return _payment_choices(PaySpec(count=state.hungry[seat]), me.resources, args)
    if head == "pick" and not args:
        assert state.dfa is not None
        return [_face_choice(f) for f in sorted(set(state.dfa.faces))]
    return []


def _head(token: str, more: bool) -> Choice:
    return Choice(token, f"stoneage.action.{token}", {}, not more, more)


def head_choices(state: StoneAgeState, seat: int, kind: str) -> list[Choice]:
    """The first tokens of the actions ``seat`` may take at its prompt ``kind``."""
    me = state.seats[seat]
    out: list[Choice] = []
    if kind in ("pay_card", "pay_building"):
        if has_payment(purchase_spec(state), me.resources):
            out.append(_head("buy", True))
        out.append(_head("decline", False))
    elif kind == "feed":
        if sum(me.resources) >= state.hungry[seat]:
            out.append(_head("feed", True))
        out.append(_head("starve", False))
    else:
        out.append(_head(HEADS[kind][0], True))
    if me.medicine:
        out.append(_head(MEDICINE, True))
    return out


def _target_choice(state: StoneAgeState, seat: int, target: Target, counted: bool) -> Choice:
    if target.kind == "location":
        token = LOCATIONS[target.index]
        return Choice(token, f"stoneage.location.{token}", {}, not counted, counted)
    token = str(target.index + 1)
    if target.kind == CARD:
        card = state.display[target.index]
        params = {"position": target.index + 1, "cost": target.index + 1, "card": card}
        return Choice(token, "stoneage.choice.card", params)
    tile = state.stacks[target.index][0]
    return Choice(
        token,
        "stoneage.choice.building",
        {"stack": target.index + 1, "kind": building_type(tile).kind},
    )


def _group_heads(targets: list[Target]) -> list[Choice]:
    out = []
    for kind in (CARD, BUILDING):
        if any(t.kind == kind for t in targets):
            out.append(Choice(kind, f"stoneage.target.{kind}", {}, False, True))
    return out


def _place_choices(state: StoneAgeState, seat: int, args: list[str]) -> list[Choice]:
    targets = legal_targets(state, seat)
    if not args:
        fixed = [
            _target_choice(state, seat, t, t.index in COUNTED)
            for t in targets
            if t.kind == "location"
        ]
        return fixed + _group_heads(targets)
    if len(args) == 1 and args[0] in (CARD, BUILDING):
        return [_target_choice(state, seat, t, False) for t in targets if t.kind == args[0]]
    target, rest = parse_target(args)
    if target is None or rest or target not in targets:
        return []
    return [
        Choice(str(c), "stoneage.choice.people", {"count": c})
        for c in counts_for(state, seat, target)
    ]


def _resolve_choices(state: StoneAgeState, seat: int, args: list[str]) -> list[Choice]:
    targets = own_targets(state, seat)
    if not args:
        fixed = [_target_choice(state, seat, t, False) for t in targets if t.kind == "location"]
        return fixed + _group_heads(targets)
    if len(args) == 1 and args[0] in (CARD, BUILDING):
        return [_target_choice(state, seat, t, False) for t in targets if t.kind == args[0]]
    return []


def _tools_choices(state: StoneAgeState, seat: int, args: list[str]) -> list[Choice]:
    me = state.seats[seat]
    if args:
        try:
            chosen = read_tools(me, args)
        except IllegalAction:
            return []
        if not chosen:
            return []
    else:
        chosen = []
    out = [] if args else [Choice(NONE, "stoneage.choice.no_tools")]
    for token in next_tool_tokens(me, chosen):
        more = len(next_tool_tokens(me, [*chosen, token])) > 0
        if token.startswith("once"):
            label, v = "stoneage.choice.one_use", int(token[4:])
        else:
            label, v = "stoneage.choice.tool", int(token)
        out.append(Choice(token, label, {"value": v}, True, more))
    return out


def _payment_choices(spec: PaySpec, holdings: Sequence[int], path: list[str]) -> list[Choice]:
    if path:
        return []
    return [
        Choice(
            payment_token(vec),
            "stoneage.choice.payment",
            {"resources": resource_list(vec), "value": value(vec)},
        )
        for vec in candidates(spec, holdings)
    ]


def _face_choice(face: int) -> Choice:
    return Choice(str(face), f"stoneage.face.{face}")


def purchase_spec(state: StoneAgeState) -> PaySpec:
    """What the card or building waiting to be paid for accepts."""
    purchase = state.purchase
    assert purchase is not None
    if purchase.what == "card":
        return card_spec(purchase.index)
    return building_spec(state.stacks[purchase.index][0])


# -- apply --------------------------------------------------------------------------------


def apply_tokens(state: StoneAgeState, seat: int, toks: list[str]) -> list[Event]:
    """Resolve one action on the engine's private copy ``state`` (raises IllegalAction)."""
    kind = prompt_kind(state, seat) if 0 <= seat < state.n else None
    if kind is None:
        raise IllegalAction("not_your_turn")
    head, args = toks[0], toks[1:]
    heads = [c.token for c in head_choices(state, seat, kind)]
    if head == MEDICINE:
        return _medicine(state, seat, args, heads)
    if head not in HEADS[kind]:
        code = "not_now" if head in ALL_HEADS else "unknown_action"
        raise IllegalAction(code, token=head, allowed=heads)
    if head == "place":
        return _place(state, seat, args)
    if head == "resolve":
        return _resolve(state, seat, args)
    if head == "tools":
        return finish_roll(state, read_tools(state.seats[seat], args))
    if head == "pick":
        return _pick(state, seat, args)
    if head in ("decline", "starve"):
        if args:
            raise IllegalAction("too_many_tokens", token=args[0])
        if head == "starve":
            return starve(state, seat, forced=False)
        return decline(state, seat, forced=False)
    me = state.seats[seat]
    if head == "feed":
        short = state.hungry[seat]
        payment = read_payment(PaySpec(count=short), me.resources, args, "feed")
        return feed_with(state, seat, payment)
    spec = purchase_spec(state)
    payment = read_payment(spec, me.resources, args, "buy")
    purchase = state.purchase
    assert purchase is not None
    if purchase.what == "card":
        return buy_card(state, seat, purchase.index, payment)
    return buy_building(state, seat, purchase.index, payment)


def _medicine(state: StoneAgeState, seat: int, args: list[str], heads: list[str]) -> list[Event]:
    me = state.seats[seat]
    if not me.medicine:
        raise IllegalAction("no_medicine", token=MEDICINE, allowed=heads)
    payment = read_payment(MEDICINE_SPEC, me.resources, args, MEDICINE)
    me.medicine -= 1
    for r in range(NR):
        me.resources[r] += payment[r]
    return [
        Event(
            "stoneage.medicine",
            {"player": state.players[seat], "resources": resource_list(payment)},
        )
    ]


def _target_tokens(state: StoneAgeState, args: list[str], action: str) -> tuple[Target, list[str]]:
    """The target named by ``args``; raises for a malformed or unknown one."""
    # Refusals list what may come next twice: ``allowed`` as typed, and for the messages
    # ``options`` (keys of stoneage.token, named by label) or ``typed`` (numbers and payments,
    # shown as typed), the other one None.
    targets = [*LOCATIONS, CARD, BUILDING]
    if not args:
        raise IllegalAction(
            "missing_argument", action=action, allowed=targets, options=targets, typed=None
        )
    target, rest = parse_target(args)
    if target is None:
        if args[0] in (CARD, BUILDING):
            size = len(state.display) if args[0] == CARD else len(state.stacks)
            allowed = [str(i + 1) for i in range(size)]
            if len(args) == 1:
                raise IllegalAction(
                    "missing_argument", action=action, allowed=allowed, options=None, typed=allowed
                )
            raise IllegalAction(
                "bad_token", token=args[1], allowed=allowed, options=None, typed=allowed
            )
        raise IllegalAction(
            "bad_token", token=args[0], allowed=targets, options=targets, typed=None
        )
    size = len(state.display) if target.kind == CARD else len(state.stacks)
    if target.kind != "location" and not 0 <= target.index < size:
        raise IllegalAction(
            "bad_position", token=args[1], allowed=[str(i + 1) for i in range(size)]
        )
    return target, rest


def _place(state: StoneAgeState, seat: int, args: list[str]) -> list[Event]:
    target, rest = _target_tokens(state, args, "place")
    problem = refusal(state, seat, target)
    if problem is not None:
        code, params = problem
        allowed = [" ".join(t.tokens) for t in legal_targets(state, seat)]
        raise IllegalAction(code, **params, allowed=allowed)
    counted = target.kind == "location" and target.index in COUNTED
    typed: int | None = None
    if counted:
        counts = counts_for(state, seat, target)
        numbers = [str(c) for c in counts]
        if not rest:
            raise IllegalAction(
                "missing_argument", action="place", allowed=numbers, options=None, typed=numbers
            )
        token = rest[0]
        typed = number(token)
        if typed is None or typed < 1:
            raise IllegalAction(
                "bad_token", token=token, allowed=numbers, options=None, typed=numbers
            )
        if typed > at_home(state, seat):
            raise IllegalAction(
                "not_enough_people",
                token=token,
                location=args[0],
                need=typed,
                home=at_home(state, seat),
            )
        if typed not in counts:
            raise IllegalAction(
                "too_many_people", token=token, location=args[0], max=max(counts), people=typed
            )
        rest = rest[1:]
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    events = place(state, seat, target, people_for(target, typed))
    after_placement(state, seat)
    return events


def _resolve(state: StoneAgeState, seat: int, args: list[str]) -> list[Event]:
    target, rest = _target_tokens(state, args, "resolve")
    mine = own_targets(state, seat)
    if target not in mine:
        raise IllegalAction(
            "not_your_location",
            token=" ".join(target.tokens),
            allowed=[" ".join(t.tokens) for t in mine],
        )
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    return resolve(state, seat, target)


def _pick(state: StoneAgeState, seat: int, args: list[str]) -> list[Event]:
    dfa = state.dfa
    assert dfa is not None
    allowed = [str(f) for f in sorted(set(dfa.faces))]
    # The refusals name the faces by label: "face.<n>" keys of stoneage.token.
    faces = [f"face.{f}" for f in allowed]
    if not args:
        raise IllegalAction(
            "missing_argument", action="pick", allowed=allowed, options=faces, typed=None
        )
    if len(args) > 1:
        raise IllegalAction("too_many_tokens", token=args[1])
    token = args[0]
    if token not in FACES:
        raise IllegalAction("bad_token", token=token, allowed=allowed, options=faces, typed=None)
    if int(token) not in dfa.faces:
        raise IllegalAction("not_on_table", token=token, allowed=allowed, face=int(token))
    return pick_die(state, seat, int(token))
