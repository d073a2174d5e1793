# The two commands of the README: `make run` (set up, then run the bot) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test lint bench docs clean

run: $(STAMP)
	$(BIN)/gobot run

test: $(STAMP)
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy club engine service storage renderer bot records gtp
	$(BIN)/lint-imports
	$(BIN)/hadolint Dockerfile

bench: $(STAMP)
	$(BIN)/python bench/bench_replay.py
	$(BIN)/python bench/bench_estimate.py
	$(BIN)/python bench/bench_render.py
	$(BIN)/python bench/bench_service.py
	$(BIN)/python bench/bench_processes.py
	$(BIN)/python bench/bench_telegram.py
	$(BIN)/python bench/bench_discord.py
	$(BIN)/python bench/bench_ratings.py
	$(BIN)/python bench/bench_leagues.py
	$(BIN)/python bench/bench_rated_games.py

docs: $(STAMP)
	$(BIN)/python scripts/render_docs.py

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache *.egg-info
