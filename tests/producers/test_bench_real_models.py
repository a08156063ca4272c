"""The real-models bench section measures every bench program of the producer corpora, and gives hloc the
parameters in the layout the entry takes them."""

import json

import numpy as np

from benchmarks.bench_real_models import PRODUCERS, _physical, modules, work
from hloc.parse import parse_module


def test_every_bench_program_is_measured():
    listed = {f"{m.parent.name}/{name}" for m in PRODUCERS.glob("*/MANIFEST.json")
              for name, p in json.loads(m.read_text())["programs"].items() if "bench_inputs" in p}
    found = {name for name, _ in modules() if not name.startswith("xla/")}
    assert listed and found == listed


def test_physical_layout_of_a_parameter():
    module = parse_module("HloModule t\nENTRY e {\n  ROOT p = f32[2,3]{0,1} parameter(0)\n}\n")
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    got = _physical(a, module.entry.parameters[0].shape)
    assert got.flags.c_contiguous and got.shape == (3, 2) and np.array_equal(got, a.T)


def test_work_counts_bytes_and_products(tmp_path):
    path = tmp_path / "m.hlo"
    path.write_text("HloModule t\nENTRY e {\n  a = f32[4,8] parameter(0)\n  b = f32[8,2] parameter(1)\n"
                    "  ROOT d = f32[4,2] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n")
    assert work(path) == (2 * 4 * 8 * 2, 4 * (32 + 16 + 8))
