# Everything runs in a local virtual environment that these targets create themselves.
# `make play` installs contraband and what it needs to play and simulate; `make test` adds the
# test tools, Ray and the game server's packages (extras dev, ray and server in pyproject.toml).
# Each install is redone when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: install play test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,server]'
	touch $@ $(PLAY_STAMP)

install: $(PLAY_STAMP)  ## contraband and what playing and the lab need, without the test tools

play: $(PLAY_STAMP)  ## a terminal game of Tony & Tino against the AI
	$(BIN)/contraband play tony-tino --seat human --seat greedy

test: $(DEV_STAMP)  ## the whole test suite, and ruff
	$(BIN)/ruff check contraband tests bench
	$(BIN)/ruff format --check contraband tests bench
	$(BIN)/python -m pytest -q

lint: $(DEV_STAMP)
	$(BIN)/ruff check contraband tests bench
	$(BIN)/ruff format --check contraband tests bench

bench: $(PLAY_STAMP)
	$(BIN)/python bench/speed.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
