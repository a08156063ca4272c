"""Whether this process is one rank of an MPI launch (`mpirun -n N hloc run ...`): read from the
environment the launchers set, without importing MPI (a one-device run must stay light)."""

from __future__ import annotations

import os

# Variables MPI launchers set in every rank's environment (MPICH/Hydra, Open MPI, PMIx, Intel MPI).
_LAUNCHER_VARS = ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS", "HYDRA_CONTROL_FD")


def launched_by_mpi() -> bool:
    return any(v in os.environ for v in _LAUNCHER_VARS)


def launched_ranks() -> int | None:
    """How many ranks the launcher says it started (MPICH's and Open MPI's variables), if it says."""
    sizes = [int(v) for v in (os.environ.get(n, "") for n in ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE")) if v.isdigit()]
    return max(sizes) if sizes else None


def launcher_family() -> str | None:
    """'Open MPI' or 'MPICH' (Hydra): whose launcher started this process, from its variables."""
    if "OMPI_COMM_WORLD_SIZE" in os.environ:
        return "Open MPI"
    return "MPICH" if "PMI_SIZE" in os.environ or "HYDRA_CONTROL_FD" in os.environ else None
