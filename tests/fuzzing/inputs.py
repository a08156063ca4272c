"""Fuzzing hloc's readers of untrusted input: the HLO text parser, the StableHLO / MHLO reader, the
HloModuleProto reader, the .npy/.npz reader (through the runner that binds files to parameters)
and the compile cache reader.

    make fuzz-inputs                                   # FUZZ_SECONDS=600 per target by default
    .venv/bin/python tests/fuzzing/inputs.py --seconds 60 [--target npy ...]

Hypothesis generates the cases (already a dev dependency, pure Python, no libFuzzer toolchain
to build as atheris needs): valid files first (numpy's writers, hloc's, the repro files), then a
few mutations each (bytes flipped, cut, inserted; header fields, zip sizes and names, shapes and
dimensions replaced by extremes; cache entries with links, FIFOs, huge or forged files). The
contract, per case: success or an HlocError, within HANG_SECONDS, within the memory limit; any
other exception is a finding (a traceback a user would see), and so is a RuntimeWarning (numpy's
noise on stderr), a timeout is a hang. Findings are written to build/fuzz/<target>-<n>.txt with the
input that caused them.
"""

from __future__ import annotations

import io
import json
import os
import re
import resource
import signal
import struct
import sys
import tempfile
import time
import traceback
import warnings
import zipfile
from contextlib import contextmanager
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from hloc.errors import HlocError  # noqa: E402

HANG_SECONDS = 20
MEMORY_LIMIT = 4 << 30  # address space: a reader that believes a lying header fails here
REPRO = ROOT / "testdata" / "repro"
MODULE = (REPRO / "npy_module.hlo").read_text()  # x: f32[2,3], y: s32[]


class Hang(Exception):
    pass


