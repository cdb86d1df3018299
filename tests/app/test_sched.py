"""The table loop's scheduling setting (:mod:`pitchside.app.sched`): read from the
environment, applied to the calling thread when the system allows it, and a clean log
line (never a failed start) when it does not. The applied policy is read back from the
kernel (``/proc/self/task/TID/sched``), not from the module."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest

from pitchside.app import sched
from pitchside.app.sched import Sched

CHILD = """
import logging, os, resource, sys, threading
from pitchside.app import sched
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s", stream=sys.stdout)
limit, who = int(sys.argv[1]), sys.argv[3]
resource.setrlimit(resource.RLIMIT_RTPRIO, (limit, max(limit, resource.getrlimit(resource.RLIMIT_RTPRIO)[1])))
if who == "nobody" and os.geteuid() == 0:  # no CAP_SYS_NICE: only the limit may allow it, as under the unit
    os.setgid(65534)  # (everything imported first: nobody may not read this Python's files)
    os.setuid(65534)
got = sched.apply(sched.parse(sys.argv[2]))
with open(f"/proc/self/task/{threading.get_native_id()}/sched") as fh:
    policy = next(line.split(":")[1].strip() for line in fh if line.startswith("policy"))
print("applied", got.text, "kernel policy", policy, "prio", os.sched_getparam(0).sched_priority,
      "yields" if sched.peer_yield() is os.sched_yield else "never yields")
"""


def _child(limit: int, setting: str, who: str = "nobody") -> list[str]:
    """A fresh process with ``RLIMIT_RTPRIO`` ``limit`` asking for ``setting``, as
    ``who`` (``nobody``: without ``CAP_SYS_NICE``, as the unit's user; ``self``: this
    test's user): its log lines, then what it runs at (read back from the kernel)."""
    r = subprocess.run([sys.executable, "-c", CHILD, str(limit), setting, who], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def _capable(bit: int) -> bool:
    """This process has the capability numbered ``bit`` (24 CAP_SYS_RESOURCE, 23 CAP_SYS_NICE)."""
    with open("/proc/self/status") as fh:
        eff = next(int(line.split()[1], 16) for line in fh if line.startswith("CapEff:"))
    return bool(eff >> bit & 1)


@pytest.mark.parametrize("text, setting", [
    ("fifo:10", Sched("fifo", 10)),
    ("FIFO:1", Sched("fifo", 1)),
    (" rr:99 ", Sched("rr", 99)),
    ("off", Sched("other", 0)),
    ("", Sched("other", 0)),
])
def test_the_setting_is_read(text: str, setting: Sched) -> None:
    assert sched.parse(text) == setting
    assert sched.parse(setting.text) == setting  # text reads back


@pytest.mark.parametrize("text, message", [
    ("fifo", "PITCHSIDE_SCHED='fifo': expected 'fifo:N', 'rr:N' (N from 1 to 99) or 'off'"),
    ("deadline:5", "PITCHSIDE_SCHED='deadline:5': expected 'fifo:N', 'rr:N' (N from 1 to 99) or 'off'"),
    ("fifo:ten", "PITCHSIDE_SCHED='fifo:ten': the priority 'ten' is not a whole number (1 to 99)"),
    ("rr:0", "PITCHSIDE_SCHED='rr:0': the priority 0 is outside 1 to 99"),
    ("fifo:100", "PITCHSIDE_SCHED='fifo:100': the priority 100 is outside 1 to 99"),
])
def test_a_bad_setting_is_named(text: str, message: str) -> None:
    with pytest.raises(ValueError) as err:
        sched.parse(text)
    assert str(err.value) == message


def test_a_bad_setting_in_the_environment_starts_at_normal_priority(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="pitchside.app.sched"):
        assert sched.from_env({"PITCHSIDE_SCHED": "fifo:high"}) == sched.OFF
    assert caplog.messages == ["the table runs at normal priority: PITCHSIDE_SCHED='fifo:high': "
                               "the priority 'high' is not a whole number (1 to 99)"]
    assert sched.from_env({}) == sched.OFF
    assert sched.from_env({"PITCHSIDE_SCHED": "rr:5"}) == Sched("rr", 5)


def test_off_changes_nothing() -> None:
    before = (os.sched_getscheduler(0), os.sched_getparam(0).sched_priority)
    assert sched.apply(sched.OFF) == sched.current()
    assert (os.sched_getscheduler(0), os.sched_getparam(0).sched_priority) == before


def test_without_the_privilege_the_table_runs_at_normal_priority_and_says_so() -> None:
    assert _child(0, "fifo:10") == [
        "WARNING the table runs at normal priority: fifo:10 refused (Operation not permitted); "
        "the unit grants it with LimitRTPRIO=10 and RestrictRealtime=no",
        "applied off kernel policy 0 prio 0 never yields",
    ]


# What the unit's LimitRTPRIO=10 gives its unprivileged user (the thread at SCHED_FIFO 10)
# needs a hard RLIMIT_RTPRIO this machine's root cannot raise (no CAP_SYS_RESOURCE in its
# container): the system test checks it where systemd grants it, in the qemu guest
# (tests/system/test_system.py, test_the_table_runs_real_time).


def test_with_cap_sys_nice_the_thread_runs_fifo() -> None:
    """The same granted by the capability instead (root here): the kernel's policy, read back."""
    if not _capable(23):
        pytest.skip("this process has no CAP_SYS_NICE")
    assert _child(0, "fifo:10", who="self") == ["INFO the table runs at fifo:10",
                                                "applied fifo:10 kernel policy 1 prio 10 yields"]
    assert _child(0, "rr:3", who="self")[-1] == "applied rr:3 kernel policy 2 prio 3 yields"


def test_peer_yield_only_for_a_real_time_thread() -> None:
    assert sched.current() == sched.OFF  # the test process: a normal thread
    assert sched.peer_yield() is None
