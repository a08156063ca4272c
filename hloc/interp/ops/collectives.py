"""Collectives on a single device (replica 0 of partition 0, like XLA's interpreter backend with one
device), async wrappers, and the host-transfer ops the interpreter cannot run.

With one participant, all-reduce / all-gather / reduce-scatter / all-to-all / collective-broadcast
return their operands; collective-permute returns its operand when device 0 sends to itself and zeros
when nobody sends to it. A module configured for several replicas or partitions, or replica groups
that put device 0 with other devices, is a RunError: those need more than one device.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ...ir.devices import ints_in, module_devices, replica_group_size
from ..registry import handler
from ..util import called


def _check_single_device(instr, ev) -> None:
    devices = module_devices(ev.module)
    if devices > 1:
        raise RunError(f"'{instr.opcode}' in a module for {devices} devices: the interpreter runs one device",
                       instr.loc)
    size = replica_group_size(instr)
    if size > 1:
        raise RunError(f"'{instr.opcode}' with replica groups {str(instr.attrs['replica_groups']).strip()} "
                       f"needs {size} devices; the interpreter runs one", instr.loc)


def _same(instr, args):
    return args[0] if len(args) == 1 else tuple(args)


@handler("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-broadcast")
def _single_participant(instr, args, ev):
    _check_single_device(instr, ev)
    out = instr.shape
    if out.is_tuple and instr.opcode.endswith("-start"):
        out = out.tuple_shapes[1]  # (operands, results) form of all-gather-start
    leaves = [s for s in out.leaves() if s.is_array]
    for a, s in zip(args, leaves):
        if a.shape != tuple(s.dims):
            # An all-gather that grows or a reduce-scatter that shrinks its operand has more than one
            # participant (XLA:CPU leaves the rest of such a result undefined).
            raise RunError(f"'{instr.opcode}' from {list(a.shape)} to {s.to_str(False)} needs more than one "
                           "participant; the interpreter runs one device", instr.loc)
    if instr.opcode == "all-to-all" and instr.shape.is_tuple and len(args) == 1:
        return (args[0],)
    return _same(instr, args)


def _permute(instr, args, ev):
    _check_single_device(instr, ev)
    if len(args) > 2 and instr.attrs.get("slice_sizes") is not None:
        raise RunError("in-place collective-permute (with slice_sizes) is not supported by the interpreter",
                       instr.loc)
    pairs = ints_in(str(instr.attrs.get("source_target_pairs", "")))
    pairs = list(zip(pairs[0::2], pairs[1::2]))
    sources = [s for s, t in pairs if t == 0]
    if 0 in sources:
        return _same(instr, args)
    if sources:
        raise RunError(f"collective-permute receives from device {sources[0]}; the interpreter runs one device",
                       instr.loc)
    zeros = [np.zeros_like(a) for a in args]
    return zeros[0] if len(zeros) == 1 else tuple(zeros)


handler("collective-permute")(_permute)


def _context(shape):
    """Zero values for the context elements of a -start tuple (u32[] / s32[] scalars)."""
    return np.zeros(shape.dims, shape.dtype)


def _start(result_fn):
    """A native -start op: its value is the plain result, or (operands, result, context...) when the
    start is tuple-shaped (all-reduce-start always has the plain all-reduce shape)."""

    def run(instr, args, ev):
        result = result_fn(instr, args, ev)
        if not instr.shape.is_tuple or instr.opcode == "all-reduce-start":
            return result
        operands = args[0] if len(args) == 1 else tuple(args)
        return (operands, result, *[_context(s) for s in instr.shape.tuple_shapes[2:]])

    return run


handler("all-reduce-start")(_start(_single_participant))
handler("all-gather-start")(_start(_single_participant))
handler("collective-permute-start")(_start(_permute))


@handler("all-reduce-done")
def _all_reduce_done(instr, args, ev):
    return args[0]


@handler("all-gather-done", "collective-permute-done")
def _done(instr, args, ev):
    start = instr.operands[0].shape
    if start.is_tuple and len(start.tuple_shapes) >= 2 and start.tuple_shapes[1].compatible(instr.shape) \
            and not start.compatible(instr.shape):
        return args[0][1]
    return args[0]


@handler("copy-start")
def _copy_start(instr, args, ev):
    # (destination, source, context)
    return (args[0], args[0], *[_context(s) for s in instr.shape.tuple_shapes[2:]])


@handler("copy-done")
def _copy_done(instr, args, ev):
    return args[0][0]


@handler("replica-id", "partition-id")
def _device_id(instr, args, ev):
    return np.zeros((), instr.shape.dtype)


@handler("ragged-all-to-all")
def _ragged_all_to_all(instr, args, ev):
    """One device: rows [input_offsets[0], +send_sizes[0]) of the input land at output_offsets[0]."""
    _check_single_device(instr, ev)
    data, output, in_off, send, out_off, _recv = args
    out = output.copy()
    start, size, dst = int(np.ravel(in_off)[0]), int(np.ravel(send)[0]), int(np.ravel(out_off)[0])
    out[dst: dst + size] = data[start: start + size]
    return out


# --------------------------------------------------------------------------------------------------
# async-start / -update / -done wrap any computation: the value of a start is (operands, result,
# context...), computed eagerly.


@handler("async-start")
def _async_start(instr, args, ev):
    result = ev.call(called(instr, "calls"), args)
    rest = [_context(s) for s in instr.shape.tuple_shapes[2:]]
    return (tuple(args), result, *rest)


@handler("async-update")
def _async_update(instr, args, ev):
    return args[0]


@handler("async-done")
def _async_done(instr, args, ev):
    return args[0][1]


# --------------------------------------------------------------------------------------------------
# Host transfers


@handler("send", "send-done", "recv", "recv-done", "infeed", "outfeed")
def _host(instr, args, ev):
    raise RunError(f"'{instr.opcode}' needs a host or another device to talk to; the interpreter cannot run it",
                   instr.loc)
