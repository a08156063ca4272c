"""The runtime library: the worker pool (threadpool.py), the packed GEMMs (gemm.py; bf16 on AVX512_BF16:
gemm_bf16.py), the convolution's im2col (im2col.py), the power-of-two FFT butterflies (fft.py), the
passes of the radix sort (radix.py) and the f32 topk selection (topk.py), code every module may call.

Kernels only ask for these functions here, by component:

    pool(mod).parallel_for                  # the worker pool's functions
    fn, cfg = gemm_function(mod, "f32", features)
    fn = im2col_function(mod)
    fn = fft_pow2_function(mod, vt, inverse)
    fn = radix_function(mod)
    fn = topk_f32_function(mod, largest)

and get them declared or defined in `mod`, as the module emitter decided when it made `mod`: a
module linked to the precompiled library (codegen/linking.py: compiled once per target, carried into
each module as assembly) gets declarations, and the components it asked for are recorded on the
library it was attached to (`attach`); any other module gets the definitions emitted into it on
first use. Nothing here compiles or links: this package imports only the definitions below it.
"""

from __future__ import annotations

import weakref
from types import SimpleNamespace

import llvmlite.ir as ir

from ..llvmir.irvalues import I1, I64, PTR, VOID
from . import fft, gemm, gemm_bf16, im2col, radix, threadpool, topk

# The functions each component exports (what modules call), with their types.
_POOL = {
    "hloc.pool.enter": ((I1, (I64,))),
    "hloc.pool.exit": ((VOID, (I1,))),
    "hloc.pool.threads": ((I64, ())),
    "hloc.pool.parallel_for": ((VOID, (I64, "task", PTR))),
    "hloc.pool.stop": ((VOID, ())),
}
_GEMM_ARGS = (I64, I64, I64, PTR, I64, I64, PTR, I64, I64, PTR, I64, I64, I64, PTR, PTR, I64)
COMPONENTS = ("pool", "gemm.f32", "gemm.f64", "gemm.bf16", "gemm.f16") + tuple(
    f"fft.pow2.{t}.{d}" for t in fft.POW2_TYPES for d in ("fwd", "inv")) + ("radix", "topk.f32.max", "topk.f32.min")

# module -> the precompiled library it takes its components from (codegen/linking.Library)
_ATTACHED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def exports(component: str) -> dict[str, ir.FunctionType]:
    """The functions `component` exports, by name, with their types."""
    if component == "pool":
        return {name: ir.FunctionType(ret, [threadpool.TASK_PTR if a == "task" else a for a in args])
                for name, (ret, args) in _POOL.items()}
    if component.startswith("fft."):
        return {f"hloc.{component}": ir.FunctionType(VOID, list(fft.POW2_ARGS))}
    if component == "radix":
        return {radix.NAME: ir.FunctionType(PTR, list(radix.ARGS))}
    if component.startswith("topk."):
        return {f"hloc.{component}": ir.FunctionType(VOID, list(topk.ARGS))}
    etype = component.split(".", 1)[1]
    out = {f"hloc.gemm.{etype}": ir.FunctionType(VOID, list(_GEMM_ARGS))}
    if etype == "f32":  # with the convolution's im2col (what calls the GEMM there)
        out[im2col.NAME] = ir.FunctionType(VOID, list(im2col.ARGS))
    return out


def needs(component: str) -> tuple[str, ...]:
    """`component` and the components its code calls."""
    return ("pool", component) if component.startswith("gemm.") else (component,)


def attach(mod: ir.Module, lib) -> None:
    """Link `mod` to the precompiled library `lib` (which has `components` and `aliases`): its
    components are declared in `mod` from now on, and recorded on `lib`."""
    _ATTACHED[mod] = lib


def declare(mod: ir.Module, component: str) -> bool:
    """If `mod` takes its components from a precompiled library, declare `component`'s functions
    (and those it needs) in it and return True; else False (the caller emits them)."""
    lib = _ATTACHED.get(mod)
    if lib is None:
        return False
    for c in needs(component):
        lib.components.add(c)
        for name, ftype in exports(c).items():
            if name not in mod.globals:
                fn = ir.Function(mod, ftype, name)
                fn.attributes.add("nounwind")
    return True


def alias(mod: ir.Module, name: str, target: str) -> bool:
    """If `mod` takes its components from a precompiled library, export library function `target`
    (declared by `declare`) as `name` too and return True; else False (the caller defines `name`).
    An exported function that only calls one of the library's (the entry's shutdown) is then that
    function: code generation of even an empty function costs ~0.3 ms here."""
    lib = _ATTACHED.get(mod)
    if lib is None or target not in mod.globals:
        return False
    lib.aliases[name] = target
    return True


def has_pool(mod: ir.Module) -> bool:
    """Whether anything in `mod` asked for the pool."""
    return threadpool.has_pool(mod)


def pool(mod: ir.Module) -> SimpleNamespace:
    """The module's pool functions (enter, exit, threads, parallel_for, stop)."""
    if not threadpool.has_pool(mod) and not declare(mod, "pool"):
        threadpool.emit_pool(mod)
    return threadpool.functions(mod)


def gemm_function(mod: ir.Module, etype: str, features: str) -> tuple[ir.Function, gemm.GemmConfig]:
    """The module's GEMM on A and B stored as `etype` (gemm.SOURCES: 'f32', 'f64', or 'bf16' / 'f16'
    computed in f32) and its blocking for the target's `features`."""
    ety = gemm.ETYPES[gemm.SOURCES[etype]]
    cfg = gemm.config_for(features, 32 if ety == gemm.F32 else 64, etype)
    name = f"hloc.gemm.{etype}"
    fn = mod.globals.get(name)
    if fn is None and declare(mod, f"gemm.{etype}"):
        fn = mod.globals[name]
    elif fn is None:
        fn = gemm_bf16.emit_gemm_pairs(mod, name, cfg) if cfg.pairs else gemm.emit_gemm(mod, name, ety, cfg, etype)
    return fn, cfg


def im2col_function(mod: ir.Module) -> ir.Function:
    """The module's im2col function (part of the f32 GEMM component)."""
    fn = mod.globals.get(im2col.NAME)
    if fn is None:
        fn = mod.globals[im2col.NAME] if declare(mod, "gemm.f32") else im2col.emit_im2col(mod)
    return fn


def fft_pow2_function(mod: ir.Module, vt: ir.VectorType, inverse: bool) -> ir.Function:
    """The module's power-of-two butterflies of groups of vector type `vt` (fft.emit_pow2)."""
    component = fft.pow2_component(vt, inverse)
    name = f"hloc.{component}"
    fn = mod.globals.get(name)
    if fn is None:
        fn = mod.globals[name] if declare(mod, component) else fft.emit_pow2(mod, vt, inverse)
    return fn


def radix_function(mod: ir.Module) -> ir.Function:
    """The module's radix sort passes (radix.emit_radix)."""
    fn = mod.globals.get(radix.NAME)
    if fn is None:
        fn = mod.globals[radix.NAME] if declare(mod, "radix") else radix.emit_radix(mod)
    return fn


def topk_f32_function(mod: ir.Module, largest: bool) -> ir.Function:
    """The module's topk selection over a contiguous f32 row (topk.emit_topk_f32)."""
    name = topk.name(largest)
    fn = mod.globals.get(name)
    if fn is None:
        fn = mod.globals[name] if declare(mod, name[len("hloc."):]) else topk.emit_topk_f32(mod, largest)
    return fn
