"""Analyses: facts about a module that passes and the backend read but that change nothing.

    buffer_assignment.py   values -> buffers -> one temp arena with reuse (XLA's BufferAssigner):
                           aliasing, liveness over a schedule, in-place sharing, best-fit offsets,
                           the checker and the readable report (`hloc opt --buffer-assignment`)
    schedule.py            instruction orders: post order and a memory-minimizing list schedule

They live under hloc/passes (not hloc/ir) because they encode compilation policy (which ops are
free renamings, what may be updated in place); hloc/ir stays the plain data structure. The
native backend's `buffers.assign_buffers` is a thin adapter over `assign`.
"""
