# The two commands a new user needs: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: serve test bench load lint clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[test,dev]'
	touch $(VENV)/.installed $@

serve: $(VENV)/.installed
	$(BIN)/pencilbox serve --host $(HOST) --port $(PORT)

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks

load: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks load

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
