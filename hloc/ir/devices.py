"""Which devices take part in a collective, as XLA decides it (service/collective_ops_utils.cc): what
the interpreter, the native backend and the runtime all read, so the three agree.

A module runs on replica_count x num_partitions devices; device `d` is replica `d // P`, partition
`d % P` (XLA's default device assignment, and the order XLA:CPU's per-device buffers come in). A
collective's replica groups name replicas, partitions or devices depending on its group mode:

  no channel_id                                   cross-replica: replica ids, within each partition
  channel_id, no use_global_device_ids attribute  cross-partition: partition ids, within each replica
    (all-to-all, collective-broadcast, collective-permute, ragged-all-to-all)
  channel_id, use_global_device_ids=false         cross-replica-and-partition: replica ids, every
                                                  partition of each listed replica
  channel_id, use_global_device_ids=true          flattened ids: the devices themselves

Replica groups are written `{}` (everyone), `{{0,1},{2,3}}`, as an iota list `[2,2]<=[4]` /
`[2,4]<=[4,2]T(1,0)` (iota over the dims, transposed, reshaped to [groups, size]) or as mesh axes
`mesh['x'=2,'y'=2] {'y'}` (the devices along the listed axes form a group).
"""

from __future__ import annotations

import re

import numpy as np

from ..errors import RunError

# Ops whose replica groups follow use_global_device_ids (XLA: an all-reduce-base or all-gather).
_WITH_GLOBAL_IDS = frozenset({"all-reduce", "all-reduce-start", "reduce-scatter", "all-gather",
                              "all-gather-start"})
# Ops that communicate between devices (their -start forms included).
COLLECTIVES = frozenset({"all-reduce", "all-reduce-start", "all-gather", "all-gather-start", "reduce-scatter",
                         "all-to-all", "ragged-all-to-all", "collective-broadcast", "collective-permute",
                         "collective-permute-start"})


class DeviceError(RunError):
    """Replica groups or source-target pairs that do not describe the module's devices."""


def ints_in(text: str) -> list[int]:
    """The integers of an attribute's text (`{{0,1},{2,3}}` -> [0, 1, 2, 3])."""
    return [int(t) for t in re.findall(r"-?\d+", text)]


def module_devices(module) -> int:
    """replica_count x num_partitions of the module header (1 when absent)."""
    replicas, partitions = module_replicas_partitions(module)
    return replicas * partitions


def module_replicas_partitions(module) -> tuple[int, int]:
    attrs = module.attrs or {}
    return int(attrs.get("replica_count", 1) or 1), int(attrs.get("num_partitions", 1) or 1)


def uses_collectives(module) -> bool:
    return any(i.opcode in COLLECTIVES for c in module.computations for i in c.instructions)


def group_mode(instr) -> str:
    """'replica', 'partition', 'replica-and-partition' or 'flattened' (see the module docstring)."""
    if instr.attrs.get("channel_id") is None:
        if instr.attrs.get("use_global_device_ids"):
            raise DeviceError(f"'{instr.opcode}': use_global_device_ids=true needs a channel_id", instr.loc)
        return "replica"
    if instr.opcode not in _WITH_GLOBAL_IDS:
        return "partition"
    return "flattened" if instr.attrs.get("use_global_device_ids") else "replica-and-partition"


