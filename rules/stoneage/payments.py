"""Payments: which resource combinations pay for something, their tokens, and the short menus
``choices`` offers for them.

A payment is a count per resource; its token lists the resources cheapest kind first, joined
by ``-`` (``wood-wood-stone``). When more than :data:`MAX_PAYMENT_CHOICES` payments are
possible, ``choices`` groups them so a phone needs only a few taps: first by the set of kinds
used (``wood+stone``, ``gold-only``), then, while still too many, by the amount of each of
those kinds in turn (``3wood``), and finally lists the payments of the group. ``apply``
accepts exactly those paths.

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
from rules.stoneage.data import MAX_PAYMENT_CHOICES, NR, RESOURCE_INDEX, RESOURCES, VALUES

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


# -- grouped menus ----------------------------------------------------------------------------


ONLY = "-only"


def kinds_token(vec: Sequence[int]) -> str:
    """The kinds a payment uses: ``wood+stone``, or ``gold-only`` for a single kind (a bare
    ``gold`` would read as the payment of one gold)."""
    used = [RESOURCES[r] for r in range(NR) if vec[r]]
    return used[0] + ONLY if len(used) == 1 else "+".join(used)


def kinds_of_token(token: str) -> list[str]:
    """Inverse of :func:`kinds_token`: the resource names of a kinds group."""
    return token.removesuffix(ONLY).split("+")


def amount_token(amount: int, resource: int) -> str:
    """A group of payments with ``amount`` of one resource: ``3wood``."""
    return f"{amount}{RESOURCES[resource]}"


@dataclass(frozen=True, slots=True)
class Menu:
    """The next step of a payment menu: payment tokens when ``final``, otherwise group tokens;
    ``payments`` are the payments still in reach."""

    final: bool
    tokens: list[str]
    payments: list[Vector]


def menu(cands: list[Vector], path: Sequence[str]) -> Menu:
    """The menu after the group tokens ``path`` (raises IllegalAction for a bad group)."""
    current = cands
    for level, token in enumerate(path):
        step = _step(current, level, path[:level])
        if step.final:
            raise IllegalAction("too_many_tokens", token=token)
        if token not in step.tokens:
            raise IllegalAction("bad_token", token=token, allowed=step.tokens)
        current = [v for v in current if _group_of(v, level, path[:level]) == token]
    return _step(current, len(path), path)


def _step(current: list[Vector], level: int, path: Sequence[str]) -> Menu:
    if len(current) <= MAX_PAYMENT_CHOICES or _exhausted(level, path):
        return Menu(True, [payment_token(v) for v in current], current)
    tokens: list[str] = []
    for vec in current:
        token = _group_of(vec, level, path)
        if token not in tokens:
            tokens.append(token)
    return Menu(False, tokens, current)


def _kinds_of(path: Sequence[str]) -> list[int]:
    return [RESOURCE_INDEX[k] for k in kinds_of_token(path[0])]


def _exhausted(level: int, path: Sequence[str]) -> bool:
    """True when every kind of the group has been fixed (nothing left to split by)."""
    return level > 0 and level - 1 >= len(_kinds_of(path))


def _group_of(vec: Vector, level: int, path: Sequence[str]) -> str:
    if level == 0:
        return kinds_token(vec)
    r = _kinds_of(path)[level - 1]
    return amount_token(vec[r], r)


def read_payment(
    spec: PaySpec, holdings: Sequence[int], args: Sequence[str], action: str
) -> Vector:
    """The payment named by ``args`` (group tokens, then one payment token).

    Raises:
        IllegalAction: ``missing_argument``, ``cannot_pay_with_food``, ``bad_token``,
            ``choose_kinds_first``, ``not_enough_resources``, ``wrong_payment``.
    """
    cands = candidates(spec, holdings)
    if not args:
        first = menu(cands, [])
        raise IllegalAction("missing_argument", action=action, allowed=first.tokens)
    *path, last = args
    step = menu(cands, path)
    vec = parse_payment(last)
    if vec is None:
        if "food" in last.split("-"):
            raise IllegalAction("cannot_pay_with_food", token=last, allowed=step.tokens)
        if step.final or last not in step.tokens:
            raise IllegalAction("bad_token", token=last, allowed=step.tokens)
        raise IllegalAction("missing_argument", action=action, allowed=step.tokens)
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
