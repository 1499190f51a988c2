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
# (tests/conftest.py), so they run side by side. A process that runs out of tests takes
# half of what the other has queued (worksteal); tests/conftest.py queues the modules
# holding the longest work first, so both cores stay busy to the end.
PARALLEL := -n auto --dist worksteal
MIN_VENV := .venv-minimum

.PHONY: game check fast test suite test-minimum tests-compiled types lint bench clean

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

# The type checker and the tests run side by side (mypy keeps one core busy while pytest
# starts its processes and collects); each one's output is printed whole when it ends, and
# the run fails if any of them does.
check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MAKE) -j2 --output-sync=target types fast

fast: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL) -m "$(FAST)"

# Two steps at a time, so that both cores stay busy: the type checker beside the making of
# the minimum-versions environment (mostly unpacking files), then the compiling of the
# tests (tests-compiled), then the whole suite beside the minimum-versions lane. The
# environment is made before any test runs: pip writes the project's metadata beside the
# code, which the running tests read.
test: $(STAMP)
	bash .ci/ensure-chromium
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MAKE) -j2 --output-sync=target types tests-compiled
	$(MAKE) -j2 --output-sync=target suite test-minimum

# The test modules compiled once (pytest's assertion rewriting included, bytecode written
# even where the environment says not to), as `make` compiles generator/: each of the test
# processes that start side by side then loads them instead of compiling all of them
# again (about 5 s of CPU a process on this machine). Compiling is all that collecting
# does here; no test runs. After the minimum-versions environment is made: collecting reads
# the project's metadata, which pip writes while it installs.
tests-compiled: $(STAMP) $(MIN_VENV)/.installed
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --collect-only -q -p no:xdist -p no:cacheprovider >/dev/null

suite: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL)

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
	# Its own pytest compiles the tests its own way once (tests-compiled, for this pytest).
	PYTHONDONTWRITEBYTECODE= $(MIN_VENV)/bin/python -m pytest --collect-only -q -p no:xdist -p no:cacheprovider >/dev/null
	touch $@

# Its own pytest cache: it may run beside the whole suite. One test process, not one per
# core: it runs beside the suite's two, and a second process of its own would only add a
# second collection and a second copy of each module's shared game to the same two cores.
test-minimum: $(MIN_VENV)/.installed
	$(MIN_VENV)/bin/python -m pytest -p no:xdist -m "$(FAST)" -o cache_dir=$(MIN_VENV)/.pytest_cache

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
