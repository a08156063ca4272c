"""The reference interpreter: an executable specification of HLO semantics on numpy.

    evaluate(module, args) -> value        run the entry computation
    Evaluator(module).call(comp, args)     run any computation

A value is a numpy array whose dtype is the shape's element type (ml_dtypes for bf16/f8/sub-byte
ints), a Python tuple of values for tuple shapes, or TOKEN. One handler per opcode lives in
hloc/interp/ops/ (registered with `@handler("opcode")`).
"""

from .evaluator import TOKEN, Evaluator, evaluate
from .registry import HANDLERS, handler

__all__ = ["TOKEN", "Evaluator", "evaluate", "HANDLERS", "handler"]
