"""What a seat is paid when the game ends, by the option chosen when an environment is made.

* ``win`` (the default): ``state.returns()``: 1 for a win, 0 for a loss, 1/k each for k seats
  sharing the win;
* ``rank``: from 1 (first) to -1 (last), linear in the seat's place; seats sharing a place share
  its mean (a two-seat draw pays 0 each). The winners (``state.winners()``, tie-breaks included)
  come first, then the others by score. When no seat wins (Al Cabohne's bean mafia), the game
  takes first place: every seat is ranked below it (a solo loss pays -1);
* ``margin``: the seat's score minus the best other seat's (or rival's: Al Cabohne's bean
  mafia, ``rival_scores`` of the game's declared domains), divided by the game's score bound
  (``SCORE_BOUND``), within [-1, 1]: how much it won or lost by.

All three pay only at the end, give more to a winner than to a loser, and are paid to the seat
whose score they are, whichever seat made the last move.
"""

from __future__ import annotations

from contraband import State
from contraband.envs.domains import declared_games, domain

REWARDS = ("win", "rank", "margin")


def check_reward(game: str, reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
    if reward == "margin" and domain(game) is None:
        raise ValueError(
            f"reward='margin' needs {game}'s score bound, which it does not declare yet; "
            f"'margin' is available for {', '.join(declared_games())} ('win' and 'rank' for all)"
        )
    return reward


def final_rewards(state: State, reward: str) -> list[float]:
    """Each seat's reward for the finished game ``state``."""
    if reward == "win":
        return [float(value) for value in state.returns()]
    scores = state.scores()
    players = len(scores)
    if reward == "margin":
        found = domain(state.GAME_ID)
        assert found is not None
        rivals = found.rivals(state) if found.rivals is not None else []
        out = []
        for seat, score in enumerate(scores):
            others = [s for other, s in enumerate(scores) if other != seat] + rivals
            best_other = max(others, default=0)
            out.append(max(-1.0, min(1.0, (score - best_other) / found.score_bound)))
        return out
    winners = set(state.winners())
    standing = [(seat in winners, scores[seat]) for seat in range(players)]
    phantom = 0 if winners else 1
    places = players + phantom
    out = []
    for seat in range(players):
        above = sum(1 for other in standing if other > standing[seat]) + phantom
        level = sum(1 for other in standing if other == standing[seat]) - 1
        out.append(1.0 if places == 1 else 1.0 - 2.0 * (above + level / 2) / (places - 1))
    return out
