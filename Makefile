# Two commands on a fresh machine (README): `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench

$(VENV)/.installed-run: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@ $(VENV)/.installed-run

## Install if needed, then play MetaX in this terminal against the computer.
play: $(VENV)/.installed-run
	$(BIN)/metahost play metax

## Install (with test extras) if needed, then lint and run the whole test suite. Bytecode caching stays on even
## where the environment turns it off (PYTHONDONTWRITEBYTECODE): each xdist worker imports the whole tree, and
## compiling it afresh costs each worker about 8 s a run.
test: $(VENV)/.installed-test
	$(BIN)/ruff check games bot tests bench
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

bench: $(VENV)/.installed-run
	$(BIN)/python bench/bench_playouts.py --game metax
