"""What the box holds, as data: the components and their limits, the 48 advances, the card and
wonder ids, the event cards and the objective cards.
"""
