"""--random-inputs: deterministic, the documented distribution, and the same as xla_run.py --gen-inputs."""

import importlib.util

import ml_dtypes
import numpy as np
import pytest
from runtime_testing import ROOT

from hloc.parse import parse_module
from hloc.runtime.random_inputs import random_inputs
from hloc.runtime.values import parameter_leaves

MODULE = """HloModule r
ENTRY main {
  a = f32[64,32] parameter(0)
  b = s32[1000] parameter(1)
  c = pred[500] parameter(2)
  d = bf16[7] parameter(3)
  e = c64[5] parameter(4)
  f = (u8[3], f64[]) parameter(5)
  g = s4[16] parameter(6)
  ROOT t = (f32[64,32], s32[1000]) tuple(a, b)
}
"""


def _inputs(seed):
    return random_inputs(parameter_leaves(parse_module(MODULE)), seed)


def test_deterministic_and_seed_dependent():
    a, b, c = _inputs(0), _inputs(0), _inputs(1)
    assert all(x.tobytes() == y.tobytes() for x, y in zip(a, b))
    assert not np.array_equal(a[0], c[0])


def test_types_shapes_and_distribution():
    xs = _inputs(3)
    assert [x.dtype for x in xs] == [np.float32, np.int32, np.bool_, ml_dtypes.bfloat16, np.complex64, np.uint8,
                                     np.float64, ml_dtypes.int4]
    assert [x.shape for x in xs] == [(64, 32), (1000,), (500,), (7,), (5,), (3,), (), (16,)]
    f = xs[0]
    assert abs(f.mean()) < 0.1 and 0.9 < f.std() < 1.1  # N(0, 1)
    ints = xs[1]
    assert ints.min() == 0 and ints.max() == 7  # uniform in [0, 8)
    assert 150 < xs[2].sum() < 350  # fair coin
    assert all(x.flags.c_contiguous for x in xs)


def _xla_run():
    path = ROOT.parent / "shared" / "tools" / "xla_run.py"
    if not path.exists():
        pytest.skip("../shared/tools/xla_run.py not found")
    spec = importlib.util.spec_from_file_location("xla_run_for_tests", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # imports only the standard library at module level
    return mod


class _XlaShape:
    """The two methods of an xla Shape that xla_run.gen_inputs uses."""

    def __init__(self, leaf):
        self.leaf = leaf

    def numpy_dtype(self):
        return self.leaf.shape.dtype

    def dimensions(self):
        return self.leaf.shape.dims


def test_same_inputs_as_xla_run_gen_inputs():
    xla_run = _xla_run()
    leaves = parameter_leaves(parse_module(MODULE))
    for seed in (0, 7):
        ours = random_inputs(leaves, seed)
        theirs = xla_run.gen_inputs([_XlaShape(l) for l in leaves], seed)
        for a, b in zip(ours, theirs):
            assert a.dtype == b.dtype and a.shape == b.shape
            assert a.tobytes() == np.ascontiguousarray(b).tobytes()


def test_sub_byte_ints_wrap_on_every_machine():
    # ml_dtypes' cast of 2.3 to int2 is 0 in 0.7 and -2 before; the inputs are defined here instead:
    # truncated toward zero, then wrapped (two's complement) into the type's range.
    import warnings

    text = ("HloModule w\nENTRY e {\n  a = s2[4000] parameter(0)\n  b = u2[4000] parameter(1)\n"
            "  ROOT t = (s2[4000], u2[4000]) tuple(a, b)\n}\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no 'invalid value encountered in cast'
        s2, u2 = random_inputs(parameter_leaves(parse_module(text)), 0)
    rng = np.random.default_rng(0)
    want_s2 = [((int(v) + 2) % 4) - 2 for v in np.trunc(rng.standard_normal(4000, dtype=np.float32))]
    want_u2 = [int(v) % 4 for v in np.trunc(rng.standard_normal(4000, dtype=np.float32))]
    assert s2.astype(np.int8).tolist() == want_s2 and u2.astype(np.int8).tolist() == want_u2
    assert -2 in want_s2 and 3 in want_u2  # values beyond the range occur (and wrap)
