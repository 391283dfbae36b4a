# Everything runs in a local virtual environment that these targets create themselves.
# `make play` installs contraband and what it needs to play and simulate; `make test` adds the
# test tools, Ray, the RL environments, OpenSpiel and the documentation tools (extras dev, ray,
# rl, openspiel and docs in pyproject.toml); `make bench` adds OpenSpiel as the speed
# yardstick. Both build the web table first.
# Each install is redone when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
DEV_STAMP := $(VENV)/.installed-dev

WEB := contraband/web
WEB_BUILT := contraband/server/static/index.html
WEB_SOURCES := $(WEB)/package.json $(WEB)/package-lock.json $(WEB)/vite.config.js $(WEB)/index.html $(shell find $(WEB)/src -type f)
PORT ?= 8000

.PHONY: install play terminal web test test-slow test-fast fast pure lint bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,rl,openspiel,docs]'
	touch $@ $(PLAY_STAMP)

install: $(PLAY_STAMP)  ## contraband and what playing and the lab need, without the test tools

$(WEB_BUILT): $(WEB_SOURCES)
	npm ci --prefix $(WEB) --no-audit --no-fund
	npm run build --prefix $(WEB)

web: $(WEB_BUILT)  ## the browser table, built with the machine's Node/npm from the lockfile

play: $(PLAY_STAMP) $(WEB_BUILT)  ## the web table on SQLite: open the address it prints
	$(BIN)/contraband serve --port $(PORT)

terminal: $(PLAY_STAMP)  ## a terminal game of Tony & Tino against the AI
	$(BIN)/contraband play tony-tino --seat human --seat greedy

test: $(DEV_STAMP) $(WEB_BUILT)  ## ruff and the main tier of the tests on the sources (the reference): about 15 minutes
	$(BIN)/ruff check contraband tests bench
	$(BIN)/ruff format --check contraband tests bench
	CONTRABAND_PURE=1 $(BIN)/python -m pytest -q -n 2 --dist loadgroup --no-loadscope-reorder -m "not slow"

test-slow: $(DEV_STAMP) $(WEB_BUILT)  ## the long tier (marked slow: whole browser games, crash and cluster tests, lesson audits); CI runs it after make test
	CONTRABAND_PURE=1 $(BIN)/python -m pytest -q -n 2 --dist loadgroup --no-loadscope-reorder -m slow

fast: $(PLAY_STAMP)  ## compile the hot paths with mypyc (optional: same games, faster; make pure undoes it)
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	CONTRABAND_PURE=1 $(BIN)/python -m contraband.fast build

pure:  ## remove the compiled build: the sources run again
	CONTRABAND_PURE=1 $(BIN)/python -m contraband.fast clean

test-fast: $(DEV_STAMP) fast  ## the games', contract and build tests against the compiled build
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup --no-loadscope-reorder tests/compiled tests/contract tests/games

lint: $(DEV_STAMP)
	$(BIN)/ruff check contraband tests bench
	$(BIN)/ruff format --check contraband tests bench

bench: fast  ## speed figures against OpenSpiel's tic-tac-toe (the extra 'bench'), compiled
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/speed.py

docs: $(DEV_STAMP)  ## the documentation site into site/ (warnings are errors)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
