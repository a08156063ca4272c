#!/usr/bin/env python3
"""XLA:CPU on N host devices as the oracle for multi-device modules: a module run with per-device
inputs, as `xla_run.py` runs one device (hloc/runtime/xla_worker.py `--devices R,P` does the work:
`--xla_force_host_platform_device_count`, one program per device, per-device buffers).

    .venv/bin/python tests/devices_oracle.py M.hlo [--devices R,P] [--seed S] -o expected.npz
    .venv/bin/python tests/devices_oracle.py --regenerate      # testdata/devices/*.npz
    .venv/bin/python tests/devices_oracle.py --corpus          # testdata/interp/xla_corpus_devices.npz

XLA runs in `$HLOC_XLA_PYTHON` (default ../.venv-xla/bin/python). The .npz holds `argK` (inputs)
and `outK` (XLA's outputs), each with a leading device axis (device d = replica d // P, partition
d % P), narrow floats as bit patterns with `argK.dtype` / `outK.dtype` naming the type; inputs are
hloc's `random_inputs` with seed `S * 1000 + d` for device d, unless the module's INPUTS entry below
fixes them (offsets that must fit the data).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hloc.ir.devices import module_replicas_partitions  # noqa: E402
from hloc.parse import parse_module  # noqa: E402
from hloc.runtime import xla_worker  # noqa: E402
from hloc.runtime.random_inputs import random_inputs  # noqa: E402
from hloc.signature import Signature  # noqa: E402

DEVICES = ROOT / "testdata" / "devices"
# XLA:CPU's outputs for the multi-device modules of ../shared/corpus/xla at their device counts, at
# SAMPLES seeded flat positions per device and output (whole outputs would be megabytes).
CORPUS_OUTPUTS = ROOT / "testdata" / "interp" / "xla_corpus_devices.npz"
SAMPLES = 64
MAX_ELEMENTS = 1 << 25

# Inputs a module needs to be well defined (device -> leaf -> values); other leaves are random.
INPUTS = {
    "ragged": {2: [[0, 2], [0, 1]], 3: [[2, 3], [1, 2]], 4: [[0, 0], [2, 3]], 5: [[2, 1], [3, 2]]},
}


def per_device_inputs(module, name: str, devices: int, seed: int) -> list[np.ndarray]:
    """One stacked array per parameter leaf: [device, ...]."""
    leaves = Signature.of_module(module).params
    sets = [random_inputs(leaves, seed * 1000 + d) for d in range(devices)]
    for k, values in INPUTS.get(name, {}).items():
        for d in range(devices):
            sets[d][k] = np.asarray(values[d], leaves[k].shape.dtype).reshape(leaves[k].shape.dims)
    return [np.stack([s[k] for s in sets]) for k in range(len(leaves))]


def xla_python() -> str:
    return os.environ.get("HLOC_XLA_PYTHON") or str(ROOT.parent / ".venv-xla" / "bin" / "python")


def run(path: Path, replicas: int | None, partitions: int | None, seed: int, out: Path) -> None:
    from hloc.runtime.xla import run_on_xla

    text = path.read_text()
    module = parse_module(text, str(path))
    r, p = module_replicas_partitions(module)
    replicas, partitions = replicas or r, partitions or p
    args = per_device_inputs(module, path.stem, replicas * partitions, seed)
    os.environ.setdefault("HLOC_XLA_PYTHON", xla_python())
    outs = run_on_xla(text, args, replicas, partitions)
    arrays = {}
    for prefix, values in (("arg", args), ("out", outs)):
        tmp = out.with_suffix(f".{prefix}.npz")
        xla_worker.save_arrays(str(tmp), values, prefix)
        with np.load(tmp) as z:
            arrays.update({k: z[k] for k in z.files})
        tmp.unlink()
    np.savez_compressed(out, **arrays)


def sample_positions(size: int, key: str) -> np.ndarray:
    """The flat positions of an output of `size` elements a corpus check compares (fixed per key)."""
    rng = np.random.default_rng(sum(key.encode()))
    return np.unique(rng.integers(0, size, SAMPLES)) if size > SAMPLES else np.arange(size)


def write_corpus(corpus: Path) -> None:
    """CORPUS_OUTPUTS: `NAME/outK` holds XLA's values of output K at sample_positions, per device, for
    every module of `corpus` with collectives and more than one device that XLA:CPU runs."""
    import re
    import tempfile

    arrays = {}
    for hlo in sorted(corpus.glob("*.hlo")):
        text = hlo.read_text()
        if not re.search(r"all-reduce|all-gather|reduce-scatter|all-to-all|collective-|replica-id|partition-id",
                         text):
            continue
        module = parse_module(text, str(hlo))
        r, p = module_replicas_partitions(module)
        if r * p == 1:
            continue
        elements = sum(leaf.shape.num_elements for leaf in Signature.of_module(module).params) * r * p
        if elements > MAX_ELEMENTS:
            print("skip", hlo.name, f"{r}x{p}: {elements} input elements in all, too big for a test")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            npz = Path(tmp) / "o.npz"
            try:
                run(hlo, None, None, 0, npz)
            except Exception as e:  # XLA:CPU cannot run it: not part of the oracle
                print("skip", hlo.name, (str(e).splitlines() or [""])[0][:120])
                continue
            _, outs = load(npz)
        for k, o in enumerate(outs):
            key = f"{hlo.name}/out{k}"
            flat = o.reshape(o.shape[0], -1)
            arrays[key] = to_bits(flat[:, sample_positions(flat.shape[1], key)])
        print("ok  ", hlo.name, f"{r}x{p}")
    np.savez_compressed(CORPUS_OUTPUTS, **arrays)


def to_bits(a: np.ndarray) -> np.ndarray:
    """Narrow floats as same-width unsigned integers (plain numpy stores them)."""
    if a.dtype.kind == "V" or type(a.dtype).__module__.startswith("ml_dtypes"):
        return a.view(np.uint16 if a.dtype.itemsize == 2 else np.uint8)
    return a


def corpus_expected() -> dict[str, list[np.ndarray]]:
    """CORPUS_OUTPUTS by module name: per output, XLA's sampled values [device, sample]."""
    if not CORPUS_OUTPUTS.exists():
        return {}
    out: dict[str, list] = {}
    with np.load(CORPUS_OUTPUTS) as z:
        for key in sorted(z.files, key=lambda k: (k.split("/")[0], int(k.split("/out")[1]))):
            out.setdefault(key.split("/")[0], []).append(z[key])
    return out


