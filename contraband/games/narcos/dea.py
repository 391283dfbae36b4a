"""The two DEA agents (rulebook page 7; RULES.md D21-D26).

``action_agent`` and ``money_agent`` say where each agent is once it has appeared: -1 not yet
(its card is in a deck, on top of one, or on this turn's timeline), -2 watching beside the deck,
or the seat holding it. A held agent sits at the head of its holder's timeline: one siren, one
action and one of the seven places (``head``, set at the start of each turn).

- The action agent (a round-1 card): once it has appeared, a player who carries out 5 or more
  actions in phase 2 gets it and starts their next turn with it; it leaves after that turn
  unless they carried out 5 or more again.
- The money agent (a round-2 card): at the end of the turn it was flipped it goes to the
  richest player (ties: the flipper first, then in turn order); at the start of every turn it
  moves to a player with strictly more money than its holder who is the only richest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos.board import DEA_ACTION_CARD, DEA_ACTIONS, DEA_MONEY_CARD

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState

NOT_YET, WATCHING = -1, -2


def head_for(state: NarcosState, seat: int) -> list[int]:
    head = []
    if state.action_agent == seat:
        head.append(DEA_ACTION_CARD)
    if state.money_agent == seat:
        head.append(DEA_MONEY_CARD)
    return head


def check_actions(state: NarcosState) -> None:
    """At the end of the active player's actions: 5 or more draw the action agent."""
    seat = state.active
    on_timeline = DEA_ACTION_CARD in state.timeline
    if state.action_agent == NOT_YET and not on_timeline:
        return
    if state.actions_done < DEA_ACTIONS:
        return
    if on_timeline:
        state.timeline.remove(DEA_ACTION_CARD)
    state.action_agent = seat
    state.renewed = True
    state.note("agent_follows", seat, state.actions_done)


def settle(state: NarcosState) -> None:
    """At the end of a turn: agents flipped this turn take their places; the action agent
    held this turn leaves unless it was drawn again."""
    seat = state.active
    if DEA_ACTION_CARD in state.timeline:
        state.timeline.remove(DEA_ACTION_CARD)
        state.action_agent = WATCHING
        state.note("agent_watches", seat)
    elif state.action_agent == seat and DEA_ACTION_CARD in state.head and not state.renewed:
        state.action_agent = WATCHING
        state.note("agent_leaves", seat)
    if DEA_MONEY_CARD in state.timeline:
        state.timeline.remove(DEA_MONEY_CARD)
        n = state.players
        best = max(state.money)
        holder = next((seat + k) % n for k in range(n) if state.money[(seat + k) % n] == best)
        state.money_agent = holder
        state.note("money_agent", holder, best, True)


def reassess_money_agent(state: NarcosState) -> None:
    """At the start of every turn the money agent goes to a strictly richer player (D25)."""
    holder = state.money_agent
    if holder < 0:
        return
    best = max(state.money)
    richest = [s for s in range(state.players) if state.money[s] == best]
    if len(richest) == 1 and richest[0] != holder:
        state.money_agent = richest[0]
        state.note("money_agent", richest[0], best, False)
