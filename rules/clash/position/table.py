"""What else lies on the table in a position (:mod:`rules.clash.position.reading`): the
barbarians, the truces and Assassinations in force, the decisions waiting, and the immediate
objectives' bookkeeping."""

from __future__ import annotations

from collections.abc import Mapping

from rules.clash.box.cards import DECKS, HALVES
from rules.clash.box.components import MOST_ACTIONS
from rules.clash.dispatch.grammar import DECISIONS
from rules.clash.model import card_turns, under_way
from rules.clash.model.state import (
    TURN,
    Assassination,
    Barbarians,
    ClashState,
    ObjectiveWatch,
    Truce,
)
from rules.clash.position.values import (
    Reader,
    as_flag,
    as_int,
    as_list,
    as_mapping,
    bad,
    inconsistent,
)
from rules.clash.rounds import objectives
from rules.core import JSON, Decision, PromptStack


def read_prompts(r: Reader, raw: JSON) -> PromptStack:
    """Nested decisions, the first listed at the bottom: ``{"id", "seat", "kind", "params",
    "turn"}`` with handles for ``seat`` and ``turn``; ``kind`` one the engine asks
    (:data:`rules.clash.dispatch.grammar.DECISIONS`), ``params`` as the engine writes them."""
    stack = PromptStack()
    for k, item in enumerate(as_list("prompts", raw)):
        at = f"prompts[{k}]"
        d = as_mapping(at, item, frozenset({"id", "seat", "kind", "params", "turn"}))
        kind, pid, params = d.get("kind"), d.get("id"), d.get("params", {})
        if kind not in DECISIONS or kind in under_way.KINDS:
            # A Move action's and an exploration's are ``moving`` and ``exploring``.
            raise bad(f"{at}.kind", kind)
        if not isinstance(pid, str) or not pid:
            raise bad(f"{at}.id", pid)
        if not isinstance(params, dict):
            raise bad(f"{at}.params", params)
        seat = r.seat(f"{at}.seat", d.get("seat"))
        turn = None if d.get("turn") is None else r.seat(f"{at}.turn", d.get("turn"))
        try:
            stack = stack.push(Decision(pid, seat, str(kind), dict(params), turn))
        except ValueError:
            raise inconsistent("two_decisions_with_one_id", f"{at}.id") from None
    return stack


def read_truces(r: Reader, state: ClashState, raw: JSON) -> tuple[Truce, ...]:
    """Negotiations in force: ``{"player", "with", "stage"}`` (:mod:`rules.clash.model.card_turns`):
    ``maker`` only in its player's turn, ``other`` only in the other's."""
    out: list[Truce] = []
    for k, item in enumerate(as_list("truces", raw)):
        at = f"truces[{k}]"
        d = as_mapping(at, item, frozenset({"player", "with", "stage"}))
        maker, other = r.seat(f"{at}.player", d.get("player")), r.seat(f"{at}.with", d.get("with"))
        stage = d.get("stage")
        if stage not in card_turns.STAGES:
            raise bad(f"{at}.stage", stage)
        if maker == other:
            raise inconsistent("truce_with_oneself", at)
        in_turn = state.phase == TURN
        if stage == card_turns.MAKER and not (in_turn and state.active == maker):
            raise inconsistent("truce_outside_its_makers_turn", f"{at}.stage")
        if stage == card_turns.OTHER and not (in_turn and state.active == other):
            raise inconsistent("truce_outside_the_others_turn", f"{at}.stage")
        truce = Truce(maker, other, str(stage))
        if truce in out:
            raise inconsistent("two_equal_truces", at)
        out.append(truce)
    return tuple(out)


