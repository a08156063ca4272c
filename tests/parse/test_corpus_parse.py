"""Every corpus module parses (XLA's own parser accepts all of them)."""

from __future__ import annotations

import pytest
from conftest import corpus_files, require_corpus

from hloc.parse import parse_module

XLA_FILES = corpus_files("xla")
JAX_FILES = corpus_files("jax", "*.hlo")  # includes *.opt.hlo


def test_corpus_present():
    require_corpus()
    assert len(XLA_FILES) == 411
    assert len(JAX_FILES) == 104


@pytest.mark.slow
@pytest.mark.parametrize("path", XLA_FILES + JAX_FILES, ids=lambda p: p.name)
def test_parses(path):
    module = parse_module(path.read_text(), str(path))
    assert module.entry is not None and module.entry.root is not None
