"""scatter: full ScatterDimensionNumbers (input_batching_dims, index_vector_dim == rank), variadic
operands, any combiner computation (inlined as scalar code).

XLA's semantics, which the loop nest follows literally:
  * the results start as copies of the operands (no copy when buffers.py lets the scatter reuse an
    operand's buffer in place);
  * scatter indices (the update dimensions that are not update_window_dims) are visited in
    row-major order; for each, the start is start[scatter_dims_to_operand_dims[k]] =
    indices[batch, k] (index_vector_dim inserted into the batch index), and for batching dims the
    batch position along scatter_indices_batching_dims;
  * an update window that does not fit entirely (some start[d] < 0 or > dim[d] - window[d], compared
    with the index type's signedness) is skipped as a whole: no clamping, and never a write outside
    the result;
  * within a window, every element is combined in place: out[t] = combiner(out[t], update), the
    current value first, so duplicates apply in order.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.attrs import ScatterDims
from ....ir.module import Instruction
from ..llvmir.irvalues import I1
from ..llvmir.loops import Index
from . import kernel
from .indexing import check_index_type, check_scalar_computation, copy_array, i64, row_major_nest, start_in_range, widen


def window_sizes(d: ScatterDims, operand_rank: int, update_dims) -> list[int]:
    """The full update window in operand dimensions (1 for inserted and batching dims)."""
    elided = set(d.inserted_window_dims) | set(d.input_batching_dims)
    kept = [od for od in range(operand_rank) if od not in elided]
    full = [1] * operand_rank
    for k, od in enumerate(kept):
        full[od] = update_dims[d.update_window_dims[k]]
    return full


@kernel.check("scatter")
def check_scatter(instr: Instruction) -> None:
    n = (len(instr.operands) - 1) // 2
    if n < 1 or len(instr.operands) != 2 * n + 1:
        raise CodegenError("scatter takes N operands, the indices and N updates", instr.loc)
    operands, indices, updates = instr.operands[:n], instr.operands[n], instr.operands[n + 1:]
    d = ScatterDims.of(instr)
    rank, irank = operands[0].shape.rank, indices.shape.rank
    urank = updates[0].shape.rank

    def bad(msg: str):
        raise CodegenError(f"scatter: {msg}", instr.loc)

    check_index_type(instr, indices.shape.etype, "scatter_indices")
    out_shapes = instr.shape.tuple_shapes if instr.shape.is_tuple else (instr.shape,)
    if len(out_shapes) != n:
        bad(f"{n} operands but {len(out_shapes)} results")
    for o, u, s in zip(operands, updates, out_shapes):
        if o.shape.is_tuple or u.shape.is_tuple or s.is_tuple:
            bad("operands, updates and results must be arrays")
        if o.shape.dims != operands[0].shape.dims or u.shape.dims != updates[0].shape.dims:
            bad("all operands (and all updates) must have the same dimensions")
        if s.dims != o.shape.dims or s.etype != o.shape.etype or u.shape.etype != o.shape.etype:
            bad(f"result {s}, operand {o.shape} and update {u.shape} disagree")
    if not 0 <= d.index_vector_dim <= irank:
        bad(f"index_vector_dim {d.index_vector_dim} out of range for indices of rank {irank}")
    vec = 1 if d.index_vector_dim == irank else indices.shape.dims[d.index_vector_dim]
    if vec != len(d.scatter_dims_to_operand_dims):
        bad(f"index vectors have {vec} components, scatter_dims_to_operand_dims "
            f"{len(d.scatter_dims_to_operand_dims)}")
    for group, what in ((d.scatter_dims_to_operand_dims, "scatter_dims_to_operand_dims"),
                        (d.inserted_window_dims, "inserted_window_dims"),
                        (d.input_batching_dims, "input_batching_dims")):
        if len(set(group)) != len(group) or any(not 0 <= x < rank for x in group):
            bad(f"{what} {list(group)} is not a set of operand dimensions")
    if set(d.inserted_window_dims) & set(d.input_batching_dims):
        bad("a dimension is both inserted and batching")
    if len(d.update_window_dims) != len(set(d.update_window_dims)) or \
            any(not 0 <= x < urank for x in d.update_window_dims):
        bad(f"update_window_dims {list(d.update_window_dims)} is not a set of update dimensions")
    elided = set(d.inserted_window_dims) | set(d.input_batching_dims)
    if len(d.update_window_dims) != rank - len(elided):
        bad(f"{len(d.update_window_dims)} update_window_dims for {rank - len(elided)} window dimensions")
    window = window_sizes(d, rank, updates[0].shape.dims)
    for od, (w, size) in enumerate(zip(window, operands[0].shape.dims)):
        if w > size:
            bad(f"the update window ({w}) is larger than operand dimension {od} ({size})")
    scatter_dims = [k for k in range(urank) if k not in d.update_window_dims]
    batch = [x for k, x in enumerate(indices.shape.dims) if k != d.index_vector_dim]
    if [updates[0].shape.dims[k] for k in scatter_dims] != batch:
        bad(f"update scatter dims {[updates[0].shape.dims[k] for k in scatter_dims]} do not match the "
            f"indices batch dims {batch}")
    if len(d.input_batching_dims) != len(d.scatter_indices_batching_dims):
        bad("input_batching_dims and scatter_indices_batching_dims differ in length")
    for od, idim in zip(d.input_batching_dims, d.scatter_indices_batching_dims):
        if not 0 <= idim < irank or idim == d.index_vector_dim:
            bad(f"scatter_indices_batching_dims entry {idim} is not a batch dimension of the indices")
        if indices.shape.dims[idim] != operands[0].shape.dims[od]:
            bad(f"batching dimensions {od} (operand) and {idim} (indices) differ in size")
    check_scalar_computation(instr, instr.attrs.get("to_apply"), 2 * n, "combiner")


@kernel("scatter")
def emit_scatter(ctx, instr: Instruction) -> None:
    b = ctx.b
    n = (len(instr.operands) - 1) // 2
    indices = instr.operands[n]
    upd_shape = instr.operands[n + 1].shape
    d = ScatterDims.of(instr)
    outs = ctx.outputs
    for k in range(n):
        if k not in ctx.in_place:
            copy_array(b, outs[k], ctx.operands[k][0])
    if upd_shape.num_elements == 0 or outs[0].shape.num_elements == 0:
        return
    idx_arr = ctx.operands[n][0]
    upds = [ctx.operands[n + 1 + k][0] for k in range(n)]
    dims = outs[0].shape.dims
    rank = len(dims)
    window = window_sizes(d, rank, upd_shape.dims)
    scatter_dims = [k for k in range(upd_shape.rank) if k not in d.update_window_dims]
    elided = set(d.inserted_window_dims) | set(d.input_batching_dims)
    kept = [od for od in range(rank) if od not in elided]
    ivd, irank, it = d.index_vector_dim, indices.shape.rank, indices.shape.etype
    em = ctx.elemental({})
    comp = instr.attrs["to_apply"]

    with row_major_nest(b, [upd_shape.dims[k] for k in scatter_dims], "s") as smulti:
        starts = [i64(0)] * rank
        valid = ir.Constant(I1, 1)
        for k, od in enumerate(d.scatter_dims_to_operand_dims):
            imulti = list(smulti)
            if ivd < irank:
                imulti.insert(ivd, i64(k))
            v = widen(b, idx_arr.load(b, Index(indices.shape, imulti, None)), it)
            valid = b.and_(valid, start_in_range(b, v, it, dims[od] - window[od]))
            starts[od] = v
        for od, idim in zip(d.input_batching_dims, d.scatter_indices_batching_dims):
            starts[od] = smulti[idim if idim < ivd else idim - 1]
        window_dims = [upd_shape.dims[k] for k in d.update_window_dims]
        with b.if_then(valid), em.scope(), row_major_nest(b, window_dims, "w") as wmulti:
            umulti = [None] * upd_shape.rank
            for k, sd in enumerate(scatter_dims):
                umulti[sd] = smulti[k]
            for k, wd in enumerate(d.update_window_dims):
                umulti[wd] = wmulti[k]
            target = list(starts)
            for k, od in enumerate(kept):
                target[od] = b.add(target[od], wmulti[k], flags=["nuw", "nsw"])
            tidx = [Index(o.shape, target, None) for o in outs]
            cur = [o.load(b, i) for o, i in zip(outs, tidx)]
            new = em.call_computation(comp, cur + [u.load(b, Index(u.shape, umulti, None)) for u in upds])
            new = list(new) if comp.root.shape.is_tuple else [new]  # (a complex Cplx is a tuple too)
            for o, i, v in zip(outs, tidx, new):
                o.store(b, i, v)
