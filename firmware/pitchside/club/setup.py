"""A venue's broker folder, made and grown: ``pitchside club init`` and ``add-table``.

:func:`init` writes the folder once: Mosquitto's config (:mod:`pitchside.club.broker`),
the ACL, the password file with the ``league`` and ``dashboard`` users, their
credentials files (mode 600), a ``data/`` folder for the broker's persistence, and with
TLS (the default) a club CA and the broker's certificate made with the ``openssl``
command line. ``club.toml`` keeps the venue and where tables reach the broker, for
:func:`add_table`, which adds a table's user and writes its credentials file.

Run as root (a real venue's box), the files Mosquitto reads are given to user
``mosquitto``, which it drops to before it reads them; the credentials and the CA's key
stay root's. Every failure is a :class:`ClubSetupError` saying what to do.
"""

from __future__ import annotations

import os
import pwd
import secrets
import socket
import subprocess
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pitchside.app.config_mqtt import DEFAULT_PORT, DEFAULT_TLS_PORT, ID_RE, table_user
from pitchside.club import broker, passwd
from pitchside.wire.credentials import CredentialsError, read_credentials

SETTINGS = "club.toml"
REGION_CA = "region-ca.crt"
BROKER_USER = "mosquitto"
CERT_DAYS = 3650


class ClubSetupError(Exception):
    """Why a club folder cannot be made or grown (the message says what to do)."""


@dataclass(frozen=True, slots=True)
class Club:
    """A venue's broker folder (its ``club.toml``).

    :param hosts: the names and addresses tables reach the broker by (the first goes in
        their ``[mqtt] host``; with TLS the broker's certificate names them all).
    """

    folder: Path
    venue: str
    port: int
    tls: bool
    hosts: tuple[str, ...]

    @property
    def host(self) -> str:
        return self.hosts[0]

    def file(self, name: str) -> Path:
        return self.folder / name


@dataclass(frozen=True, slots=True)
class Uplink:
    """Where a venue's broker bridges to (``club init --region``): the region broker's
    ``host``:``port`` (TLS), its CA file, and the venue's bridge credentials file
    (``bridge-<venue>:PASSWORD``, written by ``pitchside region add-venue``)."""

    host: str
    port: int
    ca_file: Path
    credentials: Path


@dataclass(frozen=True, slots=True)
class TableAdded:
    """What :func:`add_table` wrote: the table's credentials file and its ``[mqtt]`` lines."""

    user: str
    credentials: Path
    mqtt_lines: str


def default_hosts(listen_host: str | None) -> tuple[str, ...]:
    """Where tables may reach this machine: the listener's address when it names one, then
    ``<hostname>.local`` (mDNS), the host name, ``localhost`` and ``127.0.0.1``."""
    name = socket.gethostname().split(".")[0] or "localhost"
    found = [listen_host] if listen_host and listen_host not in ("0.0.0.0", "::") else []
    for h in (f"{name}.local", name, "localhost", "127.0.0.1"):
        if h not in found:
            found.append(h)
    return tuple(found)


def init(folder: Path, venue: str, *, tls: bool = True, listen_host: str | None = None, port: int | None = None,
         hosts: tuple[str, ...] = (), uplink: Uplink | None = None) -> Club:
    """Write a new venue's broker folder (module docstring) and return it; with
    ``uplink``, its broker bridges to the region's (:func:`pitchside.club.broker.bridge_section`:
    the region's CA copied in as ``region-ca.crt``, the config mode 600 as it holds the
    bridge's password).

    :raises ClubSetupError: a bad venue id or port, a folder that already holds a club,
        bridge credentials that are not the venue's, or a tool (``openssl``) that fails.
    """
    if not ID_RE.match(venue):
        raise ClubSetupError(f"--venue must be 1-64 of a-z, 0-9, - and _ (one topic level), not {venue!r}")
    port = port if port is not None else DEFAULT_TLS_PORT if tls else DEFAULT_PORT
    if not 0 < port < 65536:
        raise ClubSetupError(f"the port must be between 1 and 65535, not {port}")
    folder = folder.absolute()
    if (folder / SETTINGS).exists() or (folder / "mosquitto.conf").exists():
        raise ClubSetupError(f"{folder} holds a club already: add tables with pitchside club add-table NAME "
                             f"--dir {folder}, or give another --dir")
    club = Club(folder, venue, port, tls, hosts or default_hosts(listen_host))
    bridge, ca_text = _bridge(venue, uplink, folder) if uplink is not None else (None, "")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o755)
        (folder / "data").mkdir(mode=0o700, exist_ok=True)
        _write(folder / "acl", broker.acl(venue), 0o600)
        text = ""
        for user in (broker.LEAGUE_USER, broker.DASHBOARD_USER):
            password = secrets.token_urlsafe(24)
            text = passwd.with_user(text, passwd.hashed_line(user, password, secrets.token_bytes(passwd.SALT_BYTES)))
            _write(folder / f"{user}.cred", f"{user}:{password}\n", 0o600)
        _write(folder / "passwd", text, 0o600)
        if tls:
            _certificates(club)
        if bridge is not None:
            _write(folder / REGION_CA, ca_text, 0o644)
        # last: a folder holding these is a club, so a failed init can be run again
        plan = broker.BrokerPlan(venue, str(folder), tls=tls, host=listen_host, port=port, bridge=bridge)
        _write(folder / "mosquitto.conf", broker.mosquitto_conf(plan), 0o644 if bridge is None else 0o600)
        _write(folder / SETTINGS, _settings(club), 0o644)
    except OSError as exc:
        raise ClubSetupError(f"cannot write {exc.filename or folder}: {exc.strerror or exc}") from None
    _give_to_broker(club, ["acl", "passwd", "data"] + (["ca.crt", "server.crt", "server.key"] if tls else [])
                    + ([REGION_CA, "mosquitto.conf"] if bridge is not None else []))
    return club


