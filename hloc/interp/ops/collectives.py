"""Collectives among the devices of a run (interp/participants.py), async wrappers, and the
host-transfer ops the interpreter cannot run.

Every participant gives its operands to the rendezvous of its group (ir/devices.py decides the
groups as XLA does); the last to arrive combines them in the group's order:
  all-reduce        the to_apply computation folded over the group, left to right, per operand;
  all-gather        the operands concatenated along `dimensions`, in group order;
  reduce-scatter    the all-reduce, cut along `dimensions` into one block per participant;
  all-to-all        block j of each operand (split along `dimensions`) goes to participant j, the
                    received blocks concatenated in group order; the tuple form sends operand j to j;
  collective-broadcast  the group's first participant's operand;
  collective-permute    the operand of the device whose pair targets this one, zeros without one;
  ragged-all-to-all rows [input_offsets[j], +send_sizes[j]) to participant j, at its output_offsets[j].
Device 0 of a one-device system (an Evaluator without a participant) keeps XLA's single-device
results; a module for more devices than the run has is a RunError.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ...ir.devices import group_of, module_devices, permute_pairs
from .. import collective_math as cm
from ..registry import handler
from ..util import apply_computation, called


def _participant(instr, ev):
    p = ev.participant
    devices = module_devices(ev.module)
    if p.rendezvous is None and p.devices < devices:
        raise RunError(f"'{instr.opcode}' in a module for {devices} devices: the run has {p.devices} "
                       f"(hloc run --devices {devices}, or interp.evaluate_devices)", instr.loc)
    return p


def _group(instr, ev):
    p = _participant(instr, ev)
    return p, group_of(instr, p.device, p.replicas, p.partitions)


def _result_shape(instr):
    out = instr.shape
    if out.is_tuple and instr.opcode.endswith("-start") and instr.opcode != "all-reduce-start":
        return out.tuple_shapes[1]  # (operands, results, ...) form of a -start
    return out


def _pack(instr, arrays: list):
    """The result value from its leaf arrays, after checking their shapes."""
    shape = _result_shape(instr)
    leaves = [s for s in shape.leaves() if s.is_array]
    for a, s in zip(arrays, leaves):
        if a.shape != tuple(s.dims):
            raise RunError(f"'{instr.opcode}' gives {list(a.shape)} where the result is {s.to_str(False)}: its "
                           "replica groups do not have the participants the shapes need (too few devices?)",
                           instr.loc)
    return tuple(arrays) if shape.is_tuple else arrays[0]


def _reducer(instr, ev):
    comp = called(instr, "to_apply")
    return lambda a, b: apply_computation(ev, comp, [a, b])


def _dimension(instr) -> int:
    dims = instr.attrs.get("dimensions")
    if not dims:
        raise RunError(f"'{instr.opcode}' needs dimensions=", instr.loc)
    return int(dims[0])


def _exchange(instr, args, ev, combine):
    p, group = _group(instr, ev)
    return p.exchange(instr, group, list(args), combine)


@handler("all-reduce", "all-reduce-start")
def _all_reduce(instr, args, ev):
    reduce2 = _reducer(instr, ev)
    return _pack(instr, _exchange(instr, args, ev, lambda values: cm.all_reduce(values, reduce2)))


def _all_gather(instr, args, ev):
    d = _dimension(instr)
    return _pack(instr, _exchange(instr, args, ev, lambda values: cm.all_gather(values, d)))


@handler("reduce-scatter")
def _reduce_scatter(instr, args, ev):
    d, reduce2 = _dimension(instr), _reducer(instr, ev)
    return _pack(instr, _exchange(instr, args, ev, lambda values: cm.reduce_scatter(values, d, reduce2)))


@handler("all-to-all")
def _all_to_all(instr, args, ev):
    dims = instr.attrs.get("dimensions")
    d = int(dims[0]) if dims else None
    return _pack(instr, _exchange(instr, args, ev, lambda values: cm.all_to_all(values, d)))


@handler("collective-broadcast")
def _broadcast(instr, args, ev):
    return _pack(instr, _exchange(instr, args, ev, cm.broadcast))


def _permute(instr, args, ev):
    p = _participant(instr, ev)
    if len(args) > 2 and instr.attrs.get("slice_sizes") is not None:
        raise RunError("in-place collective-permute (with slice_sizes) is not supported by the interpreter",
                       instr.loc)
    source_of: list = [None] * p.devices
    for s, t in permute_pairs(instr, p.replicas, p.partitions):
        source_of[t] = s
    everyone = list(range(p.devices))
    return _pack(instr, p.exchange(instr, everyone, list(args), lambda values: cm.permute(values, source_of)))


handler("collective-permute")(_permute)


@handler("ragged-all-to-all")
def _ragged_all_to_all(instr, args, ev):
    return _exchange(instr, args, ev, cm.ragged_all_to_all)[0]


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


handler("all-gather")(_all_gather)
handler("all-gather-start")(_start(_all_gather))
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
    p = ev.participant
    return np.array(p.replica if instr.opcode == "replica-id" else p.partition, instr.shape.dtype)


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
