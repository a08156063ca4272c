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
