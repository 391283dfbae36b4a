"""Al Cabohne's state: plain lists and ints, cheap to copy and to serialize."""

from __future__ import annotations

from importlib.resources import files
from typing import Any, cast

from contraband.core.action import Action
from contraband.core.explain import Why, load_rule_kinds, load_texts
from contraband.core.native import Input, rules_as_methods
from contraband.core.random import Rng
from contraband.core.state import State
from contraband.games.al_cabohne import catalog, flow, legal, saved, setup, why
from contraband.games.al_cabohne import view as seen
from contraband.games.al_cabohne.actions import ACTION_INFO, OVER
from contraband.games.al_cabohne.beans import (
    BEAN_COUNTS,
    BEAN_NAMES,
    BEANS,
    EMPTY,
    SOLO_MAFIA_FACTOR,
    TOTAL_CARDS,
)
from contraband.games.al_cabohne.events import EVENTS

_list_copy = list.copy

#: the seats' names in texts: two players, or the one player of the solo game
SEAT_NAMES = {1: ["the player"], 2: ["player 1", "player 2"]}
#: the same in explanations, in both languages
SEAT_WORDS = {
    1: [{"en": "the player", "nl": "de speler"}],
    2: [{"en": "player 1", "nl": "speler 1"}, {"en": "player 2", "nl": "speler 2"}],
}


