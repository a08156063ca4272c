"""The scaling measurement of benchmarks/bench_collectives.py: what the worker reports of a step, and
what the section says of it."""

from conftest import TESTDATA

from benchmarks import bench_collectives, collectives_worker


def test_a_two_device_step_as_threads_reports_each_device():
    d = collectives_worker.step(str(TESTDATA / "devices" / "jax_pmap_mlp_step_2.hlo"))
    assert d["devices"] == 2 and d["allreduce_ms"] is None  # (a profile per device needs MPI)
    assert len(d["device_wall_ms"]) == len(d["device_cpu_ms"]) == len(d["preempted"]) == 2
    # A step is its slowest device's: no device's median above the step's.
    assert max(d["device_wall_ms"]) <= d["wall_ms"]
    assert all(c >= 0 for c in d["device_cpu_ms"]) and all(x >= 0 for x in d["preempted"] + d["blocked"])


def test_the_limits_sentence_says_what_the_numbers_show():
    one = {"wall_ms": 1.5, "device_cpu_ms": [1.5], "preempted": [0.0], "blocked": [0.0], "allreduce_ms": None}
    mpi = {"wall_ms": 12.0, "device_cpu_ms": [4.0, 3.0], "preempted": [3.0, 1.0], "blocked": [0.0, 0.0],
           "allreduce_ms": 9.0}
    threads = {"wall_ms": 10.0, "device_cpu_ms": [2.0, 2.0], "preempted": [0.1, 0.2], "blocked": [2.0, 2.0],
               "allreduce_ms": None}
    text = bench_collectives._limits(2, "6.0 5.0 4.0", one, mpi, threads)
    assert "a load of 6.0 on 2 CPUs" in text
    assert "2 MPI ranks: 12.00 ms a step against 1.50 ms on one device, 9.00 ms of it in the all-reduces" in text
    assert "8.00 ms off CPU (3.0 involuntary / 0.0 voluntary context switches a step: mostly preempted" in text
    assert "2 threads: 10.00 ms a step" in text and "mostly blocked, waiting for the other device" in text
    assert "load" not in bench_collectives._limits(2, "0.5 0.5 0.5", one, None, None)
