"""The differential program fuzzer (issue 13): random valid HLO modules, run natively and on the
reference interpreter, compared; failures shrunk to a minimal module and saved as regression cases.

    python -m fuzz.run --seconds 60            # `make fuzz` (FUZZ_SECONDS)
    python -m fuzz.run --seeds 0:300           # a fixed slice (what `make test` runs: tests/fuzz)
    python -m fuzz.xla --seeds 0:100           # the generated modules on XLA:CPU vs the interpreter

fuzz/program.py generates, fuzz/differential.py runs and compares, fuzz/shrink.py shrinks,
fuzz/xla.py talks to XLA:CPU (../shared/tools/xla_run.py in a jax venv).
"""
