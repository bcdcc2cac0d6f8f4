"""Clash of Cultures (Christian Marcussen, 2012 original edition) for 2-4 players: in progress.

Not registered in :mod:`rules` yet, so no lobby offers it. The authority is the Hungarian
rulebook (the seed); ``docs/rules-decisions.md`` lists what the engine decides where it is
silent.

Module map so far: ``hexes`` the hex grid, space names (``C4``) and the 4-space regions,
``tiles`` the 16 general regions and the two-sided starting region, ``boards`` the 2/3/4-player
arrangements.
"""