def read_assassinations(r: Reader, state: ClashState, raw: JSON) -> tuple[Assassination, ...]:
    """Assassinations: ``{"player", "round", "done"}``, the target, the round it was played
    in (this one, or an earlier one while not done) and whether the action was taken."""
    out: list[Assassination] = []
    for k, item in enumerate(as_list("assassinations", raw)):
        at = f"assassinations[{k}]"
        d = as_mapping(at, item, frozenset({"player", "round", "done"}))
        target = r.seat(f"{at}.player", d.get("player"))
        played = as_int(f"{at}.round", d.get("round", state.round), 1, state.round)
        done = as_flag(f"{at}.done", d.get("done", False))
        if done and played != state.round:
            raise inconsistent("assassination_done_in_an_earlier_round", at)
        if any(a.target == target for a in out):
            raise inconsistent("two_assassinations_of_one_player", at)
        out.append(Assassination(target, played, done))
    return tuple(out)


def read_barbarians(r: Reader, raw: JSON) -> Barbarians:
    b = as_mapping("barbarians", raw, frozenset({"cities", "armies"}))
    cities = [
        r.space("barbarians.cities", h) for h in as_list("barbarians.cities", b.get("cities", []))
    ]
    if len(set(cities)) != len(cities):
        raise inconsistent("two_cities_on_one_space", "barbarians.cities")
    return Barbarians(frozenset(cities), r.counts("barbarians.armies", b.get("armies", {}), 99))


def read_objective_watch(
    r: Reader, position: Mapping[str, JSON], state: ClashState
) -> ObjectiveWatch:
    """The immediate objectives' bookkeeping (:mod:`rules.clash.rounds.objectives`): of the turn
    under way (``objective_turn``, a turn key), the Build-units actions and whether Draft paid
    one (``builds``, ``drafted``), the battles the active player fought (``battles``:
    ``[{"space", "won"}]``; by default those of ``fought`` they took part in); the completions
    offered to each seat deciding an ``objective`` decision (``objective_offers``: handle ->
    ``["o05 bottom", ...]``)."""
    raw = as_mapping(
        "objective_turn",
        position.get("objective_turn", {}),
        frozenset({"builds", "drafted", "battles"}),
    )
    if raw and state.phase != TURN:
        raise inconsistent("turn_key_in_the_status_phase", "objective_turn")
    builds = as_int("objective_turn.builds", raw.get("builds", 0), 0, MOST_ACTIONS)
    drafted = as_flag("objective_turn.drafted", raw.get("drafted", False))
    if drafted and not builds:
        raise inconsistent("draft_without_a_build", "objective_turn.drafted")
    offers: list[tuple[int, str, str]] = []
    asked = {d.seat for d in state.prompts.decisions if d.kind == objectives.OBJECTIVE_DECISION}
    for name, picks in as_mapping("objective_offers", position.get("objective_offers", {})).items():
        seat = r.seat("objective_offers", name)
        where = f"objective_offers.{name}"
        mine: list[tuple[str, str]] = []
        for k, pick in enumerate(as_list(where, picks)):
            parts = str(pick).split()
            if (
                len(parts) != 2
                or parts[0].upper() not in DECKS["objective"]
                or parts[1] not in HALVES
            ):
                raise bad(f"{where}[{k}]", pick)
            mine.append((parts[0].upper(), parts[1]))
        problem = objectives.offers_problem(state, seat, mine)
        if problem is not None:
            raise inconsistent(problem, where)
        if seat not in asked:
            raise inconsistent("objective_offers_without_a_decision", where)
        offers += [(seat, c, h) for c, h in mine]
    if state.phase != TURN:
        return ObjectiveWatch(offers=tuple(offers))
    battles = objectives.of_turn(state.turn_state.fought, state.active)
    if "battles" in raw:
        found = []
        for k, b in enumerate(as_list("objective_turn.battles", raw["battles"])):
            at = f"objective_turn.battles[{k}]"
            entry = as_mapping(at, b, frozenset({"space", "won"}))
            found.append(
                (r.space(f"{at}.space", entry.get("space")), as_flag(f"{at}.won", entry.get("won")))
            )
        battles = tuple(found)
    return ObjectiveWatch(
        battles=battles,
        builds=builds,
        drafted=drafted,
        offers=tuple(offers),
    )
