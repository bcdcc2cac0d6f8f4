"""Battles: land and sea battles between players, barbarian spawns and attacks, the combat
halves of action cards and their dice, the Great General, and what a battle leaves for the cards
that look back on it.
"""
