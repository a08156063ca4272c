"""The 133 HLO opcodes of XLA's hlo_opcode.h, spelled as in HLO text, with arities and groups.

`Opcode` is a str enum: `instr.opcode == "add"` and `instr.opcode == Opcode.ADD` both hold, and
code that needs a family of opcodes uses the group sets below instead of listing opcodes by hand.
"""

from __future__ import annotations

from enum import StrEnum


class Opcode(StrEnum):
    ABS = "abs"
    ACOS = "acos"
    ACOSH = "acosh"
    ADD = "add"
    ADD_DEPENDENCY = "add-dependency"
    AFTER_ALL = "after-all"
    ALL_GATHER = "all-gather"
    ALL_GATHER_DONE = "all-gather-done"
    ALL_GATHER_START = "all-gather-start"
    ALL_REDUCE = "all-reduce"
    ALL_REDUCE_DONE = "all-reduce-done"
    ALL_REDUCE_START = "all-reduce-start"
    ALL_TO_ALL = "all-to-all"
    AND = "and"
    ASIN = "asin"
    ASINH = "asinh"
    ASYNC_DONE = "async-done"
    ASYNC_START = "async-start"
    ASYNC_UPDATE = "async-update"
    ATAN2 = "atan2"
    ATANH = "atanh"
    BATCH_NORM_GRAD = "batch-norm-grad"
    BATCH_NORM_INFERENCE = "batch-norm-inference"
    BATCH_NORM_TRAINING = "batch-norm-training"
    BITCAST = "bitcast"
    BITCAST_CONVERT = "bitcast-convert"
    BROADCAST = "broadcast"
    CALL = "call"
    CBRT = "cbrt"
    CEIL = "ceil"
    CHOLESKY = "cholesky"
    CLAMP = "clamp"
    COUNT_LEADING_ZEROS = "count-leading-zeros"
    COLLECTIVE_BROADCAST = "collective-broadcast"
    COLLECTIVE_PERMUTE = "collective-permute"
    COLLECTIVE_PERMUTE_DONE = "collective-permute-done"
    COLLECTIVE_PERMUTE_START = "collective-permute-start"
    COMPARE = "compare"
    COMPLEX = "complex"
    CONCATENATE = "concatenate"
    CONDITIONAL = "conditional"
    CONSTANT = "constant"
    CONVERT = "convert"
    CONVOLUTION = "convolution"
    COPY = "copy"
    COPY_DONE = "copy-done"
    COPY_START = "copy-start"
    COSINE = "cosine"
    COSH = "cosh"
    CUSTOM_CALL = "custom-call"
    DIVIDE = "divide"
    DOMAIN = "domain"
    DOT = "dot"
    DYNAMIC_RESHAPE = "dynamic-reshape"
    DYNAMIC_SLICE = "dynamic-slice"
    DYNAMIC_UPDATE_SLICE = "dynamic-update-slice"
    ERF = "erf"
    EXPONENTIAL = "exponential"
    EXPONENTIAL_MINUS_ONE = "exponential-minus-one"
    FFT = "fft"
    FLOOR = "floor"
    FUSION = "fusion"
    GATHER = "gather"
    GET_DIMENSION_SIZE = "get-dimension-size"
    GET_TUPLE_ELEMENT = "get-tuple-element"
    IMAG = "imag"
    INFEED = "infeed"
    IOTA = "iota"
    IS_FINITE = "is-finite"
    LOG = "log"
    LOG_PLUS_ONE = "log-plus-one"
    LOGISTIC = "logistic"
    MAP = "map"
    MAXIMUM = "maximum"
    MINIMUM = "minimum"
    MULHI = "mulhi"
    MULTIPLY = "multiply"
    NEGATE = "negate"
    NOT = "not"
    OPT_BARRIER = "opt-barrier"
    OR = "or"
    OUTFEED = "outfeed"
    PAD = "pad"
    PARAMETER = "parameter"
    PARTITION_ID = "partition-id"
    POPCNT = "popcnt"
    POWER = "power"
    RAGGED_ALL_TO_ALL = "ragged-all-to-all"
    RAGGED_DOT = "ragged-dot"
    REAL = "real"
    RECV = "recv"
    RECV_DONE = "recv-done"
    REDUCE = "reduce"
    REDUCE_PRECISION = "reduce-precision"
    REDUCE_SCATTER = "reduce-scatter"
    REDUCE_WINDOW = "reduce-window"
    REMAINDER = "remainder"
    REPLICA_ID = "replica-id"
    RESHAPE = "reshape"
    REVERSE = "reverse"
    RNG = "rng"
    RNG_BIT_GENERATOR = "rng-bit-generator"
    RNG_GET_AND_UPDATE_STATE = "rng-get-and-update-state"
    ROUND_NEAREST_AFZ = "round-nearest-afz"
    ROUND_NEAREST_EVEN = "round-nearest-even"
    RSQRT = "rsqrt"
    SCALED_DOT = "scaled-dot"
    SCAN = "scan"
    SCATTER = "scatter"
    SELECT = "select"
    SELECT_AND_SCATTER = "select-and-scatter"
    SEND = "send"
    SEND_DONE = "send-done"
    SET_DIMENSION_SIZE = "set-dimension-size"
    SHIFT_LEFT = "shift-left"
    SHIFT_RIGHT_ARITHMETIC = "shift-right-arithmetic"
    SHIFT_RIGHT_LOGICAL = "shift-right-logical"
    SIGN = "sign"
    SINE = "sine"
    SINH = "sinh"
    SLICE = "slice"
    SORT = "sort"
    SQRT = "sqrt"
    STOCHASTIC_CONVERT = "stochastic-convert"
    SUBTRACT = "subtract"
    TAN = "tan"
    TANH = "tanh"
    TOPK = "topk"
    TRANSPOSE = "transpose"
    TRIANGULAR_SOLVE = "triangular-solve"
    TUPLE = "tuple"
    WHILE = "while"
    XOR = "xor"


