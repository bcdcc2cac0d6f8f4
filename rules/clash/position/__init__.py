"""A game as a position: starting from a given position (transcripts, tests) and writing a
running game's position.
"""
