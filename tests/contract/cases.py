"""Every registered game at every player count: the contract tests run over all of them."""

import contraband

CASES = [
    (game_id, players)
    for game_id in contraband.game_ids()
    for players in range(
        contraband.load(game_id).info.min_players, contraband.load(game_id).info.max_players + 1
    )
]
IDS = [f"{game_id}-{players}p" for game_id, players in CASES]
MAX_DECISIONS = 20000