@contextmanager
def hang_guard(seconds: int = HANG_SECONDS):
    fired = []

    def expire(*_):
        fired.append(True)
        raise Hang(f"no verdict after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    if fired:  # raised where Python ignores exceptions (a gc callback, a __del__): still a hang
        raise Hang(f"no verdict after {seconds} s (the alarm's exception was swallowed)")


# ------------------------------------------------------------------------------------------------
# mutations

EXTREME_INTS = [0, 1, -1, 2, 63, 64, 65, 255, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**63 - 1, 2**63,
                2**64, 99999999999999, 10**30]


@st.composite
def mutated_bytes(draw, data: bytes, max_mutations: int = 3) -> bytes:
    b = bytearray(data)
    for _ in range(draw(st.integers(1, max_mutations))):
        kind = draw(st.sampled_from(["flip", "set", "cut", "insert", "delete", "int", "splice"]))
        i = draw(st.integers(0, max(0, len(b) - 1)))
        if kind == "flip" and b:
            b[i] ^= 1 << draw(st.integers(0, 7))
        elif kind == "set" and b:
            b[i] = draw(st.integers(0, 255))
        elif kind == "cut":
            del b[i:]
        elif kind == "insert":
            b[i:i] = draw(st.binary(min_size=1, max_size=16))
        elif kind == "delete":
            del b[i:i + draw(st.integers(1, 16))]
        elif kind == "int" and len(b) >= i + 4:  # a size or offset field of a zip record, often
            width = draw(st.sampled_from([2, 4, 8]))
            value = draw(st.sampled_from(EXTREME_INTS)) % (1 << (8 * width))
            b[i:i + width] = value.to_bytes(width, "little")[: len(b) - i]
        elif kind == "splice" and b:
            j = draw(st.integers(0, len(b) - 1))
            b[i:i] = b[j:j + draw(st.integers(1, 64))]
    return bytes(b)


DTYPES = ["<f4", ">f4", "<f8", "<i4", ">i8", "|b1", "|u1", "<u2", "<c8", "|V2", "<f2"]


@st.composite
def npy_text_header(draw) -> bytes:
    """A header written by hand: any descr, order and shape (honest or not), any version."""
    descr = draw(st.sampled_from(DTYPES + ["|O", "<U3", "[('a', '<f4')]", "('<f4', (2,))", "'x'", "7"]))
    shape = tuple(draw(st.lists(st.sampled_from([0, 1, 2, 3, 6, -1, 99999999999, 2**62]), max_size=4)))
    if draw(st.booleans()) and draw(st.booleans()):
        shape = (1,) * draw(st.integers(60, 70))
    fortran = draw(st.sampled_from(["False", "True", "2", "None"]))
    d = repr(descr) if not descr.startswith(("[", "(", "'")) and descr != "7" else descr
    text = "{'descr': " + d + ", 'fortran_order': " + fortran + ", 'shape': " + repr(shape) + ", }"
    text += " " * (63 - (len(text) + 10) % 64) + "\n"
    major = draw(st.sampled_from([1, 2, 3, 4]))
    length = len(text).to_bytes(2, "little") if major == 1 else len(text).to_bytes(4, "little")
    data = draw(st.binary(max_size=64))
    return b"\x93NUMPY" + bytes([major, 0]) + length + text.encode() + data


@st.composite
def valid_array(draw) -> np.ndarray:
    dtype = draw(st.sampled_from(DTYPES[:-2]))
    shape = tuple(draw(st.lists(st.integers(0, 4), max_size=3)))
    a = (np.arange(int(np.prod(shape))) % 5).astype(dtype).reshape(shape)
    return np.asfortranarray(a) if draw(st.booleans()) else a


def _npy_bytes(a: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


@st.composite
def npy_file(draw) -> bytes:
    seeds = [_npy_bytes(draw(valid_array())), draw(npy_text_header())]
    seeds += [p.read_bytes() for p in sorted(REPRO.glob("*.npy"))]
    base = draw(st.sampled_from(seeds))
    return draw(mutated_bytes(base)) if draw(st.integers(0, 3)) else base


@st.composite
def npz_file(draw) -> bytes:
    arrays = {draw(st.sampled_from(["arg0", "arg1", "x", "y", "arg0.npy", "a/b"])): draw(valid_array())
              for _ in range(draw(st.integers(1, 3)))}
    buf = io.BytesIO()
    how = draw(st.sampled_from(["savez", "savez_compressed", "hloc", "zip"]))
    if how == "savez":
        np.savez(buf, **arrays)
    elif how == "savez_compressed":
        np.savez_compressed(buf, **arrays)
    elif how == "hloc":
        from hloc.runtime import npio

        npio.write_npz(buf, arrays)
    else:  # by hand: duplicate names, hand-written headers, other members
        method = draw(st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]))
        with zipfile.ZipFile(buf, "w", compression=method) as z:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for name in draw(st.lists(st.sampled_from(["arg0.npy", "arg1.npy", "arg0", "notes.txt"]),
                                          min_size=1, max_size=3)):
                    z.writestr(name, draw(st.sampled_from([draw(npy_text_header()), _npy_bytes(draw(valid_array())),
                                                           b"text"])))
    base = buf.getvalue()
    return draw(mutated_bytes(base, 4)) if draw(st.integers(0, 3)) else base


# ------------------------------------------------------------------------------------------------
# targets: each takes one drawn case and raises only on a finding

def check_inputs_file(data: bytes) -> None:
    """The bytes as an input file of npy_module.hlo (alone and next to a valid second input),
    through the runner that binds files to parameters, as `hloc run` does."""
    from hloc.parse import parse_module
    from hloc.runtime.runner import Runner

    runner = Runner(parse_module(MODULE, "m.hlo"), "interp")
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "in.bin")
        with open(p, "wb") as f:
            f.write(data)
        for paths in ([p], [p, str(REPRO / "npy_module.in1.npy")]):
            try:
                runner.load_inputs(paths)
            except HlocError as e:
                str(e)
        from hloc.runtime import npio

        try:
            npio.load_outputs(p)
        except HlocError as e:
            str(e)


@st.composite
def cache_case(draw):
    files = {"module.o": draw(st.binary(max_size=256)), "module.so": draw(st.binary(max_size=64))}
    actions = draw(st.lists(st.sampled_from(["flip", "truncate", "grow", "symlink_zero", "symlink_out", "fifo", "dir",
                                             "remove", "json_size", "json_name", "json_garbage", "forge", "chmod",
                                             "entry_symlink", "shard_file", "sparse"]), min_size=1, max_size=3))
    targets = [draw(st.sampled_from(["module.o", "module.so", "entry.json"])) for _ in actions]
    value = draw(st.sampled_from(EXTREME_INTS))
    return files, list(zip(actions, targets)), value


