""" "Why not?": a refused choice explained to one seat, in the game's words, with its rule.

``State.explain(label, seat, lang)`` answers a click on something a seat may not choose. The
engine settles the cases every game shares (the game is over, a spectator, not your turn, a
label that is legal after all); the game explains the rest from ``view(seat)`` alone
(``State._why_not``), so an explanation can only use what the asking seat may see: it is built
from the same data the table shows that seat, never from the hidden truth.

A game's sentences live in its ``why.toml``: one table per key with ``en`` and ``nl`` texts,
``{name}`` fields filled from the explanation's params. The rules section an explanation links to
is the game's own choice, or else the section its ``rules.toml`` gives for the action's kind.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar

LANGUAGES = ("en", "nl")
#: the longest label an explanation is asked about (longer input is refused, not read)
LABEL_LIMIT = 200

#: the sentences every game shares
COMMON: dict[str, dict[str, str]] = {
    "legal": {
        "en": "You can do that now: it is one of your choices.",
        "nl": "Dat kan nu: het is een van je keuzes.",
    },
    "game_over": {
        "en": "The game is over, so nobody chooses any more.",
        "nl": "Het spel is afgelopen, dus niemand kiest nog iets.",
    },
    "spectator": {
        "en": "You are watching this game; only its players choose.",
        "nl": "Je kijkt naar dit spel; alleen de spelers kiezen.",
    },
    "not_your_turn": {
        "en": "Not your turn: {mover} is {doing}.",
        "nl": "Je bent niet aan de beurt: {mover} is {doing}.",
    },
    "not_your_turn_plain": {
        "en": "Not your turn: it is {mover}'s decision.",
        "nl": "Je bent niet aan de beurt: {mover} beslist nu.",
    },
    "not_now": {
        "en": "That is not one of your choices at this moment.",
        "nl": "Dat is op dit moment niet een van je keuzes.",
    },
    "bad_input": {
        "en": "That is not a choice this game knows.",
        "nl": "Dat is geen keuze die dit spel kent.",
    },
}


@dataclass(frozen=True)
class Why:
    """A game's explanation: a key of its ``why.toml``, the fields its text needs, and the
    rules section it links to (None: the section of the action's kind)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None


def load_texts(path: Path | Traversable) -> dict[str, dict[str, str]]:
    """A game's ``why.toml``: every key needs an English and a Dutch text."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    for key, texts in data.items():
        written = isinstance(texts, dict) and all(isinstance(texts.get(n), str) for n in LANGUAGES)
        if not written:
            raise ValueError(f"{path.name}: [{key}] needs an 'en' and an 'nl' text")
    return data


def load_rule_kinds(path: Path | Traversable) -> dict[str, str]:
    """The ``[kinds]`` table of a game's ``rules.toml``: action kind -> rules section id."""
    with path.open("rb") as handle:
        return dict(tomllib.load(handle).get("kinds", {}))


def check_lang(lang: Any) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}"[:120])
    return lang


def sentence(texts: Mapping[str, Mapping[str, str]], why: Why, lang: str) -> str:
    """The text of ``why`` in ``lang``, its fields filled in."""
    table = texts.get(why.key) or COMMON.get(why.key)
    if table is None:
        raise KeyError(f"no text for explanation {why.key!r}")
    return table[lang].format(**{name: _word(value, lang) for name, value in why.params.items()})


def _word(value: Any, lang: str) -> str:
    """A parameter as text: a ``{"en": .., "nl": ..}`` pair picks the language."""
    if isinstance(value, Mapping):
        return str(value.get(lang, value.get("en", "")))
    if isinstance(value, (list, tuple)):
        words = [_word(item, lang) for item in value]
        joiner = " and " if lang == "en" else " en "
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + joiner + words[-1]
    return str(value)


def explanation(
    label: str, legal: bool, reason: str, text: str, rule: str | None, why: Why
) -> dict[str, Any]:
    """The JSON-able answer of ``State.explain``."""
    return {
        "label": label,
        "legal": legal,
        "reason": reason,
        "text": text,
        "rule": rule,
        "key": why.key,
        "params": {name: _word(value, "en") for name, value in why.params.items()},
    }


def explain(state: Any, label: Any, seat: Any, lang: str = "en") -> dict[str, Any]:
    """``State.explain``: why ``seat`` (None: a spectator) may or may not choose ``label`` now.

    Never raises for a refused choice: it answers. Bad arguments (a seat that is not one, a
    language we do not write) raise ValueError naming them.
    """
    lang = check_lang(lang)
    if seat is not None:
        state._check_seat(seat, allow_spectator=False)
    texts = state.WHY_TEXTS
    if not isinstance(label, str) or not label or len(label) > LABEL_LIMIT:
        why = Why("bad_input")
        return explanation("", False, "bad_input", sentence(texts, why, lang), None, why)
    rule = _kind_rule(state, label)
    mover = state.current_player
    if state.is_terminal() or mover is None:
        reason, why = "game_over", Why("game_over", rule="game-end")
    elif seat is None:
        reason, why = "spectator", Why("spectator")
    elif seat != mover:
        view = state.view(seat)
        doing = state._deciding(view)
        if doing is None:
            why = Why("not_your_turn_plain", {"mover": state._seat_word(mover)})
        else:
            why = Why(
                "not_your_turn",
                {"mover": state._seat_word(mover), "doing": sentence(texts, doing, lang)},
                doing.rule,
            )
        reason = "not_your_turn"
    elif any(action.label == label for action in state.legal_actions(seat)):
        reason, why = "legal", Why("legal")
    else:
        reason = "not_legal"
        why = state._why_not(state.view(seat), label, seat) or Why("not_now")
    rule = why.rule or rule  # the game's section, else the one of the action's kind
    return explanation(label, reason == "legal", reason, sentence(texts, why, lang), rule, why)


def _kind_rule(state: Any, label: str) -> str | None:
    """The rules section of ``label``'s kind of action (None when the game does not say)."""
    try:
        kind = state._action_info(label).get("kind")
    except (LookupError, TypeError, AttributeError, ValueError):
        kind = label.split(" ", 1)[0]
    return state.RULE_KINDS.get(kind)


class Explained:
    """The "why not?" part of the State contract (``State`` inherits it): the engine's call, and
    the hooks and texts a game fills in."""

    #: "why not?" sentences (a game's why.toml) and the rules section of each action kind
    WHY_TEXTS: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    RULE_KINDS: ClassVar[Mapping[str, str]] = {}

    def explain(self, label: Any, seat: Any, lang: str = "en") -> dict[str, Any]:
        """Why ``seat`` may or may not choose ``label`` now, in ``lang`` ("en" or "nl"), with the
        rules section it links to; told from ``view(seat)`` only (see ``core.explain``)."""
        return explain(self, label, seat, lang)

    def _why_not(self, view: dict[str, Any], label: str, seat: int) -> Why | None:
        """The game's reason the mover may not choose ``label`` (None: the shared "not now").
        ``view`` is the mover's own: an explanation must not use anything else."""
        return None

    def _seat_word(self, seat: int) -> str | dict[str, str]:
        """A seat's name in explanations: a text, or ``{"en": .., "nl": ..}``."""
        return self.seat_names()[seat]  # type: ignore[attr-defined]

    def _deciding(self, view: dict[str, Any]) -> Why | None:
        """What the mover is deciding, as another seat may know it ("choosing a card")."""
        return None
