"""Every text the Clash of Cultures engine asks for exists in English and Hungarian.

Clash is not registered in :mod:`rules` yet, so ``bench.samples`` and the tests that walk the
registered games do not reach it. Here:

- the source of ``rules/clash`` is scanned for what it raises and emits (``IllegalAction("code"``
  and a code chosen between two literals, ``Event("clash.<kind>"``, the prompt kinds, the choice
  labels of ``rules/clash/dispatch/grammar.py``), and each needs its key in both catalogues
  themselves (not through the English fallback);
- seeded random games (from the set-up, and from a position with Tactics, Roads, Navigation and
  ships) render every prompt, choice, event and refusal they meet in both languages: none may
  come back as a bare key, keep a placeholder the engine did not fill, or print a raw table.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import locales
from host import text
from rules.clash import GAME
from rules.clash.actions import (
    activation,
    civic,
    exploration,
    influence_targets,
    routes,
    trade_offers,
)
from rules.clash.actions.collect import KINDS
from rules.clash.battles import barbarian_raids, combat
from rules.clash.board.tiles import TERRAINS
from rules.clash.box import objective_cards
from rules.clash.box.cards import ACTION_CARDS, HALVES, OBJECTIVE_CARDS, PYRAMIDS
from rules.clash.box.components import LAND_UNITS, SHIP
from rules.clash.dispatch import grammar
from rules.clash.model import order
from rules.clash.model.state import ClashState
from rules.clash.rounds import scoring, status_phase
from rules.clash.wonders import construction, gardens
from rules.core import Choice, Event, IllegalAction, Prompt, Rng, act, join
from rules.selfplay import random_action

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "rules" / "clash").rglob("*.py"))
LANGS = locales.SUPPORTED

_RAISED = re.compile(r"\bIllegalAction\(\s*\"([a-z0-9_]+)\"")
# movement.py: code = "stopped_this_turn" if ... else "moved_this_action"; IllegalAction(code, ...)
_CHOSEN_CODE = re.compile(r"\bcode\s*=\s*\"([a-z0-9_]+)\"\s+if\s+.+?\s+else\s+\"([a-z0-9_]+)\"")
# Event("clash.moved", ...), and kinds chosen beforehand (kind = "clash.ship_explored" if ...).
_EVENT_KIND = re.compile(r"\"clash\.([a-z_]+)\"")
_PROMPT_KIND = re.compile(r"\bPrompt\(\s*seat,\s*\"([a-z_]+)\"")
_LABEL = re.compile(r"\"(clash\.[a-z_]+\.[a-z_.]+)\"")
_LABEL_FAMILY = re.compile(r"f\"(clash\.[a-z_.]+)\{")

# What a rendered text must never show: a placeholder left as written, a dict or a raw key.
_UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:@[A-Za-z0-9_.]+)?(?:\|[^{}|@\s]+)?\}")
_RAW_TABLE = re.compile(r"\{'")


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in SOURCES:
        src = _source(path)
        codes |= set(_RAISED.findall(src))
        for pair in _CHOSEN_CODE.findall(src):
            codes |= set(pair)
    return codes


def event_kinds() -> set[str]:
    return {kind for path in SOURCES for kind in _EVENT_KIND.findall(_source(path))}


def prompt_kinds() -> set[str]:
    src = _source(ROOT / "rules" / "clash" / "dispatch" / "contexts.py")
    steps = (exploration.LAYOUT, exploration.BARBARIANS, exploration.SHIP_SPACE)
    found = set(_PROMPT_KIND.findall(src)) | {f"explore_{step}" for step in steps}
    # Status steps name their kinds in a table; nested decisions by the DECISIONS keys.
    return found | set(status_phase.KINDS.values()) | set(grammar.DECISIONS)


#: Where the label families below are built: the turn's menu, a group's steps (a Move
#: action's and the Great Lighthouse's).
FAMILY_SOURCES = ("dispatch/grammar.py", "actions/movement.py")
#: The label families those build with f-strings, and the values they take.
FAMILIES: dict[str, tuple[str, ...]] = {
    "clash.token.": (
        grammar.END,
        grammar.MOVE,
        grammar.FOUND,
        grammar.DONE,
        grammar.ADVANCE,
        activation.ACTIVATE,
        civic.CIVIC,
        civic.VOTING,
        influence_targets.INFLUENCE,
        influence_targets.ART,
        status_phase.RAZE_TOKEN,
        status_phase.PASS,
        "barter",  # rules.clash.actions.abilities.BARTER
        "tax",  # rules.clash.actions.abilities.TAX
        "cartography",  # rules.clash.actions.abilities.CARTOGRAPHY
        "liberties",  # rules.clash.actions.abilities.LIBERTIES
        "drama",  # rules.clash.actions.abilities.DRAMA
        "power",  # rules.clash.actions.abilities.POWER
        construction.WONDER_TOKEN,
        gardens.GARDENS_TOKEN,
        "event",  # rules.clash.cards.kept_events.EVENT
        "card",  # rules.clash.cards.play.CARD
    ),
    "clash.choice.to.": (
        routes.WALK,
        routes.ROAD,
        routes.BOARD,
        routes.LANDING,
        routes.SAIL,
        routes.EXPLORE,
        routes.EXPLORE_BY_SHIP,
    ),
    "clash.unit.": LAND_UNITS,
}


#: The label families combat.py builds with f-strings (the Siegecraft payments), and its
#: literal labels (the combat decisions' choices) are scanned too.
COMBAT_FAMILIES: dict[str, tuple[str, ...]] = {
    "clash.choice.siege_": (combat.NONE, "wood", "ore"),
}
LABEL_SOURCES = (
    "dispatch/grammar.py",
    "actions/movement.py",
    "actions/lighthouse.py",
    "actions/exploration.py",
    "battles/combat.py",
    "battles/before_rounds.py",
    "battles/endings.py",
    "battles/barbarians.py",
    "battles/barbarian_raids.py",
    "rounds/objectives.py",
    "events/resolving.py",
    "cards/kept_events.py",
    "cards/play.py",
    "cards/civil_effects.py",
    "cards/civil_targets.py",
    "cards/decisions.py",
    "actions/influence.py",
    "actions/influence_rolls.py",
    "actions/influence_targets.py",
    "actions/trading.py",
    "actions/trade_offers.py",
    "wonders/construction.py",
    "wonders/gardens.py",
)


def choice_labels() -> set[str]:
    literal = {
        label
        for name in LABEL_SOURCES
        for label in _LABEL.findall(_source(ROOT / "rules" / "clash" / name))
    }
    families = {**FAMILIES, **COMBAT_FAMILIES}
    built = {prefix + value for prefix, values in families.items() for value in values}
    return literal | built


#: Keys that a {value@prefix} of the Clash texts looks up, for every value the engine passes.
def prefixed_keys() -> set[str]:
    reasons = (order.REASON_ROUNDS, order.REASON_NO_CITY, "resigned", "last_standing")
    return (
        {f"clash.terrain.{t}" for t in TERRAINS}
        | {f"clash.reason.{r}" for r in reasons}
        | {f"clash.tiebreak.{r}" for r in (PYRAMIDS, *scoring.CATEGORIES, "shared")}
        | {f"clash.by.{by}" for by in ("land", SHIP)}
        | {f"clash.your_units.{kind}" for kind in (*LAND_UNITS, SHIP)}
        | {f"clash.allowed.{token}" for token in FAMILIES["clash.token."]}
        | {f"clash.token.{token}" for token in trade_offers.HEADS}
        | {f"clash.allowed.{token}" for token in trade_offers.HEADS}
        | {f"clash.trade.item.{k}_{n}" for k in KINDS for n in range(1, 9)}
        | {f"clash.trade.item.action_{n}" for n in range(1, len(ACTION_CARDS) + 1)}
        | {f"clash.trade.item.objective_{n}" for n in range(1, len(OBJECTIVE_CARDS) + 1)}
        | {"clash.trade.item.nothing"}
        | {f"clash.layout_token.{t}" for t in exploration.LAYOUT_TOKENS.values()}
        | {f"clash.ship_token.{k}" for k in range(1, 5)}
        | {f"clash.battle_kind.{k}" for k in ("land", "naval", "barbarians")}
        | {f"clash.siege_cancels.{k}" for k in ("die", "cancel")}
        | {f"clash.siege_token.{k}" for k in (combat.NONE, "wood", "ore", "wood ore")}
        | {f"clash.units.army_{n}" for n in range(1, 9)}
        | {f"clash.barbarian_skip.{why}" for why in barbarian_raids.SKIPPED}
        | {f"outcome.{r}" for r in (order.REASON_ROUNDS, order.REASON_NO_CITY)}
        | {f"clash.objective.{name}" for name in objective_cards.NAMES}
        | {f"clash.half.{h}" for h in HALVES}
        | {"clash.title"}
    )


def test_the_scans_find_what_the_engine_uses() -> None:
    """The patterns still match how the engine is written (finding nothing proves nothing)."""
    codes = raised_codes()
    assert {"group_incomplete", "no_settler_there", "stopped_this_turn", "unknown_layout"} <= codes
    assert {"moved", "explored", "ship_returned", "city_founded", "turn_ended"} <= event_kinds()
    assert {
        "turn",
        "move",
        "free_advance",
        "explore_layout",
        "explore_ship_space",
    } <= prompt_kinds()
    assert {"clash.choice.from", "clash.choice.layout", "clash.token.done"} <= choice_labels()


def test_every_label_family_of_the_actions_is_known() -> None:
    """A new f-string label in grammar.py or movement.py (a group's steps) must be added to
    FAMILIES (with its values), one in combat.py to COMBAT_FAMILIES."""
    src = "".join(_source(ROOT / "rules" / "clash" / name) for name in FAMILY_SOURCES)
    assert set(_LABEL_FAMILY.findall(src)) == set(FAMILIES)
    src = _source(ROOT / "rules" / "clash" / "battles" / "combat.py")
    assert set(_LABEL_FAMILY.findall(src)) == set(COMBAT_FAMILIES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_clash_refusal_has_a_sentence(lang: str) -> None:
    keys = locales.keys(lang)
    missing = sorted(
        code
        for code in raised_codes()
        if f"error.clash.{code}" not in keys and f"error.{code}" not in keys
    )
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_clash_event_prompt_and_label_has_a_text(lang: str) -> None:
    keys = locales.keys(lang)
    wanted = (
        {f"event.clash.{kind}" for kind in event_kinds()}
        | {f"prompt.clash.{kind}" for kind in prompt_kinds()}
        | choice_labels()
        | prefixed_keys()
    )
    assert sorted(wanted - keys) == []


# --- real values ---------------------------------------------------------------------------

#: Two explored regions with Sea, a Port, ships with cargo, armies that may move (Tactics),
#: Roads from two cities and Navigation.
MOVING: dict[str, Any] = {
    "map": {
        "r3": {"tile": "g03", "explored": True},
        "r1": {"tile": "g14", "explored": True, "turned": True},
    },
    "seats": {
        "anna": {
            "resources": {"food": 2, "ore": 1, "gold": 1},
            "advances": [
                *["farming", "mining", "fishing", "tactics", "engineering", "roads"],
                *["cartography", "navigation"],
            ],
            "cities": [
                {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"},
                {"hex": "D4"},
            ],
            "armies": {"C3": 2, "D2": 1},
            "settlers": {"D2": 2, "C3": 1},
            "ships": [{"hex": "D3", "cargo": ["settler", "army"]}, {"hex": "C4"}],
        }
    },
}


#: MOVING with enemies next door: bela's army on D1 by anna's D2, a barbarian settlement on
#: B3 by anna's armies on C3, so that random play fights battles.
FIGHTING: dict[str, Any] = {
    **MOVING,
    "seats": {**MOVING["seats"], "bela": {"armies": {"D1": 1}}},
    "barbarians": {"cities": ["B3"], "armies": {"B3": 1}},
}
GAMES_FROM_FIGHTING = 3


def _starts() -> Iterator[tuple[ClashState, int]]:
    for n, players in enumerate((2, 3, 4)):
        yield GAME.setup(["anna", "bela", "csilla", "dani"][:players], {}, 10 + n), 10 + n
    for seed in range(GAMES_FROM_MOVING):
        yield GAME.setup_position(["anna", "bela"], {}, seed, MOVING), seed
    for seed in range(GAMES_FROM_FIGHTING):
        yield GAME.setup_position(["anna", "bela"], {}, seed, FIGHTING), 100 + seed


GAMES_FROM_MOVING = 4
ACTIONS_PER_GAME = 90
Met = Prompt | Choice | IllegalAction | Event


@functools.cache
def _played() -> tuple[Met, ...]:
    """Every prompt, choice, refusal and event of a few random games, in order."""
    met: list[Met] = []
    for state, seed in _starts():
        rng = Rng(seed)
        words: set[str] = set()
        for _ in range(ACTIONS_PER_GAME):
            if GAME.outcome(state) is not None:
                break
            prompts = GAME.pending(state)
            met += prompts
            seat = prompts[0].seat
            action = random_action(GAME, state, seat, rng)
            parts = action.split()
            for i in range(len(parts) + 1):
                for choice in GAME.choices(state, seat, parts[:i]):
                    words.add(choice.token)
                    met.append(choice)
            vocabulary = sorted(words)
            swapped = parts[:]
            swapped[rng.randrange(len(swapped))] = vocabulary[rng.randrange(len(vocabulary))]
            for broken in (swapped, [*parts, vocabulary[rng.randrange(len(vocabulary))]]):
                try:
                    act(GAME, state, seat, join(broken))
                except IllegalAction as exc:
                    met.append(exc)
            state, events = act(GAME, state, seat, action)
            met += events
    return tuple(met)


def _rendered(lang: str) -> Iterator[tuple[str, str]]:
    """(what, text) for everything :func:`_played` met: a key, or a refusal's code."""
    for item in _played():
        if isinstance(item, Prompt):
            yield f"prompt.clash.{item.kind}", text.prompt_what(lang, "clash", item)
        elif isinstance(item, Choice):
            yield item.label, text.choice_label(lang, item)
        elif isinstance(item, IllegalAction):
            yield item.code, locales.error_text(lang, item.code, item.params, "clash")
        else:
            yield f"event.{item.kind}", locales.event_text(lang, item.kind, dict(item.params))


@pytest.mark.parametrize("lang", LANGS)
def test_texts_with_real_values_are_complete(lang: str) -> None:
    """No bare key, unfilled placeholder, raw table or "unknown error" reaches a player."""
    keys = locales.keys(lang)
    bad: dict[str, str] = {}
    for what, shown in _rendered(lang):
        refusal = "." not in what
        unnamed = refusal and not ({f"error.clash.{what}", f"error.{what}"} & keys)
        if (
            unnamed
            or shown.startswith(("event.clash.", "prompt.clash.", "clash."))
            or _UNFILLED.search(shown)
            or _RAW_TABLE.search(shown)
        ):
            bad.setdefault(what, shown)
    assert bad == {}


def test_the_random_games_reach_moving_exploring_and_founding() -> None:
    """Otherwise the test above would check little of what this engine step added."""
    seen = {what for what, _ in _rendered("en")}
    wanted = {
        "event.clash.moved",
        "event.clash.boarded",
        "event.clash.explored",
        "event.clash.city_founded",
        "clash.choice.to.board",
        "clash.choice.to.landing",
        "clash.choice.to.sail",
        "clash.choice.to.road",
        "prompt.clash.move",
        "prompt.clash.explore_layout",
        "event.clash.battle_began",
        "event.clash.battle_round",
    }
    assert sorted(wanted - seen) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_engines_own_resignation_event_has_a_text(lang: str) -> None:
    """``clash.resigned`` comes from rules.engine (every game's), so the scan of
    rules/clash/ does not see it."""
    state = GAME.setup(["anna", "bela", "csilla"], {}, 1)
    _, events = GAME.resign(state, 1)
    (resigned,) = [e for e in events if e.kind == "clash.resigned"]
    shown = locales.event_text(lang, resigned.kind, dict(resigned.params))
    assert "bela" in shown and not shown.startswith("event.")
