"""Which interpreter opcodes the generator emits, and why the others are left out.

    python -m fuzz.coverage [--seeds 0:400]     # lists any interpreter opcode never generated

tests/fuzz/test_coverage.py fails when an opcode the interpreter supports is neither generated in
a fixed set of seeds nor listed in NOT_GENERATED with its reason (so a new opcode shows up).
"""

from __future__ import annotations

import argparse
import sys

NOT_GENERATED = {
    "fusion": "the form optimized modules take: XLA:CPU rejects a text fusion without its backend config, "
              "and hloc's fusion pass makes fusions of every generated module at O2",
    "custom-call": "no generic semantics: each target is its own op (the producers' corpora cover the "
                   "targets hloc knows)",
    "domain": "a sharding-domain marker only XLA's partitioner writes, with metadata the text cannot "
              "express generically",
    "dynamic-reshape": "dynamic shapes, which the native backend rejects by design",
    "set-dimension-size": "dynamic shapes, which the native backend rejects by design",
    "infeed": "host I/O: no data to compare in a runner", "outfeed": "host I/O: no data to compare",
    "send": "host / peer I/O: no data to compare", "send-done": "host / peer I/O",
    "recv": "host / peer I/O: no data to compare", "recv-done": "host / peer I/O",
    "async-start": "the async wrapping of a call (hloc lowers it away to the call, which is generated)",
    "async-update": "the async wrapping of a call", "async-done": "the async wrapping of a call",
    "all-gather-start": "the async form of all-gather (generated); its tuple shape differs per XLA version",
    "all-gather-done": "the async form of all-gather (generated)",
    "collective-permute-start": "the async form of collective-permute (generated)",
    "collective-permute-done": "the async form of collective-permute (generated)",
    "ragged-all-to-all": "needs several replicas for any non-trivial data movement",
    "ragged-dot": "not generated yet: group sizes must be consistent with the ragged dimension",
    "scaled-dot": "not generated yet: the scale operands' block shapes",
    "scan": "not generated yet (newer than XLA:CPU's oracle here: jax 0.12 does not run it)",
}


def emitted_opcodes(seeds) -> set[str]:
    """Opcodes of the generated modules of these seeds (parsed by hloc, all computations)."""
    from hloc.parse import parse_module

    from .program import generate

    ops: set[str] = set()
    for seed in seeds:
        m = parse_module(generate(seed).text, f"fuzz_{seed}.hlo")
        for comp in m.computations:
            ops.update(i.opcode for i in comp.instructions)
    return ops


def interpreter_opcodes() -> set[str]:
    from hloc.interp import registry

    registry.load_all()
    return set(registry.HANDLERS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:400")
    args = ap.parse_args(argv)
    lo, hi = (int(x) for x in args.seeds.split(":"))
    missing = interpreter_opcodes() - emitted_opcodes(range(lo, hi)) - set(NOT_GENERATED)
    print("never generated and not explained:", ", ".join(sorted(missing)) or "none")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