def _damage(entry: Path, action: str, name: str, value: int, outside: Path) -> None:
    p = entry / name
    # (The harness itself never writes through a link, nor reads what it made huge.)
    regular = p.is_file() and not p.is_symlink() and p.stat().st_size < 1 << 20
    if action == "flip" and regular:
        b = bytearray(p.read_bytes())
        if b:
            b[len(b) // 2] ^= 0xFF
            p.write_bytes(bytes(b))
    elif action == "truncate" and regular:
        p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2])
    elif action == "grow" and regular:
        with open(p, "ab") as f:
            f.write(b"x" * 100)
    elif action == "sparse" and regular:
        with open(p, "r+b") as f:
            f.truncate(1 << 40)
    elif action in ("symlink_zero", "symlink_out", "fifo", "dir", "remove") and os.path.lexists(p):
        if p.is_dir() and not p.is_symlink():
            return
        p.unlink()
        if action == "symlink_zero":
            os.symlink("/dev/zero", p)
        elif action == "symlink_out":
            os.symlink(outside, p)
        elif action == "fifo":
            os.mkfifo(p)
        elif action == "dir":
            p.mkdir()
    elif action.startswith("json") or action == "forge":
        j = entry / "entry.json"
        if not j.is_file() or j.is_symlink() or j.stat().st_size > 1 << 20:
            return
        try:
            doc = json.loads(j.read_text())
            body = doc["body"]
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            return
        if action == "json_size":
            for info in body.get("files", {}).values():
                info["size"] = value
        elif action == "json_name":
            body["files"] = {"../" * 6 + "etc/passwd": {"size": 1, "sha256": "0"}, str(outside): {"size": 0}}
        elif action == "json_garbage":
            j.write_bytes(struct.pack("<Q", value % (1 << 64)) * 3)
            return
        import hashlib

        if action == "forge":  # recompute everything: the checksums are not a MAC
            for fname in list(body.get("files", {})):
                fp = entry / fname
                if fp.is_file() and not fp.is_symlink() and fp.stat().st_size < 1 << 20:
                    b = fp.read_bytes()
                    body["files"][fname] = {"size": len(b), "sha256": hashlib.sha256(b).hexdigest()}
        from hloc.cache import _digest

        doc["sha256"] = _digest(body)
        j.write_text(json.dumps(doc))
    elif action == "chmod":
        os.chmod(entry.parent.parent.parent, 0o777)
    elif action == "entry_symlink" and not entry.is_symlink():
        real = entry.with_name(entry.name + ".real")
        entry.rename(real)
        os.symlink(real, entry)
    elif action == "shard_file" and not os.path.lexists(entry.parent.with_name(entry.parent.name + ".old")):
        shard = entry.parent
        tmp = shard.with_name(shard.name + ".old")
        shard.rename(tmp)
        shard.write_bytes(b"not a directory")


def check_cache(case) -> None:
    """A stored entry, damaged: load() gives an entry or None, never raises, never reads what
    entry.json does not describe, never follows a link out of the cache."""
    from hloc import cache as cache_mod

    files, actions, value = case
    with tempfile.TemporaryDirectory() as d:
        root = Path(d) / "cache"
        outside = Path(d) / "outside"
        outside.write_bytes(b"outside the cache")
        c = cache_mod.CompileCache(root)
        key = cache_mod.cache_key({"fuzz": 1})
        e = c.store(key, {"m": 1}, files)
        assert e is not None, "store failed in a fresh directory"
        for action, name in actions:
            if os.path.isdir(e.path) and os.path.isdir(e.path.parent):
                _damage(e.path, action, name, value, outside)
        saved = cache_mod._WARNED
        cache_mod._WARNED = set()  # (the warning for a chmod'ed root goes to stderr once per case)
        try:
            import contextlib

            with contextlib.redirect_stderr(io.StringIO()):
                got = cache_mod.CompileCache(root).load(key)
                cache_mod.CompileCache(root).store(key, {"m": 1}, files)
        finally:
            cache_mod._WARNED = saved
        if got is not None:
            for name, blob in got.data.items():
                assert len(blob) < 1 << 20, f"{name}: {len(blob)} bytes returned"
        assert outside.read_bytes() == b"outside the cache", "a file outside the cache changed"


