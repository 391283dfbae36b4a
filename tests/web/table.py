"""Driving a table page the way a person does: click the highlighted things until the end."""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field

import httpx

#: what a player can click on the table (not the "All choices" fallback list)
TARGETS = "#board [data-action], #board [data-select], .status-buttons [data-action]"
READY = """() => {
  if (document.querySelector('[data-testid=end-screen]')) return 'over';
  const bar = document.querySelector('.status-bar.mine');
  const page = document.querySelector('.table-page');
  if (!bar || page.dataset.busy === 'true' || page.dataset.checked !== page.dataset.version) {
    return false;
  }
  if (document.querySelector('[data-testid=action-menu]')) return 'menu';
  const found = document.querySelector(`TARGETS`);
  if (found) return 'mine';
  const list = document.querySelectorAll('[data-testid=choice-list] [data-action]');
  return list.length ? 'fallback' : false;
}""".replace("TARGETS", TARGETS)


CANDIDATES = """() => [...document.querySelectorAll(`TARGETS`)].map((e, index) => ({
  index, action: e.dataset.action || null, uncovered: e.classList.contains('uncovered')}))
""".replace("TARGETS", TARGETS)


@dataclass
class Played:
    clicks: int = 0
    table_clicks: int = 0
    fallback_clicks: int = 0
    fallback_labels: list[str] = field(default_factory=list)
    menus: int = 0
    uncovered: list[str] = field(default_factory=list)
    selections: int = 0
    labels: list[str] = field(default_factory=list)


def create_from_lobby(
    page,
    base: str,
    game: str,
    seats: list[str],
    players: int | None = None,
    options: dict | None = None,
    seed: int | None = None,
) -> dict:
    """Create a game in the lobby by clicking; the links it shows, by seat."""
    page.goto(f"{base}/")
    page.get_by_test_id(f"pick-{game}").click()
    if players is not None:
        page.get_by_test_id("players").select_option(str(players))
    for name, value in (options or {}).items():
        box = page.get_by_test_id(f"option-{name}")
        if isinstance(value, bool):
            box.set_checked(value)
        elif box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(str(value))
        else:
            box.fill(str(value))
    for seat, spec in enumerate(seats):
        page.get_by_test_id(f"seat-{seat}").select_option(spec)
    if seed is not None:
        page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for()
    links = {}
    for seat, spec in enumerate(seats):
        if spec == "human":
            links[seat] = page.get_by_test_id(f"seat-link-{seat}").input_value()
    links["spectator"] = page.get_by_test_id("spectator-link").input_value()
    links["host"] = page.get_by_test_id("host-link").input_value()
    return links


def version(page) -> int:
    return int(page.locator(".table-page").get_attribute("data-version"))


def step(
    page, rng: random.Random, played: Played, avoid: re.Pattern | None = None, timeout: float = 60.0
) -> str:
    """Wait until this seat decides (or the game is over) and make one decision by clicking."""
    state = page.wait_for_function(READY, timeout=timeout * 1000).json_value()
    if state == "over":
        return "over"
    if state == "menu":
        items = page.locator("[data-testid=action-menu] [data-action]")
        _click(page, items.nth(rng.randrange(items.count())), played)
        return "acted"
    before = version(page)
    if state == "fallback":
        items = page.locator("[data-testid=choice-list] [data-action]")
        page.locator("[data-testid=choice-list] summary").click()
        played.fallback_clicks += 1
        chosen = items.nth(rng.randrange(items.count()))
        played.fallback_labels.append(
            f"{chosen.get_attribute('data-action')} (all: "
            f"{[items.nth(i).get_attribute('data-action') for i in range(items.count())]})"
        )
        _click(page, chosen, played)
    else:
        found = page.evaluate(CANDIDATES)
        options = [c for c in found if not (avoid and c["action"] and avoid.search(c["action"]))]
        choice = rng.choice(options or found)
        label = choice["action"]
        target = page.locator(TARGETS).nth(choice["index"])
        played.table_clicks += 1
        if choice["uncovered"]:
            played.uncovered.append(label)
        if label is None:
            target.click()
            if page.locator("[data-testid=action-menu]").count():
                played.menus += 1
                items = page.locator("[data-testid=action-menu] [data-action]")
                labels = items.evaluate_all("items => items.map(i => i.dataset.action)")
                keep = [i for i, lab in enumerate(labels) if not (avoid and avoid.search(lab))]
                _click(page, items.nth(rng.choice(keep or list(range(len(labels))))), played)
            else:
                played.selections += 1
                return "selected"
        else:
            played.clicks += 1
            played.labels.append(label)
            target.click()
    _wait_moved(page, before)
    return "acted"


def _click(page, locator, played: Played) -> None:
    label = locator.get_attribute("data-action")
    played.clicks += 1
    played.labels.append(label)
    locator.click()


def _wait_moved(page, before: int, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator("[data-testid=end-screen]").count():
            return
        if version(page) != before:
            return
        message = page.locator("[data-testid=message].error")
        if message.count():
            raise AssertionError(message.inner_text())
        time.sleep(0.02)
    raise AssertionError(f"the game did not move on from version {before}")


def play_to_end(
    page, rng: random.Random, avoid: re.Pattern | None = None, limit: int = 3000
) -> Played:
    played = Played()
    for _ in range(limit):
        if step(page, rng, played, avoid) == "over":
            return played
    raise AssertionError(f"not over after {limit} decisions")


def shot(page, path, full_page: bool = True) -> None:
    """A screenshot of the whole page (the sticky status bar drawn once, at the top); the page
    keeps its pinned bars afterwards."""
    tag = page.add_style_tag(content=".status-bar, .side { position: static !important; }")
    page.screenshot(path=path, full_page=full_page)
    tag.evaluate("el => el.remove()")


def api_create(server, body: dict) -> dict:
    """A table made through the API (the lobby's own clicks are tested elsewhere): its answer,
    after checking it was made."""
    answer = httpx.post(f"{server.url}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()
