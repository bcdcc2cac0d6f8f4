"""What self-play checks after every action: the invariants of every reachable state, and the
rule features an event list exercises.
"""
