"""Where each advance acts (rules reference §7.1, p.2): the modules that carry out its effect.

``tests/rules/clash/test_clash_effects.py`` holds this table to the code: every advance is
listed, acts somewhere, and every module named mentions the advance. The effects themselves
are in the modules' docstrings. ``later`` would name what of an effect a later step brings;
every advance is whole now.
"""

from __future__ import annotations

from typing import NamedTuple


class Effect(NamedTuple):
    """Where an advance acts now, and what is still to come (with the issue)."""

    modules: tuple[str, ...]
    later: str = ""


EFFECTS: dict[str, Effect] = {
    "farming": Effect(("actions.collect",)),
    "irrigation": Effect(("actions.collect", "events.steps")),
    "storage": Effect(("box.components",)),
    "husbandry": Effect(("actions.collect",)),
    "bartering": Effect(("actions.abilities",)),
    "trade_routes": Effect(("actions.trade_routes",)),
    "currency": Effect(("actions.trade_routes",)),
    "taxation": Effect(("actions.abilities",)),
    "mining": Effect(("actions.collect",)),
    "engineering": Effect(("actions.advancing", "wonders.construction")),
    "sanitation": Effect(("actions.growth", "events.steps")),
    "roads": Effect(("actions.movement", "actions.collect")),
    "art_sculptures": Effect(("actions.influence",)),
    "circus_sports": Effect(("actions.civic",)),
    "monuments": Effect(("actions.advancing", "wonders.construction")),
    "drama_music": Effect(("actions.abilities",)),
    "fishing": Effect(("actions.collect", "actions.growth")),
    "cartography": Effect(("actions.abilities",)),
    "warships": Effect(("battles.combat",)),
    "navigation": Effect(("actions.movement",)),
    "writing": Effect(("actions.advancing", "actions.growth")),
    "public_education": Effect(("actions.collect",)),
    "free_education": Effect(("actions.advancing",)),
    "philosophy": Effect(("actions.advancing",)),
    "tactics": Effect(
        ("actions.movement", "actions.growth", "battles.combat_cards", "battles.before_rounds")
    ),
    "siegecraft": Effect(("battles.combat",)),
    "steel_weapons": Effect(("actions.advancing", "battles.combat")),
    "draft": Effect(("actions.building",)),
    "mathematics": Effect(("actions.advancing",)),
    "astronomy": Effect(("actions.advancing",)),
    "chemistry": Effect(("actions.advancing",)),
    "metallurgy": Effect(("actions.advancing",)),
    "myths": Effect(("actions.growth", "events.flow", "cards.kept_events")),
    "rituals": Effect(("actions.civic",)),
    "priesthood": Effect(("actions.advancing",)),
    "state_religion": Effect(("actions.growth",)),
    "voting": Effect(("actions.civic",)),
    "separation_of_power": Effect(("actions.influence",)),
    "civil_liberties": Effect(("actions.abilities", "actions.building")),
    "economic_liberty": Effect(("actions.collect",)),
    "nationalism": Effect(("actions.building",)),
    "totalitarianism": Effect(("actions.influence",)),
    "absolute_power": Effect(("actions.abilities",)),
    "forced_labor": Effect(("actions.activation",)),
    "dogma": Effect(("actions.advancing", "box.components")),
    "devotion": Effect(("actions.influence",)),
    "conversion": Effect(("actions.influence",)),
    "fanaticism": Effect(("battles.combat",)),
}
