"""Battles in the picture: the mark on the battle space of the map while a battle waits for a
decision (``view["battle"]``), and the battle report under the map, read from the last public
events (``view["recent"]``).

**The mark** is a ring just inside the space's edge, its sides in the attacker's and the
defender's colours by turns (barbarians: their red rim), over a dark rim, and a badge on the
space's upper right corner: crossed swords on a red disc.

**The report** shows the latest battle of ``recent`` (a barbarian attack, p.13, is one too:
its one round, the barbarians attacking), in a panel across the width:

* a head row: crossed swords and the space's name; the attacker's marker, name and role; the
  defender's (or the barbarians');
* one row per combat round: its label (``Round 1``), then for each side its dice as small
  faces in the side's colour with the number rolled (the Fortress's die shaped as the
  Fortress piece, so that it reads apart from the army units' dice), the hits it scored
  (``2 hits``), the combat card that acted for it (``· High Morale``: played cards are face
  up) and what it lost (a red minus and the unit's token with the number lost on it:
  armies, settlers, ships, the cargo sunk with them);
* the result: who won and how (won, fought off the attack, no winner, withdrew), then what
  followed (the city captured or removed, Plunder, Refugees, a barbarian settlement taken,
  kept or destroyed, Siegecraft paid, the city pieces the barbarians destroyed); "still under
  way" while the battle goes on.

``recent`` holds only the last few events (:data:`rules.engine.RECENT_EVENTS`, 8), so a battle
of two rounds or more may have lost its first rounds, or its beginning: the report shows the
rounds it still has, with their numbers, and needs a ``battle_began`` or a ``battle_round``
event to be drawn at all. The view also carries ``battle_events`` (every public event of the
latest battle): the whole battle is told from them, as long as ``recent`` still holds that
battle. Nothing is drawn without a battle among the events. The events' parameters are read
as the types :mod:`rules.clash.formats.event_types` declares (:func:`rules.params.params_if`),
each value through a helper that takes only its declared type, so mypy checks every key read;
a value missing from an event (one stored by an older engine) reads as nothing, not as an
error.

Every text is at least the phone rule's minimum ``t`` (:func:`look.min_text`); dice are
``1.3 t`` squares with ``t`` digits, lost units ``1.4 t`` tokens with ``t`` numbers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from render import theme
from render.canvas import Canvas
from render.clash import look
from render.clash.geometry import MapLayout, Space
from render.clash.icons import PIECES, Icon, swords
from render.clash.pieces import draw_icon, draw_marker, draw_unit, fill_of, ink, is_seat, rim_of
from render.context import Ctx
from rules.clash.battles.combat import CARD_EVENT_KINDS
from rules.clash.board.hexes import parse_hex
from rules.clash.formats.event_types import (
    BarbarianAttackRound,
    BarbariansAttack,
    BarbariansDefeated,
    BarbariansHeld,
    BarbarianUnitsLost,
    BattleBegan,
    BattleDrawn,
    BattleRound,
    BattleWon,
    CityCaptured,
    CityPiecesLost,
    CityRemoved,
    CombatCardIgnored,
    CombatCardPlayed,
    Plunder,
    Refugees,
    ShipsSunk,
    Siegecraft,
    SiegecraftFree,
    UnitsLost,
    Withdrew,
)
from rules.clash.formats.view_types import ClashView
from rules.core import EventView, IllegalAction
from rules.params import params_if

__all__ = [
    "GAP",
    "Battle",
    "Loss",
    "Round",
    "draw_badge",
    "draw_report",
    "draw_ring",
    "draw_swords",
    "latest_battle",
    "report_height",
    "report_of",
]

#: The barbarians as an owner (``fill_of`` and ``draw_marker`` draw anything else as them).
BARBARIANS: Final = "barbarian"
#: What a side may lose, in the order its tokens are drawn.
_UNIT_ORDER: Final = ("ship", "army", "settler")
#: The barbarians' settlement held against its attacker.
_HELD: Final = "clash.barbarians_held"
#: Events of a barbarian attack that tell nothing the report draws, but keep it open.
_QUIET: Final = ("clash.barbarians_returned",)
#: What combat cards, the Great General, the Trojan Horse and the Great Mausoleum tell during
#: a battle (``rules.clash.battles.combat``): part of it, so they keep the battle open.
_CARD_KINDS: Final = frozenset(f"clash.{kind}" for kind in CARD_EVENT_KINDS)
_AFTERMATH: Final = (
    "clash.city_captured",
    "clash.city_removed",
    "clash.plunder",
    "clash.refugees",
    "clash.barbarians_defeated",
    "clash.barbarian_city_kept",
    "clash.barbarian_city_destroyed",
    "clash.city_pieces_lost",
    "clash.city_destroyed_by_barbarians",
)
#: The Fortress die's shape: the Fortress piece without its gate, which the number covers.
_FORTRESS: Final = Icon(PIECES["fortress"].solid)
#: Room under the report, before the legend (as between the map and the legend).
GAP: Final = 18
_SEP: Final = " · "
_RESULT_LINES: Final = 3


@dataclass(frozen=True, slots=True)
class Loss:
    """Units lost by one side: ``kind`` (army, settler, ship) and how many."""

    kind: str
    count: int


@dataclass(slots=True)
class Round:
    """One combat round: both sides' dice and hits, and what each side lost after it."""

    number: int
    dice: tuple[tuple[str, ...], tuple[str, ...]]
    hits: tuple[int, int]
    lost: tuple[list[Loss], list[Loss]] = field(default_factory=lambda: ([], []))
    #: The combat half each side played and that acted this round (``K06``), or "".
    cards: tuple[str, str] = ("", "")
    #: Whether the defender's last die is its Fortress's.
    fortress: bool = False


