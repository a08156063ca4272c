"""Run ../shared/tools/xla_run.py with jaxlib's LAPACK kernels set up first (run by the jax venv's Python):

    python benchmarks/xla_run_lapack.py PATH/TO/xla_run.py MODULE.hlo [xla_run.py's arguments]

jaxlib's lapack_*_ffi custom calls find their LAPACK routines only once jax's own linalg has initialised
them (jax._src.lax.linalg.initialize_lapack, run when jnp.linalg is first used); a module run from text
through xla_run.py alone crashes the process (SIGSEGV) at the first such call.
"""

import runpy
import sys

if __name__ == "__main__":
    tool = sys.argv[1]
    sys.argv = [tool, *sys.argv[2:]]
    import jax
    from jax._src.lax import linalg

    jax.config.update("jax_platforms", "cpu")
    linalg.initialize_lapack()
    runpy.run_path(tool, run_name="__main__")
