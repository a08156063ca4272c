# Every target creates .venv and installs hloc (editable, with dev tools) first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
JOBS   ?= 2

.PHONY: run test test-fast lint format bench golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

# The main job on a bundled example.
run: $(STAMP)
	$(BIN)/hloc opt testdata/examples/softmax.hlo --print-style long

test: $(STAMP)
	$(BIN)/pytest -q -n $(JOBS)

# Skips the slow corpus sweeps (CI runs them through `make test`).
test-fast: $(STAMP)
	$(BIN)/pytest -q -n $(JOBS) -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check .

format: $(STAMP)
	$(BIN)/ruff check --fix .

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
