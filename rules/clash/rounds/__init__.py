"""The course of the game: the start and end of turns and rounds, the status phase, objectives
(their conditions and completing them), victory points and the end.
"""
