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


def _reduce(ev, comp, values: list) -> list:
    """Per operand, values[0] op values[1] op ... (left to right), with the to_apply computation."""
    out = []
    for k in range(len(values[0])):
        acc = values[0][k]
        for v in values[1:]:
            acc = np.asarray(apply_computation(ev, comp, [acc, v[k]]))
        out.append(np.array(acc, copy=True))
    return out


@handler("all-reduce", "all-reduce-start")
def _all_reduce(instr, args, ev):
    p, group = _group(instr, ev)
    comp = called(instr, "to_apply")

    def combine(values):
        reduced = _reduce(ev, comp, values)
        return [reduced] + [[a.copy() for a in reduced] for _ in values[1:]]

    return _pack(instr, p.exchange(instr, group, list(args), combine))


def _dimension(instr) -> int:
    dims = instr.attrs.get("dimensions")
    if not dims:
        raise RunError(f"'{instr.opcode}' needs dimensions=", instr.loc)
    return int(dims[0])


def _all_gather(instr, args, ev):
    p, group = _group(instr, ev)
    d = _dimension(instr)

    def combine(values):
        gathered = [np.concatenate([v[k] for v in values], axis=d) for k in range(len(values[0]))]
        return [gathered] + [[a.copy() for a in gathered] for _ in values[1:]]

    return _pack(instr, p.exchange(instr, group, list(args), combine))


@handler("reduce-scatter")
def _reduce_scatter(instr, args, ev):
    p, group = _group(instr, ev)
    d = _dimension(instr)
    comp = called(instr, "to_apply")
    n = len(group)

    def combine(values):
        reduced = _reduce(ev, comp, values)
        for a in reduced:
            if a.shape[d] % n:
                raise RunError(f"reduce-scatter: dimension {d} of {list(a.shape)} does not split into {n} blocks",
                               instr.loc)
        return [[np.array(np.split(a, n, axis=d)[i]) for a in reduced] for i in range(n)]

    return _pack(instr, p.exchange(instr, group, list(args), combine))


@handler("all-to-all")
def _all_to_all(instr, args, ev):
    p, group = _group(instr, ev)
    n = len(group)
    dims = instr.attrs.get("dimensions")
    if dims:
        d = int(dims[0])

        def combine(values):
            for a in values[0]:
                if a.shape[d] % n:
                    raise RunError(f"all-to-all: dimension {d} of {list(a.shape)} does not split into {n} "
                                   "blocks", instr.loc)
            blocks = [[np.split(a, n, axis=d) for a in v] for v in values]
            return [[np.concatenate([blocks[k][j][i] for k in range(n)], axis=d) for j in range(len(values[0]))]
                    for i in range(n)]
    else:
        if len(args) != n:
            raise RunError(f"all-to-all with {len(args)} operands among {n} participants", instr.loc)

        def combine(values):
            return [[np.array(values[k][i]) for k in range(n)] for i in range(n)]

    return _pack(instr, p.exchange(instr, group, list(args), combine))


@handler("collective-broadcast")
def _broadcast(instr, args, ev):
    p, group = _group(instr, ev)

    def combine(values):
        return [[np.array(a) for a in values[0]] for _ in values]

    return _pack(instr, p.exchange(instr, group, list(args), combine))


def _permute(instr, args, ev):
    p = _participant(instr, ev)
    if len(args) > 2 and instr.attrs.get("slice_sizes") is not None:
        raise RunError("in-place collective-permute (with slice_sizes) is not supported by the interpreter",
                       instr.loc)
    pairs = permute_pairs(instr, p.replicas, p.partitions)
    everyone = list(range(p.devices))
    source_of = {t: s for s, t in pairs}

    def combine(values):
        out = []
        for t in everyone:
            s = source_of.get(t)
            out.append([np.array(a) for a in values[s]] if s is not None else [np.zeros_like(a) for a in values[t]])
        return out

    return _pack(instr, p.exchange(instr, everyone, list(args), combine))


handler("collective-permute")(_permute)


@handler("ragged-all-to-all")
def _ragged_all_to_all(instr, args, ev):
    """Participant i's output: the output operand, with sender k's rows
    [k.input_offsets[i], +k.send_sizes[i]) at k.output_offsets[i]."""
    p, group = _group(instr, ev)
    n = len(group)

    def combine(values):
        outs = []
        for i in range(n):
            out = np.array(values[i][1])
            for k in range(n):
                data, _output, in_off, send, out_off, _recv = values[k]
                start, size, dst = (int(np.ravel(x)[i]) for x in (in_off, send, out_off))
                if size > 0:
                    out[dst: dst + size] = data[start: start + size]
            outs.append([out])
        return outs

    for a in args[2:]:
        if np.size(a) < n:
            raise RunError(f"ragged-all-to-all: offsets and sizes need one entry per participant ({n})", instr.loc)
    return p.exchange(instr, group, list(args), combine)[0]


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
