"""The Clash of Cultures `/rules` help (locales/*/clash_rules.toml, read by cogs/play.py).

A topic is a key ``rules.clash.<topic>``; its name is ``clash.<head>.<tail>`` (the overview's
``play.rules_topic.overview``). Every advance, wonder, action, event and objective card has a
topic in both languages, every rule area too; a card topic says that its text is a stand-in
exactly when the card's provenance in the engine's data is not all ``seed`` or ``original``
(docs/clash-cards.md §1); no text is long enough for Discord to cut it.
"""

from __future__ import annotations

import pytest

import locales
from rules.clash.battles.combat_cards import HALVES
from rules.clash.box.advances import ADVANCE, ADVANCE_IDS
from rules.clash.box.cards import ACTION_CARDS, ACTION_HALVES, EVENT_CARDS, OBJECTIVE_CARDS, WONDERS
from rules.clash.box.event_cards import EVENTS
from rules.clash.box.objective_cards import OBJECTIVES
from rules.clash.model.civil_cards import CIVIL
from rules.clash.wonders.construction import WONDER

LANGS = ("en", "hu")
PREFIX = "rules.clash."
# What a card topic says when its text is not the printed card's.
STAND_IN = {
    "en": "Printed text unknown: stand-in.",
    "hu": "A nyomtatott szöveg ismeretlen: helyettesítő.",
}
# Tags of attested text (docs/clash-cards.md §1): the rulebook, other sources on the 2012 edition.
ATTESTED = frozenset({"seed", "original"})
# The rule areas the help covers (Clash of Cultures has no pirates in this edition).
RULE_AREAS = (
    "turn",
    "actions",
    "advances",
    "governments",
    "found",
    "activate",
    "collect",
    "build",
    "grow",
    "moods",
    "civic",
    "move",
    "explore",
    "ships",
    "combat",
    "capture",
    "barbarians",
    "influence",
    "trade_routes",
    "status",
    "events",
    "objectives",
    "action_cards",
    "wonders",
    "trading",
    "end",
    "scoring",
)
DISCORD_LIMIT = 2000
TEXT_LIMIT = 1900


def topics(lang: str) -> set[str]:
    return {k.removeprefix(PREFIX) for k in locales.keys(lang) if k.startswith(PREFIX)}


def text(lang: str, topic: str) -> str:
    return locales.t(lang, PREFIX + topic)


def name_key(topic: str) -> str:
    """The key naming a topic in the autocomplete and the reply's title (cogs/play.py)."""
    head, _, tail = topic.rpartition(".")
    return f"clash.{head}.{tail}" if head else f"play.rules_topic.{tail}"


def attested(*sources: str) -> bool:
    """Whether every part of the provenance tags is attested (compound tags joined by +)."""
    return all(tag in ATTESTED for source in sources for tag in source.split("+"))


def card_sources() -> dict[str, tuple[str, ...]]:
    """Each card topic and the provenance tags of its parts, from the engine's data."""
    cards: dict[str, tuple[str, ...]] = {}
    for card, (civil, combat) in ACTION_HALVES.items():
        cards[f"card.{card}"] = (CIVIL[civil].source, HALVES[combat].source)
    for card in EVENT_CARDS:
        cards[f"event.{card}"] = (EVENTS[card].source,)
    for card, halves in OBJECTIVES.items():
        cards[f"objective_card.{card}"] = tuple(h.source for h in halves.values())
    return cards


def test_both_languages_have_the_same_topics() -> None:
    assert topics("en") == topics("hu")


@pytest.mark.parametrize("lang", LANGS)
def test_every_advance_wonder_and_card_has_a_topic(lang: str) -> None:
    expected = (
        {"overview"}
        | {f"rule.{area}" for area in RULE_AREAS}
        | {f"advance.{a}" for a in ADVANCE_IDS}
        | {f"wonder.{w}" for w in WONDERS}
        | {f"card.{c}" for c in ACTION_CARDS}
        | {f"event.{e}" for e in EVENT_CARDS}
        | {f"objective_card.{o}" for o in OBJECTIVE_CARDS}
    )
    assert len(expected) == 1 + len(RULE_AREAS) + 48 + 7 + 42 + 38 + 32
    assert expected - topics(lang) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_every_topic_is_named_and_fits_a_discord_reply(lang: str) -> None:
    title = locales.t(lang, "clash.title")
    for topic in topics(lang):
        assert locales.has(lang, name_key(topic)), topic
        body = text(lang, topic)
        assert body.strip() and len(body) <= TEXT_LIMIT, (topic, len(body))
        reply = f"**{title}: {locales.t(lang, name_key(topic))}**\n{body}"
        assert len(reply) <= DISCORD_LIMIT, topic


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_topic_says_stand_in_exactly_when_the_card_is_one(lang: str) -> None:
    sources = card_sources()
    assert len(sources) == 42 + 38 + 32
    wrong = [
        topic
        for topic, tags in sources.items()
        if (STAND_IN[lang] in text(lang, topic)) == attested(*tags)
    ]
    assert wrong == []
    # The rulebook shows one action card and one objective card (p.14); the rest are stand-ins.
    known = sorted(topic for topic, tags in sources.items() if attested(*tags))
    assert known == ["card.A22", "objective_card.O22"]


@pytest.mark.parametrize("lang", LANGS)
def test_card_topics_name_their_halves(lang: str) -> None:
    """An action card names its civil half, an objective card both objectives."""
    for card, (civil, _) in ACTION_HALVES.items():
        assert locales.t(lang, f"clash.civil.{civil}") in text(lang, f"card.{card}"), card
    for card, halves in OBJECTIVES.items():
        body = text(lang, f"objective_card.{card}")
        for half in halves.values():
            assert locales.t(lang, f"clash.objective.{half.name}") in body, (card, half.name)


@pytest.mark.parametrize("lang", LANGS)
def test_advance_and_wonder_topics_name_their_category_and_requirement(lang: str) -> None:
    for advance in ADVANCE_IDS:
        category = locales.t(lang, f"render.clash.category.{ADVANCE[advance].category}")
        assert category in text(lang, f"advance.{advance}"), advance
    for wonder in WONDERS:
        needed = locales.t(lang, f"clash.advance.{WONDER[wonder].requires}")
        body = text(lang, f"wonder.{wonder}")
        assert needed in body and str(WONDER[wonder].culture) in body, wonder
