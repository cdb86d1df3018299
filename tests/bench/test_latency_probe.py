"""bench/latency.py's probe latches, as the measured edge, only an item posted by the
thread that armed it (the one driving the edge): a timer request the runtime thread posts
while the probe is armed is passed on, not taken for the edge. No timing is measured."""

from __future__ import annotations

import threading

from support.benchmod import bench_module


def _posted_from_another_thread(post: object, item: object) -> None:
    thread = threading.Thread(target=post, args=(item,), name="runtime-thread")  # type: ignore[arg-type]
    thread.start()
    thread.join(10.0)
    assert not thread.is_alive()


def test_an_item_another_thread_posts_first_is_passed_on_not_latched() -> None:
    latency = bench_module("latency")
    probe = latency.Probe()
    queued: list[object] = []
    post = probe.post(queued.append)
    probe.arm()
    _posted_from_another_thread(post, "timer request")
    assert (probe.t_post, probe.event) == (None, None)
    post("press")
    assert probe.event == "press" and probe.t_post is not None
    post("later")
    assert probe.event == "press"
    assert queued == ["timer request", "press", "later"]  # every item still reaches the queue


def test_nothing_is_latched_while_disarmed() -> None:
    latency = bench_module("latency")
    probe = latency.Probe()
    post = probe.post(lambda item: None)
    post("press")
    assert (probe.t_post, probe.event) == (None, None)


def test_the_cpu_probe_stamps_the_same_post() -> None:
    cpu_stages = bench_module("cpu_stages")
    probe = cpu_stages.CpuProbe()
    post = probe.post(lambda item: None)
    probe.arm()
    _posted_from_another_thread(post, "timer request")
    assert probe._cpu_post is None
    post("press")
    assert probe.event == "press" and probe._cpu_post is not None
