"""bench/latency.py's one stage split (``split_stages``), which bench/webtrace.py uses too:
an edge's stages add up to its total exactly, and "wake" is a part of "other". Stamps are
made up (ns); no timing is measured."""

from __future__ import annotations

from support.benchmod import bench_module

STAGES = ("driver", "rules", "journal", "render", "handoff", "other")


def test_sequential_spans_give_their_lengths_and_other_the_rest() -> None:
    latency = bench_module("latency")
    spans = [("rules", 150, 250), ("render", 300, 700), ("handoff", 700, 1000)]
    parts = latency.split_stages(0, 100, 120, 1100, spans)
    assert parts == {"driver": 100, "rules": 100, "journal": 0, "render": 400, "handoff": 300,
                     "other": 200, "wake": 20}
    assert latency.STAGES == STAGES


def test_overlapping_and_outlying_spans_still_add_up_to_the_total() -> None:
    """The case webtrace showed (1.72 ms of stages in a 1.20 ms edge): the runtime thread
    busy with another event's drawing while this one waited (counted in wake and in
    render), a publisher worker's ``view`` at once with the drawing, a journal write on
    its thread while the frame is drawn, and a hand-off whose tail is after the frame."""
    latency = bench_module("latency")
    spans = [
        ("render", 50, 600),      # another event's frame, drawn while this edge waited
        ("rules", 600, 700),      # this event's handle
        ("journal", 700, 1000),   # the write on the writer thread ...
        ("render", 750, 1050),    # ... while the frame is drawn
        ("rules", 800, 900),      # a publisher worker's view at once: rules, listed first
        ("handoff", 1050, 1250),  # Display.show: the frame at 1200, its tail after
    ]
    parts = latency.split_stages(0, 40, 600, 1200, spans)
    assert sum(parts[s] for s in STAGES) == 1200
    assert parts == {"driver": 40, "rules": 200, "journal": 200, "render": 50, "handoff": 150,
                     "other": 560, "wake": 560}
    assert parts["wake"] <= parts["other"]


def test_without_a_handle_stamp_the_window_starts_at_the_post() -> None:
    latency = bench_module("latency")
    parts = latency.split_stages(10, 30, None, 100, [("render", 0, 50), ("handoff", 60, 90)])
    assert parts == {"driver": 20, "rules": 0, "journal": 0, "render": 20, "handoff": 30,
                     "other": 20, "wake": 0}


def test_a_frame_before_the_handle_leaves_no_negative_stage() -> None:
    latency = bench_module("latency")
    parts = latency.split_stages(0, 10, 500, 300, [("rules", 500, 600)])
    assert parts == {"driver": 10, "rules": 0, "journal": 0, "render": 0, "handoff": 0,
                     "other": 290, "wake": 290}
