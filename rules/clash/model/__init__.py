"""The game state and what every rule does to it: the containers and their setup, turn order,
paying and gaining, dice, decks, moods, the cards in hand and in force, the explored terrain,
who stands where, units' marks and moving pieces.
"""
