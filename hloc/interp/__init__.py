"""The reference interpreter: an executable specification of HLO semantics on numpy.

    evaluate(module, args) -> value        run the entry computation
    Evaluator(module).call(comp, args)     run any computation

A value is a numpy array whose dtype is the shape's element type (ml_dtypes for bf16/f8/sub-byte
ints), a Python tuple of values for tuple shapes, or TOKEN. One handler per opcode lives in
hloc/interp/ops/ (registered with `@handler("opcode")`); hloc/interp/util.py has what handlers share.

The semantics are XLA:CPU's, checked against it (tests/interp/test_oracle.py):
  * floats compute with denormals flushed to zero (FTZ/DAZ, as XLA:CPU runs; fpenv.py), bf16/f16/f8
    round after every op (computed in f32; f8/f4 through f16), integer ops wrap, and XLA's
    definitions of x/0, x%0, INT_MIN/-1 and over-wide shifts hold;
  * reductions combine in XLA:CPU's order where it decides the result (ops/reduce.py);
  * rng-bit-generator is bit-exact (ThreeFry, Philox; rng_default is Philox); `rng` draws from a
    PCG64 seeded with `rng_seed` (default 0), so runs are reproducible;
  * collectives run among the devices of `evaluate_devices` (participants.py: one evaluator per
    device, on threads that meet at every collective), or as device 0 of a one-device system;
    send/recv/infeed/outfeed are RunErrors.
The deliberate differences are listed with their reasons in tests/interp/test_oracle.py.
"""

from .evaluator import TOKEN, Evaluator, evaluate, evaluate_devices
from .registry import HANDLERS, handler


def unknown_custom_calls(module) -> list:
    """The custom-call instructions of `module` whose target the interpreter cannot run."""
    from .ops.control import knows_target

    return [i for c in module.computations for i in c.instructions
            if i.opcode == "custom-call" and not knows_target(str(i.attrs.get("custom_call_target", "")))]


__all__ = ["TOKEN", "Evaluator", "evaluate", "evaluate_devices", "HANDLERS", "handler", "unknown_custom_calls"]
