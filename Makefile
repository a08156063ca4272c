# Every target creates .venv and installs hloc (editable, with dev tools) first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
JOBS   ?= 2

.PHONY: run test test-fast lint typecheck format bench clean fuzz-inputs

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

# The main job on a bundled real model (testdata/models, from the JAX corpus): compile it to an object
# and a C header, then run it natively on its bundled inputs, check the outputs against XLA's and time
# it. MODEL: transformer_layer (a pre-LN transformer block), or layernorm.
MODEL   ?= transformer_layer
RUN_TOL ?= --rtol 2e-4 --atol 2e-5
run: $(STAMP)
	@mkdir -p build/run
	$(BIN)/hloc compile testdata/models/$(MODEL).hlo -o build/run/$(MODEL) --emit obj,header --time
	$(BIN)/hloc run testdata/models/$(MODEL).hlo testdata/models/$(MODEL).inputs.npz \
	    --check testdata/models/$(MODEL).expected.npz $(RUN_TOL) --bench 100

test: $(STAMP)
	$(BIN)/pytest -q -n $(JOBS)

# Skips the slow corpus sweeps (CI runs them through `make test`).
test-fast: $(STAMP)
	$(BIN)/pytest -q -n $(JOBS) -m "not slow"

# Long-running fuzzing of the readers of untrusted input (the HLO parser, .npy/.npz inputs, the
# compile cache; tests/fuzzing/inputs.py): FUZZ_SECONDS per target, findings in build/fuzz/.
FUZZ_SECONDS ?= 600
fuzz-inputs: $(STAMP)
	$(BIN)/python tests/fuzzing/inputs.py --seconds $(FUZZ_SECONDS)

lint: $(STAMP)
	$(BIN)/ruff check .

# The packages held to mypy's defaults with no errors ([tool.mypy] in pyproject.toml). The next to
# join: hloc/runtime, hloc/interp, hloc/cli, hloc/backend (`.venv/bin/mypy hloc/` lists their errors).
TYPED := hloc/ir hloc/parse hloc/passes hloc/backend/llvm/lowerings.py hloc/record.py hloc/errors.py \
         hloc/cache.py hloc/signature.py hloc/version.py
typecheck: $(STAMP)
	$(BIN)/mypy $(TYPED)

format: $(STAMP)
	$(BIN)/ruff check --fix .

# The XLA:CPU columns of `make bench` need jax in a Python 3.12 venv (jax 0.11+ needs 3.12): an existing
# $$HLOC_XLA_PYTHON, ../.venv-xla or .venv-xla is used; else one is created when a python3.12 is found;
# else the bench says it skipped XLA.
XLA_VENV ?= .venv-xla
PY312 ?= $(shell for p in python3.12 $$HOME/.pyenv/versions/3.12*/bin/python3.12; do \
           $$p --version >/dev/null 2>&1 && echo $$p && break; done)

bench: $(STAMP)
	@if [ -z "$$HLOC_XLA_PYTHON" ] && [ ! -x ../.venv-xla/bin/python ] && [ ! -x $(XLA_VENV)/bin/python ]; then \
	  if [ -n "$(PY312)" ]; then \
	    echo "bench: creating $(XLA_VENV) with jax for the XLA:CPU columns ($(PY312))"; \
	    $(PY312) -m venv $(XLA_VENV) && $(XLA_VENV)/bin/python -m pip install -q "jax==0.12.*" "jaxlib==0.12.*" \
	      numpy ml_dtypes || { echo "bench: installing jax failed: XLA:CPU columns skipped"; rm -rf $(XLA_VENV); }; \
	  else echo "bench: no python3.12 on this machine: XLA:CPU columns skipped"; fi; fi
	$(BIN)/python -m benchmarks.run

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
