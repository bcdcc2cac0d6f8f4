"""Action cards for their civil half, for the heuristic player (:mod:`rules.clash.player.policy`):
what each kind is worth when it is offered (the engine offers a card only where it can have
its effect), and how its arguments are chosen (docs/clash-cards.md §3.2).

The free and cheap ones are played readily (Advance, City Growth, Leadership, Inspiration,
Tech Exchange, Militia where threatened, the collections before a big Collect); the ones that
take an action compete with the turn's other actions (Explorers for its settler, Mercenaries
against a rival, Spies and New Goals only when little else is worth doing); an argument naming
a player names the leader (Assassination, Spies) or the nearest threat (Negotiations).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.clash.board.hexes import parse_hex
from rules.clash.box.components import ANGRY
from rules.clash.cards import play
from rules.clash.model.civil_cards import CIVIL, civil_half
from rules.clash.model.resources import CULTURE, MOOD
from rules.clash.player.survey import Reading
from rules.clash.player.values import advance_worth
from rules.clash.player.walk import Candidate, Picker, index_of, walk
from rules.clash.rounds.scoring import breakdown
from rules.core import Choice, IllegalAction

#: What costing no action adds to a card's score (it comes before the turn's actions).
FREE_BONUS = 0.3

#: What each civil half is worth played now, before its culture token (docs/clash-cards.md §3.2).
CIVIL_WORTH: dict[str, float] = {
    "P01": 1.2,  # Advance: an advance without an action
    "P03": 0.8,  # Heroic General
    "P04": 0.15,  # Spies (an action)
    "P05": 0.0,  # Leap of Knowledge: its Ideas
    "P06": 0.8,  # Good Ideas
    "P07": 0.7,  # Mercenaries (an action)
    "P08": 0.2,  # Cultural Awe
    "P09": 2.0,  # City Growth
    "P10": 0.25,  # Focused Collection
    "P11": 1.0,  # Explorers (an action): a settler
    "P12": 0.4,  # Negotiations
    "P13": 0.9,  # Leadership: one more action
    "P14": 0.6,  # Assassination
    "P15": 0.5,  # Mass Collection
    "P16": 0.25,  # New Goals (an action)
    "P18": 1.5,  # Inspiration
    "P19": 0.6,  # Militia
    "P20": 1.0,  # Tech Exchange
}


def card_candidates(r: Reading) -> list[Candidate]:
    """One candidate per card playable for its civil half, written out only when taken."""
    out: list[Candidate] = []
    for card in play.playable(r.state, r.seat):
        code = civil_half(card)
        if code not in CIVIL_WORTH:
            continue
        value = _worth(r, code)
        if value <= 0:
            continue
        spec = CIVIL[code]
        value -= 0.35 * spec.culture + r.setback({CULTURE: spec.culture})
        if not spec.costs_action:
            value += FREE_BONUS
        out.append((value, _writer(r, card, code)))
    return out


def _writer(r: Reading, card: str, code: str) -> Callable[[], list[str] | None]:
    return lambda: walk(r.state, r.seat, ["card", card.lower()], _picker(r, code))


def _worth(r: Reading, code: str) -> float:
    me = r.me
    value = CIVIL_WORTH[code]
    if code == "P05":
        value = r.worth_of({"ideas": sum(1 for c in me.cities if c.piece("academy"))})
    elif code == "P06":
        value = r.worth_of({"ideas": 2})
    elif code == "P19":
        value += 0.3 * max((r.danger(h) for h in r.my_cities), default=0.0)
    elif code == "P13" and r.state.turn_state.actions_left == 0:
        value = 0.4
    elif code in ("P10", "P15"):
        # Before a Collect: worth it where a city takes more than its own spaces.
        big = max((c.size for c in me.cities if c.activations == 0), default=0)
        value = value if big >= 2 and r.state.turn_state.actions_left > 0 else 0.0
    elif code == "P11" and sum(me.settlers.values()) >= 2:
        value = 0.3
    return value


def leader(r: Reading, options: Sequence[Choice]) -> int:
    """The player option naming whoever has the most points."""

    def points(c: Choice) -> float:
        name = str(c.params.get("player", c.token.lstrip("@")))
        if name not in r.state.players:
            return -1.0
        seat = r.state.players.index(name)
        return -1.0 if seat == r.seat else float(breakdown(r.state, seat)["total"])

    return max(range(len(options)), key=lambda i: points(options[i]))


def _picker(r: Reading, code: str) -> Picker:
    def pick(toks: list[str], options: Sequence[Choice]) -> int | None:
        first = options[0]
        if "advance" in first.params:
            return max(range(len(options)), key=lambda i: advance_worth(r, options[i].token))
        if index_of(options, "ideas") is not None:
            return index_of(options, "ideas")
        if first.token.startswith("@"):
            return leader(r, options)
        mood, culture = index_of(options, MOOD), index_of(options, CULTURE)
        if mood is not None or culture is not None:
            if mood is None or culture is None:
                return mood if mood is not None else culture
            return culture if r.worth(CULTURE) >= r.worth(MOOD) else mood
        if code == "P03" and len(toks) > 2:
            return None  # the second step costs a mood token
        if code == "P07" and len(toks) >= 4:
            # Mercenaries' payment: what is worth least.
            return min(range(len(options)), key=lambda i: r.worth(options[i].token))
        if code == "P11":
            settler = [i for i, c in enumerate(options) if c.label.endswith("settler")]
            space = [i for i, c in enumerate(options) if c.label.endswith("space")]
            return (space or settler or [0])[0]
        cities = [i for i, c in enumerate(options) if _my_city(r, c.token)]
        if cities and code in ("P03", "P19", "P09"):
            return max(cities, key=lambda i: _city_need(r, code, options[i].token))
        return 0

    return pick


def _my_city(r: Reading, token: str) -> bool:
    try:
        return parse_hex(token) in r.my_cities
    except IllegalAction:
        return False


def _city_need(r: Reading, code: str, token: str) -> float:
    city = r.my_cities[parse_hex(token)]
    if code == "P19":
        return r.danger(city.hex) - r.my_armies_at(city.hex)
    if code == "P03":
        return (2 - r.mood_rank(city)) * 10 + city.size
    return -1.0 if city.mood == ANGRY else float(city.size)
