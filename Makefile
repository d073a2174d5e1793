# The two commands of the README: `make run` (set up, then run the bot) and `make test`.
# `make run` installs only what the bot needs; `make test` and `make lint` add the dev tools.
# Both install the exact versions of constraints.txt (`make constraints` refreshes it).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CKSUM := $(shell cksum pyproject.toml | cut -d' ' -f1)
RUN_STAMP := $(VENV)/.installed-run-$(CKSUM)
STAMP := $(VENV)/.installed-$(CKSUM)

LOCALES := service/locale
POS := $(wildcard $(LOCALES)/*/LC_MESSAGES/gobot.po)
MOS := $(POS:.po=.mo)
TRANSLATED := $(filter-out en,$(patsubst $(LOCALES)/%/LC_MESSAGES/gobot.po,%,$(POS)))

.PHONY: run test lint bench docs clean messages constraints

run: $(RUN_STAMP) $(MOS)
	$(BIN)/gobot run

test: $(STAMP) $(MOS)
	$(BIN)/pytest

# The compiled catalogues (never in git): rebuilt whenever a translation changes.
$(LOCALES)/%/LC_MESSAGES/gobot.mo: $(LOCALES)/%/LC_MESSAGES/gobot.po $(RUN_STAMP)
	$(BIN)/pybabel compile --domain gobot --input-file $< --output-file $@

# After changing an English text: extract the template and merge it into every language's .po
# (new texts come untranslated, changed ones fuzzy; tests/service/test_catalogues.py tells).
# English is the source: its .po only lists the entries (no guessed "fuzzy" texts).
messages: $(RUN_STAMP)
	$(BIN)/pybabel extract --mapping-file babel.cfg --no-location --project gobot \
		--version 0.1.0 --copyright-holder "the gobot authors" \
		--msgid-bugs-address "the project's issues" --output-file $(LOCALES)/gobot.pot .
	for code in $(TRANSLATED); do \
		$(BIN)/pybabel update --input-file $(LOCALES)/gobot.pot --output-dir $(LOCALES) \
			--domain gobot --ignore-pot-creation-date --ignore-obsolete --locale $$code || exit 1; \
	done
	$(BIN)/pybabel update --input-file $(LOCALES)/gobot.pot --output-dir $(LOCALES) \
		--domain gobot --ignore-pot-creation-date --ignore-obsolete --locale en \
		--no-fuzzy-matching

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy club engine service storage renderer bot records gtp
	$(BIN)/lint-imports
	$(BIN)/hadolint Dockerfile

bench: $(STAMP)
	$(BIN)/python bench/bench_replay.py
	$(BIN)/python bench/bench_cli.py
	$(BIN)/python bench/bench_learning.py
	$(BIN)/python bench/bench_estimate.py
	$(BIN)/python bench/bench_proposals.py
	$(BIN)/python bench/bench_render.py
	$(BIN)/python bench/bench_service.py
	$(BIN)/python bench/bench_flood.py
	$(BIN)/python bench/bench_processes.py
	$(BIN)/python bench/bench_telegram.py
	$(BIN)/python bench/bench_discord.py
	$(BIN)/python bench/bench_ratings.py
	$(BIN)/python bench/bench_leagues.py
	$(BIN)/python bench/bench_rated_games.py
	$(BIN)/python bench/bench_languages.py

docs: $(STAMP)
	$(BIN)/python scripts/render_docs.py
	$(BIN)/python scripts/commands_doc.py
	$(BIN)/python scripts/web_screenshot.py

# The bot and its runtime dependencies only (what `make run` needs).
$(RUN_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e .
	rm -f $(VENV)/.installed-run-*
	touch $(RUN_STAMP)

# ... and the test and lint tools (what `make test` and `make lint` need).
$(STAMP): $(RUN_STAMP)
	$(BIN)/pip install --quiet -c constraints.txt -e '.[dev]'
	rm -f $(filter-out $(VENV)/.installed-run-%,$(wildcard $(VENV)/.installed-*))
	touch $(STAMP)

# After changing a version range in pyproject.toml (or to take newer releases on purpose):
# resolve every dependency again in a clean venv and pin the result; commit both files.
constraints:
	PYTHON=$(PYTHON) scripts/lock.sh

clean:
	rm -f $(MOS)
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache *.egg-info