@st.composite
def hlo_text(draw) -> str:
    """A corpus or testdata module with a few token mutations (tests/parse/test_fuzz.py's), or a
    small module whose shapes are replaced by extremes (huge dimensions, high ranks)."""
    try:  # (the parser's own fuzz test: its token mutations of corpus modules)
        from parse.test_fuzz import SMALL, mutated_module
    except ImportError:
        SMALL = None
    if SMALL and draw(st.booleans()):
        return draw(mutated_module())
    dims = draw(st.sampled_from(["99999999999999", "9223372036854775807", "4611686018427387904,4",
                                 ",".join(["1"] * draw(st.integers(60, 70))), "0", "2,3", "<=5", "?"]))
    et = draw(st.sampled_from(["f32", "s4", "pred", "c128", "bf16", "token", "u64"]))
    op = draw(st.sampled_from(["negate(p)", "copy(p)", "broadcast(p), dimensions={}", "reshape(p)",
                               "reverse(p), dimensions={0}", "iota(), iota_dimension=0"]))
    return f"HloModule m\nENTRY e {{\n  p = {et}[{dims}] parameter(0)\n  ROOT r = {et}[{dims}] {op}\n}}\n"


def check_hlo(text: str, filename: str = "fuzz.hlo") -> None:
    """Parse, verify, and bind random inputs for a run (what `hloc run --random-inputs` does before
    compiling): an HlocError with a position, or success."""
    from hloc.ir.verifier import verify_module
    from hloc.parse import parse_module
    from hloc.runtime.runner import Runner

    try:
        m = parse_module(text, filename)
        verify_module(m)
        Runner(m, "interp")  # the shape checks a run makes before inputs exist
    except HlocError as e:
        if e.loc is not None:
            assert e.loc.filename == filename and 1 <= e.loc.line <= text.count("\n") + 1, str(e)
        str(e)


_TOKEN = re.compile(r"\s+|[\w.\-%#@$]+|.", re.S)
TEXT_FRAGMENTS = ["0", "-1", "99999999999999", "9223372036854775807", "tensor<2x3xf32>", "tensor<99999999999999xf32>",
                  "tensor<" + "1x" * 70 + "f32>", "(", ")", "{", "}", "<", ">", ",", "=", ":", "%0", "%arg0", "\"",
                  "stablehlo.add", "func.func", "return", "dense<1.0>", "#loc", "?", "i1", "ui64", "complex<f32>"]


@st.composite
def mutated_text(draw, seeds: list[Path]) -> str:
    """A seed file with a few token-level mutations."""
    text = draw(st.sampled_from(seeds)).read_text()
    toks = _TOKEN.findall(text)
    for _ in range(draw(st.integers(1, 3))):
        if not toks:
            break
        i = draw(st.integers(0, len(toks) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "truncate", "insert", "replace", "number"]))
        if kind == "delete":
            del toks[i]
        elif kind == "duplicate":
            toks.insert(i, toks[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(toks) - 1))
            toks[i], toks[j] = toks[j], toks[i]
        elif kind == "truncate":
            toks = toks[:i]
        elif kind == "insert":
            toks.insert(i, draw(st.text(st.characters(max_codepoint=0x2FF), min_size=1, max_size=4)))
        elif kind == "replace":
            toks[i] = draw(st.sampled_from(TEXT_FRAGMENTS))
        else:
            numbers = [j for j, t in enumerate(toks) if t.isdigit()]
            if numbers:
                toks[numbers[i % len(numbers)]] = str(draw(st.sampled_from(EXTREME_INTS)))
    return "".join(toks)


def _small(pattern: str, limit: int = 8000) -> list[Path]:
    return [p for p in sorted(ROOT.glob(pattern)) if p.stat().st_size < limit]


MLIR_SEEDS = _small("testdata/stablehlo/**/*.mlir") + _small("testdata/producers/**/*.mlir") \
    + _small("testdata/fuzz_findings/*.mlir")
PROTO_SEEDS = _small("testdata/protos/*.pb", 20000) + _small("testdata/producers/**/*.hlo.pb", 20000) \
    + _small("testdata/fuzz_findings/*.pb", 20000)
PROTO_TEXT_SEEDS = _small("testdata/protos/*.pbtxt", 25000)


def check_stablehlo(text: str) -> None:
    """StableHLO / MHLO text through parse_module (which recognizes it): as for HLO text."""
    check_hlo(text, "fuzz.mlir")