def parse_replica_groups(text: str, loc=None) -> list[list[int]] | None:
    """The groups of a replica_groups attribute's text, None for `{}` (everyone)."""
    text = text.strip()
    m = re.fullmatch(r"\[(\d+),(\d+)\]<=\[([\d,]+)\](?:T\(([\d,]+)\))?", text.replace(" ", ""))
    if m:
        groups, size = int(m.group(1)), int(m.group(2))
        dims = [int(d) for d in m.group(3).split(",")]
        ids = np.arange(int(np.prod(dims))).reshape(dims)
        if m.group(4):
            ids = ids.transpose([int(p) for p in m.group(4).split(",")])
        if groups * size != ids.size:
            raise DeviceError(f"replica groups {text}: {groups}x{size} groups of {ids.size} ids", loc)
        return ids.reshape(groups, size).tolist()
    m = re.fullmatch(r"mesh\[([^\]]*)\]\s*\{([^}]*)\}", text)
    if m:
        axes = re.findall(r"'([^']+)'\s*=\s*(\d+)", m.group(1))
        names, sizes = [a for a, _ in axes], [int(s) for _, s in axes]
        wanted = re.findall(r"'([^']+)'", m.group(2))
        if not axes or any(w not in names for w in wanted):
            raise DeviceError(f"replica groups {text}: mesh axes not understood", loc)
        inner = [names.index(w) for w in wanted]
        outer = [k for k in range(len(names)) if k not in inner]
        ids = np.arange(int(np.prod(sizes))).reshape(sizes).transpose(outer + inner)
        size = int(np.prod([sizes[k] for k in inner])) if inner else 1
        return ids.reshape(-1, size).tolist()
    if text.startswith("{"):
        inner_groups = re.findall(r"\{([^{}]*)\}", text[1:-1]) if text.startswith("{{") else []
        if not inner_groups:
            if ints_in(text):
                raise DeviceError(f"replica groups {text} not understood", loc)
            return None
        return [ints_in(g) for g in inner_groups]
    raise DeviceError(f"replica groups {text} not understood", loc)


def _devices_text(replicas: int, partitions: int) -> str:
    n = replicas * partitions
    return f"{n} device{'s' if n != 1 else ''} ({replicas} replicas x {partitions} partitions)"


def _device(replica: int, partition: int, partitions: int) -> int:
    return replica * partitions + partition


def device_groups(instr, replicas: int, partitions: int) -> list[list[int]]:
    """Every group of devices the collective forms, each in its participants' order (XLA's
    GetParticipatingDevicesGroups with the default device assignment)."""
    mode = group_mode(instr)
    raw = instr.attrs.get("replica_groups")
    groups = parse_replica_groups(str(raw), instr.loc) if raw is not None else None
    if groups is None:
        if mode == "flattened":
            raise DeviceError(f"'{instr.opcode}' with use_global_device_ids=true needs replica groups", instr.loc)
        groups = [list(range(partitions if mode == "partition" else replicas))]
    limit = {"replica": replicas, "replica-and-partition": replicas, "partition": partitions,
             "flattened": replicas * partitions}[mode]
    seen: set[int] = set()
    for g in groups:
        for i in g:
            if not 0 <= i < limit or i in seen:
                raise DeviceError(f"'{instr.opcode}': replica groups {str(raw).strip()} name "
                                  f"{mode.split('-')[0]} {i}{' twice' if i in seen else ''}; the run has "
                                  f"{_devices_text(replicas, partitions)}", instr.loc)
            seen.add(i)
    out: list[list[int]] = []
    if mode == "replica":
        out = [[_device(r, p, partitions) for r in g] for g in groups for p in range(partitions)]
    elif mode == "partition":
        out = [[_device(r, p, partitions) for p in g] for g in groups for r in range(replicas)]
    elif mode == "replica-and-partition":
        out = [[_device(r, p, partitions) for r in g for p in range(partitions)] for g in groups]
    else:
        out = [list(g) for g in groups]
    return out


def group_of(instr, device: int, replicas: int, partitions: int) -> list[int]:
    """The devices of `device`'s group, in order; [device] when the groups leave it out (XLA fails such
    a module; running it alone is the single-device behaviour)."""
    for g in device_groups(instr, replicas, partitions):
        if device in g:
            return g
    raise DeviceError(f"'{instr.opcode}': device {device} is in none of the replica groups "
                      f"{str(instr.attrs.get('replica_groups')).strip()}", instr.loc)


