"""select-and-scatter-expander: select-and-scatter as a variadic reduce-window that finds each
window's selected element, then a scatter of the source to it (XLA's SelectAndScatterExpander,
which XLA:CPU runs):

    (_, i0, ..., ik) = reduce-window((operand, iota_0, ..., iota_k), (init, -1, ..., -1), window,
                                     (a, ia..., b, ib...) -> select(a, b) && ia0 != -1 || ib0 == -1
                                                             ? (a, ia...) : (b, ib...))
    scatter(broadcast(init), concatenate(i0..ik as [..., 1]), source, to_apply=scatter)

An index -1 marks a window with no in-bounds element: its scatter index is out of bounds and
skipped, as select-and-scatter scatters nothing for it.
"""

from __future__ import annotations

from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder, new_computation
from .rewrite import inline_computation, post_order_of, replace_instruction


def _reducer(module: Module, sas: Instruction, etype: str, rank: int) -> Computation:
    """(operand_lhs, iota_lhs..., operand_rhs, iota_rhs...) -> the selected (value, indices)."""
    select = sas.attrs["select"]
    scalar, index = Shape.scalar(etype), Shape.scalar("s32")
    shapes = [scalar] + [index] * rank
    names = ["operand_lhs"] + [f"iota_lhs.{k}" for k in range(rank)] + ["operand_rhs"] + \
        [f"iota_rhs.{k}" for k in range(rank)]
    comp, b, params = new_computation(module, f"{select.name}.reduce_window", shapes + shapes, before=sas.parent,
                                      param_names=names)
    lhs, rhs = params[:rank + 1], params[rank + 1:]
    none = b.scalar(-1, "s32")
    lhs_valid = b.compare(lhs[1], none, "NE")
    rhs_invalid = b.unary("not", b.compare(rhs[1], none, "NE"))
    chosen = inline_computation(select, [lhs[0], rhs[0]], comp)
    # keep the left (earlier) element when the select says so and it is a real element, or when the
    # right one is padding
    pred = b.or_(b.and_(chosen, lhs_valid), rhs_invalid)
    comp.root = b.tuple([b.select(pred, x, y) for x, y in zip(lhs, rhs)])
    return comp


@register_pass
class SelectAndScatterExpander(Pass):
    name = "select-and-scatter-expander"
    summary = "expand select-and-scatter into a variadic reduce-window (argmax/argmin) and a scatter"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in list(module.computations):
            for sas in post_order_of(comp, ("select-and-scatter",)):
                operand, source, init = sas.operands
                if not operand.shape.is_static or not source.shape.is_static or operand.shape.rank == 0:
                    continue  # (rank 0: no window to search; the op stays)
                rank = operand.shape.rank
                b = Builder(comp)
                reducer = _reducer(module, sas, operand.shape.etype, rank)
                index_shape = Shape("s32", operand.shape.dims)
                iotas = [b.iota(index_shape, d) for d in range(rank)]
                none = b.scalar(-1, "s32")
                reduced = Shape("s32", source.shape.dims)
                rw = b.add("reduce-window", Shape.tuple([source.shape.with_dims(source.shape.dims)] + [reduced] * rank),
                           [operand, *iotas, init] + [none] * rank, window=sas.attrs["window"], to_apply=reducer)
                columns = [b.reshape(b.gte(rw, k + 1), source.shape.dims + (1,)) for k in range(rank)]
                indices = b.concatenate(columns, source.shape.rank) if rank > 1 else columns[0]
                base = b.broadcast(init, sas.shape.dims, ())
                dims = tuple(range(rank))
                result = b.add("scatter", sas.shape.with_dims(sas.shape.dims), [base, indices, source],
                               update_window_dims=(), inserted_window_dims=dims, scatter_dims_to_operand_dims=dims,
                               index_vector_dim=source.shape.rank, to_apply=sas.attrs["scatter"])
                name = sas.name
                replace_instruction(sas, result)
                comp.rename(result, name)
                changed = True
        return changed
