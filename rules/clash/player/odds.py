"""Battle odds for the heuristic player (:mod:`rules.clash.player.policy`): how likely an attack is
to win, from the combat rules alone (p.12): every fighting unit rolls one die, a side scores
one hit per 5 of its total, both sides lose units at once, the attacker goes on until one side
is gone. A defending Fortress adds a die and cancels a hit in the first round (p.6). Cards,
Steel Weapons and the other modifiers are left out: the estimate only has to tell a clear
chance from a poor one, and it is exact for what it counts.

>>> round(win_chance(2, 1), 2), round(win_chance(1, 1), 2), win_chance(2, 0)
(0.96, 0.4, 1.0)
>>> win_chance(3, 1, fortress=True) < win_chance(3, 1)
True
"""

from __future__ import annotations

from functools import cache

#: Hits scored per 5 of a side's dice total (p.12).
HIT_EVERY = 5
#: Dice beyond this are not worth telling apart (4 army units a space, p.8, and a Fortress).
MAX_DICE = 8


@cache
def hit_odds(dice: int) -> tuple[float, ...]:
    """The chance of scoring each number of hits with ``dice`` dice (index = hits)."""
    sums = {0: 1.0}
    for _ in range(min(dice, MAX_DICE)):
        nxt: dict[int, float] = {}
        for total, p in sums.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        sums = nxt
    hits = [0.0] * (max(sums) // HIT_EVERY + 1)
    for total, p in sums.items():
        hits[total // HIT_EVERY] += p
    return tuple(hits)


@cache
def win_chance(attackers: int, defenders: int, fortress: bool = False) -> float:
    """The chance that ``attackers`` army units (or ships) beat ``defenders`` when the attack
    goes on to the end; a Fortress counts in the first round only. Both sides wiped out is no
    win."""
    if defenders <= 0:
        return 1.0 if attackers > 0 else 0.0
    if attackers <= 0:
        return 0.0
    mine = hit_odds(attackers)
    theirs = hit_odds(defenders + (1 if fortress else 0))
    stay = 0.0
    total = 0.0
    for ha, pa in enumerate(mine):
        scored = max(0, ha - 1) if fortress else ha
        for hd, pd in enumerate(theirs):
            p = pa * pd
            if scored == 0 and hd == 0:
                stay += p
                continue
            left, right = attackers - hd, defenders - scored
            if left > 0:
                total += p * win_chance(left, max(0, right))
    # Rounds where nobody scores repeat the same position (without the Fortress after the
    # first: its round is then over, so only the fortress-free odds repeat).
    if fortress:
        return total + stay * win_chance(attackers, defenders)
    return total / (1.0 - stay)
