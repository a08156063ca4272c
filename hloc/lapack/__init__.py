"""The linear-algebra custom calls (jaxlib's LAPACK targets, TensorFlow's Qr) as LAPACK calls:
`plans` describes each call, `library` finds the LAPACK this process calls."""

from .library import INT_BITS, LINK_HINT, lapack, symbol
from .plans import QUERY, Buf, Plan, PlanError, Work, backend_attrs, is_target, plan, supported_targets

__all__ = ["INT_BITS", "LINK_HINT", "QUERY", "Buf", "Plan", "PlanError", "Work", "backend_attrs", "is_target",
           "lapack", "plan", "supported_targets", "symbol"]
