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
    "farming": Effect(("collect",)),
    "irrigation": Effect(("collect", "event_steps")),
    "storage": Effect(("components",)),
    "husbandry": Effect(("collect",)),
    "bartering": Effect(("abilities",)),
    "trade_routes": Effect(("trade_routes",)),
    "currency": Effect(("trade_routes",)),
    "taxation": Effect(("abilities",)),
    "mining": Effect(("collect",)),
    "engineering": Effect(("advancing", "wonders")),
    "sanitation": Effect(("growth", "event_steps")),
    "roads": Effect(("movement", "collect")),
    "art_sculptures": Effect(("influence",)),
    "circus_sports": Effect(("civic",)),
    "monuments": Effect(("advancing", "wonders")),
    "drama_music": Effect(("abilities",)),
    "fishing": Effect(("collect", "growth")),
    "cartography": Effect(("abilities",)),
    "warships": Effect(("combat",)),
    "navigation": Effect(("movement",)),
    "writing": Effect(("advancing", "growth")),
    "public_education": Effect(("collect",)),
    "free_education": Effect(("advancing",)),
    "philosophy": Effect(("advancing",)),
    "tactics": Effect(("movement", "growth", "combat_cards", "combat")),
    "siegecraft": Effect(("combat",)),
    "steel_weapons": Effect(("advancing", "combat")),
    "draft": Effect(("building",)),
    "mathematics": Effect(("advancing",)),
    "astronomy": Effect(("advancing",)),
    "chemistry": Effect(("advancing",)),
    "metallurgy": Effect(("advancing",)),
    "myths": Effect(("growth", "event_flow", "event_kept")),
    "rituals": Effect(("civic",)),
    "priesthood": Effect(("advancing",)),
    "state_religion": Effect(("growth",)),
    "voting": Effect(("civic",)),
    "separation_of_power": Effect(("influence",)),
    "civil_liberties": Effect(("abilities", "building")),
    "economic_liberty": Effect(("collect",)),
    "nationalism": Effect(("building",)),
    "totalitarianism": Effect(("influence",)),
    "absolute_power": Effect(("abilities",)),
    "forced_labor": Effect(("activation",)),
    "dogma": Effect(("advancing", "components")),
    "devotion": Effect(("influence",)),
    "conversion": Effect(("influence",)),
    "fanaticism": Effect(("combat",)),
}
