"""One allocator for the LLVM module's symbol names (backend/llvm/llvmir/symbols.py): a name freed by
kernel de-duplication is never handed out again, and HLO names cannot reach the fixed namespaces."""

from __future__ import annotations

from llvmlite import ir

from hloc.backend.llvm.llvmir.symbols import fresh_name


def test_a_deleted_symbol_name_is_not_reused():
    m = ir.Module()
    g = ir.GlobalVariable(m, ir.IntType(8), fresh_name(m, "c.im2col.taps"))
    del m.globals[g.name]  # what de-duplication does with a duplicate kernel's tables
    name = fresh_name(m, "c.im2col.taps")
    assert name != g.name
    ir.GlobalVariable(m, ir.IntType(8), name)  # llvmlite would raise DuplicatedNameError on a reuse


def test_hlo_names_stay_out_of_the_fixed_namespaces():
    m = ir.Module()
    assert not fresh_name(m, "llvm.memcpy.p0.p0.i64").startswith("llvm.")
    assert not fresh_name(m, "hloc.pool.mutex").startswith("hloc.")
    assert "." in fresh_name(m, "main")  # never a C identifier like the entry's exports
