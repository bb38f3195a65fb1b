# The two commands a new user needs: `make serve` and `make test`; `make site`
# writes the static site (the engine inside the page) into $(SITE), and
# `make docs` the documentation (MkDocs) into $(DOCS). `make serve` listens on
# HOST and PORT: `make serve PORT=8080`, or `HOST=0.0.0.0` for other machines.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
SITE ?= build/site
DOCS ?= build/docs
COMPILED ?= build/compiled
JS := src/pencilbox/web/static src/pencilbox/puzzles/*/static src/pencilbox/site

.PHONY: serve site docs test bench load lint clean compiled

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

# The site carries the documentation beside the game (its page links to /manual/).
site: docs
	$(BIN)/pencilbox site $(SITE) --manual $(DOCS)

docs: $(VENV)/.installed-test
	$(BIN)/mkdocs build --strict --site-dir $(abspath $(DOCS))

# The tests inject axe-core (pinned in package-lock.json) into the page: npm ci installs it.
# They run in one process a core, a test file in one of them (tests/conftest.py).
test: $(VENV)/.installed-test node_modules/.package-lock.json
	$(BIN)/python -m pytest -q -n auto --dist loadgroup $(PYTEST_ARGS)

bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks

# The optional compiled build: a copy of the package in $(COMPILED) with the
# modules pyproject.toml lists under [tool.pencilbox.compiled] compiled by
# mypyc (needs a C compiler). Run anything with PYTHONPATH=$(COMPILED) to use it.
compiled: $(VENV)/.installed-test
	$(BIN)/python mypyc_build.py $(COMPILED)

load: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks load

# The JavaScript linter (ESLint) and the accessibility checker the tests use
# (axe-core), pinned in package-lock.json: npm ci installs them.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

lint: $(VENV)/.installed-test node_modules/.package-lock.json
	$(BIN)/ruff check src tests benchmarks mypyc_build.py mkdocs_hooks.py
	$(BIN)/ruff format --check src tests benchmarks mypyc_build.py mkdocs_hooks.py
	$(BIN)/mypy
	node_modules/.bin/eslint --max-warnings 0 $(JS)

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
