"""HloModuleProto input: testdata/protos/NAME.pb are the public JAX corpus modules as XLA serializes them
(hlo_module_from_text(...).as_serialized_hlo_module_proto()), NAME.pbtxt some of them in protobuf text
format (protoc --decode); they run equal to the corpus's XLA outputs. XLA's own .hlo.pb dumps (HloProto)
are run in tests/cli/test_dump_inputs.py."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import JAX_CORPUS, TESTDATA
from jax_corpus import input_files, manifest, run_cli

from hloc.cli import main
from hloc.errors import ParseError
from hloc.parse import read_source

PROTOS = TESTDATA / "protos"
BINARY = sorted(p.stem for p in PROTOS.glob("*.pb"))
TEXT = sorted(p.stem for p in PROTOS.glob("*.pbtxt"))
# one of each kind of called computation and attribute family, run in `make test-fast`
FAST = ["scan_rnn", "cond_switch", "pooling_grad", "sort_ops", "scatter_ops", "rng_bit_generator",
        "conv2d_grouped", "ew_chain_bf16", "dot_general_variants", "convert_dtypes", "shape_ops"]


def _check(path, name, backend):
    rows = manifest(JAX_CORPUS / "MANIFEST.tsv")
    if name not in rows:
        pytest.skip(f"the JAX corpus (inputs, expected outputs) is not at {JAX_CORPUS}")
    code, out, err = run_cli([path, *input_files(JAX_CORPUS, name), "--check", JAX_CORPUS / f"{name}.expected.npz",
                              "--rtol", rows[name]["rtol"], "--atol", rows[name]["atol"], "--backend", backend])
    assert code == 0, f"{name}: exit {code}\n{out}{err}"


def test_the_corpus_is_all_there():
    assert len(BINARY) == 52 and len(TEXT) == 6


@pytest.mark.parametrize("name", FAST)
def test_binary_proto_runs_interpreted(name):
    _check(PROTOS / f"{name}.pb", name, "interp")


@pytest.mark.parametrize("name", ["scan_rnn", "cond_switch", "conv2d_grouped"])
def test_binary_proto_runs_natively(name):
    _check(PROTOS / f"{name}.pb", name, "llvm")


@pytest.mark.parametrize("name", TEXT)
def test_text_proto_runs(name):
    _check(PROTOS / f"{name}.pbtxt", name, "interp")


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", BINARY)
def test_every_corpus_proto_runs(name, backend):
    _check(PROTOS / f"{name}.pb", name, backend)


def test_binary_and_text_give_the_same_module():
    assert read_source(str(PROTOS / "scan_rnn.pb")) == read_source(str(PROTOS / "scan_rnn.pbtxt"))


def test_proto_detected_without_its_extension(tmp_path):
    path = tmp_path / "model.bin"
    path.write_bytes((PROTOS / "cond_switch.pb").read_bytes())
    assert read_source(str(path)).startswith("HloModule jit")


@pytest.mark.parametrize("data, message", [
    (lambda b: b[: len(b) // 2], "past the end of its message"),
    (lambda b: b"\x0a\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", "varint longer than 10 bytes"),
    (lambda b: b"\x0f\x00\x00", "unsupported wire type"),
    (lambda b: b"", "no HLO computations"),
])
def test_bad_binary_protos_are_errors(tmp_path, data, message):
    path = tmp_path / "bad.pb"
    path.write_bytes(data((PROTOS / "cond_switch.pb").read_bytes()))
    with pytest.raises(ParseError) as info:
        read_source(str(path))
    assert message in info.value.message
    res = CliRunner().invoke(main, ["opt", str(path)])
    assert res.exit_code == 1 and f"{path}:" in res.stderr and "Traceback" not in res.stderr


def test_bad_text_proto_points_at_the_line(tmp_path):
    path = tmp_path / "bad.pbtxt"
    path.write_text('name: "m"\ncomputations {\n  name: "c"\n  instructions { name: "x" opcode: "add" ] }\n}\n')
    with pytest.raises(ParseError) as info:
        read_source(str(path))
    assert (info.value.loc.line, info.value.loc.col) == (4, 42)


def test_a_proto_of_another_kind_is_refused():
    other = TESTDATA / "dumps" / "two_programs" / "module_0000.jit_f" / "compile_options.pb"
    with pytest.raises(ParseError) as info:
        read_source(str(other))
    assert "no HLO computations" in info.value.message


@pytest.mark.parametrize("data", [b"\x18\x01", b"\n\x02ab\x1d\x00\x00\x00\x00", b"\x1a\x02\x08\x07"],
                         ids=["message-as-varint", "message-as-fixed32", "string-as-varint"])
def test_field_in_the_wrong_wire_type_is_a_parse_error(tmp_path, data):
    """Found by make fuzz-inputs (a mutated testdata/protos file): a message field holding a varint
    reached the reader as an int ('int' object has no attribute 'get', a traceback)."""
    p = tmp_path / "m.hlo.pb"
    p.write_bytes(data)
    with pytest.raises(ParseError, match="wire type"):
        read_source(str(p))


SHARD_MAP_DUMP = TESTDATA / "dumps" / "shard_map_all_to_all_2"


@pytest.mark.parametrize("stage", ["before_optimizations", "0001.spmd-partitioner.after_spmd-partitioning."
                                   "before_control-dep-rewriter", "cpu_after_optimizations"])
def test_a_multi_device_proto_is_refused_not_run_on_one_device(stage):
    """A 2-device shard_map dump's protos: their device count (device_assignment) and the collectives'
    replica groups and channel ids are not read from protos, so the module would run as a one-device
    program with an all-to-all over nobody. Refused, pointing at the text dump."""
    path = SHARD_MAP_DUMP / f"module_0006.jit_all_to_all.{stage}.hlo.pb"
    with pytest.raises(ParseError) as info:
        read_source(str(path))
    assert "2 devices (1 replicas x 2 partitions)" in info.value.message
    assert "--xla_dump_hlo_as_text" in info.value.message


def test_a_one_device_dump_proto_still_reads():
    text = read_source(str(TESTDATA / "dumps" / "two_programs" / "module_0000.jit_f.before_optimizations.hlo.pb"))
    assert text.startswith("HloModule jit_f")
