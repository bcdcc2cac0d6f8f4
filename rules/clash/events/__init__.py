"""The event cards' effects: drawing and resolving one, the steps and decisions they run in, and
each card's main effect (harm: E01-E17, boons: E18-E38).
"""
