# Every target creates .venv and installs hloc (editable, with dev tools) first, with the dependency
# versions constraints.txt pins: the tested set, the same on every machine.
# The jax extra is in it too, so that hloc.jit and --check-against xla are tested in-process on the
# project's Python (3.11: jax 0.10, the newest for it); XLA 0.12 in a 3.12 venv stays the oracle of the
# saved expected outputs, and HLOC_XLA_PYTHON runs --check-against xla there. The mpi extra (mpi4py on
# MPICH's wheel: no system MPI, nothing to compile) lets the tests and the bench run devices as MPI ranks.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
JOBS   ?= 2

.PHONY: run test test-fast test-avx2 test-latest lock lint typecheck format bench clean fuzz fuzz-inputs

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev,jax,mpi]'
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

# The tests as an AVX2-only x86-64 machine (Zen 3, Haswell..) runs them, on this one: native code for
# x86-64-v3, numpy without its AVX-512 loops, OpenBLAS's AVX2 kernels (tests/cpu_matrix.py). On an
# AVX2 machine this is `make test` again; elsewhere than x86-64 it is skipped. TESTS narrows a run.
TESTS ?=
avx2 = if [ "$$(uname -m)" != x86_64 ]; then echo "avx2: an x86-64 configuration; this is $$(uname -m): skipped"; \
	else HLOC_TEST_MATRIX=avx2 HLOC_CPU=x86-64-v3 OPENBLAS_CORETYPE=Haswell \
	NPY_DISABLE_CPU_FEATURES="$$($(1)/python tests/cpu_matrix.py npy-avx512)" $(1)/pytest -q -n $(JOBS) $(TESTS); fi
test-avx2: $(STAMP)
	@$(call avx2,$(BIN))

# The tests against the newest versions pip resolves (own venv, no constraints), on this machine's CPU
# and as an AVX2 one, so an upstream release that breaks hloc shows up here first; `make lock` then
# pins that set as the tested one.
LATEST := .venv-latest
test-latest:
	rm -rf $(LATEST)
	$(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install -q --upgrade pip
	$(LATEST)/bin/python -m pip install -q --upgrade -e '.[dev,jax,mpi]'
	$(LATEST)/bin/python -m pip freeze --exclude-editable | tr '\n' ' '; echo
	$(LATEST)/bin/pytest -q -n $(JOBS) $(TESTS)
	@$(call avx2,$(LATEST)/bin)

lock: test-latest
	{ sed -n '/^#/p' constraints.txt; $(LATEST)/bin/python -m pip freeze --exclude-editable; } > constraints.txt.new
	mv constraints.txt.new constraints.txt

# Long-running fuzzing of the readers of untrusted input (the HLO parser, .npy/.npz inputs, the
# compile cache; tests/fuzzing/inputs.py): FUZZ_SECONDS per target, findings in build/fuzz/.
FUZZ_SECONDS ?= 600
fuzz-inputs: $(STAMP)
	$(BIN)/python tests/fuzzing/inputs.py --seconds $(FUZZ_SECONDS)

# The differential fuzzer (fuzz/): random modules natively (--hlo-opt O0/O2, 1/2 threads) vs the
# interpreter for FUZZ_SECONDS; failures are shrunk into build/fuzz-programs/ (FUZZ_ARGS=--regress: into
# testdata/regress, with XLA:CPU's outputs). `make test` runs a fixed-seed slice (tests/fuzz).
FUZZ_ARGS ?=
fuzz: $(STAMP)
	$(BIN)/python -m fuzz.run --seconds $(FUZZ_SECONDS) $(FUZZ_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .

# The packages held to mypy's defaults with no errors ([tool.mypy] in pyproject.toml). The next to
# join: hloc/interp, hloc/backend (`.venv/bin/mypy hloc/` lists their errors).
TYPED := hloc/ir hloc/parse hloc/passes hloc/backend/llvm/lowerings.py hloc/record.py hloc/errors.py \
         hloc/cache.py hloc/signature.py hloc/version.py hloc/runtime hloc/cli
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
	rm -rf $(VENV) $(LATEST) .pytest_cache build *.egg-info
