"""bench/common.py's one set-and-restore (``patched``), which ``calls_during`` (the A/B
benches' recorder) and latency's timing wrappers both use: the attribute is the new value
inside, the old one after, even when the block raises."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from support.benchmod import bench_module


def test_patched_sets_inside_and_restores_after_a_raise() -> None:
    common = bench_module("common")
    owner = SimpleNamespace(f="old")
    with pytest.raises(RuntimeError), common.patched(owner, "f", "new"):
        assert owner.f == "new"
        raise RuntimeError("boom")
    assert owner.f == "old"


def test_calls_during_keeps_each_call_and_puts_the_real_one_back() -> None:
    common = bench_module("common")
    owner = SimpleNamespace(double=lambda x: 2 * x)
    real = owner.double

    def run() -> None:
        assert owner.double(3) == 6
        assert owner.double(5) == 10

    seen = common.calls_during(owner, "double", run, lambda args, result: (args, result))
    assert seen == [((3,), 6), ((5,), 10)]
    assert owner.double is real


def test_calls_during_puts_the_real_one_back_when_the_run_raises() -> None:
    common = bench_module("common")
    owner = SimpleNamespace(double=lambda x: 2 * x)
    real = owner.double

    def run() -> None:
        owner.double(1)
        raise ValueError("stop")

    with pytest.raises(ValueError):
        common.calls_during(owner, "double", run, lambda args, result: result)
    assert owner.double is real


def test_latency_patches_through_the_same_helper() -> None:
    assert bench_module("latency").patched is bench_module("common").patched
