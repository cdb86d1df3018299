"""The region's broker folder, made and grown: ``pitchside region init`` and ``add-venue``.

:func:`init` writes the folder once: Mosquitto's config (:mod:`pitchside.club.region`),
the ACL, the password file with the workers' users ``league-1`` ... ``league-N`` and
the backstop's ``league-0`` (one password, in ``league.cred`` as ``league:PASSWORD``) and ``dashboard``, a ``data/``
folder for persistence, a region CA and the broker's certificate (TLS always: the
bridges cross the internet), and ``region.toml`` for :func:`add_venue`, which adds a
venue's bridge user and ACL block and writes its credentials file ``bridge-<venue>.cred``.
Every failure is a :class:`pitchside.club.setup.ClubSetupError` saying what to do.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from pitchside.app.config_mqtt import DEFAULT_TLS_PORT, ID_RE
from pitchside.club import broker, passwd, region
from pitchside.club.setup import (
    Club, ClubSetupError, _certificates, _give_to_broker, _write, default_hosts, read_settings,
)

SETTINGS = "region.toml"


@dataclass(frozen=True, slots=True)
class Region:
    """A region broker's folder (its ``region.toml``)."""

    folder: Path
    port: int
    hosts: tuple[str, ...]
    workers: int

    @property
    def host(self) -> str:
        return self.hosts[0]

    def file(self, name: str) -> Path:
        return self.folder / name


@dataclass(frozen=True, slots=True)
class VenueAdded:
    """What :func:`add_venue` wrote: the bridge user and its credentials file."""

    user: str
    credentials: Path


def init(folder: Path, *, listen_host: str | None = None, port: int | None = None, hosts: tuple[str, ...] = (),
         workers: int = region.DEFAULT_WORKERS) -> Region:
    """Write a new region broker folder (module docstring) and return it.

    :raises ClubSetupError: a bad port or worker count, a folder that holds a region or
        club already, or ``openssl`` failing.
    """
    port = port if port is not None else DEFAULT_TLS_PORT
    if not 0 < port < 65536:
        raise ClubSetupError(f"the port must be between 1 and 65535, not {port}")
    if not 1 <= workers <= 64:
        raise ClubSetupError(f"--workers must be 1 to 64 worker users, not {workers}")
    folder = folder.absolute()
    if any((folder / name).exists() for name in (SETTINGS, "club.toml", "mosquitto.conf")):
        raise ClubSetupError(f"{folder} holds a broker already: add venues with pitchside region add-venue NAME "
                             f"--dir {folder}, or give another --dir")
    reg = Region(folder, port, hosts or default_hosts(listen_host), workers)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o755)
        (folder / "data").mkdir(mode=0o700, exist_ok=True)
        _write(folder / "acl", region.region_acl(workers), 0o600)
        league_password = secrets.token_urlsafe(24)
        text = ""
        for slot in range(0, workers + 1):  # slot 0: the backstop
            line = passwd.hashed_line(region.worker_user(slot), league_password, secrets.token_bytes(passwd.SALT_BYTES))
            text = passwd.with_user(text, line)
        _write(folder / f"{region.WORKER_USER}.cred", f"{region.WORKER_USER}:{league_password}\n", 0o600)
        dash = secrets.token_urlsafe(24)
        text = passwd.with_user(text, passwd.hashed_line(region.DASHBOARD_USER, dash,
                                                         secrets.token_bytes(passwd.SALT_BYTES)))
        _write(folder / f"{region.DASHBOARD_USER}.cred", f"{region.DASHBOARD_USER}:{dash}\n", 0o600)
        _write(folder / "passwd", text, 0o600)
        _certificates(Club(folder, "region", port, True, reg.hosts))
        plan = region.RegionPlan(str(folder), port, listen_host)
        _write(folder / "mosquitto.conf", region.region_conf(plan), 0o644)
        _write(folder / SETTINGS, _settings(reg), 0o644)
    except OSError as exc:
        raise ClubSetupError(f"cannot write {exc.filename or folder}: {exc.strerror or exc}") from None
    _give_to_broker(_as_club(reg), ["acl", "passwd", "data", "ca.crt", "server.crt", "server.key"])
    return reg


def load(folder: Path) -> Region:
    """The region of ``folder`` (its ``region.toml``).

    :raises ClubSetupError: no region there, or a ``region.toml`` that is not one.
    """
    folder = folder.absolute()
    path, data = read_settings(folder, SETTINGS, "region broker", f"pitchside region init --dir {folder}")
    port, hosts, workers = data.get("port"), data.get("hosts"), data.get("workers")
    if not (isinstance(port, int) and isinstance(workers, int) and isinstance(hosts, list) and hosts
            and all(isinstance(h, str) and h for h in hosts)):
        raise ClubSetupError(f"{path} is not what pitchside region init writes (port, hosts, workers)")
    return Region(folder, port, tuple(hosts), workers)


def add_venue(reg: Region, venue: str) -> VenueAdded:
    """Add ``venue``'s bridge user to the password file and its block to the ACL, and
    write its credentials file ``bridge-<venue>.cred`` (mode 600).

    :raises ClubSetupError: a bad venue id, a venue the region has already, an unwritable file.
    """
    if not ID_RE.match(venue):
        raise ClubSetupError(f"the venue id must be 1-64 of a-z, 0-9, - and _ (one topic level), not {venue!r}")
    user = broker.bridge_user(venue)
    try:
        text = reg.file("passwd").read_text(encoding="utf-8")
        acl = reg.file("acl").read_text(encoding="utf-8")
    except OSError as exc:
        raise ClubSetupError(f"cannot read {exc.filename}: {exc.strerror or exc}") from None
    password = secrets.token_urlsafe(24)
    try:
        text = passwd.with_user(text, passwd.hashed_line(user, password, secrets.token_bytes(passwd.SALT_BYTES)))
    except ValueError:
        raise ClubSetupError(f"the region has a venue {venue!r} already: its credentials are "
                             f"{reg.file(user + '.cred')}") from None
    cred = reg.file(f"{user}.cred")
    try:
        _write(cred, f"{user}:{password}\n", 0o600)
        _write(reg.file("acl"), acl + region.venue_acl(venue), 0o600)
        _write(reg.file("passwd"), text, 0o600)
    except OSError as exc:
        raise ClubSetupError(f"cannot write {exc.filename or reg.folder}: {exc.strerror or exc}") from None
    _give_to_broker(_as_club(reg), ["acl", "passwd"])
    return VenueAdded(user, cred)


def _as_club(reg: Region) -> Club:
    return Club(reg.folder, "region", reg.port, True, reg.hosts)


def _settings(reg: Region) -> str:
    hosts = ", ".join(broker.toml_string(h) for h in reg.hosts)
    return (f"# The region's broker, for pitchside region add-venue (written by pitchside region init).\n"
            f"port = {reg.port}\nhosts = [{hosts}]\nworkers = {reg.workers}\n")
