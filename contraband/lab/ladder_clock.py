"""The bot clock on CPU time, for the ladder's local workers (issue 46).

At the table a searching bot stops at its game's thinking time on the wall clock; on a quiet
server core that is the CPU time it searched. On a busy machine (a shared laptop, a ladder with
more workers than idle cores) the wall clock would buy a bot less search than at the table and
rate it weaker than it plays. So while a ladder plays, ``time.perf_counter`` (the clock of every
search deadline: ``ismcts``, its planners) reads this process's CPU time instead; the local
backend's workers are forked from it and keep the same clock. A Ray worker is not forked from
here: there the clock stays the wall clock (run it on idle cores).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cpu_clock() -> Iterator[None]:
    """``time.perf_counter`` reads process CPU time inside the block (and in processes forked
    inside it)."""
    wall = time.perf_counter
    time.perf_counter = time.process_time
    try:
        yield
    finally:
        time.perf_counter = wall
