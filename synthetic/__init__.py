"""Games only the tests and the benchmarks play, never offered to users: the proving ground
(:mod:`synthetic.proving`), and :func:`synthetic.registry.playable`, which makes such a game
playable for a while (a test, a benchmark run) without a test framework."""
