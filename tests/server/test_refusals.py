"""A refusal names itself (``code``, with its parameters) so the web table can word it in the
player's language: every code the server can send has English and Dutch words on the page, and
every worded code is one the server sends; real refusals carry their code, and their
parameters say nothing the message does not."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from fastapi.testclient import TestClient

from contraband.server.policy import Policy
from tests.server.conftest import auth

SERVER = Path(__file__).parents[2] / "contraband" / "server"
WORDS = Path(__file__).parents[2] / "contraband" / "web" / "src" / "refusals.js"
#: the codes built from a value (an f-string), by the values that value takes
BUILT = {
    "table_{status}": {"table_abandoned", "table_expired"},
    "seat_here_{live.row.mode}": {"seat_here_live", "seat_here_turn"},
    # the engine's reasons (contraband.core.action.IllegalAction)
    "move_{error.reason}": {
        f"move_{reason}"
        for reason in ("game_over", "not_your_turn", "not_legal", "bad_input", "cannot_undo")
    },
}
#: where the code sits among a call's positional arguments
POSITION = {"Refused": 2, "BadName": 1}


def server_codes() -> set[str]:
    codes: set[str] = set()
    for path in SERVER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            at = POSITION.get(node.func.id)
            if at is None or len(node.args) <= at:
                continue
            code = node.args[at]
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                codes.add(code.value)
            elif isinstance(code, ast.JoinedStr):
                codes |= BUILT[ast.unparse(code)[2:-1]]
    return codes


def worded_codes() -> dict[str, set[str]]:
    text = WORDS.read_text(encoding="utf-8")
    english, dutch = text.split("\n  nl: {\n")
    pattern = re.compile(r'^\s+"refused\.([a-z_]+)":', re.MULTILINE)
    return {"en": set(pattern.findall(english)), "nl": set(pattern.findall(dutch))}


def test_every_code_the_server_sends_has_words_in_both_languages():
    codes = server_codes()
    assert len(codes) >= 40  # the scan found the refusals (not an empty set matching nothing)
    words = worded_codes()
    assert words["en"] == words["nl"]
    assert codes - words["en"] == set(), "codes the page cannot word"
    assert words["en"] - codes == set(), "words for codes the server never sends"


def test_real_refusals_carry_their_code_and_no_more_than_the_message(make):
    server = make(Policy(create_burst=10_000))
    body = {"game": "tony-tino", "seats": ["human", "open"], "public": True, "mode": "turn",
            "names": ["Anna"]}  # fmt: skip
    made = server.post("/api/games", json=body).json()
    host = made["seats"][0]["token"]
    url = f"/api/games/{made['id']}"
    refusals = []
    too_soon = server.post(f"{url}/actions", json={"label": "x", "version": 0}, headers=auth(host))
    refusals.append((too_soon, "table_waits", {}))
    again = server.post(f"{url}/join", json={}, headers=auth(host))
    refusals.append((again, "seat_held", {"seat": 0}))
    stranger = TestClient(server.app, client=("198.51.100.7", 4000))
    clash = stranger.post(f"{url}/join", json={"name": " ANNA "})
    refusals.append((clash, "name_taken", {"name": "ANNA"}))
    long = stranger.post(f"{url}/join", json={"name": "x" * 30})
    refusals.append((long, "name_length", {"most": 24}))
    bert = stranger.post(f"{url}/join", json={"name": "Bert"})
    assert bert.status_code == 200
    late = TestClient(server.app, client=("198.51.100.8", 4000))
    full = late.post(f"{url}/join", json={"name": "Cor"})
    refusals.append((full, "not_looking", {}))  # it began: it no longer looks for players
    stranger_token = "x" * 43
    unknown = late.get(url, headers=auth(stranger_token))
    refusals.append((unknown, "unknown_token", {}))
    # a move the engine refuses names the engine's reason
    tokens = [host, bert.json()["token"]]
    table = server.get(url, headers=auth(host)).json()
    mover, other = table["to_move"], 1 - table["to_move"]
    move = {"label": "nonsense", "version": table["version"]}
    wrong = server.post(f"{url}/actions", json=move, headers=auth(tokens[mover]))
    assert (wrong.status_code, wrong.json()["code"]) == (422, "move_not_legal")
    early = server.post(f"{url}/actions", json=move, headers=auth(tokens[other]))
    assert (early.status_code, early.json()["code"]) == (422, "move_not_your_turn")
    for answer, code, params in refusals:
        detail = answer.json()
        assert answer.status_code >= 400 and detail["code"] == code, detail
        extra = {k: v for k, v in detail.items() if k not in ("error", "code")}
        assert extra == params, detail
        for value in params.values():  # a parameter repeats what the message says
            assert str(value) in detail["error"], detail
