"""A Clash of Cultures move's own confirmation (``host.text.private_lines``, the lines under
"Done" in the mover's private answer) tells the mover the results of chance their move brought,
in English and Hungarian: the dice rolled, a card or a region turned up (``own.clash.<kind>``,
repeated from the public post, which soon pushes them out of its last actions), and a card
drawn into their hand by its name, which no other seat's lines show."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest

import locales
from host import text
from rules.clash import GAME
from rules.core import Event, Rng, act
from rules.selfplay import random_action

LANGS = locales.SUPPORTED
#: The public events of Clash that carry a result of chance: combat dice (a round, the barbarians'
#: attack, the combat cards' own dice), the Cultural Influence roll, an event card drawn, a wonder
#: revealed, a region explored. (A card drawn into a hand is told privately: ``you_drew``.)
CHANCE = (
    "battle_round",
    "barbarian_attack_round",
    "archers",
    "peltasts",
    "veterans",
    "routing",
    "ambush",
    "influence_rolled",
    "event_card",
    "wonder_revealed",
    "explored",
)
GAMES = 12
#: What the random games below must meet (or they would prove little).
MET = {
    "you_drew",
    "battle_round",
    "barbarian_attack_round",
    "influence_rolled",
    "event_card",
    "wonder_revealed",
    "explored",
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_result_of_chance_has_its_own_line(lang: str) -> None:
    """In each catalogue itself, with no parameter the public event lacks."""
    for kind in CHANCE:
        assert locales.message(lang, f"own.clash.{kind}") is not None, kind
        own = set(locales.params_of(lang, f"own.clash.{kind}"))
        assert own <= set(locales.params_of("en", f"event.clash.{kind}")), kind
    extra = {k for k in locales.keys(lang) if k.startswith("own.clash.")}
    assert {k.split(".")[2] for k in extra} <= set(CHANCE)


@functools.cache
def _moves() -> tuple[tuple[int, tuple[Event, ...], int], ...]:
    """(mover, events, number of seats) of every move of a few self-played games, every other
    one by the heuristic player (uniform random players hardly ever fight a battle)."""
    out: list[tuple[int, tuple[Event, ...], int]] = []
    for seed in range(GAMES):
        players = ["anna", "bela", "csilla", "dani"][: 2 + seed % 3]
        state = GAME.setup(players, {}, seed)
        rng = Rng(seed)
        greedy = seed % 2 == 1
        while GAME.outcome(state) is None:
            seat = GAME.pending(state)[0].seat
            action = random_action(GAME, state, seat, rng, greedy=greedy)
            state, events = act(GAME, state, seat, action)
            out.append((seat, tuple(events), len(players)))
    return tuple(out)


def _kinds() -> Iterator[str]:
    for _, events, _ in _moves():
        yield from (e.kind.removeprefix("clash.") for e in events)


def test_the_games_meet_dice_and_draws() -> None:
    assert sorted(MET - set(_kinds())) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_mover_is_told_the_dice_and_the_cards_turned_up(lang: str) -> None:
    for seat, events, _ in _moves():
        mine = text.private_lines(lang, events, seat)
        for e in events:
            kind = e.kind.removeprefix("clash.")
            if e.visible_to is None and kind in CHANCE:
                assert locales.t(lang, f"own.clash.{kind}", **dict(e.params)) in mine


@pytest.mark.parametrize("lang", LANGS)
def test_a_drawn_card_is_named_to_its_owner_only(lang: str) -> None:
    """Its name (``clash.hand_card``) is in the owner's confirmation of the move that drew it,
    and in no line of that move any other seat or a spectator may read."""
    drawn = 0
    for seat, events, seats in _moves():
        for e in events:
            if e.kind != "clash.you_drew":
                continue
            assert e.visible_to is not None and len(e.visible_to) == 1
            (owner,) = e.visible_to
            name = locales.t(lang, f"clash.hand_card.{e.params['card']}")
            assert any(name in line for line in text.private_lines(lang, events, owner))
            for other in [None, *(s for s in range(seats) if s != owner)]:
                shown = text.event_lines(lang, events, other)
                if other is not None:
                    shown += text.private_lines(lang, events, other)
                assert not any(name in line for line in shown), (other, name)
            drawn += seat == owner
    assert drawn
