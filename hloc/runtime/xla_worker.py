"""Run HLO text on XLA:CPU through jaxlib: the `xla` backend's engine (`hloc run --check-against xla`).

Standalone on purpose (numpy and jax only, no hloc): it runs in hloc's own process when jax is
importable there, or as a script under another Python that has jax (`HLOC_XLA_PYTHON`, e.g. a 3.12
venv with jax 0.12 while hloc's is 3.11):

    python xla_worker.py MODULE.hlo INPUTS.npz OUTPUTS.npz    # arrays arg0.. in, out0.. out
    python xla_worker.py MODULE.hlo INPUTS.npz OUTPUTS.npz --devices R,P
        # R replicas x P partitions: every array has a leading device axis (device d = replica d // P,
        # partition d % P); XLA:CPU gets R*P host devices (--xla_force_host_platform_device_count)

The route is XLA's own: HLO text -> HloModule (XLA's parser) -> StableHLO -> compile on the CPU
client -> execute. Tuple parameters and results are flattened depth-first, as hlo_to_stablehlo
does. bf16/f8 cross the .npz as same-width unsigned bit patterns, with their type names beside.
"""

from __future__ import annotations

import contextlib
import sys


def run_hlo(text: str, leaves: list, replicas: int = 1, partitions: int = 1) -> list:
    """The module's flattened outputs on XLA:CPU for its flattened inputs (numpy arrays). With several
    devices, inputs and outputs carry a leading device axis."""
    if replicas * partitions > 1:
        return _run_devices(text, leaves, replicas, partitions)
    import jax
    import numpy as np

    with contextlib.suppress(Exception):  # (backends already initialised by the caller: keep them)
        jax.config.update("jax_platforms", "cpu")
    from jax._src import xla_bridge as xb
    from jax._src.lib import _jax, hlo
    from jax._src.lib import xla_client as xc

    proto = hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto()
    shlo = _jax.mlir.hlo_to_stablehlo(proto)
    client = xb.get_backend("cpu")
    device = client.local_devices()[0]
    exe = client.compile_and_load(shlo, xc.DeviceList((device,)), xc.CompileOptions())
    with jax.enable_x64(True):  # f64/s64 stay as they are
        buffers = [jax.device_put(np.ascontiguousarray(a), device) for a in leaves]
    result = exe.execute_sharded(buffers)
    return [np.asarray(x[0]) for x in result.disassemble_into_single_device_arrays()]


def _run_devices(text: str, stacks: list, replicas: int, partitions: int) -> list:
    """One program per device (no SPMD partitioning), each device's arguments its own slice of
    `stacks`; an argument goes in as an array whose shards are those slices (XLA's execute_sharded
    takes one buffer per device and argument, and checks nothing else of the sharding)."""
    import jax
    import numpy as np

    with contextlib.suppress(Exception):
        jax.config.update("jax_platforms", "cpu")
    from jax._src import core
    from jax._src import xla_bridge as xb
    from jax._src.array import ArrayImpl
    from jax._src.lib import _jax, hlo
    from jax._src.lib import xla_client as xc
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    n = replicas * partitions
    client = xb.get_backend("cpu")
    devices = client.local_devices()
    if len(devices) < n:
        raise RuntimeError(f"XLA:CPU has {len(devices)} devices, the module needs {n}: set "
                           f"XLA_FLAGS=--xla_force_host_platform_device_count={n} before jax starts")
    devices = devices[:n]
    if partitions > 1:
        text = _manually_sharded(text)
    proto = hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto()
    shlo = _jax.mlir.hlo_to_stablehlo(proto)
    options = xc.CompileOptions()
    options.num_replicas, options.num_partitions = replicas, partitions
    options.device_assignment = xc.DeviceAssignment.create(np.arange(n).reshape(replicas, partitions))
    # XLA:CPU takes several partitions only with its SPMD partitioner on: every instruction marked
    # manually sharded makes it leave a per-device program as it is (partition-id included).
    options.executable_build_options.use_spmd_partitioning = partitions > 1
    exe = client.compile_and_load(shlo, xc.DeviceList(tuple(devices)), options)
    sharding = NamedSharding(Mesh(np.array(devices), ("d",)), PartitionSpec())
    args = []
    with jax.enable_x64(True):
        for a in stacks:
            a = np.asarray(a)
            if a.shape[:1] != (n,):
                raise ValueError(f"a per-device input of shape {a.shape} for {n} devices")
            shards = [jax.device_put(np.ascontiguousarray(a[d]), devices[d]) for d in range(n)]
            args.append(ArrayImpl(core.ShapedArray(a.shape[1:], a.dtype), sharding, shards, committed=True,
                                  _skip_checks=True))
    result = exe.execute_sharded(args)
    return [np.stack([np.asarray(x) for x in per_device]) for per_device in
            result.disassemble_into_single_device_arrays()]


def _manually_sharded(text: str) -> str:
    """Every instruction line with `sharding={manual}` (any sharding it had replaced)."""
    import re

    out = []
    for line in text.splitlines():
        if re.match(r"\s*(ROOT\s+)?%?[\w.\-]+\s*=\s*\S", line) and not line.rstrip().endswith("{"):
            line = re.sub(r",\s*sharding=\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", "", line).rstrip() + ", sharding={manual}"
        out.append(line)
    return "\n".join(out) + "\n"


def save_arrays(path: str, arrays: list, prefix: str) -> None:
    """`prefix0..` in an .npz; ml_dtypes arrays as bit patterns with `PREFIXk.dtype` naming the type."""
    import numpy as np

    out: dict = {}  # (untyped values: np.savez's stub takes a dict of arrays as its allow_pickle too)
    for k, a in enumerate(arrays):
        a = np.asarray(a)
        if a.dtype.kind == "V" or type(a.dtype).__module__.startswith("ml_dtypes") or a.dtype.name in (
                "bfloat16", "int4", "uint4") or a.dtype.name.startswith("float8"):
            out[f"{prefix}{k}.dtype"] = np.array(a.dtype.name)
            a = a.view(np.uint16 if a.dtype.itemsize == 2 else np.uint8)
        out[f"{prefix}{k}"] = a
    np.savez(path, **out)


def load_arrays(path: str, prefix: str) -> list:
    import numpy as np

    with np.load(path, allow_pickle=False) as z:
        data = {k: z[k] for k in z.files}
    out = []
    k = 0
    while f"{prefix}{k}" in data:
        a = data[f"{prefix}{k}"]
        name = data.get(f"{prefix}{k}.dtype")
        if name is not None:
            import ml_dtypes

            a = a.view(getattr(ml_dtypes, str(name)))
        out.append(a)
        k += 1
    return out


def main(argv: list[str]) -> int:
    replicas = partitions = 1
    if len(argv) == 5 and argv[3] == "--devices":
        replicas, partitions = (int(x) for x in argv[4].split(","))
        argv = argv[:3]
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    if replicas * partitions > 1:
        import os

        flag = f"--xla_force_host_platform_device_count={replicas * partitions}"
        os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " " + flag).strip()
    module, inputs, outputs = argv
    with open(module) as f:
        text = f.read()
    try:
        outs = run_hlo(text, load_arrays(inputs, "arg"), replicas, partitions)
    except Exception as e:  # XLA's parse / compile / run errors, reported to the caller
        print(f"{type(e).__name__}: {e}", file=sys.stderr)
        return 1
    save_arrays(outputs, outs, "out")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
