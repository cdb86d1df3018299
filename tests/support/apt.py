"""The real parts the tests drive (Chromium, Mosquitto, PostgreSQL, zbar): found on the PATH, or
installed from Debian's packages when missing and the tests run as root (the test
command sets up a fresh machine). Under CI=true a part still missing is a failure
(tests/conftest.py turns the caller's skip into one)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess

_SEARCH = "/usr/sbin:/usr/bin:/sbin:/bin"
_updated: list[bool] = []  # apt-get update once per session, before the first install


def find(binary: str) -> str | None:
    """``binary`` on the PATH or in the system directories, or None."""
    return shutil.which(binary) or shutil.which(binary, path=_SEARCH)


def find_glob(pattern: str) -> str | None:
    """The last (newest version's) path matching ``pattern``, or None: for binaries off
    the PATH (Debian's PostgreSQL server in ``/usr/lib/postgresql/<version>/bin``)."""
    found = sorted(glob.glob(pattern))
    return found[-1] if found else None


def installed(binary: str, *packages: str) -> str | None:
    """``binary``'s path (a name on the PATH, or a glob pattern with ``*``), after
    ``apt-get install packages`` when it is missing and this is root on a Debian-like
    system; None when it is still missing."""
    def find_it() -> str | None:
        return find_glob(binary) if "*" in binary else find(binary)

    found = find_it()
    if found is not None or os.geteuid() != 0 or shutil.which("apt-get") is None:
        return found
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    lock = ["-o", "DPkg::Lock::Timeout=300"]
    if not _updated:
        subprocess.run(["apt-get", *lock, "update", "-qq"], check=False, env=env, capture_output=True)
        _updated.append(True)
    subprocess.run(["apt-get", *lock, "install", "-y", "-qq", "--no-install-recommends", *packages],
                   check=False, env=env, capture_output=True)
    return find_it()
