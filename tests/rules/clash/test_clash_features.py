"""Self-play coverage for Clash of Cultures (``rules.clash.checks.features``): each card is named by
the events that show it in play, and the catalogue lists every card."""

from __future__ import annotations

from rules import selfplay
from rules.clash import GAME
from rules.clash.box.cards import ACTION_HALVES
from rules.clash.checks import features
from rules.core import Event


def test_an_action_card_is_told_apart_by_its_two_halves() -> None:
    civil, combat = ACTION_HALVES["A22"]
    played = Event("clash.card_played", {"player": "ann", "civil": civil, "combat": combat})
    fought = Event("clash.combat_card_played", {"player": "bob", "half": combat, "civil": civil})
    assert features.features([played]) == ["clash.card_played", "action.A22", f"civil.{civil}"]
    assert features.features([fought])[1:] == ["action.A22", f"combat.{combat}"]


def test_events_objectives_and_wonders_are_named() -> None:
    events = [
        Event("clash.event_card", {"player": "ann", "card": "E07"}),
        Event("clash.objective_completed", {"card": "O03", "half": "b", "objective": "rich"}),
        Event("clash.wonder_built", {"player": "ann", "wonder": "great_library"}),
    ]
    named = [f for f in features.features(events) if not f.startswith("clash.")]
    assert named == ["event.E07", "objective.O03", "objective.half.rich", "wonder.great_library"]
    assert set(named) <= features.CATALOGUE


def test_the_catalogue_holds_every_card_and_half() -> None:
    kinds = {f.rsplit(".", 1)[0] for f in features.CATALOGUE}
    assert kinds == {"action", "civil", "combat", "event", "objective", "objective.half", "wonder"}
    counts = {k: sum(1 for f in features.CATALOGUE if f.rsplit(".", 1)[0] == k) for k in kinds}
    assert counts == {
        "action": 42,
        "civil": 21,
        "combat": 19,
        "event": 38,
        "objective": 32,
        "objective.half": 54,  # 64 halves; some cards repeat a name (the same-name rule)
        "wonder": 7,
    }


def test_a_run_reports_the_cards_it_never_saw() -> None:
    report = selfplay.run(GAME, games=1, seed=3, players=2)
    summary = report.summary()
    seen = {f for f in summary["coverage"] if f in features.CATALOGUE}
    assert summary["missing"] == sorted(features.CATALOGUE - seen)
    assert "clash.turn_ended" in summary["coverage"]


def test_games_shared_among_processes_report_the_same() -> None:
    """Each game depends on its seed alone, so ``jobs`` changes the time taken, nothing else."""
    alone = selfplay.run(GAME, games=3, seed=5, players=2).summary()
    shared = selfplay.run(GAME, games=3, seed=5, players=2, jobs=2).summary()
    del alone["seconds"], shared["seconds"]
    assert shared == alone and alone["games"] == 3
