"""How long each game's rules page is (and its design notes page), in pixels, as a browser lays
it out: Debian's Chromium through Playwright, at 1280x800 unless told otherwise.

    python bench/rules_heights.py --url http://127.0.0.1:8000
    python bench/rules_heights.py --url http://127.0.0.1:8000 --width 390 --height 844

The server at ``--url`` must be running (``contraband serve --port 8000``). Prints one row per
game and language: the page's scroll height for /rules/<game> and /rules/<game>/design (``-``
where that page is missing or shows no design notes). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse

from playwright.sync_api import sync_playwright

import contraband

CHROMIUM = "/usr/bin/chromium"


def height(page, address: str, lang: str, design: bool) -> str:
    response = page.goto(address)
    if response is None or not response.ok:
        return "-"
    page.get_by_test_id("rules-body").wait_for()
    if design and not page.locator("[data-part='design']").count():
        return "-"
    page.wait_for_timeout(300)  # the drawings lay out after the catalog arrives
    return str(page.evaluate("() => document.documentElement.scrollHeight"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox"]
        )
        print(f"{'game':16} lang {'rules px':>9} {'design px':>9}")
        for game in contraband.game_ids():
            for lang in ("en", "nl"):
                context = browser.new_context(viewport={"width": args.width, "height": args.height})
                context.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
                page = context.new_page()
                rules = height(page, f"{args.url}/rules/{game}", lang, False)
                design = height(page, f"{args.url}/rules/{game}/design", lang, True)
                print(f"{game:16} {lang:4} {rules:>9} {design:>9}")
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
