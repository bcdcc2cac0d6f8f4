"""Every game's types of event and prompt parameters in one table, and the typed way to read
them (the renderer and the Discord layer).

An event's or a prompt's ``params`` is a JSON mapping whose keys depend on its ``kind``. The
games declare a ``TypedDict`` for the kinds read outside the engine (docs/architecture.md,
"Event and prompt parameters"):

* every prompt kind of every game, whose sentence ``prompt.<game>.<kind>`` the Discord layer
  shows: ``PROMPT_TYPES`` of :mod:`rules.civ.prompt_types`, :mod:`rules.stoneage.prompt_types`
  and :mod:`rules.clash.formats.prompt_types`;
* the Clash events the battle report reads by key:
  :data:`rules.clash.formats.event_types.EVENT_TYPES`.

:func:`params` gives an event's or a prompt's parameters as the type declared for its kind,
after checking the kind (:func:`params_if` gives None for another kind), so that mypy checks
every key read and the type of its value. ``tests/rules/test_param_types.py`` checks the events
and prompts of self-played games and of the transcripts against the declarations.

>>> from rules.clash.formats.event_types import BattleWon
>>> won = Event("clash.battle_won", {"player": "ann", "space": "C4", "defending": False})
>>> params(won, BattleWon)["space"]
'C4'
>>> params_if({"kind": "clash.moved", "params": {}}, BattleWon) is None
True
>>> params(Event("clash.moved"), BattleWon)
Traceback (most recent call last):
ValueError: event 'clash.moved' has no BattleWon parameters
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypeVar, cast

from rules.civ import prompt_types as civ_prompts
from rules.clash.formats import event_types as clash_events
from rules.clash.formats import prompt_types as clash_prompts
from rules.core import JSON, Decision, Event, EventView, Prompt, PromptView
from rules.stoneage import prompt_types as stoneage_prompts

__all__ = ["DECLARED", "Declared", "Item", "kinds_of", "params", "params_if"]

P = TypeVar("P")
What = Literal["event", "prompt"]
#: What parameters are read from: an engine's events and prompts, or a view's.
Item = Event | Prompt | Decision | EventView | PromptView


@dataclass(frozen=True, slots=True)
class Declared:
    """The type of the parameters of the events or prompts of ``kind`` in ``game`` (event
    kinds carry the game's prefix, ``clash.battle_won``; prompt kinds do not)."""

    game: str
    what: What
    kind: str
    type: type


_TABLES: tuple[tuple[str, What, Mapping[str, type]], ...] = (
    ("civ", "prompt", civ_prompts.PROMPT_TYPES),
    ("stoneage", "prompt", stoneage_prompts.PROMPT_TYPES),
    ("clash", "prompt", clash_prompts.PROMPT_TYPES),
    ("clash", "event", clash_events.EVENT_TYPES),
)
#: Every declaration, game by game.
DECLARED: tuple[Declared, ...] = tuple(
    Declared(game, what, kind, of) for game, what, table in _TABLES for kind, of in table.items()
)


def _by_type() -> dict[type, tuple[What, frozenset[str]]]:
    """Each type's events or prompts and the kinds it is declared for (several kinds of the
    same shape share a type; a type is one game's, events' or prompts')."""
    found: dict[type, tuple[What, frozenset[str]]] = {}
    for d in DECLARED:
        what, kinds = found.get(d.type, (d.what, frozenset()))
        if what != d.what:
            raise ValueError(f"{d.type.__name__} is declared for events and for prompts")
        found[d.type] = (what, kinds | {d.kind})
    return found


_BY_TYPE = _by_type()


def kinds_of(of: type) -> frozenset[str]:
    """The kinds ``of`` is declared for (KeyError for a type no game declares)."""
    return _BY_TYPE[of][1]


def _read(item: Item) -> tuple[What, str, Mapping[str, JSON]]:
    if isinstance(item, Event):
        return "event", item.kind, item.params
    if isinstance(item, Prompt | Decision):
        return "prompt", item.kind, item.params
    # A view's: ``pending`` entries name their seat, ``recent`` ones do not.
    return ("prompt" if "seat" in item else "event"), item["kind"], item.get("params") or {}


def params_if(item: Item, of: type[P]) -> P | None:
    """``item``'s parameters as ``of`` when ``of`` is declared for its kind, else None."""
    what, kind, values = _read(item)
    declared, kinds = _BY_TYPE[of]
    if what != declared or kind not in kinds:
        return None
    return cast(P, values)


def params(item: Item, of: type[P]) -> P:
    """``item``'s parameters as ``of``, the type declared for its kind (ValueError for an
    item of another kind, KeyError for a type no game declares)."""
    found = params_if(item, of)
    if found is None:
        what, kind, _ = _read(item)
        raise ValueError(f"{what} {kind!r} has no {of.__name__} parameters")
    return found