def load(path: Path) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """(inputs, XLA's outputs) of an .npz this tool wrote, narrow floats as their ml_dtypes."""
    return xla_worker.load_arrays(str(path), "arg"), xla_worker.load_arrays(str(path), "out")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("module", nargs="?", type=Path)
    ap.add_argument("--devices", help="R,P (default: the module header's replica_count, num_partitions)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-o", "--out", type=Path)
    ap.add_argument("--regenerate", action="store_true", help="rewrite testdata/devices/*.npz")
    ap.add_argument("--corpus", type=Path, nargs="?", const=ROOT.parent / "shared" / "corpus" / "xla",
                    help="rewrite testdata/interp/xla_corpus_devices.npz from this corpus")
    a = ap.parse_args(argv)
    if a.corpus:
        write_corpus(a.corpus)
        return 0
    r = p = None
    if a.devices:
        r, p = (int(x) for x in a.devices.split(","))
    if a.regenerate:
        for hlo in sorted(DEVICES.glob("*.hlo")):
            try:
                run(hlo, None, None, 0, hlo.with_suffix(".npz"))
                print("ok  ", hlo.name)
            except Exception as e:  # XLA rejects it: say so, keep going
                print("FAIL", hlo.name, str(e).splitlines()[0] if str(e) else type(e).__name__)
        return 0
    if a.module is None or a.out is None:
        ap.error("give MODULE and -o, or --regenerate")
    run(a.module, r, p, a.seed, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
