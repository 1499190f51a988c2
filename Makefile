# Entry points for a fresh machine with Python 3.11+ and make:
#   make game    set up .venv and generate a whole example game into output/
#   make check   the fast lane while you work: ruff, mypy and the fast tests (at most 90 s on
#                a 2-core machine)
#   make test    everything, as CI runs it: ruff, every test (end-to-end, browser, packaging,
#                slow), and the fast tests again against the lowest dependency versions allowed
#                (at most 8 minutes on a 2-core machine)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SEED_FILE ?= seeds/example.yaml
# The tests left out of the fast lane (markers in pyproject.toml).
FAST := not e2e and not browser and not packaging and not slow
# One test process per core: every test has its own scratch folders and its own cache
# (tests/conftest.py), so they run side by side.
PARALLEL := -n auto
MIN_VENV := .venv-minimum

.PHONY: game check test test-minimum types lint bench clean

STAMP := $(VENV)/.installed

# Reinstall when the project's dependencies change.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,accel]'
	# Bytecode compiled once, as an installed package has it: a run then loads it instead
	# of compiling every module again (an environment may forbid writing it at run time).
	$(BIN)/python -m compileall -q generator
	touch $@

game: $(STAMP)
	$(BIN)/sheetgen game --game $(SEED_FILE)

check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MAKE) types
	$(BIN)/python -m pytest $(PARALLEL) -m "$(FAST)"

test: $(STAMP)
	bash .ci/ensure-chromium
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MAKE) types
	$(BIN)/python -m pytest $(PARALLEL)
	$(MAKE) test-minimum

# mypy over generator/ ([tool.mypy] in pyproject.toml): a call into a game's interface with
# the wrong arguments, or a function without types, fails here before any test runs.
types: $(STAMP)
	$(BIN)/mypy

# The fast tests with every dependency at the lowest version pyproject.toml allows
# (.ci/minimum-versions.txt), and without reportlab's optional C accelerator.
$(MIN_VENV)/.installed: pyproject.toml .ci/minimum-versions.txt
	$(PYTHON) -m venv $(MIN_VENV)
	$(MIN_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(MIN_VENV)/bin/python -m pip install --quiet -c .ci/minimum-versions.txt -e '.[test]'
	touch $@

test-minimum: $(MIN_VENV)/.installed
	$(MIN_VENV)/bin/python -m pytest $(PARALLEL) -m "$(FAST)"

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/game_phases.py
	$(BIN)/python benchmarks/moon_drop_score.py 100 4
	$(BIN)/python benchmarks/battlestar_table.py
	$(BIN)/python benchmarks/table_commands.py
	$(BIN)/python benchmarks/gt_balance.py
	$(BIN)/python benchmarks/digest_cpu.py

clean:
	rm -rf $(VENV) $(MIN_VENV) output/*/