class AlCabohneState(State):
    """The cards: ``deck`` (top = last), ``discard`` (top = last), ``faceup`` (turned cards in
    the order they came out), ``hands`` (front = index 0). Per seat: ``fields_owned`` (2 or 3),
    ``field_bean`` (-1 = empty) and ``field_count`` per field, ``coins`` (the coin pile as the
    beans whose backs are the coins). The mafia: ``boss_bean``/``boss_count`` per boss and the
    shared ``mafia_coins``. The turn: ``turn_player``, ``phase``, ``turn_step`` (decisions
    taken so far this turn), ``planted`` (phase 3),
    ``tribute_paid`` and ``gift_due`` per boss, ``deck_pass`` (1-based) and ``last_turn`` (solo).

    The rules log every step with ``note`` (the kinds are in ``events``); ``SCHEMA`` and the
    position checks that loading applies are in ``saved``, the catalog in ``catalog``.
    """

    # the package, not __file__, finds the files: compiled, __file__ is not this source's path
    RULE_KINDS = load_rule_kinds(files("contraband.games.al_cabohne") / "rules.toml")
    WHY_TEXTS = load_texts(files("contraband.games.al_cabohne") / "why.toml")

    GAME_ID = "al-cabohne"
    FLAT_LISTS = (
        "deck",
        "discard",
        "faceup",
        "fields_owned",
        "boss_bean",
        "boss_count",
        "mafia_coins",
        "tribute_paid",
        "gift_due",
    )
    NESTED_LISTS = ("hands", "field_bean", "field_count", "coins")
    SCHEMA = saved.SCHEMA
    EVENTS = EVENTS

    # the fields (declared for the compiled build, which keeps them in C slots)
    deck: list[int]
    discard: list[int]
    faceup: list[int]
    deck_pass: int
    last_turn: bool
    hands: list[list[int]]
    fields_owned: list[int]
    field_bean: list[list[int]]
    field_count: list[list[int]]
    coins: list[list[int]]
    mafia_coins: list[int]
    boss_bean: list[int]
    boss_count: list[int]
    turn_player: int
    phase: str
    planted: int
    turn_step: int
    tribute_paid: list[int]
    gift_due: list[int]

    def _copy_game_fields(self, new: State) -> None:
        """The compiled build's copy, field by field in C (see ``State._copy_game_fields``);
        tests/compiled/test_build.py checks that it copies every field."""
        copy = cast(AlCabohneState, new)
        copy.deck = self.deck.copy()
        copy.discard = self.discard.copy()
        copy.faceup = self.faceup.copy()
        copy.deck_pass = self.deck_pass
        copy.last_turn = self.last_turn
        copy.hands = [*map(_list_copy, self.hands)]
        copy.fields_owned = self.fields_owned.copy()
        copy.field_bean = [*map(_list_copy, self.field_bean)]
        copy.field_count = [*map(_list_copy, self.field_count)]
        copy.coins = [*map(_list_copy, self.coins)]
        copy.mafia_coins = self.mafia_coins.copy()
        copy.boss_bean = self.boss_bean.copy()
        copy.boss_count = self.boss_count.copy()
        copy.turn_player = self.turn_player
        copy.phase = self.phase
        copy.planted = self.planted
        copy.turn_step = self.turn_step
        copy.tribute_paid = self.tribute_paid.copy()
        copy.gift_due = self.gift_due.copy()

    # methods, not the rules' functions as class attributes: compiled, a function does not bind
    def _setup(self) -> None:
        setup.setup(self)

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _apply(self, action: Action) -> None:
        flow.apply(self, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return seen.view(self, seat)

    def render(self, seat: Input = None) -> str:
        return seen.render(self, seat)

    def _resample(self, seat: int, rng: Rng) -> None:
        seen.resample(self, seat, rng)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def seat_names(self) -> list[str]:
        return list(SEAT_NAMES[self.players])

    def _why_not(self, view: dict[str, Any], label: str, seat: int) -> Why | None:
        return why.why_not(view, label, seat)

    def _deciding(self, view: dict[str, Any]) -> Why | None:
        return why.deciding(view)

    def _seat_word(self, seat: int) -> dict[str, str]:
        return SEAT_WORDS[self.players][seat]

    def _action_info(self, label: str) -> dict[str, Any]:
        info = ACTION_INFO.get(label)
        if info is None:  # not a label of the game: action_info refuses it (bad_input)
            raise KeyError(label)
        return info

    @classmethod
    def catalog_data(cls) -> dict[str, Any]:
        return catalog.catalog_data()

    def _check_position(self) -> None:
        """For ``from_json``: the fields passed the SCHEMA; now what they mean together, before
        the engine checks the card totals and that a running game offers an action."""
        saved.check_position(self)

    def scores(self) -> list[int]:
        return [len(pile) for pile in self.coins]

    def mafia_total(self) -> int:
        """The mafia's score: its coins, doubled in the solo game."""
        factor = SOLO_MAFIA_FACTOR if self.players == 1 else 1
        return len(self.mafia_coins) * factor

    def winners(self) -> list[int]:
        """The best player wins unless the mafia has at least as much (decision 2)."""
        scores = self.scores()
        best = max(scores)
        if self.mafia_total() >= best:
            return []
        return [seat for seat, score in enumerate(scores) if score == best]

    def _result_detail(self) -> dict[str, Any]:
        mafia = self.mafia_total()
        winners = self.winners()
        if winners:
            note = f"The bean mafia ends with {mafia} coins."
        else:
            note = f"The bean mafia wins with {mafia} coins."
        return {
            "unit": "coins",
            "mafia_coins": len(self.mafia_coins),
            "mafia_total": mafia,
            "mafia_wins": not winners,
            "deck_pass": self.deck_pass,
            "note": note,
            "breakdown": self._breakdown(winners),
        }

    def _breakdown(self, winners: list[int]) -> dict[str, Any]:
        """The score as the rulebook counts it: each player's coins against the mafia's (doubled
        in solo); the best player wins unless the mafia has at least as much (decision 2)."""
        names = self.seat_names()
        scores = [len(pile) for pile in self.coins]
        factor = SOLO_MAFIA_FACTOR if self.players == 1 else 1
        mafia = self.mafia_total()
        best = max(scores)
        if not winners:
            how = "a tie with the mafia goes to the mafia" if mafia == best else "more coins"
            why = f"the bean mafia's {mafia} beat the best player's {best}: {how}"
        elif len(winners) > 1:
            why = f"{' and '.join(names[w] for w in winners)} share the most coins ({best}), "
            why += f"more than the bean mafia's {mafia}"
        else:
            why = f"{names[winners[0]]} has the most coins ({best}), more than the bean mafia's "
            why += f"{mafia}" + "".join(
                f" and {names[s]}'s {scores[s]}" for s in range(self.players) if s != winners[0]
            )
        return {
            "players": [
                {"seat": seat, "name": names[seat], "coins": score}
                for seat, score in enumerate(scores)
            ],
            "mafia": {
                "coins": len(self.mafia_coins),
                "factor": factor,
                "total": mafia,
                "doubled": factor != 1,
            },
            "best_player": best,
            "winners": winners,
            "mafia_wins": not winners,
            "tie_goes_to_mafia": True,
            "why": why,
        }

    def conserved(self) -> dict[str, int]:
        counts = [0] * BEANS
        for pile in (self.deck, self.discard, self.faceup, self.mafia_coins):
            for bean in pile:
                counts[bean] += 1
        for seat in range(self.players):
            for pile in (self.hands[seat], self.coins[seat]):
                for bean in pile:
                    counts[bean] += 1
            for f, (bean, count) in enumerate(
                zip(self.field_bean[seat], self.field_count[seat], strict=True)
            ):
                if count and bean != EMPTY:
                    counts[bean] += count
                elif count or bean != EMPTY:
                    _mismatch(f"[{seat}][{f}]", "field", count)
        for boss, (bean, count) in enumerate(zip(self.boss_bean, self.boss_count, strict=True)):
            if count and bean != EMPTY:
                counts[bean] += count
            elif count or bean != EMPTY:
                _mismatch(f"[{boss}]", "boss", count)
        totals = {"cards": sum(counts)}
        totals.update({f"{BEAN_NAMES[b]} cards": counts[b] for b in range(BEANS)})
        return totals

    #: what conserved() must always equal
    TOTALS = {
        "cards": TOTAL_CARDS,
        **{f"{BEAN_NAMES[b]} cards": BEAN_COUNTS[b] for b in range(BEANS)},
    }


def _mismatch(where: str, what: str, count: int) -> None:
    """A field (``what``: field or boss) must have a bean exactly when it has cards."""
    if count:
        raise ValueError(f"state.{what}_bean{where} is empty but {what}_count{where} is {count}")
    raise ValueError(f"state.{what}_count{where} is 0 but {what}_bean{where} names a bean")


# pure Python: the rules' functions are the methods themselves (see rules_as_methods)
rules_as_methods(
    AlCabohneState,
    _setup=setup.setup,
    _legal_actions=legal.legal_actions,
    _apply=flow.apply,
    _view=seen.view,
    render=seen.render,
    _resample=seen.resample,
)