@dataclass(slots=True)
class Battle:
    """A battle as the recent events tell it. ``sides`` are the attacker's and the defender's
    owners (a seat, or :data:`BARBARIANS`; None for a handle no seat has); ``result`` is the
    event that ended it (None while it goes on), and ``after`` the events of what followed
    (captures, Plunder...)."""

    space: str
    sides: tuple[Any, Any]
    rounds: list[Round] = field(default_factory=list)
    before: tuple[list[Loss], list[Loss]] = field(default_factory=lambda: ([], []))
    result: EventView | None = None
    after: list[EventView] = field(default_factory=list)
    siege: list[str] = field(default_factory=list)
    #: Siegecraft's power unpaid, by the Great Wall (C136).
    siege_free: bool = False
    #: The combat halves played for the next round, by side (ignored ones taken out).
    played: dict[int, str] = field(default_factory=dict)
    #: Whether the events that follow may still belong to it (nothing else came between).
    open: bool = True

    def lost(self, side: int) -> list[Loss]:
        """Where a loss of ``side`` goes now: the last round, or before any (no dice)."""
        return self.rounds[-1].lost[side] if self.rounds else self.before[side]


# -- reading the events -------------------------------------------------------------------------


def _int(value: int | None) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _flag(value: bool | None) -> bool:
    return value is True


def _text(value: str | None, default: str) -> str:
    return default if value is None else value


def _owner(ctx: Ctx, who: str | None) -> Any:
    """A seat for a handle, :data:`BARBARIANS` for the barbarians (None for anybody else)."""
    if who in ("barbarians", BARBARIANS):
        return BARBARIANS
    return ctx.handles.index(who) if who in ctx.handles else None