OPCODES: frozenset[str] = frozenset(o.value for o in Opcode)

# Fixed operand counts from hlo_opcode.h; opcodes missing here are variadic.
ARITY: dict[str, int] = {
    "abs": 1,
    "acos": 1,
    "acosh": 1,
    "add": 2,
    "add-dependency": 2,
    "all-gather-done": 1,
    "all-reduce-done": 1,
    "and": 2,
    "asin": 1,
    "asinh": 1,
    "async-done": 1,
    "atan2": 2,
    "atanh": 1,
    "batch-norm-grad": 5,
    "batch-norm-inference": 5,
    "batch-norm-training": 3,
    "bitcast": 1,
    "bitcast-convert": 1,
    "broadcast": 1,
    "cbrt": 1,
    "ceil": 1,
    "cholesky": 1,
    "clamp": 3,
    "count-leading-zeros": 1,
    "collective-permute-done": 1,
    "compare": 2,
    "complex": 2,
    "constant": 0,
    "convert": 1,
    "copy": 1,
    "copy-done": 1,
    "copy-start": 1,
    "cosine": 1,
    "cosh": 1,
    "divide": 2,
    "domain": 1,
    "dot": 2,
    "erf": 1,
    "exponential": 1,
    "exponential-minus-one": 1,
    "fft": 1,
    "floor": 1,
    "gather": 2,
    "get-dimension-size": 1,
    "get-tuple-element": 1,
    "imag": 1,
    "infeed": 1,
    "iota": 0,
    "is-finite": 1,
    "log": 1,
    "log-plus-one": 1,
    "logistic": 1,
    "maximum": 2,
    "minimum": 2,
    "mulhi": 2,
    "multiply": 2,
    "negate": 1,
    "not": 1,
    "opt-barrier": 1,
    "or": 2,
    "outfeed": 2,
    "pad": 2,
    "parameter": 0,
    "partition-id": 0,
    "popcnt": 1,
    "power": 2,
    "ragged-all-to-all": 6,
    "ragged-dot": 3,
    "real": 1,
    "recv": 1,
    "recv-done": 1,
    "reduce-precision": 1,
    "remainder": 2,
    "replica-id": 0,
    "reshape": 1,
    "reverse": 1,
    "rng-bit-generator": 1,
    "rng-get-and-update-state": 0,
    "round-nearest-afz": 1,
    "round-nearest-even": 1,
    "rsqrt": 1,
    "scaled-dot": 4,
    "select": 3,
    "select-and-scatter": 3,
    "send": 2,
    "send-done": 1,
    "set-dimension-size": 2,
    "shift-left": 2,
    "shift-right-arithmetic": 2,
    "shift-right-logical": 2,
    "sign": 1,
    "sine": 1,
    "sinh": 1,
    "slice": 1,
    "sqrt": 1,
    "stochastic-convert": 2,
    "subtract": 2,
    "tan": 1,
    "tanh": 1,
    "topk": 1,
    "transpose": 1,
    "triangular-solve": 2,
    "while": 1,
    "xor": 2,
}

