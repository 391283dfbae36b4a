"""Agents and the registry of agent specs.

A spec is text: ``name`` or ``name:key=value,key=value`` (``random``, ``greedy:seed=3``,
``ismcts:iterations=2000``). ``from_spec`` builds the agent; every agent accepts ``seed``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from contraband.agents.base import LEVEL_NAMES, Agent, check_turn
from contraband.agents.greedy import GreedyAgent
from contraband.agents.ismcts import ISMCTSAgent
from contraband.agents.random_agent import RandomAgent
from contraband.agents.rules import RulesAgent


@dataclass(frozen=True)
class AgentSpec:
    name: str
    factory: Callable[..., Any]
    params: dict[str, type] = field(default_factory=dict)
    help: str = ""


REGISTRY: dict[str, AgentSpec] = {}


def register(
    name: str, factory: Callable[..., Any], params: dict[str, type], help: str = ""
) -> None:
    params = {"seed": int, **params}
    REGISTRY[name] = AgentSpec(name, factory, params, help)


register("random", RandomAgent, {}, "uniformly random legal actions")
register(
    "greedy",
    GreedyAgent,
    {"slip": float, "among": int, "level": str},
    "the game's evaluation, one own move ahead",
)
register(
    "ismcts",
    ISMCTSAgent,
    {
        "iterations": int,
        "seconds": float,
        "rollout": str,
        "cutoff": int,
        "c": float,
        "widen": float,
        "prior": int,
        "reuse": bool,
        "multi": bool,
        "plan": bool,
        "early": bool,
        "slip": float,
        "among": int,
        "level": str,
    },
    "information-set Monte Carlo tree search (about 1 s per decision by default)",
)
register(
    "rules",
    RulesAgent,
    {},
    "the game's rule-based player: plain rules from the rulebook, no search",
)


#: named strength levels: each is an agent spec; extra parameters (``hard:seed=3``) are added
LEVELS: dict[str, tuple[str, str]] = {
    "easy": (
        "greedy:level=easy",
        "plays the move that looks best right now, but about one time in four one of its "
        "three best",
    ),
    "medium": (
        "ismcts:iterations=300,plan=false,level=medium",
        "searches a little ahead, every decision (about 0.1 s a decision); where that "
        "already plays nearly as well as hard, it now and then takes one of its few best moves",
    ),
    "hard": (
        "ismcts",
        "follows the game's planner where it has one and searches deeply where it has not "
        "(at most about 1 s a decision)",
    ),
}


_KINDS = {int: "an integer", float: "a finite number", bool: "true or false", str: "text"}


def _convert(name: str, key: str, kind: type, text: str) -> Any:
    try:
        if kind is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        value = kind(text)
        if kind is float and not math.isfinite(value):
            raise ValueError
        return value
    except ValueError:
        raise ValueError(
            f"agent {name!r}: parameter {key!r} must be {_KINDS[kind]}, got {text[:40]!r}"
        ) from None


def parse_spec(text: str) -> tuple[str, dict[str, Any]]:
    """``'ismcts:iterations=200,seed=3'`` -> ``('ismcts', {'iterations': 200, 'seed': 3})``."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"an agent spec is text such as 'random' or 'greedy:seed=3', got {text!r}")
    name, _, rest = text.strip().partition(":")
    name = name.strip()
    if name in LEVELS:
        base, _, preset = LEVELS[name][0].partition(":")
        name, rest = base, ",".join(part for part in (preset, rest) if part)
    if name not in REGISTRY:
        known = ", ".join([*sorted(REGISTRY), *LEVELS])
        raise ValueError(f"unknown agent {name[:40]!r}; agents are: {known}")
    spec = REGISTRY[name]
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq:
            raise ValueError(f"agent {name!r}: parameter {part!r} must be written key=value")
        if key not in spec.params:
            allowed = ", ".join(sorted(spec.params))
            raise ValueError(f"agent {name!r} has no parameter {key!r}; parameters are: {allowed}")
        params[key] = _convert(name, key, spec.params[key], value.strip())
    return name, params


def from_spec(text: str, **overrides: Any) -> Any:
    """Build an agent from its spec; keyword overrides (e.g. a derived ``seed``) win."""
    name, params = parse_spec(text)
    params.update(overrides)
    agent = REGISTRY[name].factory(**params)
    agent.spec = text.strip()
    return agent


def names() -> list[str]:
    return sorted(REGISTRY)


def catalog() -> list[dict[str, str]]:
    """Every spec a person may pick: the strength levels first, then the agents themselves."""
    levels = [
        {"spec": level, "kind": "level", "help": help, "agent": spec}
        for level, (spec, help) in LEVELS.items()
    ]
    agents = [
        {"spec": name, "kind": "agent", "help": spec.help, "agent": name}
        for name, spec in sorted(REGISTRY.items())
    ]
    return levels + agents


__all__ = [
    "Agent",
    "AgentSpec",
    "GreedyAgent",
    "ISMCTSAgent",
    "LEVELS",
    "LEVEL_NAMES",
    "RandomAgent",
    "RulesAgent",
    "REGISTRY",
    "catalog",
    "check_turn",
    "from_spec",
    "names",
    "parse_spec",
    "register",
]
