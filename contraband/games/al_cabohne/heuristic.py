"""Placeholder, replaced below."""

from contraband.core.heuristic import Heuristic

HEURISTIC = Heuristic()