UNARY_MATH = frozenset({
    "abs", "acos", "acosh", "asin", "asinh", "atanh", "cbrt", "ceil", "count-leading-zeros", "cosine",
    "cosh", "erf", "exponential", "exponential-minus-one", "floor", "imag", "is-finite", "log",
    "log-plus-one", "logistic", "negate", "not", "popcnt", "real", "round-nearest-afz",
    "round-nearest-even", "rsqrt", "sign", "sine", "sinh", "sqrt", "tan", "tanh",
})
# Elementwise unary ops that change the element type or its precision.
UNARY_CONVERT = frozenset({"convert", "bitcast-convert", "reduce-precision"})
UNARY = UNARY_MATH | UNARY_CONVERT

BINARY_ARITH = frozenset({
    "add", "subtract", "multiply", "divide", "remainder", "power", "atan2", "complex", "maximum",
    "minimum", "mulhi",
})
BINARY_LOGIC = frozenset({"and", "or", "xor", "shift-left", "shift-right-arithmetic", "shift-right-logical"})
BINARY = BINARY_ARITH | BINARY_LOGIC | {"stochastic-convert"}

TERNARY = frozenset({"select", "clamp"})
ELEMENTWISE = UNARY | BINARY | TERNARY | {"compare"}

# Ops whose operand types all equal the result type (so shape inference copies operand 0's type).
SAME_TYPE_UNARY = UNARY_MATH - {"is-finite", "real", "imag", "abs"}

# The opcodes XLA treats as transcendental (expensive per element; fusion avoids duplicating them).
TRANSCENDENTAL = frozenset({
    "acos", "acosh", "asin", "asinh", "atanh", "atan2", "cbrt", "cosine", "cosh", "erf", "exponential",
    "exponential-minus-one", "log", "log-plus-one", "logistic", "power", "rsqrt", "sine", "sinh",
    "sqrt", "tan", "tanh",
})

DATA_MOVEMENT = frozenset({
    "broadcast", "reshape", "dynamic-reshape", "transpose", "bitcast", "copy", "slice", "dynamic-slice",
    "dynamic-update-slice", "concatenate", "pad", "reverse", "iota", "gather", "scatter", "tuple",
    "get-tuple-element", "get-dimension-size", "set-dimension-size",
})

COLLECTIVES = frozenset({
    "all-reduce", "all-gather", "reduce-scatter", "all-to-all", "ragged-all-to-all", "collective-permute",
    "collective-broadcast", "replica-id", "partition-id", "all-reduce-start", "all-reduce-done",
    "all-gather-start", "all-gather-done", "collective-permute-start", "collective-permute-done",
})

ASYNC = frozenset({"async-start", "async-update", "async-done"})

# Opcodes with native -start/-done forms; for every other opcode `op-start` is async-start sugar.
NATIVE_ASYNC_PAIRS = frozenset({"all-gather", "all-reduce", "collective-permute", "copy", "recv", "send"})

CONTROL_FLOW = frozenset({"while", "conditional", "call"})

SIDE_EFFECTING = frozenset({
    "infeed", "outfeed", "send", "send-done", "recv", "recv-done", "rng", "rng-get-and-update-state",
    "after-all", "add-dependency", "all-reduce", "all-reduce-start", "all-reduce-done",
    "collective-permute", "collective-permute-start", "collective-permute-done", "all-gather-start",
    "all-gather-done", "custom-call", "domain", "opt-barrier",
})

# Attribute names whose value names computations called by the instruction.
CALLED_COMPUTATION_ATTRS = (
    "to_apply", "calls", "condition", "body", "true_computation", "false_computation",
    "branch_computations", "select", "scatter", "called_computations",
)
