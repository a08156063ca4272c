"""hloc.load / hloc.compile take what XLA writes besides text: a dump folder's HloModuleProto (.hlo.pb,
by path or as the bytes `as_serialized_hlo_module_proto()` returns) and text protos (.pbtxt), and give
XLA's outputs (testdata/dumps: jax 0.12's dump of jit_f with its inputs and XLA:CPU's outputs)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import hloc
from hloc.errors import ParseError

DATA = Path(__file__).resolve().parents[2] / "testdata"
DUMPS = DATA / "dumps"
PROTO = DUMPS / "two_programs" / "module_0000.jit_f.before_optimizations.hlo.pb"


def _run_jit_f(module) -> None:
    with np.load(DUMPS / "jit_f.expected.npz") as z:
        want = [z[k] for k in sorted(z.files)]
    args = [np.load(DUMPS / f"jit_f.in{i}.npy") for i in range(2)]
    got = hloc.compile(module, backend="interp")(*args)
    got = list(got) if isinstance(got, tuple) else [got]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("how", ["path", "bytes"])
def test_load_binary_proto_from_a_dump(how):
    module = hloc.load(PROTO if how == "path" else PROTO.read_bytes())
    assert module.name.startswith("jit_f")
    _run_jit_f(module)


def test_load_text_proto():
    path = sorted((DATA / "protos").glob("*.pbtxt"))[0]
    assert hloc.load(path).entry is not None
    assert hloc.load(path.read_bytes()).entry is not None  # (bytes of text: the format by content)


def test_bytes_that_are_no_module_are_one_parse_error():
    with pytest.raises(ParseError) as info:
        hloc.load(b"\x0a\xff\xfe\x00garbage")
    assert info.value.loc is not None and info.value.loc.filename == "<bytes>"
    with pytest.raises(ParseError):
        hloc.load(b"HloModule m\n\xff")
