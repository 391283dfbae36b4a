"""Which decisions the search makes well: a seat that searches some kinds of decision (the
game's phases) and leaves the rest to the game's rule-based player (``rules``), against that
player.

    python research/phase_mix.py --game tony-tino --search card,target --iterations 1000
    python research/phase_mix.py --game tony-tino --search place,react --iterations 1000
    python research/phase_mix.py --game nacho-incident --players 3 --search hire --games 60
    python research/phase_mix.py --game nacho-incident --players 3 --agent greedy --games 400 \
        --search "cargo,destination,pick mountie,bored arrest,wander,gem,market"
    python research/phase_mix.py --game nacho-incident --players 2 --agent greedy --games 400 \
        --search "cargo,destination,pick mountie,bored arrest,wander,gem,market" \
        --hires foresight

``--search`` names the phases (``state.phase``) the search decides; it runs with ``plan=false``
so that it decides them itself. ``--agent greedy`` puts the game's evaluation, one ply ahead, in
the search's place (a quick check of which decisions the evaluation judges well).
``--hires foresight`` (The Nacho Incident) gives the mixed seat's hires to the game's foresight
(each hire's turn played out on sampled deals, as ``hard`` hires) instead of the rules. The mixed
seat (A) and the rule-based player (B) fill the seats as on the ladder (alternately, A B A then
B A B), and game i is dealt with seed ``--seed + i``.
Prints A's share of the wins (0.5: as strong as the rules player) with a 95% Wilson interval
every ten games. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import time

from contraband.agents import from_spec
from contraband.agents.greedy import GreedyAgent
from contraband.agents.ismcts import ISMCTSAgent
from contraband.core.game import load
from contraband.core.random import Rng
from contraband.games.nacho_incident.board import HIRE
from contraband.lab.stats import wilson


class MixedSeat:
    """The search for the phases in ``searched``, the rule-based player for the others."""

    def __init__(
        self,
        game_id: str,
        searched: set[str],
        spec: dict,
        seed: int,
        agent: str = "ismcts",
        foresight: bool = False,
    ) -> None:
        self.searched = searched
        self.rules = from_spec("rules", seed=seed)
        self.foresight = Rng(seed) if foresight else None
        if agent == "greedy":
            self.search = GreedyAgent(seed=seed)
        else:
            self.search = ISMCTSAgent(**spec, plan=False, seed=seed)

    def act(self, state, seat: int):
        if self.foresight is not None and state.phase == HIRE:
            # hard's hire: the game's planned move there (foresight), on our determinization
            guess = state.determinize(seat, self.foresight)
            label = load(state.GAME_ID).heuristic.planned(guess, self.foresight).label
            return next(action for action in state.legal_actions() if action.label == label)
        agent = self.search if state.phase in self.searched else self.rules
        return agent.act(state, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--search", required=True, help="phases the search decides, a,b,c")
    parser.add_argument("--agent", choices=("ismcts", "greedy"), default="ismcts")
    parser.add_argument("--hires", choices=("rules", "foresight"), default="rules")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    if args.hires == "foresight" and args.game != "nacho-incident":
        parser.error("--hires foresight is The Nacho Incident's; use it with --game nacho-incident")
    game = load(args.game)
    searched = {p for p in args.search.split(",") if p}
    seen: set[str] = set()
    won, start = 0.0, time.time()
    for i in range(args.games):
        seed = args.seed + i
        mixed = [(seat + i) % 2 == 0 for seat in range(args.players)]
        seats = [
            MixedSeat(
                args.game,
                searched,
                {"iterations": args.iterations},
                2 * seed + seat,
                args.agent,
                args.hires == "foresight",
            )
            if mixed[seat]
            else from_spec("rules", seed=2 * seed + seat)
            for seat in range(args.players)
        ]
        state = game.new(args.players, seed=seed)
        while not state.is_terminal():
            seat = state.current_player
            seen.add(state.phase)
            state.apply(seats[seat].act(state, seat))
        won += sum(r for r, m in zip(state.returns(), mixed, strict=True) if m)
        if (i + 1) % 10 == 0 or i + 1 == args.games:
            low, high = wilson(won, i + 1)
            elapsed = time.time() - start
            print(f"{i + 1} games: {won / (i + 1):.3f} [{low:.3f}, {high:.3f}] ({elapsed:.0f} s)")
    if searched - seen:
        never = ", ".join(sorted(searched - seen))
        print(f"never decided: {never}; the phases played were {', '.join(sorted(seen))}")


if __name__ == "__main__":
    main()