def _bridge(venue: str, uplink: Uplink, folder: Path) -> tuple[broker.Bridge, str]:
    """The bridge of ``venue`` to ``uplink`` and the region CA's text.

    :raises ClubSetupError: unreadable files, a CA that is no certificate, or credentials
        of another venue's bridge user.
    """
    if not uplink.host or not 0 < uplink.port < 65536:
        raise ClubSetupError(f"--region must be HOST or HOST:PORT with a port of 1-65535, "
                             f"not {uplink.host}:{uplink.port}")
    try:
        user, password = read_credentials(str(uplink.credentials))
    except CredentialsError as exc:
        raise ClubSetupError(f"--region-credentials: {exc}") from None
    if user != broker.bridge_user(venue):
        raise ClubSetupError(f"--region-credentials: {uplink.credentials} is {user!r}'s, not venue {venue}'s "
                             f"bridge user "
                             f"{broker.bridge_user(venue)!r} (pitchside region add-venue {venue} writes it)")
    if any(c.isspace() for c in password):
        raise ClubSetupError(f"--region-credentials: the password in {uplink.credentials} holds a space, which "
                             "Mosquitto's config cannot carry")
    try:
        ca_text = uplink.ca_file.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as exc:
        raise ClubSetupError(f"--region-ca: {uplink.ca_file} cannot be read ({exc})") from None
    if "-----BEGIN CERTIFICATE-----" not in ca_text:
        raise ClubSetupError(f"--region-ca: {uplink.ca_file} holds no PEM certificate (the region's ca.crt)")
    return broker.Bridge(uplink.host, uplink.port, user, password, str(folder / REGION_CA)), ca_text


def read_settings(folder: Path, name: str, what: str, init: str) -> tuple[Path, dict[str, Any]]:
    """The TOML file ``name`` in ``folder`` that ``init`` (a command) writes for ``what``.

    :raises ClubSetupError: it is missing (saying to run ``init``) or cannot be read.
    """
    path = folder / name
    try:
        return path, tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ClubSetupError(f"{folder} holds no {what} ({name} is missing): make one with "
                             f"{init}") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ClubSetupError(f"{path} cannot be read: {exc}") from None


def load(folder: Path) -> Club:
    """The club of ``folder`` (its ``club.toml``).

    :raises ClubSetupError: no club there, or a ``club.toml`` that is not one.
    """
    folder = folder.absolute()
    path, data = read_settings(folder, SETTINGS, "club", f"pitchside club init --venue NAME --dir {folder}")
    venue, port, tls, hosts = data.get("venue"), data.get("port"), data.get("tls"), data.get("hosts")
    if not (isinstance(venue, str) and ID_RE.match(venue) and isinstance(port, int) and isinstance(tls, bool)
            and isinstance(hosts, list) and hosts and all(isinstance(h, str) and h for h in hosts)):
        raise ClubSetupError(f"{path} is not what pitchside club init writes (venue, port, tls, hosts)")
    return Club(folder, venue, port, tls, tuple(hosts))