def check_hlo_proto(data: bytes) -> None:
    """A binary HloModuleProto (an XLA dump's .hlo.pb) through read_source, then parsed."""
    from hloc.parse import parse_module, read_source

    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "m.hlo.pb")
        with open(p, "wb") as f:
            f.write(data)
        try:
            parse_module(read_source(p), p)
        except HlocError as e:
            str(e)


def check_hlo_proto_text(text: str) -> None:
    """A text HloModuleProto (.pbtxt, run_hlo_module's --input_format=pbtxt), as check_hlo_proto."""
    from hloc.parse import parse_module, read_source

    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "m.pbtxt")
        with open(p, "w", encoding="utf-8", errors="surrogatepass") as f:
            f.write(text)
        try:
            parse_module(read_source(p), p)
        except HlocError as e:
            str(e)


@st.composite
def mlir_bytes(draw) -> str:
    """A seed file with byte-level damage (cut UTF-8, stray brackets), decoded as a reader would."""
    data = draw(mutated_bytes(draw(st.sampled_from(MLIR_SEEDS)).read_bytes()))
    return data.decode("utf-8", "replace")


TARGETS = {
    "hlo": (hlo_text(), check_hlo),
    "npy": (npy_file(), check_inputs_file),
    "npz": (npz_file(), check_inputs_file),
    "cache": (cache_case(), check_cache),
}
if MLIR_SEEDS:
    TARGETS["stablehlo"] = (st.one_of(mutated_text(MLIR_SEEDS), mlir_bytes()), check_stablehlo)
if PROTO_TEXT_SEEDS:
    TARGETS["hlo-proto-text"] = (mutated_text(PROTO_TEXT_SEEDS), check_hlo_proto_text)
if PROTO_SEEDS:
    TARGETS["hlo-proto"] = (st.sampled_from([p.read_bytes() for p in PROTO_SEEDS]).flatmap(
        lambda b: mutated_bytes(b, 4)), check_hlo_proto)


# ------------------------------------------------------------------------------------------------
# the long run

class Tally:
    def __init__(self):
        self.runs = 0
        self.findings: list[tuple[str, object]] = []
        self.hangs = 0


def run_target(name: str, seconds: float, out: Path, examples_per_round: int = 200, seed: int | None = None) -> Tally:
    strategy, check = TARGETS[name]
    tally = Tally()
    deadline = time.monotonic() + seconds

    @settings(max_examples=examples_per_round, deadline=None, database=None, derandomize=seed is not None,
              suppress_health_check=list(HealthCheck), phases=["generate"])
    @given(strategy)
    def one(case):
        if time.monotonic() > deadline:
            return
        tally.runs += 1
        try:
            with hang_guard(), warnings.catch_warnings():
                warnings.simplefilter("error", RuntimeWarning)  # numpy's noise on stderr is a finding too
                check(case)
        except Hang:
            tally.hangs += 1
            _report(out, name, len(tally.findings) + tally.hangs, case, "hang")
        except Exception:  # noqa: BLE001 - every other exception is the finding
            tally.findings.append((traceback.format_exc(), case))
            _report(out, name, len(tally.findings) + tally.hangs, case, traceback.format_exc())

    while time.monotonic() < deadline:
        one()
        if seed is not None:
            break
    return tally


def _report(out: Path, name: str, n: int, case, what: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with open(out / f"{name}-{n}.txt", "w") as f:
        f.write(f"{what}\n\ncase: {case!r}\n"[:1 << 20])


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=600, help="per target (default 600)")
    ap.add_argument("--target", action="append", choices=list(TARGETS), help="default: all")
    ap.add_argument("--out", default=str(ROOT / "build" / "fuzz"))
    args = ap.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    names = args.target or list(TARGETS)
    total = 0
    bad = 0
    for name in names:
        t0 = time.monotonic()
        tally = run_target(name, args.seconds, Path(args.out))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"{name}: {tally.runs} executions in {time.monotonic() - t0:.0f} s, {len(tally.findings)} findings "
              f"(tracebacks), {tally.hangs} hangs, peak RSS so far {peak // 1024} MiB", flush=True)
        total += tally.runs
        bad += len(tally.findings) + tally.hangs
    print(f"fuzz-inputs: {total} executions, {bad} findings" + (f" (see {args.out})" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
