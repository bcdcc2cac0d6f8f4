"""The host: everything between Discord and the games that does not need Discord.

Game service (load, act, record), timers and their planning, durations and clocks, ratings,
export, bot seats' identities, settings and texts built from engine data. Nothing here imports
``discord``; the Discord layer (``discordui`` and ``cogs``) imports this, never the reverse.
"""
