"""The turn's actions: Activate City (collect, build units, increase city size), Found City,
Move (and exploring), Advance, Civic Improvement, Cultural Influence, trading and Trade Routes,
the advances' abilities, and the two wonders that act inside them (the Great Library and the
Great Lighthouse).
"""
