"""Writing a producer corpus: what make_jax.py, make_tf.py and make_torch.py share (numpy only, so it
imports in every producer's venv).

A corpus is a folder testdata/producers/<producer>/ with, per `small` program NAME,

    NAME.hlo             HLO text as the producer prints it (weights are parameters: no huge constants)
    NAME.mlir            StableHLO text, where the producer gives it
    NAME.inputs.npz      the inputs, compressed, keys arg0, arg1, ... in parameter order (leaves depth-first)
    NAME.expected.npz    the producer's own outputs (jax.jit / tf.function / torch_xla), keys out0, out1, ...

(bf16 stored as uint16 bit patterns, as everywhere in hloc's corpora), and bench/NAME.hlo for each
`bench` program (text only: inputs are made at bench time from the parameter shapes). MANIFEST.json
lists every program with its outputs' tolerances.

Tolerances come from XLA's own error, never from hloc's: `finish()` runs each saved text on XLA:CPU
(../shared/tools/xla_run.py, in the oracle venv) twice, as written and with every floating type promoted
to f64 (f32/f16/bf16 -> f64, c64 -> c128, LAPACK targets s/c -> d/z). Per float output,

    xla_err      = max |XLA(text) - XLA(f64 text)|         (jax 0.12's XLA:CPU, the project's oracle)
    producer_err = max |producer's output - XLA(f64 text)|  (TF and torch_xla carry their own XLA builds)
    scale        = max |XLA(f64 text)|
    atol         = 2 * (xla_err + producer_err) + 2 * eps(dtype) * scale

(hloc may be up to twice as far from the exact result as XLA, on the other side of it than the
producer; the eps term keeps an output that XLA computes exactly from demanding bit equality of a
reassociated sum). Integer and bool outputs compare exactly. The same run checks that XLA reproduces the
producer's outputs from the saved text and inputs, |XLA(text) - producer| <= 8 * xla_err + 8 * eps * scale
(a wrong parameter or result order is off by the data's own magnitude). A program whose f64 text XLA
refuses is held against the producer's own f64 evaluation where it has one (JAX traced with x64; noted in
`f64_note`), else keeps a fallback tolerance by element type (`xla_err: null`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata" / "producers"
XLA_CHECK = Path(__file__).resolve().parent / "xla_check.py"

# Fallback tolerances (relative to the output's largest magnitude) when no f64 reference can be had.
FALLBACK_REL = {"float16": 1e-2, "bfloat16": 3e-2, "float32": 1e-4, "float64": 1e-10, "complex64": 1e-4,
                "complex128": 1e-10}


def oracle_python() -> str:
    """A Python with jax/jaxlib 0.12 (XLA:CPU): $HLOC_XLA_PYTHON, this one when it has jax, else
    ../.venv-xla next to the checkout."""
    if os.environ.get("HLOC_XLA_PYTHON"):
        return os.environ["HLOC_XLA_PYTHON"]
    try:
        import jax  # noqa: F401

        return sys.executable
    except ImportError:
        return str(ROOT.parent / ".venv-xla" / "bin" / "python")


def storable(a) -> np.ndarray:
    """bf16 (and other 2-byte ml_dtypes floats) as uint16 bits; everything else as it is."""
    a = np.asarray(a)
    if a.dtype.kind == "V" or (a.dtype.itemsize == 2 and a.dtype.kind not in "fiu"):
        return a.view(np.uint16)
    if a.dtype.name == "bfloat16":
        return a.view(np.uint16)
    return a


def type_str(a) -> str:
    a = np.asarray(a)
    return f"{a.dtype.name}{list(a.shape)}"


class Corpus:
    """One producer's corpus: add programs, then finish() checks them on XLA and writes MANIFEST.json."""

    def __init__(self, producer: str, versions: dict[str, str], out: Path | None = None):
        self.producer = producer
        self.out = out or TESTDATA / producer
        (self.out / "bench").mkdir(parents=True, exist_ok=True)
        self.versions = versions
        self.programs: dict[str, dict] = {}
        self.only = set(filter(None, os.environ.get("HLOC_PRODUCER_ONLY", "").split(",")))
        self.scratch = Path(tempfile.mkdtemp(prefix=f"hloc-{producer}-ref64-"))

    def wanted(self, name: str) -> bool:
        """HLOC_PRODUCER_ONLY=a,b regenerates only those programs (the others keep their entries)."""
        return not self.only or name in self.only

    def add_small(self, name: str, hlo: str, inputs: list, outputs: list, description: str,
                  stablehlo: str | None = None, reference64: list | None = None) -> None:
        """`reference64`: the producer's own f64 evaluation of the program (JAX's x64 trace), used as the
        f64 reference where XLA refuses the promoted text."""
        (self.out / f"{name}.hlo").write_text(hlo)
        mlir = self.out / f"{name}.mlir"
        if stablehlo is not None:
            mlir.write_text(stablehlo)
        elif mlir.exists():
            mlir.unlink()
        np.savez_compressed(self.out / f"{name}.inputs.npz",
                            **{f"arg{i}": storable(a) for i, a in enumerate(inputs)})
        np.savez_compressed(self.out / f"{name}.expected.npz",
                            **{f"out{i}": storable(a) for i, a in enumerate(outputs)})
        if reference64 is not None:
            self.scratch.mkdir(parents=True, exist_ok=True)
            np.savez(self.scratch / f"{name}.ref64.npz", **{f"out{i}": a for i, a in enumerate(reference64)})
        self.programs.setdefault(name, {}).update(
            description=description, inputs=[type_str(a) for a in inputs], outputs=[type_str(a) for a in outputs],
            stablehlo=stablehlo is not None, dtypes=[np.asarray(a).dtype.name for a in outputs])
        print(f"{self.producer}: {name}: {len(hlo) // 1024} KiB HLO, {len(inputs)} inputs, {len(outputs)} outputs",
              file=sys.stderr, flush=True)

    def add_bench(self, name: str, hlo: str, inputs: list, description: str) -> None:
        (self.out / "bench" / f"{name}.hlo").write_text(hlo)
        self.programs.setdefault(name, {"description": description})["bench_inputs"] = [type_str(a) for a in inputs]
        print(f"{self.producer}: bench {name}: {len(hlo) // 1024} KiB HLO", file=sys.stderr, flush=True)

    def finish(self) -> None:
        """XLA checks (reproduction and f64 error) for the small programs added in this run; MANIFEST.json."""
        manifest_path = self.out / "MANIFEST.json"
        old = json.loads(manifest_path.read_text())["programs"] if manifest_path.exists() else {}
        small = [n for n, p in self.programs.items() if "outputs" in p]
        bench = [n for n, p in self.programs.items() if "bench_inputs" in p]
        checks = self._xla_check(small, bench)
        failed = {}
        for name in small:
            entry, check = self.programs[name], checks[name]
            if "error" in check:
                failed[name] = f"XLA cannot run the saved text: {check['error']}"
                continue
            try:
                entry["tolerances"] = [self._tolerance(name, k, dt, res)
                                       for k, (dt, res) in enumerate(zip(entry.pop("dtypes"), check["outputs"]))]
            except ValueError as e:
                failed[name] = str(e)
        for name in bench:
            if "error" in checks[f"bench/{name}"]:
                failed[name] = f"XLA cannot read the bench text: {checks[f'bench/{name}']['error']}"
        for name in failed:  # a program XLA does not reproduce is no test: left out, with its files
            self.programs.pop(name)
            old.pop(name, None)
            for path in [*self.out.glob(f"{name}.*"), self.out / "bench" / f"{name}.hlo"]:
                path.unlink(missing_ok=True)
        old.update(self.programs)
        manifest = {"producer": self.producer, "versions": self.versions,
                    "generator": f"tests/producers/make_{self.producer}.py",
                    "tolerance_rule": "atol = 2 * (xla_err + producer_err) + 2 * eps(dtype) * scale, against XLA on "
                                      "the text with floats promoted to f64 (tests/producers/corpus_writer.py)",
                    "programs": dict(sorted(old.items()))}
        manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
        print(f"{self.producer}: wrote {manifest_path} ({len(old)} programs)", file=sys.stderr)
        if failed:
            raise SystemExit("\n".join(f"{self.producer}: {name}: left out: {why}" for name, why in failed.items()))

    def _xla_check(self, small: list[str], bench: list[str]) -> dict:
        jobs = [{"name": n, "hlo": str(self.out / f"{n}.hlo"), "inputs": str(self.out / f"{n}.inputs.npz"),
                 "expected": str(self.out / f"{n}.expected.npz"), "reference64": str(self.scratch / f"{n}.ref64.npz")}
                for n in small]
        jobs += [{"name": f"bench/{n}", "hlo": str(self.out / "bench" / f"{n}.hlo"), "parse_only": True} for n in bench]
        r = subprocess.run([oracle_python(), str(XLA_CHECK)], input=json.dumps(jobs), capture_output=True, text=True)
        shutil.rmtree(self.scratch, ignore_errors=True)
        if r.returncode != 0:
            raise SystemExit(f"xla_check failed:\n{r.stderr[-4000:]}")
        return {c["name"]: c for c in json.loads(r.stdout)}

    def _tolerance(self, name: str, k: int, dtype: str, res: dict) -> dict:
        if dtype.startswith(("int", "uint", "bool")):
            tol = {"exact": True}
            ok = res["vs_producer"] == 0
        else:
            eps = float(np.finfo(np.dtype(dtype) if dtype != "bfloat16" else np.float32).eps)
            if dtype == "bfloat16":
                eps = 2.0 ** -7
            floor = 2 * eps * (res["scale"] if res.get("xla_err") is not None else res["scale32"])
            if res.get("xla_err") is not None:
                atol = 2 * (res["xla_err"] + res["producer_err"]) + floor
                ok = res["vs_producer"] <= 8 * res["xla_err"] + 4 * floor
            else:  # no f64 reference: a fallback by element type
                atol = FALLBACK_REL.get(dtype, 1e-4) * max(res["scale32"], 1e-30)
                ok = res["vs_producer"] <= atol / 4
            tol = {"atol": float(f"{atol * 1.001:.3g}"), "xla_err": res.get("xla_err"),
                   "producer_err": res.get("producer_err"), "scale": res.get("scale"), "f64_note": res.get("f64_error")}
        tol["xla_vs_producer"] = res["vs_producer"]
        if not ok:
            raise ValueError(f"out{k}: XLA on the saved text differs from the producer's output by "
                             f"{res['vs_producer']} (tolerance {tol}): parameter order?")
        return tol
