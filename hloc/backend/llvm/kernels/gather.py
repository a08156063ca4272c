"""gather: an index-remapping elemental rule, computed by the generic loop kernel and inside fusions.

Output element `out[i]` reads `operand[start(batch(i)) + offset(i)]` where (XLA's semantics, full
GatherDimensionNumbers):
  * batch(i): the output dimensions that are not offset_dims, in order; with index_vector_dim
    inserted they index `start_indices` (index_vector_dim == rank: a trailing vector of one);
  * start[start_index_map[k]] = start_indices[batch, k], clamped to [0, dim - slice_size] so that
    the whole slice fits (signed or unsigned by the index type: no read outside the operand, ever);
  * start[operand_batching_dims[j]] = batch position along start_indices_batching_dims[j];
  * offset: output offset_dims map, in order, to the operand dimensions that are neither collapsed
    nor batching dims.
"""

from __future__ import annotations

from ....errors import CodegenError
from ....ir.attrs import GatherDims
from ....ir.module import Instruction
from ..elemental import Elemental, rule
from ..llvmir.loops import Index
from .indexing import check_index_type, clamp_start, i64, widen


def gather_output_dims(g: GatherDims, operand_dims, index_dims) -> tuple[int, ...]:
    idx = list(index_dims)
    if g.index_vector_dim == len(idx):
        idx.append(1)
    batch = [d for k, d in enumerate(idx) if k != g.index_vector_dim]
    elided = set(g.collapsed_slice_dims) | set(g.operand_batching_dims)
    window = [s for d, s in enumerate(g.slice_sizes) if d not in elided]
    out, bi, wi = [], 0, 0
    for k in range(len(batch) + len(window)):
        if k in g.offset_dims:
            out.append(window[wi])
            wi += 1
        else:
            out.append(batch[bi])
            bi += 1
    return tuple(out)


def check_gather(instr: Instruction) -> None:
    """Every fact the emitted code relies on to stay inside its buffers."""
    operand, indices = instr.operands
    g = GatherDims.of(instr)
    rank, irank = operand.shape.rank, indices.shape.rank

    def bad(msg: str):
        raise CodegenError(f"gather: {msg}", instr.loc)

    check_index_type(instr, indices.shape.etype, "start_indices")
    if not 0 <= g.index_vector_dim <= irank:
        bad(f"index_vector_dim {g.index_vector_dim} out of range for start_indices of rank {irank}")
    if len(g.slice_sizes) != rank:
        bad(f"{len(g.slice_sizes)} slice_sizes for an operand of rank {rank}")
    for d, (s, n) in enumerate(zip(g.slice_sizes, operand.shape.dims)):
        if not 0 <= s <= n:
            bad(f"slice size {s} does not fit operand dimension {d} of size {n}")
    vec = 1 if g.index_vector_dim == irank else indices.shape.dims[g.index_vector_dim]
    if vec != len(g.start_index_map):
        bad(f"index vectors have {vec} components, start_index_map has {len(g.start_index_map)}")
    for group, what in ((g.start_index_map, "start_index_map"), (g.collapsed_slice_dims, "collapsed_slice_dims"),
                        (g.operand_batching_dims, "operand_batching_dims")):
        if len(set(group)) != len(group) or any(not 0 <= d < rank for d in group):
            bad(f"{what} {list(group)} is not a set of operand dimensions")
    for d in tuple(g.collapsed_slice_dims) + tuple(g.operand_batching_dims):
        if g.slice_sizes[d] > 1:
            bad(f"collapsed or batching dimension {d} has slice size {g.slice_sizes[d]}")
    if len(g.operand_batching_dims) != len(g.start_indices_batching_dims):
        bad("operand_batching_dims and start_indices_batching_dims differ in length")
    for od, idim in zip(g.operand_batching_dims, g.start_indices_batching_dims):
        if not 0 <= idim < irank or idim == g.index_vector_dim:
            bad(f"start_indices_batching_dims entry {idim} is not a batch dimension of start_indices")
        if indices.shape.dims[idim] != operand.shape.dims[od]:
            bad(f"batching dimensions {od} (operand) and {idim} (indices) differ in size")
    elided = set(g.collapsed_slice_dims) | set(g.operand_batching_dims)
    if len(g.offset_dims) != rank - len(elided) or list(g.offset_dims) != sorted(set(g.offset_dims)):
        bad(f"offset_dims {list(g.offset_dims)} do not match the {rank - len(elided)} slice dimensions kept")
    if any(not 0 <= d < instr.shape.rank for d in g.offset_dims):
        bad(f"offset_dims {list(g.offset_dims)} out of range for the result")
    want = gather_output_dims(g, operand.shape.dims, indices.shape.dims)
    if want != tuple(instr.shape.dims):
        bad(f"the dimension numbers give a result of dims {list(want)}, the shape says {list(instr.shape.dims)}")


def gather_source_index(em: Elemental, instr: Instruction, out_multi: list) -> list:
    """The operand multi-index (i64 values, always in bounds) that output index `out_multi` reads."""
    b = em.b
    operand, indices = instr.operands
    g = GatherDims.of(instr)
    dims = operand.shape.dims
    offsets = set(g.offset_dims)
    batch = [out_multi[k] for k in range(len(out_multi)) if k not in offsets]
    ivd = g.index_vector_dim
    irank = indices.shape.rank

    def index_at(k: int):
        multi = list(batch)
        if ivd < irank:
            multi.insert(ivd, i64(k))
        v = em.value(indices, Index(indices.shape, multi, None))
        return widen(b, v, indices.shape.etype)

    src = [i64(0)] * len(dims)
    elided = set(g.collapsed_slice_dims) | set(g.operand_batching_dims)
    kept = [d for d in range(len(dims)) if d not in elided]
    for k, d in enumerate(kept):
        src[d] = out_multi[g.offset_dims[k]]
    for k, d in enumerate(g.start_index_map):
        start = clamp_start(b, index_at(k), indices.shape.etype, dims[d] - g.slice_sizes[d])
        src[d] = b.add(src[d], start, flags=["nuw", "nsw"])
    for od, idim in zip(g.operand_batching_dims, g.start_indices_batching_dims):
        src[od] = batch[idim if idim < ivd else idim - 1]
    return src


@rule("gather", check=check_gather)  # (computed by the loop kernel, and inside fusions)
def gather_rule(em: Elemental, instr: Instruction, index: Index):
    operand = instr.operands[0]
    src = gather_source_index(em, instr, index.get_multi(em.b) if instr.shape.rank else [])
    return em.value(operand, Index(operand.shape, src, None))

