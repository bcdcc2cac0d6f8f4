"""Ids renamed since older versions wrote them: their snapshots, positions and transcripts.

The civil halves of the action cards were ``C01``-``C21`` until they were respelt ``P01``-``P21``
("peace half", beside the combat halves ``K01``-``K19``), so that no card id reads like a
rules decision (``C1``-``C126``, docs/rules-decisions.md; the cards: docs/clash-cards.md).
Whatever an older version wrote with the old spelling is read here in the new one, on plain
JSON, leaving what it was given untouched:

- a snapshot (:func:`respell_civil`): the civil halves played this turn
  (``turn_state.civil_played``), the turn's pending card modifiers
  (``turn_state.card_modifiers``, which also hold the Great Engineer's ``E37``), the ``civil``
  parameter of the events kept in ``recent`` and ``battle_log``, and the ``played`` parameter
  of a ``synergy`` decision waiting in ``prompts``. Nothing else of a snapshot holds one: an
  action card is held, traded and played by its own id (``A05``);
- a position (:func:`respell_position`): ``cards_played``, ``card_modifiers``, a ``synergy``
  decision's ``played`` in ``prompts``, and the fields of a partial snapshot
  (``{"snapshot": {...}}``) as in a snapshot;
- a transcript (:func:`respell_transcript`): its position, and the views and outcome its
  ``expect`` block holds (every string that is a whole old id: no other value of a Clash view
  is spelt ``C`` and two digits, spaces having no leading zero, ``C4``). The steps need
  nothing: no action token is a civil half. An exported game (``/game export``,
  :mod:`host.export`) is its steps and its outcome only, so it replays as it is.

A snapshot already in the new spelling comes back equal, so respelling twice does no harm.

>>> respell_civil({"turn_state": {"civil_played": ["C03", "C13"], "card_modifiers": ["C10"]}})
{'turn_state': {'civil_played': ['P03', 'P13'], 'card_modifiers': ['P10']}}
>>> civil_id("C07"), civil_id("P07"), civil_id("E37"), civil_id("C22"), civil_id("C7")
('P07', 'P07', 'E37', 'C22', 'C7')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.core import JSON

#: A civil half as versions before the respelling wrote it.
OLD_CIVIL = re.compile(r"C(0[1-9]|1[0-9]|2[01])")
#: The decision kind whose parameters name civil halves (``played``: the Synergy cards already
#: played for the advance, :mod:`rules.clash.cards.decisions`).
SYNERGY = "synergy"


def civil_id(value: Any) -> Any:
    """A civil half in the current spelling (``C07`` -> ``P07``); anything else as it is."""
    if isinstance(value, str) and OLD_CIVIL.fullmatch(value):
        return "P" + value[1:]
    return value


def _ids(values: Any) -> Any:
    """A list of ids with its civil halves respelt (anything but a list as it is)."""
    return [civil_id(v) for v in values] if isinstance(values, list) else values


def _events(events: Any) -> Any:
    """An event list with the ``civil`` parameter of each event respelt (new dicts where one
    changes; anything but a list as it is)."""
    if not isinstance(events, list):
        return events
    out = []
    for event in events:
        params = event.get("params") if isinstance(event, dict) else None
        if isinstance(params, dict) and civil_id(params.get("civil")) != params.get("civil"):
            event = {**event, "params": {**params, "civil": civil_id(params["civil"])}}
        out.append(event)
    return out


def _prompts(prompts: Any) -> Any:
    """A decision list with the ``played`` parameter of each ``synergy`` decision respelt."""
    if not isinstance(prompts, list):
        return prompts
    out = []
    for decision in prompts:
        synergy = isinstance(decision, dict) and decision.get("kind") == SYNERGY
        params = decision.get("params") if synergy else None
        if isinstance(params, dict) and "played" in params:
            decision = {**decision, "params": {**params, "played": _ids(params["played"])}}
        out.append(decision)
    return out


def respell_civil(raw: Mapping[str, JSON]) -> dict[str, JSON]:
    """A Clash snapshot (its fields, with or without ``version`` and ``game``) with the civil
    halves in the current spelling, in the fields that hold them (see the module docstring).
    A new dict: ``raw`` and everything in it are left as they are (what changes is copied).
    Missing fields stay missing (a partial snapshot of a position has only some), and a
    snapshot in the new spelling comes back equal.

    >>> old = {"version": 1, "recent": [{"kind": "clash.card_played",
    ...     "params": {"player": "ann", "civil": "C11", "combat": "K01", "paid": 1}}],
    ...     "prompts": [{"id": "x", "seat": 0, "kind": "synergy",
    ...     "params": {"advance": "roads", "played": ["C17"]}, "turn": 0}]}
    >>> new = respell_civil(old)
    >>> new["recent"][0]["params"]["civil"], new["prompts"][0]["params"]["played"]
    ('P11', ['P17'])
    >>> old["recent"][0]["params"]["civil"], respell_civil(new) == new
    ('C11', True)
    """
    data = dict(raw)
    turn = data.get("turn_state")
    if isinstance(turn, dict):
        data["turn_state"] = {
            k: _ids(v) if k in ("civil_played", "card_modifiers") else v for k, v in turn.items()
        }
    for key in ("recent", "battle_log"):
        if key in data:
            data[key] = _events(data[key])
    if "prompts" in data:
        data["prompts"] = _prompts(data["prompts"])
    return data


def respell_position(position: Mapping[str, JSON]) -> dict[str, JSON]:
    """A Clash position (docs/transcripts.md) with the civil halves in the current spelling:
    ``cards_played``, ``card_modifiers``, a waiting ``synergy`` decision's ``played``, and a
    partial snapshot's fields (:func:`respell_civil`). A new dict; ``position`` untouched.

    >>> respell_position({"cards_played": ["C12"], "card_modifiers": ["C08", "E37"]})
    {'cards_played': ['P12'], 'card_modifiers': ['P08', 'E37']}
    """
    data = dict(position)
    for key in ("cards_played", "card_modifiers"):
        if key in data:
            data[key] = _ids(data[key])
    if "prompts" in data:
        data["prompts"] = _prompts(data["prompts"])
    partial = data.get("snapshot")
    if isinstance(partial, dict):
        data["snapshot"] = respell_civil(partial)
    return data


def _every_id(value: JSON) -> JSON:
    """``value`` with every string that is a whole old civil id respelt, at any depth."""
    if isinstance(value, dict):
        return {k: _every_id(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_every_id(v) for v in value]
    return civil_id(value)


def respell_transcript(data: Mapping[str, JSON]) -> dict[str, JSON]:
    """A Clash transcript written before the respelling, as it would be written now: its
    ``position`` (:func:`respell_position`) and its ``expect`` block (views and outcome: every
    whole old id). The steps are left as they are (no action names a civil half).

    >>> old = {"game": "clash", "players": ["ann", "bob"], "steps": [],
    ...     "position": {"cards_played": ["C03"]},
    ...     "expect": {"public": {"action_cards": {"played": ["C03"], "modifiers": []}}}}
    >>> new = respell_transcript(old)
    >>> new["position"], new["expect"]
    ({'cards_played': ['P03']}, {'public': {'action_cards': {'played': ['P03'], 'modifiers': []}}})
    """
    out = dict(data)
    position = data.get("position")
    if isinstance(position, Mapping):
        out["position"] = respell_position(position)
    if "expect" in data:
        out["expect"] = _every_id(data["expect"])
    return out
