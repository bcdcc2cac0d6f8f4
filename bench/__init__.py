"""Benchmarks (``python -m bench``): latency through the emulator, rendering, playouts."""
