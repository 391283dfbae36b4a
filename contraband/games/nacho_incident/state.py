"""The Nacho Incident's state: plain lists and ints, cheap to copy and to serialize."""

from __future__ import annotations

from importlib.resources import files
from typing import Any, cast

from contraband.core.action import Action
from contraband.core.explain import Why, load_rule_kinds, load_texts
from contraband.core.native import Input, rules_as_methods
from contraband.core.random import Rng
from contraband.core.state import State
from contraband.games.nacho_incident import catalog, saved, why
from contraband.games.nacho_incident import turn as flow
from contraband.games.nacho_incident import view as seen
from contraband.games.nacho_incident.board import (
    CARD_FOODS,
    COLOURS,
    CUBES,
    HIRE_LABEL,
    LEDGER,
    MOUNTIES,
    NPROV,
    OVER,
    PROVINCE_CARDS,
    SLOTS,
    SMUGGLERS,
    START_GOLD,
    TURNS,
)
from contraband.games.nacho_incident.events import EVENTS

_list_copy = list.copy


class NachoState(State):
    """Per seat: ``gold``, ``hands`` (sorted smuggler ids), ``warehouses`` (sorted foods) and the
    face-down/revealed ``chosen`` smuggler (-1: none). Cantina ``seat * 4 + province`` holds the
    smugglers in ``cantinas`` and the mounties in ``posts``.

    Provinces: ``prov_up`` (face-up card), ``slots`` (16 flags: a cube lies in slot
    ``province * 4 + i``), ``prov_unseen`` (cards never face up, sorted: their order is not
    decided yet) and ``prov_under`` (cards sent to the bottom, in order).

    Face-down stacks hold no order: ``smuggler_deck``, ``mountie_pool`` and ``bag`` are kept
    sorted and draws pick a random member with ``rng`` (a shuffled pile nobody has seen is
    exactly that). ``smuggler_out`` and ``mountie_out`` are the public piles of cards removed
    from play. The turn: ``turn`` (0..11), ``phase``, ``order``/``order_pos`` for steps 3-4,
    ``seq`` for decisions taken in turn from the gem holder, ``cargo``/``cargo_from``,
    ``resolve_prov``/``pending_mountie`` for step 4, ``set_aside`` for the Mexican market.

    The gold ledger, per seat: ``delivered``, ``bonuses``, ``sales`` (the Mexican market),
    ``fees`` (smugglers hired) and ``fines`` (mountie penalties); gold always equals the start
    gold plus the first three minus the last two.
    """

    # the package, not __file__, finds the files: compiled, __file__ is not this source's path
    RULE_KINDS = load_rule_kinds(files("contraband.games.nacho_incident") / "rules.toml")
    WHY_TEXTS = load_texts(files("contraband.games.nacho_incident") / "why.toml")

    GAME_ID = "nacho-incident"
    FLAT_LISTS = (
        "gold",
        "chosen",
        "played",
        "order",
        "slots",
        "prov_up",
        "smuggler_deck",
        "smuggler_out",
        "mountie_pool",
        "mountie_out",
        "bag",
        "set_aside",
        *LEDGER,
    )
    NESTED_LISTS = ("hands", "warehouses", "cantinas", "posts", "prov_unseen", "prov_under")

    SCHEMA = saved.SCHEMA
    EVENTS = EVENTS
    #: a hire is chosen face down: the others learn which smuggler only at the reveal
    SECRET_LABELS = frozenset(HIRE_LABEL)

    # the fields (declared for the compiled build, which keeps them in C slots)
    gold: list[int]
    delivered: list[int]
    bonuses: list[int]
    sales: list[int]
    fees: list[int]
    fines: list[int]
    gem: int
    turn: int
    prov_up: list[int]
    prov_unseen: list[list[int]]
    prov_under: list[list[int]]
    slots: list[int]
    bag: list[int]
    set_aside: list[int]
    warehouses: list[list[int]]
    smuggler_deck: list[int]
    smuggler_out: list[int]
    hands: list[list[int]]
    mountie_pool: list[int]
    mountie_out: list[int]
    mountie_up: int
    cantinas: list[list[int]]
    posts: list[list[int]]
    chosen: list[int]
    played: list[int]
    order: list[int]
    order_pos: int
    revealed: bool
    seq: int
    cargo: int
    cargo_from: int
    resolve_prov: int
    pending_mountie: int
    pending_kind: int
    phase: str

    def _copy_game_fields(self, new: State) -> None:
        """The compiled build's copy, field by field in C (see ``State._copy_game_fields``);
        tests/compiled/test_build.py checks that it copies every field."""
        copy = cast(NachoState, new)
        copy.gold = self.gold.copy()
        copy.delivered = self.delivered.copy()
        copy.bonuses = self.bonuses.copy()
        copy.sales = self.sales.copy()
        copy.fees = self.fees.copy()
        copy.fines = self.fines.copy()
        copy.gem = self.gem
        copy.turn = self.turn
        copy.prov_up = self.prov_up.copy()
        copy.prov_unseen = [*map(_list_copy, self.prov_unseen)]
        copy.prov_under = [*map(_list_copy, self.prov_under)]
        copy.slots = self.slots.copy()
        copy.bag = self.bag.copy()
        copy.set_aside = self.set_aside.copy()
        copy.warehouses = [*map(_list_copy, self.warehouses)]
        copy.smuggler_deck = self.smuggler_deck.copy()
        copy.smuggler_out = self.smuggler_out.copy()
        copy.hands = [*map(_list_copy, self.hands)]
        copy.mountie_pool = self.mountie_pool.copy()
        copy.mountie_out = self.mountie_out.copy()
        copy.mountie_up = self.mountie_up
        copy.cantinas = [*map(_list_copy, self.cantinas)]
        copy.posts = [*map(_list_copy, self.posts)]
        copy.chosen = self.chosen.copy()
        copy.played = self.played.copy()
        copy.order = self.order.copy()
        copy.order_pos = self.order_pos
        copy.revealed = self.revealed
        copy.seq = self.seq
        copy.cargo = self.cargo
        copy.cargo_from = self.cargo_from
        copy.resolve_prov = self.resolve_prov
        copy.pending_mountie = self.pending_mountie
        copy.pending_kind = self.pending_kind
        copy.phase = self.phase

    # methods, not the rules' functions as class attributes: compiled, a function does not bind
    def _setup(self) -> None:
        flow.setup(self)

    def _legal_actions(self) -> list[Action]:
        return flow.legal_actions(self)

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

    def scores(self) -> list[int]:
        return list(self.gold)

    def winners(self) -> list[int]:
        """The most gold; a tie goes to the gem holder or the tied seat nearest clockwise."""
        best = max(self.gold)
        tied = [seat for seat, gold in enumerate(self.gold) if gold == best]
        return [min(tied, key=lambda seat: (seat - self.gem) % self.players)]

    def seat_names(self) -> list[str]:
        return list(COLOURS[: self.players])

    def _result_detail(self) -> dict[str, Any]:
        """The score as the rulebook counts it: the start gold, what deliveries, cantina
        majorities and the market brought, minus the smugglers' fees and the mounties'
        penalties; ties go to the gem holder or the nearest clockwise from it."""
        best = max(self.gold)
        tied = [seat for seat, gold in enumerate(self.gold) if gold == best]
        return {
            "unit": "gold",
            "gold": list(self.gold),
            "gem": self.gem,
            "colours": list(COLOURS[: self.players]),
            "turn": min(self.turn + 1, TURNS),
            "breakdown": [
                {
                    "seat": seat,
                    "colour": COLOURS[seat],
                    "start": START_GOLD,
                    "deliveries": self.delivered[seat],
                    "cantina_bonuses": self.bonuses[seat],
                    "market": self.sales[seat],
                    "smuggler_fees": -self.fees[seat],
                    "mountie_penalties": -self.fines[seat],
                    "total": self.gold[seat],
                }
                for seat in range(self.players)
            ],
            # a tie for the most gold goes to the gem holder or the nearest clockwise from it
            "tie_break": {"tied": tied, "gem": self.gem} if len(tied) > 1 else None,
        }

    def _action_info(self, label: str) -> dict[str, Any]:
        info = catalog.ACTION_INFO.get(label) if isinstance(label, str) else None
        if info is None:  # not a label of the game: action_info refuses it (bad_input)
            raise KeyError(label)
        return info

    def _why_not(self, view: dict[str, Any], label: str, seat: int) -> Why | None:
        return why.why_not(view, label, seat)

    def _deciding(self, view: dict[str, Any]) -> Why | None:
        return why.deciding(view)

    def _seat_word(self, seat: int) -> dict[str, str]:
        return why.colour_word(COLOURS[seat])

    @classmethod
    def catalog_data(cls) -> dict[str, Any]:
        return catalog.catalog()

    def _check_position(self) -> None:
        """Loading: what the fields mean together (every card and cube once, sorted face-down
        piles, the gold ledger, whose turn it is, the log's values); a ValueError names the
        field at fault."""
        saved.check_log(self)
        saved.check(self)

    def conserved(self) -> dict[str, int]:
        cubes = len(self.bag) + len(self.set_aside) + sum(map(len, self.warehouses))
        cubes += sum(self.slots)
        smugglers = len(self.smuggler_deck) + len(self.smuggler_out)
        smugglers += sum(map(len, self.hands)) + sum(map(len, self.cantinas))
        smugglers += sum(1 for card in self.chosen if card >= 0)
        mounties = len(self.mountie_pool) + len(self.mountie_out) + sum(map(len, self.posts))
        mounties += 1 if self.mountie_up >= 0 else 0
        cards = NPROV + sum(map(len, self.prov_unseen)) + sum(map(len, self.prov_under))
        return {
            "food cubes": cubes,
            "smugglers": smugglers,
            "mounties": mounties,
            "province cards": cards,
        }

    #: what conserved() must always equal
    TOTALS = {
        "food cubes": CUBES,
        "smugglers": SMUGGLERS,
        "mounties": MOUNTIES,
        "province cards": PROVINCE_CARDS,
    }


assert all(len(foods) == SLOTS for foods in CARD_FOODS)


# pure Python: the rules' functions are the methods themselves (see rules_as_methods)
rules_as_methods(
    NachoState,
    _setup=flow.setup,
    _legal_actions=flow.legal_actions,
    _apply=flow.apply,
    _view=seen.view,
    render=seen.render,
    _resample=seen.resample,
)
