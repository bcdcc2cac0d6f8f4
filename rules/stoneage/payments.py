"""Payments: which resource combinations pay for something, their tokens, and how an action
names one.

A payment is a count per resource; its token lists the resources cheapest kind first, joined
by ``-`` (``wood-wood-stone``). ``choices`` lists every legal payment, the sensible ones first;
how many fit on a screen is the interface's business, not the rules'.

Earlier versions grouped more than 20 payments into menus (the kinds used, ``wood+stone`` or
``gold-only``, then the amounts, ``3wood``) because of a limit of the Discord picker. Logs and
transcripts written then carry those group tokens, so :func:`read_payment` still accepts such a
path, exactly where those menus offered it, as an alias of its payment.

>>> spec = PaySpec(count=2)
>>> [payment_token(v) for v in candidates(spec, [2, 0, 1, 0])]
['wood-wood', 'wood-stone']
>>> parse_payment("stone-wood")
(1, 0, 1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from rules.core import IllegalAction
from rules.stoneage.data import NR, RESOURCE_INDEX, RESOURCES, VALUES

Vector = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PaySpec:
    """What a payment must look like.

    ``count`` resources exactly (or 1..``upto`` when ``count`` is None), of exactly ``kinds``
    different kinds if given, or exactly the vector ``exact``. ``dear_first`` lists the most
    valuable payments first (buildings score what is paid); otherwise the cheapest come first.
    ``limited`` is False for taking (Medicine): any combination, whatever one holds.
    """

    count: int | None = None
    upto: int = 0
    kinds: int | None = None
    exact: Vector | None = None
    dear_first: bool = False
    limited: bool = True

    def fits(self, vec: Vector) -> bool:
        """True if ``vec`` has the required shape (holdings aside)."""
        if self.exact is not None:
            return vec == self.exact
        size = sum(vec)
        if self.count is not None and size != self.count:
            return False
        if self.count is None and not 1 <= size <= self.upto:
            return False
        return self.kinds is None or sum(1 for v in vec if v) == self.kinds


def value(vec: Sequence[int]) -> int:
    """Points the resources are worth on a building."""
    return sum(n * v for n, v in zip(vec, VALUES, strict=True))


def payment_token(vec: Sequence[int]) -> str:
    """``(2, 0, 1, 0)`` -> ``wood-wood-stone``."""
    return "-".join(RESOURCES[r] for r in range(NR) for _ in range(vec[r]))


def parse_payment(token: str) -> Vector | None:
    """Inverse of :func:`payment_token` (any order of the parts); None if malformed."""
    counts = [0] * NR
    for part in token.split("-"):
        r = RESOURCE_INDEX.get(part)
        if r is None:
            return None
        counts[r] += 1
    return tuple(counts)


def resource_list(vec: Sequence[int]) -> list[str]:
    """``(2, 0, 1, 0)`` -> ``["wood", "wood", "stone"]`` (events and labels)."""
    return [RESOURCES[r] for r in range(NR) for _ in range(vec[r])]


def candidates(spec: PaySpec, holdings: Sequence[int]) -> list[Vector]:
    """Every legal payment, the sensible ones first (cheapest, or dearest for buildings)."""
    if spec.exact is not None:
        ok = not spec.limited or all(e <= h for e, h in zip(spec.exact, holdings, strict=True))
        return [spec.exact] if ok else []
    most = spec.count if spec.count is not None else spec.upto
    bounds = [most if not spec.limited else min(most, h) for h in holdings]
    out = [vec for vec in product(*(range(b + 1) for b in bounds)) if sum(vec) and spec.fits(vec)]
    sign = -1 if spec.dear_first else 1
    out.sort(key=lambda v: (sign * value(v), sign * sum(v), payment_token(v)))
    return out


def has_payment(spec: PaySpec, holdings: Sequence[int]) -> bool:
    """True if some payment is possible (cheaper than listing them all)."""
    if spec.exact is not None:
        return all(e <= h for e, h in zip(spec.exact, holdings, strict=True))
    if spec.kinds is not None:
        kinds = sum(1 for h in holdings if h)
        if kinds < spec.kinds:
            return False
        if spec.count is not None:
            best = sorted(holdings, reverse=True)[: spec.kinds]
            return sum(min(b, spec.count) for b in best) >= spec.count
    need = spec.count if spec.count is not None else 1
    return sum(holdings) >= need


def read_payment(
    spec: PaySpec, holdings: Sequence[int], args: Sequence[str], action: str
) -> Vector:
    """The payment named by ``args``: one payment token, or (the older form) group tokens
    then a payment token.

    Raises:
        IllegalAction: ``missing_argument``, ``cannot_pay_with_food``, ``bad_token``,
            ``not_enough_resources``, ``wrong_payment``; for the older form also
            ``too_many_tokens`` and ``choose_kinds_first``, as before.
    """
    cands = candidates(spec, holdings)
    if len(args) > 1:
        return _read_grouped(cands, spec, holdings, args, action)
    allowed = [payment_token(v) for v in cands]
    if not args:
        # The message shows payments as typed (``typed``; no label names them all).
        raise IllegalAction(
            "missing_argument", action=action, allowed=allowed, options=None, typed=allowed
        )
    return _check_payment(spec, holdings, args[0], allowed)


def _check_payment(
    spec: PaySpec, holdings: Sequence[int], token: str, allowed: list[str]
) -> Vector:
    """``token`` if it is one of the payments ``allowed`` (in their canonical spelling)."""
    vec = parse_payment(token)
    if vec is None:
        if "food" in token.split("-"):
            raise IllegalAction("cannot_pay_with_food", token=token, allowed=allowed)
        raise IllegalAction("bad_token", token=token, allowed=allowed, options=None, typed=allowed)
    if token in allowed:
        return vec
    if not spec.fits(vec):
        raise IllegalAction("wrong_payment", token=token, allowed=allowed)
    if spec.limited and any(v > h for v, h in zip(vec, holdings, strict=True)):
        raise IllegalAction("not_enough_resources", token=token, allowed=allowed)
    # A legal payment spelt out of order: the canonical spelling is the one to type.
    canonical = payment_token(vec)
    raise IllegalAction("wrong_payment", token=token, allowed=[canonical])


# -- the older grouped form -------------------------------------------------------------------

#: Payments the older menus listed before grouping them (only for reading old actions).
GROUPED_ABOVE = 20
ONLY = "-only"


def _kinds_token(vec: Sequence[int]) -> str:
    used = [RESOURCES[r] for r in range(NR) if vec[r]]
    return used[0] + ONLY if len(used) == 1 else "+".join(used)


@dataclass(frozen=True, slots=True)
class _Menu:
    """One step of an older menu: payment tokens when ``final``, else group tokens."""

    final: bool
    tokens: list[str]


def _menu(cands: list[Vector], path: Sequence[str]) -> _Menu:
    """The older menu after the group tokens ``path`` (IllegalAction for a bad group)."""
    current = cands
    for level, token in enumerate(path):
        step = _step(current, level, path[:level])
        if step.final:
            raise IllegalAction("too_many_tokens", token=token)
        if token not in step.tokens:
            raise IllegalAction(
                "bad_token", token=token, allowed=step.tokens, options=None, typed=step.tokens
            )
        current = [v for v in current if _group_of(v, level, path[:level]) == token]
    return _step(current, len(path), path)


def _step(current: list[Vector], level: int, path: Sequence[str]) -> _Menu:
    if len(current) <= GROUPED_ABOVE or _exhausted(level, path):
        return _Menu(True, [payment_token(v) for v in current])
    tokens: list[str] = []
    for vec in current:
        token = _group_of(vec, level, path)
        if token not in tokens:
            tokens.append(token)
    return _Menu(False, tokens)


def _kinds_of(path: Sequence[str]) -> list[int]:
    return [RESOURCE_INDEX[k] for k in path[0].removesuffix(ONLY).split("+")]


def _exhausted(level: int, path: Sequence[str]) -> bool:
    """True when every kind of the group has been fixed (nothing left to split by)."""
    return level > 0 and level - 1 >= len(_kinds_of(path))


def _group_of(vec: Vector, level: int, path: Sequence[str]) -> str:
    if level == 0:
        return _kinds_token(vec)
    r = _kinds_of(path)[level - 1]
    return f"{vec[r]}{RESOURCES[r]}"


def _read_grouped(
    cands: list[Vector],
    spec: PaySpec,
    holdings: Sequence[int],
    args: Sequence[str],
    action: str,
) -> Vector:
    """The older form ``<group>... <payment>``, accepted and refused exactly as before."""
    *path, last = args
    step = _menu(cands, path)
    vec = parse_payment(last)
    if vec is None:
        if "food" in last.split("-"):
            raise IllegalAction("cannot_pay_with_food", token=last, allowed=step.tokens)
        if step.final or last not in step.tokens:
            raise IllegalAction(
                "bad_token", token=last, allowed=step.tokens, options=None, typed=step.tokens
            )
        raise IllegalAction(
            "missing_argument", action=action, allowed=step.tokens, options=None, typed=step.tokens
        )
    if last in step.tokens and step.final:
        return vec
    if not spec.fits(vec):
        raise IllegalAction("wrong_payment", token=last, allowed=step.tokens)
    if spec.limited and any(v > h for v, h in zip(vec, holdings, strict=True)):
        raise IllegalAction("not_enough_resources", token=last, allowed=step.tokens)
    if not step.final:
        raise IllegalAction("choose_kinds_first", token=last, allowed=step.tokens)
    canonical = payment_token(vec)
    allowed = [canonical] if canonical in step.tokens else step.tokens
    raise IllegalAction("wrong_payment", token=last, allowed=allowed)
