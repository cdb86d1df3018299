"""Where ``pitchside web`` listens: ``--listen`` / ``[web] listen`` checked before it
starts (a port out of range, an IPv6 address without brackets, a name that does not
resolve: one line, exit 2, no traceback), ``check-config`` refusing what the web side
could not listen on, and an IPv6 address really served (``[::1]:PORT``)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from pitchside.app.config_web import parse_listen
from pitchside.web.server import free_port

ROOT = Path(__file__).resolve().parents[2]
PITCHSIDE = [sys.executable, "-m", "pitchside.cli.main"]
EXAMPLE = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PITCHSIDE, *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env={"PATH": "/usr/bin:/bin", "GPIOZERO_PIN_FACTORY": "mock"})


@pytest.mark.parametrize("text, parsed", [
    ("0.0.0.0:8080", ("0.0.0.0", 8080)),
    ("[::1]:8080", ("::1", 8080)),
    ("[::]:80", ("::", 80)),
    ("pitchside-t1.local:65535", ("pitchside-t1.local", 65535)),
])
def test_parse_listen(text: str, parsed: tuple[str, int]) -> None:
    assert parse_listen(text) == parsed


@pytest.mark.parametrize("listen, message", [
    ("127.0.0.1:99999", "--listen: the port must be 1-65535, not 99999 (in '127.0.0.1:99999')"),
    ("127.0.0.1:0", "--listen: the port must be 1-65535, not 0 (in '127.0.0.1:0')"),
    ("::1:8080", "--listen: an IPv6 address goes in brackets, such as \"[::1]:8080\", not '::1:8080'"),
    ("[nope]:8080", "--listen: 'nope' in brackets is not an IPv6 address (in '[nope]:8080')"),
    ("8080", "--listen: must be HOST:PORT such as \"0.0.0.0:8080\" or \"[::1]:8080\", not '8080'"),
])
def test_bad_listen_is_one_line_and_exit_2(tmp_path: Path, listen: str, message: str) -> None:
    r = run("web", "--listen", listen, "--feed", str(tmp_path / "feed.sock"))
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"pitchside web: {message}\n")
    assert not (tmp_path / "feed.sock").exists()  # refused before anything was opened


def test_a_listen_name_that_does_not_resolve(tmp_path: Path) -> None:
    r = run("web", "--listen", "nosuchhost.invalid:8080", "--feed", str(tmp_path / "feed.sock"))
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1
    assert r.stderr.startswith("pitchside web: --listen: cannot listen on 'nosuchhost.invalid': "
                               "the name does not resolve (")


def _config(tmp_path: Path, listen: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.read_text() + f'\n[web]\nlisten = "{listen}"\n')
    return path


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_check_config_refuses_a_listen_name_that_does_not_resolve(tmp_path: Path) -> None:
    path = _config(tmp_path, "nosuchhost.invalid:8080")
    r = run("check-config", str(path))
    line = _line_of(path, "nosuchhost.invalid")
    assert r.returncode == 2 and r.stdout.count("\n") == 1
    assert r.stdout.startswith(f"{path}:{line}: web.listen: cannot listen on 'nosuchhost.invalid': "
                               "the name does not resolve (")


def test_check_config_refuses_ipv6_without_brackets(tmp_path: Path) -> None:
    path = _config(tmp_path, "::1:8080")
    r = run("check-config", str(path))
    line = _line_of(path, "::1:8080")
    assert r.returncode == 2
    assert r.stdout.splitlines()[0] == (f"{path}:{line}: web.listen: an IPv6 address goes in brackets, "
                                        "such as \"[::1]:8080\", not '::1:8080'")


def test_check_config_accepts_ipv6_in_brackets(tmp_path: Path) -> None:
    r = run("check-config", str(_config(tmp_path, "[::1]:8080")))
    assert r.returncode == 0 and r.stdout.startswith(f"{tmp_path / 'table.toml'}: OK: "), r.stdout


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback (::1) on this machine")
@pytest.mark.parametrize("host", ["::1", "::"])
def test_pitchside_web_serves_on_ipv6(tmp_path: Path, host: str) -> None:
    port = free_port("::1")
    proc = subprocess.Popen([*PITCHSIDE, "web", "--listen", f"[{host}]:{port}", "--feed", str(tmp_path / "feed.sock")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            try:
                r = httpx.get(f"http://[::1]:{port}/healthz", timeout=2)  # Host: [::1]:PORT
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "pitchside web did not answer on [::1] in 30 s"
                time.sleep(0.1)
        assert (r.status_code, r.json()) == (200, {"streams": 0, "seq": None})
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        assert proc.stderr is not None
        proc.stderr.close()


def test_the_web_side_reads_only_web_and_the_journal_path(tmp_path: Path) -> None:
    """``pitchside web`` runs as a user who may not read the table's broker credentials:
    it reads [web] and [storage] journal only (the rest is check-config's)."""
    from pitchside.app.config import load_config, load_web_side
    from pitchside.app.config_web import WebConfig
    from pitchside.core.errors import ConfigError

    secret = tmp_path / "unreadable.cred"  # absent here; on a table: root's or the table's, mode 600
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.read_text().replace('journal = "/var/lib/pitchside/journal.db"', 'journal = "/srv/j.db"')
                    + f'\n[web]\nlisten = "[::1]:8081"\n\n[mqtt]\nhost = "league.local"\nvenue = "club"\n'
                    f'credentials = "{secret}"\n')
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(path)
    assert load_web_side(path) == (WebConfig(listen="[::1]:8081"), "/srv/j.db")
    path.write_text(path.read_text().replace('"[::1]:8081"', '"[::1]:80801"'))
    r = run("web", "--config", str(path), "--feed", str(tmp_path / "feed.sock"))
    assert (r.returncode, r.stderr) == (2, f"pitchside web: {path}: web.listen: the port must be 1-65535, "
                                           "not 80801 (in '[::1]:80801')\n")
