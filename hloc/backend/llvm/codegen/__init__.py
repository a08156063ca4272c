"""The module emitter and what turns its IR into object code: the entry function and one function per
kernel (emitter.py), buffers (buffers.py), row groups of fused reductions (rowgroups.py), glue
inlining (inline_glue.py), profiling counters (profile.py), how the runtime library is linked
(linking.py: the precompiled library, carried as data by asmblob.py), the parallel compile
(split.py) and LLVM's target machines and pipelines (target.py)."""
