"""Fixed tables of CIV: Carta Impera Victoria: domains, the box, thresholds, effects.

A card has no text: it is fully described by its age and domain, and only the domain matters
once the deck is built. Domains are small ints (indices into :data:`DOMAINS`) inside the
engine and tokens (``science``) in actions, events and views.

>>> DOMAINS[SCI], DOMAIN_INDEX["utopia"]
('science', 5)
>>> sum(BOX_BY_DOMAIN), thresholds(4), hegemony_base(2)
(104, (2, 4), 8)
>>> card_age(card_code(3, UTO)), card_domain(card_code(3, UTO))
(3, 5)
"""

from __future__ import annotations

from dataclasses import dataclass

DOMAINS: tuple[str, ...] = ("military", "religion", "economy", "science", "culture", "utopia")
MIL, REL, ECO, SCI, CUL, UTO = range(6)
DOMAIN_INDEX: dict[str, int] = {d: i for i, d in enumerate(DOMAINS)}
ND = len(DOMAINS)

AGES: tuple[int, ...] = (1, 2, 3)

#: Cards in the box per age, in domain order.
BOX: dict[int, tuple[int, ...]] = {
    1: (8, 8, 4, 4, 4, 0),
    2: (8, 8, 4, 8, 4, 0),
    3: (4, 0, 8, 8, 8, 16),
}
BOX_BY_DOMAIN: tuple[int, ...] = tuple(sum(BOX[a][d] for a in AGES) for d in range(ND))
BOX_TOTAL = sum(BOX_BY_DOMAIN)

#: With 2 or 3 players this many random cards of each age go back to the box unseen.
REMOVED_PER_AGE = 3

START_HAND = 3
DRAFT_PACKET = 4
DRAFT_ROUNDS = 3
BREAKTHROUGH_DRAW = 5

#: Majority tie-breakers, in the order the rulebook gives them.
TIEBREAK_ORDER: tuple[int, ...] = (UTO, CUL, SCI, ECO, REL, MIL)


def card_code(age: int, domain: int) -> int:
    """The compact int of a deck card (age and domain)."""
    return (age - 1) * ND + domain


def card_age(code: int) -> int:
    """Age (1-3) of a deck card code."""
    return code // ND + 1


def card_domain(code: int) -> int:
    """Domain index of a deck card code."""
    return code % ND


def thresholds(players: int) -> tuple[int, int]:
    """Cards of a domain needed for its level-1 and level-2 permanent effects."""
    return (2, 4) if players == 4 else (3, 5)


def hegemony_base(players: int) -> int:
    """Face-up cards of one domain that win at the end of your turn (before Republic cards)."""
    return 8 if players == 2 else 7


def in_game_total(players: int) -> int:
    """Cards that take part in a game (the box minus the cards removed unseen)."""
    return BOX_TOTAL if players == 4 else BOX_TOTAL - REMOVED_PER_AGE * len(AGES)


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One effect of a domain.

    ``level`` is 1 or 2 for a permanent effect and 0 for a discard effect (paid with one card of
    ``domain`` from the play area). ``parts`` is the argument grammar: (slot kind, count) in
    resolution order; see :mod:`rules.civ.args` for the slot kinds.
    """

    token: str
    domain: int
    level: int
    parts: tuple[tuple[str, int], ...]

    @property
    def is_permanent(self) -> bool:
        """True for level-1/level-2 effects (used once per turn, cards not spent)."""
        return self.level > 0


EFFECTS: dict[str, EffectSpec] = {
    e.token: e
    for e in (
        EffectSpec("assassination", MIL, 1, (("hand", 1),)),
        EffectSpec("purge", MIL, 2, (("hand", 2),)),
        EffectSpec("attack", MIL, 0, (("attack", 1),)),
        EffectSpec("holy-book", REL, 1, ()),
        EffectSpec("divine-right", REL, 2, ()),
        EffectSpec("inquisition", REL, 0, (("player", 1),)),
        EffectSpec("progress", ECO, 1, (("area", 1), ("play", 1))),
        EffectSpec("monopoly", ECO, 2, (("area", 2), ("play", 2))),
        EffectSpec("embargo", ECO, 0, (("target", 1), ("target_area", 1))),
        EffectSpec("experiment", SCI, 1, (("take", 1), ("play", 1))),
        EffectSpec("research", SCI, 2, (("take", 2), ("play", 2))),
        EffectSpec("breakthrough", SCI, 0, ()),
        EffectSpec("oligarchy", UTO, 1, (("pile", 1),)),
        EffectSpec("democracy", UTO, 2, (("pile", 2),)),
        EffectSpec("republic", UTO, 0, (("target", 1), ("target_area", 1))),
    )
}

#: Religion's permanent effects are passive (a bigger hand); they are only ever named when
#: copied with Inspiration, so they are not turn actions of their own.
PASSIVE_EFFECTS = frozenset({"holy-book", "divine-right"})

#: Effects a player can start as a step-2 action, in a stable order (domain order).
ACTION_EFFECTS: tuple[str, ...] = tuple(t for t in EFFECTS if t not in PASSIVE_EFFECTS)

#: Effects Inspiration can copy: every level-1 and level-2 permanent effect.
COPYABLE_EFFECTS: tuple[str, ...] = tuple(t for t, e in EFFECTS.items() if e.is_permanent)

INSPIRE = "inspire"
#: Label key of the Inspiration action (the effect's name is "inspiration").
INSPIRATION = "inspiration"

#: Hand limit granted by the Religion level (0, 1, 2).
HAND_LIMITS: tuple[int, ...] = (3, 5, 7)

OPTION_DEALS: tuple[str, ...] = ("classic", "draft")
