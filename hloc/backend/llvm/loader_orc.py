"""Object code -> a callable address in this process, through ORC LLJIT (`add_object_img`).

One LLJIT instance per process; each object is its own JIT library with a unique name, linked
against the current process (libm, memcpy) and, for the LAPACK routines it calls, the LAPACK
hloc.lapack finds. The returned resource tracker owns the code: keep it
alive as long as the address is used.
"""

from __future__ import annotations

import itertools
import threading

import llvmlite.binding as llvm

from ...errors import CodegenError
from ...lapack import library as lapack_library
from .codegen.target import TargetSpec, init_llvm, target_machine

_lock = threading.Lock()
_jit = None
_names = itertools.count()
# Symbols an object may leave undefined that the runtime supplies (name -> address), such as the
# collectives' `hloc_collective` (kernels/collectives.py): bound when an object that names one loads.
RUNTIME_SYMBOLS: dict[str, int] = {}
# The threads running one device of a multi-device run (runtime/collectives.call_as binds them): only
# there may an object calling hloc_collective run; elsewhere its collectives would have no devices.
_device_thread = threading.local()


def set_device_thread(active: bool) -> None:
    _device_thread.active = active


def on_device_thread() -> bool:
    return getattr(_device_thread, "active", False)


def provide_symbol(name: str, address: int) -> None:
    """Make objects loaded from now on that call `name` call `address`."""
    with _lock:
        RUNTIME_SYMBOLS[name] = address


def references(obj: bytes, name: str) -> bool:
    """Whether an object file's symbol table names `name`."""
    return name.encode() + b"\0" in obj


def _lljit():
    global _jit
    if _jit is None:
        init_llvm()
        _jit = llvm.create_lljit_compiler(target_machine(TargetSpec().resolved(), 3))
    return _jit


_NO_SETTER = "hloc.lapack.no_threads_setter"
_no_setter: list = []  # [(address, resource tracker)] once made


def _no_threads_setter(jit) -> int:
    """The address of `int f(int n) { return n; }`, made once (the caller holds _lock)."""
    if not _no_setter:
        text = f'define i32 @"{_NO_SETTER}"(i32 %n) {{\n  ret i32 %n\n}}\n'
        tracker = llvm.JITLibraryBuilder().add_ir(text).export_symbol(_NO_SETTER).link(jit, _NO_SETTER)
        _no_setter.append((tracker[_NO_SETTER], tracker))
    return _no_setter[0][0]


def link_object(obj: bytes, symbol: str, also: tuple[str, ...] = ()) -> tuple[int, object]:
    """(address of `symbol`, resource tracker) for an object file built for this host. The symbols
    in `also` are exported too (`tracker[name]` gives their addresses)."""
    with _lock:
        jit = _lljit()
        try:
            builder = llvm.JITLibraryBuilder().add_object_img(obj).add_current_process().export_symbol(symbol)
            for name in also:
                builder = builder.export_symbol(name)
            if references(obj, "hloc_collective") and "hloc_collective" not in RUNTIME_SYMBOLS:
                raise CodegenError("the module is for several devices: its collectives need a runtime "
                                   "(hloc run --devices N, or mpirun -n N hloc run)")
            for name, address in RUNTIME_SYMBOLS.items():
                if references(obj, name):
                    builder = builder.import_symbol(name, address)
            for routine in lapack_library.referenced(obj):  # LAPACK custom calls: this process's routines
                address = lapack_library.lapack().address(routine)
                builder = builder.import_symbol(lapack_library.symbol(routine), address)
            if references(obj, lapack_library.THREADS_SYMBOL):
                # (ORC does not leave a weak reference null: a LAPACK without the setter gets one
                # that sets nothing)
                setter = lapack_library.lapack().threads_setter() or _no_threads_setter(jit)
                builder = builder.import_symbol(lapack_library.THREADS_SYMBOL, setter)
            tracker = builder.link(jit, f"hloc.obj{next(_names)}")
            address = tracker[symbol]
        except RuntimeError as e:
            raise CodegenError(f"cannot load the object code: {e}") from None
    if not address:
        raise CodegenError(f"the object code does not define '{symbol}'")
    return address, tracker
