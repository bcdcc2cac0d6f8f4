"""Where each card, wonder and advance acts: one hop from an id to the modules that carry out
its effect (rules reference §7.1, docs/clash-cards.md §3-§6).

Keys are the ids of the game's tables: the 48 advances
(:data:`rules.clash.box.advances.ADVANCE_IDS`), the civil halves ``P01``-``P21``
(:data:`rules.clash.model.civil_cards.CIVIL`) and combat halves ``K01``-``K19``
(:data:`rules.clash.battles.combat_cards.HALVES`) of the action cards, the event cards
``E01``-``E38``, the objective cards ``O01``-``O32`` and the seven wonders. An action card
``A01``-``A42`` is its two halves (:func:`modules_of`). Module names are relative
to ``rules.clash``. ``tests/rules/clash/test_clash_index.py`` holds the table to the code:
every id is listed, and every module named exists and names the id, a constant bound to it,
the event's effect or the objective's halves.

>>> modules_of("A22") == tuple(sorted({*WHERE["P11"], *WHERE["K01"]}))
True
>>> WHERE["great_wall"][0]
'battles.barbarian_raids'
"""

from __future__ import annotations

from rules.clash.box.cards import ACTION_HALVES

#: id -> the modules (under ``rules.clash``) where its effect is carried out.
WHERE: dict[str, tuple[str, ...]] = {
    # -- the 48 advances (rules reference §7.1, p.2)
    "farming": ("actions.collect",),
    "irrigation": ("actions.collect", "events.steps", "wonders.construction"),
    "storage": ("box.components", "events.harm"),
    "husbandry": ("actions.collect",),
    "bartering": ("actions.abilities",),
    "trade_routes": ("actions.trade_routes", "events.steps", "rounds.start"),
    "currency": ("actions.trade_routes",),
    "taxation": ("actions.abilities",),
    "mining": ("actions.collect",),
    "engineering": ("actions.advance_gains", "actions.advancing", "wonders.construction"),
    "sanitation": ("actions.growth", "events.steps"),
    "roads": (
        "actions.advance_gains",
        "actions.collect",
        "actions.movement",
        "actions.routes",
        "events.steps",
    ),
    "art_sculptures": ("actions.influence", "actions.influence_rolls", "actions.influence_targets"),
    "circus_sports": ("actions.civic",),
    "monuments": ("actions.advance_gains", "actions.advancing", "wonders.construction"),
    "drama_music": ("actions.abilities",),
    "fishing": ("actions.collect", "actions.growth"),
    "cartography": ("actions.abilities", "actions.advance_gains", "wonders.construction"),
    "warships": ("battles.combat", "battles.rolls"),
    "navigation": ("actions.advance_gains", "actions.movement", "actions.routes", "events.steps"),
    "writing": ("actions.advance_gains", "actions.advancing", "actions.growth"),
    "public_education": ("actions.collect",),
    "free_education": ("actions.advance_gains", "actions.advancing"),
    "philosophy": ("actions.advance_gains", "actions.advancing", "wonders.construction"),
    "tactics": (
        "actions.growth",
        "actions.move_groups",
        "actions.movement",
        "actions.routes",
        "battles.barbarian_cards",
        "battles.before_rounds",
        "battles.combat_cards",
    ),
    "siegecraft": ("battles.before_rounds", "battles.combat", "wonders.construction"),
    "steel_weapons": (
        "actions.advance_gains",
        "actions.advancing",
        "battles.barbarian_raids",
        "battles.combat",
        "battles.rolls",
    ),
    "draft": ("actions.building",),
    "mathematics": ("actions.advance_gains", "actions.advancing"),
    "astronomy": ("actions.advance_gains", "actions.advancing"),
    "chemistry": ("actions.advance_gains", "actions.advancing"),
    "metallurgy": ("actions.advance_gains", "actions.advancing"),
    "myths": ("actions.growth", "cards.kept_events", "events.flow", "events.resolving"),
    "rituals": ("actions.civic", "wonders.construction"),
    "priesthood": ("actions.advance_gains", "actions.advancing", "wonders.construction"),
    "state_religion": ("actions.growth",),
    "voting": ("actions.civic",),
    "separation_of_power": ("actions.influence", "actions.influence_targets"),
    "civil_liberties": ("actions.abilities", "actions.building"),
    "economic_liberty": ("actions.collect",),
    "nationalism": ("actions.building",),
    "totalitarianism": ("actions.influence", "actions.influence_targets"),
    "absolute_power": ("actions.abilities",),
    "forced_labor": ("actions.activation",),
    "dogma": ("actions.advance_gains", "actions.advancing", "box.components"),
    "devotion": ("actions.influence", "actions.influence_targets"),
    "conversion": ("actions.influence", "actions.influence_rolls", "actions.influence_targets"),
    "fanaticism": (
        "battles.barbarian_raids",
        "battles.combat",
        "battles.endings",
        "battles.rolls",
        "battles.sides",
    ),
    # -- the civil halves of the action cards (docs/clash-cards.md §3.2; A01-A42: ACTION_HALVES)
    "P01": ("cards.civil_effects", "model.civil_cards"),  # Advance
    "P02": ("actions.influence_rolls", "model.civil_cards"),  # Propaganda
    "P03": ("cards.civil_effects", "model.civil_cards"),  # Heroic General
    "P04": ("cards.civil_targets", "model.civil_cards"),  # Spies
    "P05": ("cards.civil_effects", "model.civil_cards"),  # Leap of Knowledge
    "P06": ("cards.civil_effects", "model.civil_cards"),  # Good Ideas
    "P07": ("cards.civil_targets", "model.civil_cards"),  # Mercenaries
    # Cultural Awe
    "P08": (
        "actions.influence_rolls",
        "actions.influence_targets",
        "cards.civil_effects",
        "model.civil_cards",
    ),
    "P09": ("cards.civil_effects", "model.civil_cards"),  # City Growth
    "P10": ("actions.collect", "cards.civil_effects", "model.civil_cards"),  # Focused Collection
    "P11": ("cards.civil_targets", "model.civil_cards"),  # Explorers
    "P12": ("cards.civil_targets", "model.civil_cards"),  # Negotiations
    "P13": ("cards.civil_effects", "model.civil_cards"),  # Leadership
    "P14": ("cards.civil_targets", "model.civil_cards"),  # Assassination
    "P15": ("actions.collect", "cards.civil_effects", "model.civil_cards"),  # Mass Collection
    "P16": ("cards.civil_targets", "model.civil_cards"),  # New Goals
    "P17": ("actions.advance_gains", "cards.decisions", "model.civil_cards"),  # Tech Synergy
    "P18": ("cards.civil_effects", "model.civil_cards"),  # Inspiration
    "P19": ("cards.civil_effects", "model.civil_cards"),  # Militia
    "P20": ("cards.civil_targets", "cards.decisions", "model.civil_cards"),  # Tech Exchange
    "P21": ("actions.advance_gains", "cards.decisions", "model.civil_cards"),  # Idea Synergy
    # -- the combat halves of the action cards (docs/clash-cards.md §3.3)
    "K01": ("battles.combat_cards",),  # Prepared Defenses
    "K02": ("battles.combat_cards",),  # Flanking
    "K03": ("battles.combat_cards", "battles.rolls"),  # Ambush
    # Archers
    "K04": (
        "battles.barbarian_cards",
        "battles.before_rounds",
        "battles.combat_cards",
        "battles.rolls",
    ),
    "K05": ("battles.barbarian_raids", "battles.combat_cards", "battles.rolls"),  # Veterans
    "K06": ("battles.combat_cards",),  # High Morale
    "K07": ("battles.barbarian_cards", "battles.combat_cards", "battles.rolls"),  # High Ground
    "K08": ("battles.barbarian_cards", "battles.combat_cards", "battles.rolls"),  # Peltasts
    # Routing
    "K09": (
        "battles.barbarian_raids",
        "battles.before_rounds",
        "battles.combat_cards",
        "battles.rolls",
    ),
    "K10": ("battles.barbarian_raids", "battles.combat_cards", "battles.rolls"),  # Defiant Stand
    "K11": ("battles.before_rounds", "battles.combat_cards", "battles.rolls"),  # Wedge Formation
    # Tactical Retreat
    "K12": (
        "battles.barbarian_cards",
        "battles.before_rounds",
        "battles.combat",
        "battles.combat_cards",
        "battles.rolls",
    ),
    # Tactical Surprise
    "K13": ("battles.barbarian_raids", "battles.combat_cards", "battles.rolls"),
    "K14": ("battles.before_rounds", "battles.combat_cards", "battles.rolls"),  # The Siege
    "K15": ("battles.combat_cards",),  # For the People
    "K16": ("battles.combat_cards",),  # Upgraded Defenses
    # Scouts
    "K17": (
        "battles.barbarian_cards",
        "battles.before_rounds",
        "battles.combat_cards",
        "battles.rolls",
    ),
    "K18": ("battles.barbarian_cards", "battles.combat_cards", "battles.rolls"),  # Martyr
    "K19": ("battles.combat_cards", "battles.rolls"),  # Ramming
    # -- the event cards (docs/clash-cards.md §4.2)
    "E01": ("events.harm",),  # Famine
    "E02": ("events.harm",),  # Famine
    "E03": ("events.harm",),  # Severe Famine
    "E04": ("events.harm",),  # Famine: Drought (at most 3)
    "E05": ("events.harm",),  # Famine: Pests
    "E06": ("events.harm",),  # Plague
    "E07": ("events.harm",),  # Epidemic
    "E08": ("events.harm",),  # Pandemic
    "E09": ("events.harm",),  # Earthquake (2 pieces)
    "E10": ("events.harm",),  # Major Earthquake (1 piece)
    "E11": ("events.effects", "events.harm"),  # Volcanic Eruption
    "E12": ("events.harm",),  # Local Flood
    "E13": ("events.harm",),  # Major Flood
    "E14": ("events.harm",),  # Wildfire (2 Wood)
    "E15": ("events.effects", "events.harm"),  # Civil War
    "E16": ("events.effects", "events.harm"),  # Civil War
    "E17": ("events.effects", "events.harm", "events.resolving"),  # Uprising (1-4 tokens)
    "E18": ("events.boons",),  # Migration
    "E19": ("events.boons",),  # Migration
    "E20": ("events.boons",),  # A Fine Year
    "E21": ("events.boons",),  # A Good Year
    "E22": ("events.boons",),  # A Splendid Year
    "E23": ("events.boons",),  # A Prosperous Year
    "E24": ("events.boons",),  # Population Boom
    "E25": ("events.boons",),  # Population Boom
    "E26": ("events.boons",),  # Envoys Meet
    "E27": ("events.boons",),  # Meeting of Academics (you: at least 2)
    "E28": ("events.boons",),  # Brisk Trade (max 3)
    "E29": ("events.boons",),  # Era of Stability (max 3)
    "E30": ("events.boons",),  # Reformation
    "E31": ("battles.before_rounds", "battles.combat", "events.boons"),  # Trojan Horse
    "E32": ("battles.before_rounds", "battles.combat", "events.boons"),  # Solar Eclipse
    "E33": ("cards.kept_events", "events.boons"),  # Brilliant Scientist
    "E34": ("cards.kept_events", "events.boons"),  # Great Artist
    "E35": ("cards.kept_events", "events.boons"),  # Great Prophet
    # Great General (+2 CV)
    "E36": (
        "battles.barbarian_raids",
        "battles.barbarians",
        "battles.before_rounds",
        "battles.general",
        "events.boons",
    ),
    "E37": ("cards.kept_events", "events.boons", "wonders.construction"),  # Great Engineer
    "E38": ("cards.kept_events", "events.boons"),  # Great Explorer
    # -- the objective cards (docs/clash-cards.md §5.3): their two halves' conditions
    "O01": ("rounds.objective_checks",),  # civilization / conscripts
    "O02": ("rounds.objective_checks",),  # academic / conqueror
    "O03": ("rounds.objective_checks",),  # harbors / warmonger
    "O04": ("rounds.objective_checks",),  # advanced / warmonger
    "O05": ("rounds.objective_checks",),  # religious / warlord
    "O06": ("rounds.objective_checks",),  # engineers / great_battle
    "O07": ("rounds.objective_checks",),  # ideas / against_all_odds
    "O08": ("rounds.objective_checks",),  # happy / conqueror
    "O09": ("rounds.objective_checks",),  # enlightened / blockade
    "O10": ("rounds.objective_checks",),  # well_stocked / amphibious_assault
    "O11": ("rounds.objective_checks",),  # rich / great_navy
    "O12": ("rounds.objective_checks",),  # ore / great_army
    "O13": ("rounds.objective_checks",),  # wood / fortified
    "O14": ("rounds.objective_checks",),  # food / standing_army
    "O15": ("rounds.objective_checks",),  # city_planner / militarized
    "O16": ("rounds.objective_checks",),  # focused / daring
    "O17": ("rounds.objective_checks",),  # colony / threat
    "O18": ("rounds.objective_checks",),  # culture / legend
    "O19": ("rounds.objective_checks",),  # consulates / great_battle
    "O20": ("rounds.objective_checks",),  # science / amphibious_assault
    "O21": ("rounds.objective_checks",),  # merchant / marauder
    "O22": ("rounds.objective_checks",),  # citadel / warlord
    "O23": ("rounds.objective_checks",),  # seafarer / aggressor
    "O24": ("rounds.objective_checks",),  # government / assimilator
    "O25": ("rounds.objective_checks",),  # government / aggressor
    "O26": ("rounds.objective_checks",),  # dominion / military_might
    "O27": ("rounds.objective_checks",),  # new_founder / defiance
    "O28": ("rounds.objective_checks",),  # trader / defiance
    "O29": ("rounds.objective_checks",),  # sea_lanes / draconian
    "O30": ("rounds.objective_checks",),  # balanced / daring
    "O31": ("rounds.objective_checks",),  # influence / assimilator
    "O32": ("rounds.objective_checks",),  # wonderful / outposts
    # -- the wonders (p.14, p.15; docs/clash-cards.md §6)
    "great_gardens": ("actions.collect", "wonders.construction", "wonders.gardens"),
    "great_pyramids": ("actions.influence_rolls", "rounds.scoring", "wonders.construction"),
    "great_library": ("actions.library", "wonders.construction"),
    "great_statue": (
        "actions.influence_rolls",
        "actions.influence_targets",
        "wonders.construction",
    ),
    "great_lighthouse": ("actions.lighthouse", "wonders.construction"),
    "great_wall": (
        "battles.barbarian_raids",
        "battles.before_rounds",
        "cards.civil_targets",
        "wonders.construction",
    ),
    "great_mausoleum": (
        "actions.activation",
        "battles.before_rounds",
        "battles.combat",
        "battles.sides",
        "wonders.construction",
    ),
}


def modules_of(card: str) -> tuple[str, ...]:
    """The modules where ``card`` acts: an id of :data:`WHERE`, or an action card (``A01``:
    both its halves); KeyError for anything else."""
    if card in ACTION_HALVES:
        civil, combat = ACTION_HALVES[card]
        return tuple(sorted({*WHERE[civil], *WHERE[combat]}))
    return WHERE[card]
