"""placeholder"""

from contraband.core.heuristic import Heuristic

HEURISTIC = Heuristic()
