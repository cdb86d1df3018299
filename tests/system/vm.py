"""The host side of the system tests: the guest image (built once per recipe and cached),
the payload disk of a run (the commit under test, the wheels, the agent), and a qemu
machine driven over virtio-serial.

- Image: ``tests/system/image/build.sh`` (mmdebstrap bookworm, Debian's kernel, gpio-sim
  built for it) into ``$PITCHSIDE_VM_CACHE`` (default ``~/.cache/pitchside-vm``), in a
  folder named by a hash of the recipe: a changed recipe builds a new image.
- Wheelhouse: every wheel ``pip install .[pi]`` needs, made on the host (same Python
  3.11 and glibc as the guest) and cached by a hash of pyproject.toml. The guest has no
  network: its ``/etc/pip.conf`` says ``no-index`` and ``find-links`` to it, pip's own
  settings for a site mirror; ``deploy/install.sh`` runs unchanged.
- Machine: ``qemu-system-x86_64 -machine q35`` with KVM when a probe boot shows it works,
  else TCG; the system disk is a qcow2 overlay of the image with ``cache=none`` (the
  guest's flushes reach the host's disk before they complete; a SIGKILL of qemu loses
  what only the guest's RAM held), the payload disk read-only, the agent's channel a
  virtio-serial port on a Unix socket.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
RECIPE = HERE / "image"
CACHE = Path(os.environ.get("PITCHSIDE_VM_CACHE") or Path.home() / ".cache" / "pitchside-vm")
HOST_PACKAGES = ("qemu-system-x86", "qemu-utils", "mmdebstrap", "e2fsprogs", "python3-dev", "gcc")


def log(msg: str) -> None:
    print(f"[system-vm {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for p in sorted(paths):
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def image() -> Path:
    """The cached image folder (base.raw, vmlinuz, initrd.img), built when missing."""
    key = digest([p for p in RECIPE.rglob("*") if p.is_file()])
    out = CACHE / f"image-{key}"
    if (out / "base.raw").exists():
        log(f"image {out} (cached)")
        return out
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "base.raw").exists():
            t = time.monotonic()
            tmp = CACHE / f"building-{key}"
            shutil.rmtree(tmp, ignore_errors=True)
            subprocess.run([str(RECIPE / "build.sh"), str(tmp)], check=True)
            tmp.rename(out)
            log(f"image built in {time.monotonic() - t:.0f} s: {out}")
            for old in CACHE.glob("image-*"):
                if old != out:
                    shutil.rmtree(old, ignore_errors=True)
    return out


def wheelhouse() -> Path:
    """Every wheel the installer's ``pip install .[pi]`` needs (and the build backend)."""
    key = digest([ROOT / "pyproject.toml"])
    out = CACHE / f"wheels-{key}"
    if out.is_dir():
        log(f"wheelhouse {out} (cached)")
        return out
    t = time.monotonic()
    tmp = CACHE / f"wheels-building-{key}"
    shutil.rmtree(tmp, ignore_errors=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--wheel-dir", str(tmp), f"{ROOT}[pi]", "setuptools>=77", "wheel"], check=True)
    for w in tmp.glob("pitchside-*.whl"):
        w.unlink()
    tmp.rename(out)
    log(f"wheelhouse made in {time.monotonic() - t:.0f} s: {out}")
    return out


def commit_under_test() -> str:
    """HEAD, or with uncommitted changes to tracked files a commit of them (git stash create)."""
    git = ["git", "-C", str(ROOT)]
    changed = subprocess.run([*git, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True,
                             check=True).stdout
    if changed.strip():
        r = subprocess.run([*git, "stash", "create"], capture_output=True, text=True)
        if r.returncode != 0 or not r.stdout.strip():
            raise RuntimeError(f"git stash create (for the uncommitted changes below) failed: {r.stderr.strip()}\n"
                               f"{changed}")
        log(f"uncommitted changes, installed as commit {r.stdout.strip()[:12]}:\n{changed.rstrip()}")
        return r.stdout.strip()
    return subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()


def payload(run: Path) -> Path:
    """The run's payload disk: the agent, the wheelhouse, pip.conf, a clone source of the commit."""
    stage = run / "payload"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    shutil.copy(HERE / "guest" / "agent.py", stage / "agent.py")
    shutil.copytree(wheelhouse(), stage / "wheels")
    (stage / "pip.conf").write_text("[global]\nno-index = true\nfind-links = /media/payload/wheels\n")
    sha = commit_under_test()
    subprocess.run(["git", "init", "-q", "--bare", str(stage / "src.git")], check=True)
    subprocess.run(["git", "-C", str(ROOT), "push", "-q", str(stage / "src.git"), f"{sha}:refs/heads/main"], check=True)
    subprocess.run(["git", "-C", str(stage / "src.git"), "symbolic-ref", "HEAD", "refs/heads/main"], check=True)
    (stage / "commit").write_text(sha + "\n")
    disk = run / "payload.img"
    disk.unlink(missing_ok=True)
    with open(disk, "wb") as f:
        f.truncate(1 << 30)
    subprocess.run(["mkfs.ext4", "-q", "-F", "-L", "payload", "-d", str(stage), str(disk)], check=True)
    shutil.rmtree(stage)
    log(f"payload disk of commit {sha[:12]}")
    return disk


def kvm_works(img: Path) -> bool:
    """A probe boot of the kernel alone under KVM: does it reach its "no root" panic?"""
    if os.environ.get("PITCHSIDE_VM_ACCEL") in ("tcg", "kvm"):
        return os.environ["PITCHSIDE_VM_ACCEL"] == "kvm"
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return False
    cmd = ["qemu-system-x86_64", "-machine", "q35,accel=kvm", "-cpu", "host,-arch-capabilities", "-m", "512",
           "-nodefaults", "-display", "none", "-no-reboot", "-serial", "stdio", "-kernel", str(img / "vmlinuz"),
           "-append", "console=ttyS0 panic=-1"]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=20)
        return b"Kernel panic" in p.stdout or b"VFS" in p.stdout
    except subprocess.TimeoutExpired:
        return False


class AgentError(Exception):
    pass


class Machine:
    """One boot of the guest. ``overlay``: the qcow2 system disk (kept across boots of a
    power-cut series)."""

    def __init__(self, img: Path, run: Path, payload_img: Path, overlay: Path, kvm: bool, append: str = "") -> None:
        self.run = run
        self.sock_path = run / "agent.sock"
        self.sock_path.unlink(missing_ok=True)
        accel = ["-machine", "q35,accel=kvm", "-cpu", "host,-arch-capabilities"] if kvm else \
            ["-machine", "q35,accel=tcg", "-cpu", "max"]
        self.cmd = ["qemu-system-x86_64", *accel, "-smp", "1", "-m", "1024", "-nodefaults", "-display", "none",
                    "-no-reboot", "-nic", "none", "-kernel", str(img / "vmlinuz"), "-initrd", str(img / "initrd.img"),
                    "-append", f"root=/dev/vda rw console=ttyS0 quiet {append}".strip(),
                    "-drive", f"file={overlay},format=qcow2,if=virtio,cache=none,aio=native",
                    "-drive", f"file={payload_img},format=raw,if=virtio,readonly=on",
                    "-serial", f"file:{run / 'console.log'}",
                    "-device", "virtio-serial-pci",
                    "-chardev", f"socket,id=agent,path={self.sock_path},server=on,wait=off",
                    "-device", "virtserialport,chardev=agent,name=org.pitchside.test"]
        self.t0 = time.monotonic()
        self.err = open(run / "qemu.err", "ab")
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.err)
        self.sock: socket.socket | None = None
        self.buf = b""

    def elapsed(self) -> float:
        return time.monotonic() - self.t0

    def connect(self, timeout: float = 600) -> float:
        """Wait for the agent's hello; :returns: seconds from qemu's start."""
        deadline = time.monotonic() + timeout
        while self.sock is None:
            if self.proc.poll() is not None:
                raise AgentError(f"qemu exited ({self.proc.returncode}): {self.tail()}")
            s = socket.socket(socket.AF_UNIX)
            try:
                s.connect(str(self.sock_path))
                self.sock = s
            except OSError:
                s.close()
                time.sleep(0.2)
            if time.monotonic() > deadline:
                raise AgentError(f"no qemu socket after {timeout} s")
        hello = self.read(deadline - time.monotonic())
        if "hello" not in hello:
            raise AgentError(f"unexpected first line {hello}")
        return self.elapsed()

    def read(self, timeout: float = 600) -> dict[str, Any]:
        assert self.sock is not None
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None:
                raise AgentError(f"no answer from the guest ({'qemu exited' if self.proc.poll() is not None else 'timeout'}): {self.tail()}")
            self.sock.settimeout(min(left, 1.0))
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                continue
            if not chunk:
                raise AgentError(f"the guest closed the channel: {self.tail()}")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return dict(json.loads(line))

    def send(self, cmd: str, **kw: Any) -> None:
        assert self.sock is not None
        self.sock.sendall((json.dumps({"cmd": cmd, **kw}) + "\n").encode())

    def call(self, cmd: str, timeout: float = 900, **kw: Any) -> Any:
        self.send(cmd, **kw)
        reply = self.read(timeout)
        if "error" in reply:
            raise AgentError(f"{cmd}: {reply['error']}")
        return reply["ok"]

    def sh(self, script: str, timeout: float = 900) -> str:
        """Run ``script`` with bash in the guest; :returns: its output; raises on rc != 0."""
        r = self.call("sh", timeout=timeout + 30, script=script, limit=timeout)
        if r["rc"] != 0:
            raise AgentError(f"guest: {script!r} exited {r['rc']}\n{r['out']}\n{r['err']}")
        return str(r["out"])

    def stream(self, timeout: float) -> Iterator[dict[str, Any]]:
        """Lines from the guest until ``timeout`` passes (for ``play``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                yield self.read(max(0.05, deadline - time.monotonic()))
            except AgentError:
                if time.monotonic() >= deadline:
                    return
                raise

    def kill(self) -> None:
        """The power cut: SIGKILL qemu (the guest's RAM is gone; the disk keeps what
        reached it)."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.err.close()
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def poweroff(self, timeout: float = 120) -> None:
        try:
            self.send("sh", script="systemctl poweroff", limit=10)
            self.proc.wait(timeout)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()

    def tail(self, n: int = 15) -> str:
        try:
            lines = (self.run / "console.log").read_text(errors="replace").splitlines()
        except FileNotFoundError:
            return "(no console)"
        return "\n".join(lines[-n:])


def new_overlay(img: Path, run: Path) -> Path:
    ov = run / "system.qcow2"
    ov.unlink(missing_ok=True)
    subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-b", str(img / "base.raw"), "-F", "raw", str(ov)],
                   check=True)
    return ov