def permute_pairs(instr, replicas: int, partitions: int) -> list[tuple[int, int]]:
    """A collective-permute's (source device, target device) pairs: its source_target_pairs name
    replicas (no channel_id; within each partition) or partitions (within each replica)."""
    ids = ints_in(str(instr.attrs.get("source_target_pairs", "")))
    pairs = list(zip(ids[0::2], ids[1::2]))
    by_partition = instr.attrs.get("channel_id") is not None
    # XLA:CPU ignores sends to devices the run does not have (a one-device run of a ring), and
    # fails on receives from them.
    limit = partitions if by_partition else replicas
    for s, t in pairs:
        if 0 <= t < limit and not 0 <= s < limit:
            raise DeviceError(f"collective-permute: pair {{{s},{t}}} receives from a "
                              f"{'partition' if by_partition else 'replica'} beyond the run's "
                              f"{_devices_text(replicas, partitions)}", instr.loc)
    pairs = [(s, t) for s, t in pairs if 0 <= t < limit]
    if by_partition:
        return [(_device(r, s, partitions), _device(r, t, partitions)) for r in range(replicas) for s, t in pairs]
    return [(_device(s, p, partitions), _device(t, p, partitions)) for p in range(partitions) for s, t in pairs]


def replica_group_size(instr) -> int:
    """Participants in device 0's replica group of a collective (1 without replica_groups): what the
    single-device paths check."""
    raw = instr.attrs.get("replica_groups")
    if raw is None:
        return 1
    try:
        groups = parse_replica_groups(str(raw), instr.loc)
    except DeviceError:
        return 1
    if groups is None:
        return 1
    with_zero = [g for g in groups if 0 in g]
    return len(with_zero[0]) if with_zero else 1


# A binary reducer `ROOT r = op(p0, p1)` the runtimes compute without an interpreter.
_SIMPLE_REDUCERS = frozenset({"add", "multiply", "maximum", "minimum", "and", "or", "xor"})


def reducer_op(comp) -> str | None:
    """The opcode of a to_apply computation that is just `op(p0, p1)` over same-typed scalars, else None."""
    root = comp.root
    params = comp.parameters
    if root.opcode not in _SIMPLE_REDUCERS or len(comp.instructions) != 3 or len(params) != 2:
        return None
    if {id(o) for o in root.operands} != {id(p) for p in params}:
        return None
    return root.opcode if all(p.shape == root.shape and p.shape.is_scalar for p in params) else None


def _buffer(shape) -> list:
    """[etype, dims, minor_to_major] of an array leaf: how its bytes are laid out."""
    layout = shape.layout.minor_to_major if shape.layout is not None else tuple(range(shape.rank - 1, -1, -1))
    return [shape.etype, list(shape.dims), list(layout)]


def describe(instr, operand_shapes, result_shapes, replicas: int, partitions: int) -> dict:
    """Everything a runtime needs to run one collective of a compiled module, as JSON-able data (the
    native code hands it over as a JSON string, see hloc/runtime/collectives.py):
      op          the opcode (a -start form's plain op; replica-id / partition-id too)
      groups      the device groups (device = replica * partitions + partition), each in order
      pairs       collective-permute's [source, target] device pairs
      dimension   all-gather / reduce-scatter / array all-to-all's dimension
      reducer     all-reduce / reduce-scatter: the binary op, or the computation as HLO text
      operands, results   [etype, dims, minor_to_major] of each array leaf, in order
    """
    from .printer import print_computation

    op = instr.opcode.removesuffix("-start")
    d: dict = {"op": op, "devices": [replicas, partitions],
               "operands": [_buffer(s) for s in operand_shapes], "results": [_buffer(s) for s in result_shapes]}
    if op == "collective-permute":
        d["pairs"] = [list(p) for p in permute_pairs(instr, replicas, partitions)]
    elif op not in ("replica-id", "partition-id"):
        d["groups"] = device_groups(instr, replicas, partitions)
    dims = instr.attrs.get("dimensions")
    if dims:
        d["dimension"] = int(dims[0])
    comp = instr.attrs.get("to_apply")
    if comp is not None:
        d["reducer"] = reducer_op(comp) or ("HloModule reducer\n\nENTRY " + print_computation(comp))
    return d
