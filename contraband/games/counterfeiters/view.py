"""What a seat may see, how an AI resamples what it may not, and the text table.

Secret until the end: each seat's cash, offshore money and fake notes (only their owner sees
them in the view). Public: cards owned, henchmen, the pawn, the market, the deck's size and
contents (not its order), the fake-note supply.

What a determinization resamples. The log shows every change of a seat's fake notes (printed,
sold and converted, each with its quality) and of its total real money; only a flight moves
money unseen, between cash and the offshore account. So a seat that has followed the log knows
every other seat's fake notes and total money exactly, and their cash only within the interval
the table can deduce (money.py). The determinization keeps the first two, draws each other
seat's cash uniformly from that interval (in $10 steps, the rest offshore), and redraws the
direction of a flight whose amount is still being chosen. The deck holds no order (market.py):
the fresh generator the engine gives a determinization decides its future draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from contraband.core.random import Rng
from contraband.games.counterfeiters import flights
from contraband.games.counterfeiters.board import (
    ACTION_NAMES,
    CARD_NAME,
    CATEGORIES,
    CATEGORY_OF,
    COLOURS,
    GODFATHER,
    INVESTIGATION,
    LAWYER_NAMES,
    MARKET,
    QUALITIES,
    STARS,
    STRIKE,
    TRACK,
    UNIT,
    detected,
    side,
)
from contraband.games.counterfeiters.labels import DIRECTIONS

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def _seat(value: int) -> int | None:
    return value if value >= 0 else None


def _sees(state: CounterfeitersState, viewer: int | None, seat: int) -> bool:
    return viewer == seat or state.stage == "over"


def _holdings(state: CounterfeitersState, viewer: int | None, seat: int) -> dict[str, Any]:
    if not _sees(state, viewer, seat):
        return {"cash": None, "offshore": None, "fakes": None}
    return {
        "cash": state.cash[seat],
        "offshore": state.offshore[seat],
        "fakes": state.fakes[seat * QUALITIES : (seat + 1) * QUALITIES],
    }


def _track() -> list[dict[str, Any]]:
    spaces = []
    for space in range(1, TRACK + 1):
        marks = []
        if space in GODFATHER:
            marks.append("Godfather")
        if space in INVESTIGATION:
            marks.append(f"investigation {STARS[INVESTIGATION.index(space)]}")
        if space == STRIKE:
            marks.append("air-traffic strike")
        if space == TRACK:
            marks.append("end of the game")
        spaces.append({"space": space, "marks": marks})
    return spaces


TRACK_SPACES = _track()


def view(state: CounterfeitersState, seat: int | None) -> dict[str, Any]:
    state._check_seat(seat)
    n = state.players
    board = side(n)
    open_slots = board.open_slots(n)
    market = [
        {
            "slot": slot + 1,
            "space": board.names[slot],
            "price": board.price[slot],
            "trash": board.trash[slot],
            "open": slot in open_slots,
            "card": CARD_NAME[state.market[slot]] if state.market[slot] >= 0 else None,
            "occupant": _seat(state.occupant[slot]),
        }
        for slot in range(board.slots)
    ]
    spaces = [
        {
            "space": board.names[i],
            "action": ACTION_NAMES[board.action[i]],
            "cap": board.cap[i],
            "sunglasses": board.sunglasses[i],
            "occupant": _seat(state.occupant[i]),
        }
        for i in range(board.slots, board.spaces)
    ]
    seats = [
        {
            "colour": COLOURS[s],
            "cards": [CARD_NAME[c] for c in state.owned[s]],
            "in_hand": state.left[s],
            "laid_down": state.down[s],
            "on_board": state.occupant.count(s),
            "marker": state.marker == s,
            **_holdings(state, seat, s),
        }
        for s in range(n)
    ]
    by_category = {c: 0 for c in CATEGORIES}
    for card in state.deck:
        by_category[CATEGORIES[CATEGORY_OF[card]]] += 1
    pending = None
    if state.space >= 0:
        pending = {
            "space": board.names[state.space],
            "picks": list(state.picks) if state.step == "sell" else None,
            "direction": (
                ("to offshore", "to cash")[state.direction]
                if state.direction >= 0 and _sees(state, seat, state.current_player)
                else None
            ),
        }
    refused = detected(state.pawn)
    return {
        "game": state.GAME_ID,
        "seat": seat,
        "board_side": "2 players" if n == 2 else "3-4 players",
        "stage": state.stage,
        "step": state.step,
        "current_player": state.current_player,
        "round": state.round,
        "marker": state.marker,
        "leader": state.leader,
        "turn": state.turn,
        "police": {
            "pawn": state.pawn,
            "track": TRACK_SPACES,
            "refused": list(STARS[:refused]),
            "strike": state.pawn == STRIKE,
        },
        "market": market,
        "spaces": spaces,
        "deck": {
            "size": len(state.deck),
            "by_category": by_category,
            "cards": [CARD_NAME[c] for c in state.deck],
        },
        "supply": list(state.supply),
        "out_of_game": [CARD_NAME[c] for c in state.out],
        "seats": seats,
        "pending": pending,
        "end": {
            "trigger": _seat(state.trigger),
            "queue": list(state.queue),
            "lawyer": LAWYER_NAMES[state.lawyer] if state.stage == "lawyers" else None,
        },
    }


def resample(state: CounterfeitersState, seat: int, rng: Rng) -> None:
    """Draw what ``seat`` cannot know: other seats' cash (within the public interval; the rest
    of their known total is offshore) and the direction of a flight being decided."""
    if state.stage == "over":
        return
    for s in range(state.players):
        if s == seat:
            continue
        total = state.cash[s] + state.offshore[s]  # public: the log shows every change of it
        low, high = state.cash_lo[s], state.cash_hi[s]
        cash = low + UNIT * rng.below((high - low) // UNIT + 1)
        state.cash[s] = cash
        state.offshore[s] = total - cash
    if state.direction >= 0 and state.current_player != seat:
        ways = flights.direction_labels(state)  # only ways the drawn money allows
        state.direction = DIRECTIONS.index(ways[rng.below(len(ways))])


# -- the text table ---------------------------------------------------------------------------
def _who(state: CounterfeitersState, value: int) -> str:
    return COLOURS[value] if 0 <= value < state.players else "-"


def _money(state: CounterfeitersState, seat: int) -> str:
    fakes = state.fakes[seat * QUALITIES : (seat + 1) * QUALITIES]
    notes = ", ".join(f"{count} {STARS[q]}" for q, count in enumerate(fakes))
    return f"cash ${state.cash[seat]}, offshore ${state.offshore[seat]}; fake notes: {notes}"


def _track_line(state: CounterfeitersState) -> str:
    cells = []
    for space in range(1, TRACK + 1):
        mark = ""
        if space in GODFATHER:
            mark += "G"
        if space in INVESTIGATION:
            mark += "I" + str(INVESTIGATION.index(space) + 1)
        if space == STRIKE:
            mark += "S"
        text = f"{space}{mark}"
        cells.append(f"[{text}]" if space == state.pawn else text)
    return "  Police: " + " ".join(cells) + "   (G Godfather, I investigation, S strike)"


def render(state: CounterfeitersState, seat: int | None = None) -> str:
    state._check_seat(seat)
    n = state.players
    board = side(n)
    refused = detected(state.pawn)
    lines = [
        f"Counterfeiters ({'2-player' if n == 2 else '3-4-player'} board) - round {state.round}; "
        f"start-player marker: {_who(state, state.marker)}",
        _track_line(state),
        "  Supermarket refuses: "
        + (", ".join(STARS[:refused]) + " notes" if refused else "nothing yet")
        + ("; AIR-TRAFFIC STRIKE: no flights" if state.pawn == STRIKE else ""),
        f"  Fake-note supply: {', '.join(f'{c} {STARS[q]}' for q, c in enumerate(state.supply))}"
        f"; deck: {len(state.deck)} cards",
        "Black market (slot: price, card, who bought):",
    ]
    open_slots = board.open_slots(n)
    for slot in range(board.slots):
        if slot not in open_slots:
            lines.append(f"  {slot + 1}: ${board.price[slot]} closed with {n} players")
            continue
        card = state.market[slot]
        trash = " [trash]" if board.trash[slot] else ""
        text = CARD_NAME[card] if card >= 0 else "empty"
        who = state.occupant[slot]
        taken = f" <- {_who(state, who)}" if who >= 0 else ""
        lines.append(f"  {slot + 1}: ${board.price[slot]}{trash} {text}{taken}")
    lines.append("Action spaces (* police cap, $ sunglasses):")
    row = []
    for i in range(board.slots, board.spaces):
        if board.action[i] == MARKET:
            continue
        marks = ("*" if board.cap[i] else "") + ("$" if board.sunglasses[i] else "")
        who = state.occupant[i]
        row.append(f"{board.names[i]}{marks}: {_who(state, who)}")
    for start in range(0, len(row), 4):
        lines.append("  " + "   ".join(row[start : start + 4]))
    for s in range(n):
        you = " (you)" if s == seat else ""
        marker = " [marker]" if s == state.marker else ""
        cards = ", ".join(CARD_NAME[c] for c in state.owned[s]) or "none"
        word = "henchman" if state.left[s] == 1 else "henchmen"
        lines.append(
            f"  {COLOURS[s]}{you}{marker}: {state.left[s]} {word} in hand, "
            f"{state.down[s]} laid down; cards: {cards}"
        )
        if _sees(state, seat, s):
            lines.append(f"     {_money(state, s)}")
    lines.append(_status(state))
    return "\n".join(lines)


def _status(state: CounterfeitersState) -> str:
    if state.stage == "over":
        scores = state.scores()
        winners = state.winners()
        names = " and ".join(COLOURS[w] for w in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"Game over: {names} {verb} with ${int(scores[winners[0]])}."
    who = _who(state, state.current_player)
    step = state.step
    board = side(state.players)
    if step == "sell":
        where = board.names[state.space] if state.space >= 0 else "?"
        q = state.quality
        return f"{who} to decide: how many {STARS[q]} notes to sell at {where}."
    if step == "direction":
        return f"{who} to decide: move money to offshore or back to cash."
    if step == "amount":
        return f"{who} to decide: how much to move (in $10 steps)."
    if step == "lawyer":
        name = LAWYER_NAMES[state.lawyer] if state.lawyer < len(LAWYER_NAMES) else "lawyer"
        return f"{who} to decide: use the {name} to move a henchman, or not."
    if state.stage == "final":
        return f"{who} to decide: one last henchman (the police have closed the case)."
    if state.stage == "lawyers":
        return f"{who} to decide: where the lawyer's henchman goes."
    return f"{who} to decide: place a henchman or pass."
