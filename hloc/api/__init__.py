"""The Python API's own modules (re-exported by `hloc`): loading, compiling, jit.

    source.py      load(path_or_text): the one place an input is resolved and parsed
    executable.py  compile(...) -> Executable: call it, .run, .signature, .timings, .save/.load
    jit.py         jit(f): JAX functions traced, compiled by hloc, cached per input signature
"""
