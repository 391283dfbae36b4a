"""The hardening round's attacks (issue 42) against a running server, as a hostile client would
make them: over https through the proxy, from several source addresses.

    python bench/attacks.py --url https://localhost:PORT [--verify ROOT.crt]
                            [--upstream http://127.0.0.1:PORT ...] [--only abc]

Prints one line per attack, ``held`` or ``FAILED``, with what it saw:

(a) a creator's seed on a one-human table, then the host hands the bot's seat to a person: 409
(b) a seat's live sockets (one pinned to each process where the proxy routes on the cookie
    ``upstream=first|second``, as bench/deployed.py's Caddy does) kept open while the seat
    hands itself to a bot and the host hands it to a new person: each old socket is closed with
    4403 and hears nothing after the hand-back; the old link is refused, the new one works
(c) reviews: bot games played to their end, reviews asked from one address beyond the bounds
    (429), then one from another address: queued with ``ahead`` at most 1
(d) the rules page fetched 200 times: the same bytes and ETag every time, 304 on If-None-Match
(e) spectators of a public game fill its cap from two addresses; the seat's own socket, from
    both addresses, still connects
(f) hints: two humans with hints refused at creation (422); a hand-back that makes two humans
    switches them off for good
(g) ``/seats/1.0/bot`` refused (422); a 405 lists ``Allow``; no ``server`` header from the game
    server (checked at each --upstream directly; through a proxy, the proxy's own is named)
(h) the game-creation burst of one address spent; a forged X-Forwarded-For (or Forwarded,
    X-Real-IP) through the proxy buys no more
(i) a live connection that never answers the server's pings is closed within 10 s (raw TLS
    sockets: one reads without ever answering a ping, one never reads at all)

Source addresses are 127.0.0.x (on Linux all of 127.0.0.0/8 is this machine), so the server
must see each client's own address: behind a proxy, ``--proxy-headers``. The server's settings
the attacks assume: its defaults for the limits (they are measured, not assumed: the figures
say how many were let in before the refusals), with bots quick enough that a bot-only game ends
within --games-within seconds (bench/deployed.py: ``--bot-pace 0.1``) and reviews short
enough to end within --reviews-within (bench/deployed.py: ``CONTRABAND_BOT_SECONDS=0.25``);
a raised ``CONTRABAND_CREATE_BURST`` (over --most-creations a process) fails (h), a raised
``CONTRABAND_SOCKETS_PER_ADDRESS`` leaves the second address of (e) no room (still held: the
cap is full), and ``CONTRABAND_TRUSTED_SEEDS`` fails (a). Exit code 1 when any attack failed.
"""

import argparse
import asyncio
import sys
import time
from collections.abc import Awaitable, Callable

from attack_floods import reviews, rules_page, spectators
from attack_kit import Failed, Target
from attack_seats import chosen_seed, forged_address, handed_back, hints
from attack_wire import paths_and_headers, silent_client

ATTACKS: dict[str, tuple[str, Callable[[Target], Awaitable[str]]]] = {
    "a": ("a chosen seed, then a person at the table", chosen_seed),
    "b": ("a revoked seat's open live sockets", handed_back),
    "c": ("reviews from one address, then another's", reviews),
    "d": ("the rules page 200 times", rules_page),
    "e": ("spectators filling a public game", spectators),
    "f": ("hints between two humans", hints),
    "g": ("lax numbers in paths, 405, server header", paths_and_headers),
    "h": ("a forged X-Forwarded-For", forged_address),
    "i": ("a client that never answers pings", silent_client),
}


async def run(t: Target, only: str) -> int:
    failed = 0
    for letter, (name, attack) in ATTACKS.items():
        if letter not in only:
            continue
        started = time.monotonic()
        try:
            figures = await attack(t)
            verdict = "held"
        except Failed as error:
            figures, verdict = str(error), "FAILED"
        except Exception as error:  # the attack itself broke: say so, go on with the next
            figures, verdict = f"{type(error).__name__}: {error}"[:300], "FAILED"
        failed += verdict == "FAILED"
        took = time.monotonic() - started
        print(f"({letter}) {name}: {verdict} [{took:.1f} s] {figures}", flush=True)
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", required=True, help="the server (or its proxy), https or http")
    parser.add_argument("--verify", default=None, help="the root certificate to trust (https)")
    parser.add_argument(
        "--upstream", action="append", default=[], help="a server process behind the proxy"
    )
    parser.add_argument("--only", default="".join(ATTACKS), help="the attacks to run: abc...")
    parser.add_argument("--games-within", type=float, default=120.0)
    parser.add_argument("--reviews-within", type=float, default=180.0)
    parser.add_argument("--most-creations", type=int, default=120, help="per process, for (h)")
    args = parser.parse_args()
    target = Target(
        args.url,
        args.verify,
        args.upstream,
        args.games_within,
        args.reviews_within,
        args.most_creations,
    )
    sys.exit(1 if asyncio.run(run(target, args.only)) else 0)


if __name__ == "__main__":
    main()
