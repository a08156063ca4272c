"""Whether this process is one rank of an MPI launch (`mpirun -n N hloc run ...`): read from the
environment the launchers set, without importing MPI (a one-device run must stay light)."""

from __future__ import annotations

import os

# Variables MPI launchers set in every rank's environment (MPICH/Hydra, Open MPI, PMIx, Intel MPI).
_LAUNCHER_VARS = ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS", "HYDRA_CONTROL_FD")


def launched_by_mpi() -> bool:
    return any(v in os.environ for v in _LAUNCHER_VARS)
