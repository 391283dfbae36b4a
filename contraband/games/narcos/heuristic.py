"""Narcos' evaluation and rollout policy (filled in below)."""

from contraband.core.heuristic import Heuristic

HEURISTIC = Heuristic()