def add_table(club: Club, table: str, *, table_credentials: str = "/etc/pitchside/mqtt.cred",
              table_ca: str = "/etc/pitchside/club-ca.crt") -> TableAdded:
    """Add ``table``'s broker user (``VENUE/TABLE``) to the password file and write its
    credentials file ``<table>.cred`` (mode 600). ``table_credentials`` and ``table_ca``
    are where those files go on the table, for its ``[mqtt]`` lines.

    :raises ClubSetupError: a bad table id, a table the club has already, an unwritable file.
    """
    if not ID_RE.match(table):
        raise ClubSetupError(f"the table id must be 1-64 of a-z, 0-9, - and _ (one topic level), not {table!r}")
    user = table_user(club.venue, table)
    path = club.file("passwd")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ClubSetupError(f"cannot read {path}: {exc.strerror or exc}") from None
    password = secrets.token_urlsafe(24)
    try:
        text = passwd.with_user(text, passwd.hashed_line(user, password, secrets.token_bytes(passwd.SALT_BYTES)))
    except ValueError:
        raise ClubSetupError(f"the club has a table {table!r} already: its credentials are {club.file(table + '.cred')}"
                             ) from None
    cred = club.file(f"{table}.cred")
    try:
        _write(cred, f"{user}:{password}\n", 0o600)
        _write(path, text, 0o600)
    except OSError as exc:
        raise ClubSetupError(f"cannot write {exc.filename or path}: {exc.strerror or exc}") from None
    _give_to_broker(club, ["passwd"])
    lines = broker.mqtt_section(host=club.host, port=club.port, tls=club.tls, ca_file=table_ca if club.tls else None,
                                venue=club.venue, table=table, credentials=table_credentials)
    return TableAdded(user, cred, lines)


def _settings(club: Club) -> str:
    hosts = ", ".join(broker.toml_string(h) for h in club.hosts)
    return (f"# The club's broker, for pitchside club add-table (written by pitchside club init).\n"
            f"venue = {broker.toml_string(club.venue)}\nport = {club.port}\ntls = {'true' if club.tls else 'false'}\n"
            f"hosts = [{hosts}]\n")


def _write(path: Path, text: str, mode: int) -> None:
    """Write ``text`` to ``path`` whole (a temporary file renamed over it) with ``mode``,
    keeping the owner of the file it replaces."""
    old = path.stat() if path.exists() else None
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        if old is not None and os.geteuid() == 0:
            os.chown(tmp, old.st_uid, old.st_gid)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _certificates(club: Club) -> None:
    """The club CA (``ca.crt``, ``ca.key``) and the broker's certificate (``server.crt``,
    ``server.key``) naming every host of ``club``: EC P-256, made by ``openssl``."""
    f = club.file
    sans = ",".join(("IP:" if _is_address(h) else "DNS:") + h for h in club.hosts)
    ext = f(".server.ext")
    ext.write_text(f"basicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\n"
                   f"extendedKeyUsage = serverAuth\nsubjectAltName = {sans}\n"
                   f"subjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid\n")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try:
        _openssl(["req", "-x509", *ec, "-keyout", str(f("ca.key")), "-out", str(f("ca.crt")), "-days", str(CERT_DAYS),
                  "-subj", f"/CN=Pitchside club CA {club.venue}",
                  "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        _openssl(["req", *ec, "-keyout", str(f("server.key")), "-out", str(f(".server.csr")),
                  "-subj", f"/CN={club.host}"])
        _openssl(["x509", "-req", "-in", str(f(".server.csr")), "-CA", str(f("ca.crt")), "-CAkey", str(f("ca.key")),
                  "-set_serial", "0x" + secrets.token_hex(16), "-days", str(CERT_DAYS), "-extfile", str(ext),
                  "-out", str(f("server.crt"))])
    finally:
        ext.unlink(missing_ok=True)
        f(".server.csr").unlink(missing_ok=True)
    for name, mode in (("ca.key", 0o600), ("server.key", 0o600), ("ca.crt", 0o644), ("server.crt", 0o644)):
        f(name).chmod(mode)


def _openssl(args: list[str]) -> None:
    try:
        done = subprocess.run(["openssl", *args], capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise ClubSetupError("TLS needs the openssl command (apt-get install openssl), or give --no-tls") from None
    if done.returncode != 0:
        raise ClubSetupError(f"openssl {args[0]} failed: {done.stderr.strip()[-500:]}")


def _is_address(host: str) -> bool:
    for family in (socket.AF_INET, socket.AF_INET6):
        try:
            socket.inet_pton(family, host)
            return True
        except OSError:
            pass
    return False


def _give_to_broker(club: Club, names: list[str]) -> None:
    """As root: the files Mosquitto reads after it drops to user ``mosquitto`` become that
    user's (no-op otherwise, or without such a user)."""
    if os.geteuid() != 0:
        return
    try:
        who = pwd.getpwnam(BROKER_USER)
    except KeyError:
        return
    for name in names:
        os.chown(club.file(name), who.pw_uid, who.pw_gid)


def unreachable_by_broker(folder: Path) -> Path | None:
    """As root: the first folder above ``folder`` that user ``mosquitto`` cannot enter
    (others have no search permission), or None."""
    if os.geteuid() != 0:
        return None
    for parent in [folder.absolute(), *folder.absolute().parents]:
        if not parent.stat().st_mode & 0o001:
            return parent
    return None
