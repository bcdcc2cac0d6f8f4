"""Cards played in a turn: the civil halves of the action cards (playing one, their effects on
your own game and on others, their nested decisions) and the kept event cards.
"""
