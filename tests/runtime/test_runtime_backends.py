"""The backend seam: registry, default choice, options, what the runner checks of a backend."""

import numpy as np
import pytest
from runtime_testing import IDENTITY

from hloc.errors import RunError, UsageError
from hloc.parse import parse_module
from hloc.runtime import Runner, available_backends, backends, default_backend, get_backend, register_backend


class Recorder:
    """A backend that records what it was given and runs a numpy function."""

    name = "recorder"
    token = object()

    def __init__(self, fn=lambda args: args[0]):
        self.fn = fn
        self.prepared = []

    def prepare(self, module, options):
        self.prepared.append((module, options))
        return lambda args: self.fn(args)


@pytest.fixture
def recorder():
    rec = Recorder()
    register_backend("recorder", lambda: rec)
    yield rec
    backends.unregister_backend("recorder")


def test_interp_is_available_and_the_default_until_llvm_exists():
    names = available_backends()
    assert "interp" in names
    if "llvm" not in names:
        assert default_backend() == "interp"
        assert get_backend().name == "interp"
    assert names.index("llvm") < names.index("interp") if "llvm" in names else True


def test_unknown_backend_is_a_usage_error_with_suggestion():
    with pytest.raises(UsageError, match=r"unknown backend 'interpp'; did you mean 'interp'\?"):
        get_backend("interpp")


def test_llvm_backend_reported_unavailable_until_it_exists():
    if "llvm" in available_backends():
        pytest.skip("the llvm backend exists")
    with pytest.raises(UsageError, match="the 'llvm' backend is not available"):
        get_backend("llvm")


def test_registered_backend_gets_options_and_is_timed(recorder):
    m = parse_module(IDENTITY)
    r = Runner(m, "recorder", threads=3)
    x = np.ones((2, 3), np.float32)
    out = r.run([x])
    assert recorder.prepared[0][0] is m and recorder.prepared[0][1].threads == 3
    assert r.compile_seconds is not None and r.compile_seconds >= 0
    assert np.array_equal(out[0], x)
    assert len(r.bench([x], 4)) == 4
    assert len(recorder.prepared) == 1  # prepared once, run 1 + 4 times


def test_arguments_are_read_only_for_backends(recorder):
    def mutate(args):
        args[0][0, 0] = 5
        return args[0]

    recorder.fn = mutate
    x = np.zeros((2, 3), np.float32)
    with pytest.raises(ValueError, match="read-only"):
        Runner(parse_module(IDENTITY), "recorder").run([x])
    assert x[0, 0] == 0


def test_backend_result_is_checked(recorder):
    recorder.fn = lambda args: np.zeros((2, 3), np.float64)
    with pytest.raises(RunError, match=r"backend 'recorder' returned float64\[2,3\] for out0, expected f32\[2,3\]"):
        Runner(parse_module(IDENTITY), "recorder").run([np.zeros((2, 3), np.float32)])


def test_missing_backend_package_is_unavailable_not_a_crash():
    register_backend("ghost", "hloc_no_such_package.backend:Backend")
    try:
        assert "ghost" not in available_backends()
        with pytest.raises(UsageError, match="the 'ghost' backend is not available"):
            get_backend("ghost")
    finally:
        backends.unregister_backend("ghost")
