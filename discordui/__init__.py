"""The Discord layer's shared parts: the client, replies, buttons and menus, table posts.

The slash commands live in ``cogs`` (one extension per feature area) and use these; both sit
on top of ``host`` (the Discord-free logic) and never the reverse.
"""
