"""The store's SQL, written once for SQLite and PostgreSQL (``store.dialect`` translates what
differs), one mixin per area of ``store.protocols``:

- ``store.sql.base``: :class:`~store.sql.base.SqlBase`, the connection's plumbing every area
  uses (reads, transactions, ``atomic``, rows set aside);
- ``store.sql.games``: games and their log, seats, lobbies and invitations, picker paths;
- ``store.sql.timers``: timers, processes, deadlines, vacations, votes;
- ``store.sql.settings``: bot, guild, user and game settings;
- ``store.sql.ratings``: results, ratings and statistics;
- ``store.sql.convert``: the columns read, rows into row types, and the pure helpers.

``store.sqlite.SqliteStore`` assembles them on SQLite; ``store.postgres.PostgresStore`` runs
the same queries on PostgreSQL by overriding the plumbing.
"""
