# Everything runs in a local virtual environment that these targets create themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(STAMP)

play: $(STAMP)  ## a terminal game of Tony & Tino against the AI
	$(BIN)/contraband play tony-tino --seat human --seat greedy

test: $(STAMP)  ## the whole test suite, and ruff
	$(BIN)/ruff check contraband tests bench
	$(BIN)/ruff format --check contraband tests bench
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/speed.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
