"""What a snippet of Python prints under several string-hash seeds: a test that something is
written the same in every process (sets and dictionaries must not follow the hashes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def printed_under_hash_seeds(code: str, seeds: tuple[int, ...] = (1, 2, 3)) -> set[str]:
    """The distinct outputs of ``python -c code`` run from the checkout with each seed."""
    return {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": str(seed), "PYTHONPATH": ".:tests/rules"},
        ).stdout
        for seed in seeds
    }
