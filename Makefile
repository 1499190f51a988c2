# Two entry points for a fresh machine with Python 3.11+ and make:
#   make game   set up .venv and generate a whole example game into output/
#   make test   set up .venv with the test extras and run the whole suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SEED_FILE ?= seeds/example.yaml

.PHONY: game test lint bench clean

STAMP := $(VENV)/.installed

# Reinstall when the project's dependencies change.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# Bytecode compiled once, as an installed package has it: a run then loads it instead
	# of compiling every module again (an environment may forbid writing it at run time).
	$(BIN)/python -m compileall -q generator
	touch $@

game: $(STAMP)
	$(BIN)/sheetgen game --game $(SEED_FILE)

test: $(STAMP)
	bash .ci/ensure-chromium
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/game_phases.py
	$(BIN)/python benchmarks/moon_drop_score.py 100 4
	$(BIN)/python benchmarks/battlestar_table.py
	$(BIN)/python benchmarks/table_commands.py
	$(BIN)/python benchmarks/gt_balance.py
	$(BIN)/python benchmarks/digest_cpu.py

clean:
	rm -rf $(VENV) output/*/
