"""Shared fixtures: where the corpora are, and small helpers every test module uses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTDATA = ROOT / "testdata"
CORPUS = Path(os.environ.get("HLOC_CORPUS", ROOT.parent / "shared" / "corpus"))
XLA_CORPUS = CORPUS / "xla"
JAX_CORPUS = CORPUS / "jax"


def pytest_configure(config):
    """Byte-compile hloc once (the controller, not each xdist worker): the tests start hundreds of
    `hloc` processes (CLI tests, one per MPI rank), and under PYTHONDONTWRITEBYTECODE=1 (CI images
    set it) each would compile hloc's ~190 modules from source again, ~0.4 s of CPU apiece.
    compileall writes the caches that variable stops imports from writing; stale ones are rewritten."""
    if hasattr(config, "workerinput"):
        return
    import compileall

    compileall.compile_dir(str(ROOT / "hloc"), quiet=2)


def corpus_files(kind: str, pattern: str = "*.hlo") -> list[Path]:
    """Corpus files, or an empty list when the corpus is not next to the checkout."""
    folder = XLA_CORPUS if kind == "xla" else JAX_CORPUS
    return sorted(folder.glob(pattern)) if folder.is_dir() else []


def require_corpus() -> None:
    if not XLA_CORPUS.is_dir() or not JAX_CORPUS.is_dir():
        pytest.skip(f"corpus not found at {CORPUS} (set HLOC_CORPUS)")


@pytest.fixture(autouse=True, scope="session")
def _private_compile_cache(tmp_path_factory):
    """`hloc run` caches compiled modules under $XDG_CACHE_HOME/hloc: tests use their own (per
    session and xdist worker), never the user's."""
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if old is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = old
