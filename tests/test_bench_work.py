"""The flop counts the model benchmark divides by are the modules' own products."""

import pytest

from benchmarks.bench_models import BENCH_DIR, MODULES, gemm_shapes
from benchmarks.numpy_refs import WORK
from hloc.parse import parse_module, read_source

FLOP_MODULES = [n for n in MODULES if WORK[n][0] == "flops"]


@pytest.mark.parametrize("name", FLOP_MODULES)
def test_work_counts_the_modules_products(name):
    path = BENCH_DIR / f"{name}.hlo"
    if not path.exists():
        pytest.skip(f"{BENCH_DIR} is not beside the repository")
    shapes = gemm_shapes(parse_module(read_source(str(path)), str(path)))
    assert WORK[name][1] == sum(2 * b * m * k * n for b, m, k, n in shapes)


def test_gemm_shapes_of_dot_and_convolution():
    dims = "lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={1}, rhs_contracting_dims={0}"
    text = f"""HloModule t
ENTRY e {{
  a = f32[8,256,64] parameter(0)
  b = f32[64,8,128] parameter(1)
  x = f32[2,10,10,6] parameter(2)
  w = f32[3,3,3,16] parameter(3)
  d = f32[8,256,128] dot(a, b), {dims}
  c = f32[2,8,8,16] convolution(x, w), window={{size=3x3}}, dim_labels=b01f_01io->b01f, feature_group_count=2
  ROOT t = (f32[8,256,128], f32[2,8,8,16]) tuple(d, c)
}}"""
    assert gemm_shapes(parse_module(text, "t.hlo")) == [(8, 256, 64, 128), (2, 128, 27, 8)]