def _digits(value: Sequence[str] | None) -> tuple[str, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        return ()
    return tuple(str(d) for d in value)


def _losses(units: Sequence[str] | None) -> list[Loss]:
    """``["army_2", "settler_1"]`` as losses (unreadable entries skipped)."""
    out = []
    for item in units if isinstance(units, Sequence) and not isinstance(units, str) else ():
        kind, _, count = str(item).rpartition("_")
        if kind and count.isdigit() and int(count):
            out.append(Loss(kind, int(count)))
    return out


def latest_battle(ctx: Ctx, recent: Sequence[EventView] | None) -> Battle | None:
    """The last battle told by ``recent`` (``view["recent"]``), None without one."""
    battles: list[Battle] = []
    current: Battle | None = None
    for event in recent or ():
        kind = event["kind"]
        if (began := params_if(event, BattleBegan)) is not None:
            sides = (_owner(ctx, began.get("player")), _owner(ctx, began.get("against")))
            current = Battle(began.get("space", ""), sides)
            battles.append(current)
        elif (fought := params_if(event, BattleRound)) is not None:
            space, number = fought.get("space", ""), _int(fought.get("round"))
            # A round of the battle going on here, or the first one the events still hold.
            going_on = current is not None and _here(current, space) and current.result is None
            if not going_on or current is None or _last(current) >= number:
                sides = (_owner(ctx, fought.get("attacker")), _owner(ctx, fought.get("defender")))
                current = Battle(space, sides)
                battles.append(current)
            played = current.played
            current.rounds.append(
                Round(
                    number,
                    (_digits(fought.get("attacker_dice")), _digits(fought.get("defender_dice"))),
                    (_int(fought.get("attacker_hits")), _int(fought.get("defender_hits"))),
                    cards=(played.get(0, ""), played.get(1, "")),
                    fortress=_flag(fought.get("fortress_die")),
                )
            )
            current.played = {}
        elif (attack := params_if(event, BarbariansAttack)) is not None:
            current = Battle(
                attack.get("space", ""), (BARBARIANS, _owner(ctx, attack.get("player")))
            )
            battles.append(current)
        elif current is None:
            continue
        elif (
            (raid := params_if(event, BarbarianAttackRound)) is not None
            and _here(current, raid.get("space", ""))
            and not current.rounds
        ):
            current.rounds.append(
                Round(
                    1,
                    (_digits(raid.get("barbarian_dice")), _digits(raid.get("defender_dice"))),
                    (_int(raid.get("barbarian_hits")), _int(raid.get("defender_hits"))),
                    cards=("", current.played.get(1, "")),
                    fortress=_flag(raid.get("fortress_die")),
                )
            )
            current.played = {}
            current.result = event
        elif current.open and kind in _QUIET:
            continue
        elif (loss := _loss(ctx, event)) is not None and _here(current, loss[1]):
            _lose(current, loss[0], loss[2])
        elif current.open and kind in _CARD_KINDS:
            _card(ctx, current, event)
        elif (siege := params_if(event, Siegecraft)) is not None and _here(
            current, siege.get("space", "")
        ):
            current.siege = [str(x) for x in siege.get("paid") or ()]
        elif (free := params_if(event, SiegecraftFree)) is not None and _here(
            current, free.get("space", "")
        ):
            current.siege_free = True
        elif (
            (end := _ended_at(event)) is not None and _here(current, end) and current.result is None
        ):
            current.result = event
        elif current.open and current.result is not None and kind in _AFTERMATH:
            current.after.append(event)
        else:
            # Anything else ends what the battle's events may tell (the next action began).
            current.open = False
    return battles[-1] if battles else None


def report_of(ctx: Ctx, view: ClashView) -> Battle | None:
    """The battle the report shows: the latest of ``view["recent"]``, told in full by
    ``view["battle_events"]`` when the view has that key (every public event of the latest
    battle, which ``recent`` may have cut) and it tells the same battle."""
    b = latest_battle(ctx, view.get("recent"))
    if b is None:
        return None
    full = latest_battle(ctx, view.get("battle_events"))
    return full if full is not None and (full.space, full.sides) == (b.space, b.sides) else b


def _here(b: Battle, space: str) -> bool:
    """Whether an event on ``space`` may still belong to ``b``."""
    return b.open and b.space == space


def _ended_at(event: EventView) -> str | None:
    """The space of a battle's end (won, drawn, held by the barbarians, withdrawn); None for
    any other event."""
    if (won := params_if(event, BattleWon)) is not None:
        return won.get("space", "")
    if (drawn := params_if(event, BattleDrawn)) is not None:
        return drawn.get("space", "")
    if (held := params_if(event, BarbariansHeld)) is not None:
        return held.get("space", "")
    if (withdrew := params_if(event, Withdrew)) is not None:
        return withdrew.get("space", "")
    return None


def _card(ctx: Ctx, b: Battle, event: EventView) -> None:
    """A played combat half counts for the next round's row, unless it was ignored."""
    if (played := params_if(event, CombatCardPlayed)) is not None:
        side = _side(ctx, b, played.get("player"))
        if side is not None:
            b.played[side] = played.get("half", "")
    elif (ignored := params_if(event, CombatCardIgnored)) is not None:
        side = _side(ctx, b, ignored.get("player"))
        if side is not None:
            b.played.pop(side, None)


def _side(ctx: Ctx, b: Battle, who: str | None) -> int | None:
    """Which side of ``b`` the handle ``who`` is (None: neither)."""
    owner = _owner(ctx, who)
    return b.sides.index(owner) if owner in b.sides else None


def _last(b: Battle) -> int:
    return b.rounds[-1].number if b.rounds else 0


def _loss(ctx: Ctx, event: EventView) -> tuple[Any, str, list[Loss]] | None:
    """Who lost what, and on which space, for an event that tells losses (None for any
    other): units, ships sunk (their cargo follows as units lost), barbarian units."""
    if (units := params_if(event, UnitsLost)) is not None:
        who = _owner(ctx, units.get("player"))
        return who, units.get("space", ""), _losses(units.get("units"))
    if (ships := params_if(event, ShipsSunk)) is not None:
        count = _int(ships.get("count"))
        lost = [Loss("ship", count)] if count else []
        return _owner(ctx, ships.get("player")), ships.get("space", ""), lost
    if (barbarian := params_if(event, BarbarianUnitsLost)) is not None:
        return BARBARIANS, barbarian.get("space", ""), _losses(barbarian.get("units"))
    return None


def _lose(b: Battle, owner: Any, lost: list[Loss]) -> None:
    if owner not in b.sides:
        return
    side = b.sides.index(owner)
    target = b.lost(side)
    for loss in lost:
        same = next((k for k, x in enumerate(target) if x.kind == loss.kind), None)
        if same is None:
            target.append(loss)
        else:
            target[same] = Loss(loss.kind, target[same].count + loss.count)
    target.sort(key=lambda x: _UNIT_ORDER.index(x.kind) if x.kind in _UNIT_ORDER else 9)


# -- sizes --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Layout:
    """The report's sizes from the smallest text size ``t``."""

    t: int
    width: int

    @property
    def pad(self) -> int:
        return self.t // 2

    @property
    def head(self) -> int:
        return round(1.6 * self.t)

    @property
    def row(self) -> int:
        return round(1.6 * self.t)

    @property
    def line(self) -> int:
        return round(1.3 * self.t)

    @property
    def die(self) -> int:
        return round(1.3 * self.t)

    @property
    def token(self) -> int:
        """A lost unit's token."""
        return round(1.4 * self.t)

    @property
    def die_gap(self) -> int:
        return max(4, self.t // 5)

    @property
    def gap(self) -> int:
        return self.t // 2

    @property
    def inner(self) -> int:
        return self.width - 2 * look.MARGIN - 2 * self.pad


def _name(ctx: Ctx, owner: Any) -> str:
    return ctx.t("render.clash.battle.barbarians") if owner == BARBARIANS else ctx.name(owner)


def _round_label(ctx: Ctx, number: int) -> str:
    return ctx.t("render.clash.battle.round", round=number)


def _labels(ctx: Ctx, b: Battle) -> list[str]:
    if not b.rounds:
        return [ctx.t("render.clash.battle.no_dice")]
    return [_round_label(ctx, r.number) for r in b.rounds]


def _label_width(ctx: Ctx, lay: _Layout, b: Battle) -> int:
    title = lay.t + lay.t // 4 + Canvas.measure(b.space, lay.t + 4, "bold")
    texts = max(Canvas.measure(label, lay.t, "semibold") for label in _labels(ctx, b))
    return max(title, texts) + lay.gap


def _loss_width(lay: _Layout, lost: Sequence[Loss]) -> int:
    if not lost:
        return 0
    each = Canvas.measure("−", lay.t, "bold") + 2 + lay.token
    return len(lost) * each + (len(lost) - 1) * lay.die_gap


def _dice_width(lay: _Layout, dice: Sequence[str]) -> int:
    return len(dice) * lay.die + max(0, len(dice) - 1) * lay.die_gap


def _side_text(ctx: Ctx, r: Round, side: int) -> str:
    """The hits a side scored, and the combat card that acted for it (a played card is face
    up): ``2 hits · High Morale``."""
    text = _hits_text(ctx, r.hits[side])
    card = r.cards[side]
    return text + _SEP + ctx.t(f"clash.combat_half.{card}") if card else text


def _hits_text(ctx: Ctx, hits: int) -> str:
    return ctx.t("render.clash.battle.hits", count=hits)


def _two_lines(ctx: Ctx, lay: _Layout, column: int, r: Round, side: int) -> bool:
    """Whether a side's dice, hits and losses need two lines (losses on the second)."""
    lost = r.lost[side]
    width = _dice_width(lay, r.dice[side]) + lay.gap
    width += Canvas.measure(_side_text(ctx, r, side), lay.t)
    return bool(lost) and width + lay.gap + _loss_width(lay, lost) > column


def _row_height(ctx: Ctx, lay: _Layout, column: int, r: Round) -> int:
    tall = any(_two_lines(ctx, lay, column, r, side) for side in (0, 1))
    return 2 * lay.row if tall else lay.row


def _result_lines(ctx: Ctx, lay: _Layout, b: Battle, under_way: bool) -> list[str]:
    """The result's parts packed into lines (broken between parts, a part too long for a
    line cut with an ellipsis), at most :data:`_RESULT_LINES`."""
    room = lay.inner - (lay.t + lay.t // 3)
    lines: list[str] = []
    for part in _result_parts(ctx, b, under_way):
        joined = f"{lines[-1]}{_SEP}{part}" if lines else part
        if lines and Canvas.measure(joined, lay.t, "semibold") <= room:
            lines[-1] = joined
        else:
            lines.append(Canvas.fit(part, lay.t, "semibold", room))
    return lines[:_RESULT_LINES]


def _columns(ctx: Ctx, lay: _Layout, b: Battle) -> tuple[int, int]:
    """The label column's width and each side's."""
    label = _label_width(ctx, lay, b)
    return label, (lay.inner - label) // 2


def report_height(ctx: Ctx, view: ClashView, minimum: int, width: int) -> int:
    """The room :func:`draw_report` takes (its gap above included); 0 without a battle."""
    b = report_of(ctx, view)
    if b is None:
        return 0
    lay = _Layout(minimum, width)
    _, column = _columns(ctx, lay, b)
    rows = sum(_row_height(ctx, lay, column, r) for r in b.rounds) if b.rounds else lay.row
    lines = len(_result_lines(ctx, lay, b, _under_way(view, b)))
    return 2 * lay.pad + lay.head + rows + lines * lay.line + (lay.pad // 2 if lines else 0) + GAP


def _under_way(view: ClashView, b: Battle) -> bool:
    battle = view.get("battle")
    return b.result is None and isinstance(battle, Mapping) and battle.get("space") == b.space


# -- the result in words ---------------------------------------------------------------------


def _result_parts(ctx: Ctx, b: Battle, under_way: bool) -> list[str]:
    """The result in words: who won and how, then what followed."""
    parts: list[str] = []
    if b.siege:
        parts.append(ctx.t("render.clash.battle.siegecraft", paid=b.siege))
    if b.siege_free:
        parts.append(ctx.t("render.clash.battle.siegecraft_free"))
    if b.result is not None:
        event = b.result
        if (won := params_if(event, BattleWon)) is not None:
            key = "held" if _flag(won.get("defending")) else "won"
            parts.append(
                ctx.t(f"render.clash.battle.{key}", player=_player(ctx, won.get("player")))
            )
        elif (withdrew := params_if(event, Withdrew)) is not None:
            who = _player(ctx, withdrew.get("player"))
            parts.append(ctx.t("render.clash.battle.withdrew", player=who))
        elif event["kind"] == _HELD:
            parts.append(ctx.t("render.clash.battle.barbarians_held"))
        elif (raid := params_if(event, BarbarianAttackRound)) is not None:
            if not _int(raid.get("barbarian_hits")):
                who = _player(ctx, raid.get("player"))
                parts.append(ctx.t("render.clash.battle.held", player=who))
        else:
            parts.append(ctx.t("render.clash.battle.drawn"))
    elif under_way:
        parts.append(ctx.t("render.clash.battle.under_way"))
    for event in b.after:
        parts.append(_aftermath(ctx, event))
    return [x for x in parts if x]


def _player(ctx: Ctx, who: str | None) -> str:
    """A handle's display name (``?`` for none)."""
    owner = _owner(ctx, who)
    return ctx.name(owner) if is_seat(owner) else "?" if who is None else who


def _aftermath(ctx: Ctx, event: EventView) -> str:
    if (captured := params_if(event, CityCaptured)) is not None:
        return ctx.t("render.clash.battle.captured", **{"from": _player(ctx, captured.get("from"))})
    if (removed := params_if(event, CityRemoved)) is not None:
        return ctx.t("render.clash.battle.city_removed", gold=_int(removed.get("gold")))
    if (plunder := params_if(event, Plunder)) is not None:
        return ctx.t("render.clash.battle.plunder", count=_int(plunder.get("count")))
    if (refugees := params_if(event, Refugees)) is not None:
        return ctx.t("render.clash.battle.refugees", space=_text(refugees.get("space"), "?"))
    if (defeated := params_if(event, BarbariansDefeated)) is not None:
        return ctx.t("render.clash.battle.barbarians_defeated", count=_int(defeated.get("count")))
    if event["kind"] == "clash.barbarian_city_kept":
        return ctx.t("render.clash.battle.kept")
    if (pieces := params_if(event, CityPiecesLost)) is not None:
        return ctx.t("render.clash.battle.pieces_lost", pieces=list(pieces.get("pieces") or []))
    if event["kind"] == "clash.city_destroyed_by_barbarians":
        return ctx.t("render.clash.battle.city_destroyed")
    return ctx.t("render.clash.battle.destroyed")


def _winner(b: Battle) -> Any:
    """Whose marker goes before the result: the winner, or whoever withdrew."""
    if b.result is None:
        return None
    event = b.result
    if event["kind"] == _HELD:
        return BARBARIANS
    if (won := params_if(event, BattleWon)) is not None:
        return b.sides[1] if _flag(won.get("defending")) else b.sides[0]
    if params_if(event, Withdrew) is not None:
        return b.sides[0]
    raid = params_if(event, BarbarianAttackRound)
    if raid is not None and not _int(raid.get("barbarian_hits")):
        return b.sides[1]
    return None


# -- drawing the report -----------------------------------------------------------------------


def draw_report(c: Canvas, ctx: Ctx, view: ClashView, y: int, minimum: int) -> int:
    """The report of the latest battle of ``view["recent"]`` from ``y`` (nothing without one);
    returns the y under it."""
    b = report_of(ctx, view)
    if b is None:
        return y
    lay = _Layout(minimum, c.width)
    height = report_height(ctx, view, minimum, c.width) - GAP
    x0, x1 = look.MARGIN, c.width - look.MARGIN
    c.box((x0, y, x1, y + height), theme.PANEL, outline=theme.BORDER, width=2)
    label, column = _columns(ctx, lay, b)
    left = x0 + lay.pad
    sides = (left + label, left + label + column)
    t = lay.t
    mid = y + lay.pad + lay.head // 2
    draw_swords(c, (left + t / 2, mid), t)
    c.text((left + t + t // 4, mid), b.space, size=t + 4, weight="bold", anchor="lm")
    for side, x in enumerate(sides):
        _side_head(c, ctx, lay, b.sides[side], side, (x, mid, column))
    row_y = y + lay.pad + lay.head
    c.draw.line((left, row_y, x1 - lay.pad, row_y), fill=theme.BORDER, width=2)
    if not b.rounds:
        c.text(
            (left, row_y + lay.row // 2), _labels(ctx, b)[0], size=t, fill=theme.MUTED, anchor="lm"
        )
        for side, x in enumerate(sides):
            _draw_losses(c, lay, b.sides[side], b.before[side], (x, row_y + lay.row // 2))
        row_y += lay.row
    for r in b.rounds:
        h = _row_height(ctx, lay, column, r)
        first = row_y + lay.row // 2
        c.text((left, first), _round_label(ctx, r.number), size=t, weight="semibold", anchor="lm")
        for side, x in enumerate(sides):
            _draw_side(c, ctx, lay, b.sides[side], r, side, (x, first, column))
        row_y += h
    lines = _result_lines(ctx, lay, b, _under_way(view, b))
    if lines:
        row_y += lay.pad // 2
        winner = _winner(b)
        x = left
        if winner is not None:
            draw_marker(c, winner, (x + t // 2, row_y + lay.line // 2), t - 4)
        x += t + t // 3
        fill = theme.TEXT if b.result is not None else theme.MUTED
        for k, line in enumerate(lines):
            at = (x, row_y + k * lay.line + lay.line // 2)
            c.text(at, line, size=t, weight="semibold", fill=fill, anchor="lm")
    return y + height + GAP


def _side_head(
    c: Canvas, ctx: Ctx, lay: _Layout, owner: Any, side: int, at: tuple[int, int, int]
) -> None:
    """A side's marker, name and role (attacker, defender) over its column."""
    x, mid, width = at
    t = lay.t
    draw_marker(c, owner, (x + t // 2, mid), t)
    x += t + t // 4
    role = ctx.t(f"render.clash.battle.{('attacker', 'defender')[side]}")
    role_width = Canvas.measure(role, t)
    room = max(t, width - (t + t // 4) - role_width - lay.gap - lay.gap)
    x += c.text((x, mid), _name(ctx, owner), size=t + 4, weight="bold", anchor="lm", max_width=room)
    c.text((x + t // 3, mid), role, size=t, fill=theme.MUTED, anchor="lm")


def _draw_side(
    c: Canvas, ctx: Ctx, lay: _Layout, owner: Any, r: Round, side: int, at: tuple[int, int, int]
) -> None:
    """A side's dice, the hits they scored and what the side lost, in its column."""
    x, mid, column = at
    start = x
    dice = r.dice[side]
    for k, digit in enumerate(dice):
        if side == 1 and r.fortress and k == len(dice) - 1:
            _fortress_die(c, lay, owner, digit, (x, mid))
        else:
            _die(c, lay, owner, digit, (x, mid))
        x += lay.die + lay.die_gap
    if r.dice[side]:
        x += lay.gap - lay.die_gap
    x += c.text((x, mid), _side_text(ctx, r, side), size=lay.t, fill=theme.TEXT, anchor="lm")
    lost = r.lost[side]
    if _two_lines(ctx, lay, column, r, side):
        _draw_losses(c, lay, owner, lost, (start, mid + lay.row))
    else:
        _draw_losses(c, lay, owner, lost, (x + lay.gap, mid))


def _die(c: Canvas, lay: _Layout, owner: Any, digit: str, at: tuple[int, int]) -> None:
    """A die face in the owner's colour with the number rolled."""
    x, mid = at
    d = lay.die
    top = mid - d // 2
    rim = look.BARBARIAN_RIM if not is_seat(owner) else theme.INK_DARK
    fill = fill_of(owner)
    c.box((x, top, x + d, top + d), fill, outline=rim, width=3, radius=max(4, d // 5))
    c.text((x + d / 2, mid), digit, size=lay.t, weight="bold", fill=theme.ink_on(fill), anchor="mm")


def _fortress_die(c: Canvas, lay: _Layout, owner: Any, digit: str, at: tuple[int, int]) -> None:
    """The Fortress's die: the Fortress piece's silhouette in the owner's colour, a little
    taller than a die (its merlons above), with the number rolled on its body."""
    x, mid = at
    d = lay.die
    size = round(1.15 * d)
    centre = (x + d / 2, mid - (size - d) / 2)
    left, top = draw_icon(c, _FORTRESS, centre, size, fill_of(owner), rim_of(owner), d)
    body = top + 0.61 * size
    c.text((left + d / 2, body), digit, size=lay.t, weight="bold", fill=ink(owner), anchor="mm")


def _draw_losses(
    c: Canvas, lay: _Layout, owner: Any, lost: Sequence[Loss], at: tuple[int, int]
) -> None:
    """Each kind lost: a red minus, then the unit's token with the number on it."""
    x, mid = at
    for loss in lost:
        x += c.text((x, mid), "−", size=lay.t, weight="bold", fill=theme.DANGER, anchor="lm") + 2
        kind = loss.kind if loss.kind in _UNIT_ORDER else "army"
        draw_unit(c, kind, owner, str(loss.count), (x + lay.token / 2, mid), lay.token, lay.t)
        x += lay.token + lay.die_gap


# -- the mark on the map -------------------------------------------------------------------------


def _battle_space(lay: MapLayout, battle: Any) -> Space | None:
    """The space of ``view["battle"]`` on this map, if any."""
    if not isinstance(battle, Mapping):
        return None
    try:
        return lay.at(parse_hex(str(battle.get("space"))))
    except IllegalAction:
        return None


def draw_ring(c: Canvas, lay: MapLayout, battle: Any) -> None:
    """The battle under way (``view["battle"]``): a ring just inside its space's edge, the
    sides in the attacker's and the defender's colours by turns, on a dark rim (drawn under
    the pieces)."""
    space = _battle_space(lay, battle)
    if space is None:
        return
    assert isinstance(battle, Mapping)
    colours = [_ring_colour(battle.get("attacker")), _ring_colour(battle.get("defender"))]
    r = lay.radius
    width = max(6, round(0.11 * r))
    cx, cy = lay.centre(space.hex)
    inset = 1 - (width / 2 + 3) / r
    points = [(cx + (x - cx) * inset, cy + (y - cy) * inset) for x, y in lay.corners(space.hex)]
    ring = [*points, points[0]]
    c.draw.line(ring, fill=theme.INK_DARK, width=width + 6, joint="curve")
    for k in range(6):
        c.draw.line([ring[k], ring[k + 1]], fill=colours[k % 2], width=width)


def draw_badge(c: Canvas, lay: MapLayout, battle: Any, name_size: int) -> None:
    """Crossed swords on a red disc on the battle space's upper right corner, clear of its
    name (``name_size``: the names' font size); drawn over everything."""
    space = _battle_space(lay, battle)
    if space is None:
        return
    r = lay.radius
    badge = max(24, round(0.56 * r))
    cx, _ = lay.centre(space.hex)
    name_half = Canvas.measure(space.name, name_size, "semibold") / 2
    corner_x, corner_y = lay.corner(space.hex, 5)
    bx = max(corner_x, cx + name_half + badge / 2 + 2)
    by = corner_y + badge * 0.15
    draw_swords(c, (bx, by), badge)


def draw_swords(c: Canvas, centre: tuple[float, float], size: int) -> None:
    """The battle badge: white crossed swords on a red disc with a dark rim, ``size`` wide."""
    x, y = centre
    rim = max(2, size // 12)
    outer, half = size / 2 + rim, size / 2
    c.draw.ellipse([x - outer, y - outer, x + outer, y + outer], fill=theme.INK_DARK)
    c.draw.ellipse([x - half, y - half, x + half, y + half], fill=theme.DANGER)
    inner = math.floor(size * 0.7)
    c.symbol(swords, (round(x - inner / 2), round(y - inner / 2)), inner, theme.INK_LIGHT)


def _ring_colour(owner: Any) -> theme.Colour:
    return theme.player_colour(owner) if is_seat(owner) else look.BARBARIAN_RIM
