"""The printed board: spaces and their names (hexes), the region tiles, and how the regions are
laid out for 2, 3 and 4 players. No game state here.
"""
