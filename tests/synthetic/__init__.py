"""Synthetic test-only games that prove the rules contract and the Discord layer (never offered
to users; see :mod:`tests.synthetic.proving`)."""
