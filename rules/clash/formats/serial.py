"""Snapshots: :class:`rules.clash.model.state.ClashState` field by field (:mod:`rules.formats`).

Version 2 writes the state as it is held. Clash's own hooks (:func:`hooks`): a space
(:class:`rules.clash.board.hexes.Hex`) is its name (``C4``) wherever it stands, as a value, a
dictionary key or an item of a tuple, and a set of spaces is written in column then row order
(any other set sorted, as in every game); the nested decisions (``prompts``) are written as
:meth:`rules.core.PromptStack.to_json` writes them; the events kept (``recent``,
``battle_log``) are copied as they are (:func:`_events`). Everything is in it, hidden parts
included: it is for the store only.

Version 1 was written by hand; :func:`upgrade_v1` reads it. It named two fields of a battle's
record otherwise (``at_sea``, ``city_size``), wrote the turn's trade offers as positions
write them, truces and Assassinations as arrays, and its older snapshots lack the fields
added later (the trades, the event cards kept this turn, the objectives' watch, a battle's
later fields), which version 2 reads with their defaults.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import cattrs
from cattrs.gen import make_dict_unstructure_fn, override

from rules.clash.actions.collect import KINDS
from rules.clash.board.hexes import Hex, label, offset, parse_hex
from rules.clash.formats.respelling import respell_civil
from rules.clash.model import under_way
from rules.clash.model.state import ClashState, KeptAdvance
from rules.clash.rounds import status_phase
from rules.core import JSON, PromptStack
from rules.formats import Format


def spaces(hexes: Iterable[Hex]) -> list[str]:
    """Space names in column then row order."""
    return [label(h) for h in sorted(hexes, key=offset)]


def _space_sets(kind: Any) -> bool:
    return typing.get_origin(kind) in (frozenset, set) and typing.get_args(kind) == (Hex,)


#: The public events a state keeps (``recent``, ``battle_log``).
_EVENT_LOG = tuple[dict[str, JSON], ...]


def _events(log: Iterable[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
    """Events as the engine keeps them (``kind``, ``params``), copied two levels deep.

    Their parameters are JSON as they stand (lists, never tuples: Clash's events carry
    none), so they are copied whole rather than through :func:`rules.formats.plain`, whose
    look at every value took an eighth of the time the whole snapshot takes to write."""
    return [{"kind": e["kind"], "params": dict(e["params"])} for e in log]


#: The fields a snapshot writes only when they are not None (a board a position laid, C139;
#: :func:`hooks` leaves it out).
OMITTED: dict[str, JSON] = {"custom_board": None}


def hooks(conv: cattrs.Converter) -> None:
    """Clash's values in snapshots (see the module's docstring)."""
    conv.register_unstructure_hook(Hex, label)
    conv.register_structure_hook(Hex, lambda text, _: parse_hex(text))
    conv.register_unstructure_hook_func(_space_sets, spaces)
    conv.register_unstructure_hook(PromptStack, PromptStack.to_json)
    conv.register_structure_hook(PromptStack, lambda data, _: PromptStack.from_json(data))
    conv.register_unstructure_hook_func(lambda kind: kind == _EVENT_LOG, _events)
    # Last, once every hook of its fields is known: a game on the fixed board writes no
    # ``custom_board`` (C139), so its snapshot is the one written before such boards existed.
    conv.register_unstructure_hook(
        ClashState,
        make_dict_unstructure_fn(ClashState, conv, custom_board=override(omit_if_default=True)),
    )


def upgrade_v1(data: dict[str, JSON]) -> dict[str, JSON]:
    """Version 1's fields as version 2 writes them (the civil halves respelt, ``C03`` then,
    ``P03`` now: :mod:`rules.clash.formats.respelling`): every other field was the same."""
    data = respell_civil(data)
    out = dict(data)
    turn = dict(data["turn_state"])
    turn["fought"] = [_fought(f) for f in turn["fought"]]
    if turn.get("trades"):
        turn["trades"] = _trades(turn["trades"])
    else:  # none before trading existed: no offers
        turn.pop("trades", None)
    out["turn_state"] = turn
    if not data.get("objective_watch"):  # none before the immediate objectives: empty
        out.pop("objective_watch", None)
    out["truces"] = [{"maker": m, "other": o, "stage": s} for m, o, s in data["truces"]]
    out["assassinations"] = [
        {"target": t, "round": r, "done": d} for t, r, d in data["assassinations"]
    ]
    return out


def _fought(record: dict[str, JSON]) -> dict[str, JSON]:
    renamed = {"at_sea": "sea", "city_size": "size"}
    return {renamed.get(k, k): v for k, v in record.items()}


def _trades(trades: dict[str, JSON]) -> dict[str, JSON]:
    """Offers as ``{"from", "to", "give", "want"}`` with goods as ``{kind: n, "cards":
    [...]}``, and the offers made as ``{"from", "to", "count"}``; an offer's number was the
    count of offers its maker made to its partner."""
    made = [[m["from"], m["to"], m["count"]] for m in trades["made"]]
    counts = {(o, p): c for o, p, c in made}
    offers = [
        {
            "offerer": o["from"],
            "partner": o["to"],
            "give": _goods(o["give"]),
            "want": _goods(o["want"]),
            "number": counts.get((o["from"], o["to"]), 1),
        }
        for o in trades["offers"]
    ]
    return {"offers": offers, "made": made}


def _goods(goods: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "amounts": [[k, goods[k]] for k in KINDS if k in goods],
        "cards": list(goods.get("cards", [])),
    }


FORMAT = Format(ClashState, 2, {1: upgrade_v1}, hooks=hooks)


def load(data: Mapping[str, JSON]) -> ClashState:
    """A state from its snapshot, any version :data:`FORMAT` reads, with what a snapshot
    written before the rules kept it lacks (:func:`settle`)."""
    return settle(FORMAT.load(data))


def settle(state: ClashState) -> ClashState:
    """What older snapshots lack and the rules work out: the decisions of a Move action and
    an exploration under way, on the stack since (both always are in a state written since);
    a status step's parts in turn order, its seats asked at once since (C127: a step that
    waits for seats always has its parts in ``order`` since); the free advances chosen
    while step 1 was open, kept in the status step then (C128), kept with the answers they
    were chosen among since (C130): the answers now, which step 1 does not change."""
    if not any(under_way.under_way(d) for d in state.prompts.decisions):
        state.prompts = under_way.beneath(state, state.prompts)
    status = state.status
    if status is not None and status.ahead:
        state.kept_advances = tuple(
            KeptAdvance(s, toks, status_phase.offered(state, s)) for s, toks in status.ahead
        )
        state.status = status = replace(status, ahead=())
    if status is not None and status.waiting and not status.order:
        state.status = status_phase.asked_at_once(state)
    return state
