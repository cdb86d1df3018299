"""``pitchside club``: a venue's broker in two commands (docs/league.md, "The venue's broker").

* ``pitchside club init --venue NAME [--dir DIR] [--listen [HOST:]PORT] [--no-tls]
  [--host NAME ...]``: the broker's config, ACL, password file, persistence folder, the
  league's and dashboard's credentials and (by default) a club CA and TLS certificate.
* ``pitchside club add-table NAME [--dir DIR]``: a table's broker user, its credentials
  file (mode 600) and the ``[mqtt]`` lines to paste into its config.

Exit status: 0 done; 2 bad arguments or a folder that cannot be made or grown.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pitchside.club.setup import Uplink

DEFAULT_DIR = "/etc/pitchside/club"


def _listen(text: str | None) -> tuple[str | None, int | None]:
    """``--listen``: ``PORT`` or ``HOST:PORT`` (``[::1]:PORT`` for IPv6)."""
    if text is None:
        return None, None
    host, sep, port = text.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536 or (sep and not host):
        raise ValueError(f"--listen must be PORT or HOST:PORT such as 127.0.0.1:8883, not {text!r}")
    return (host.strip("[]") or None), int(port)


def _uplink(args: argparse.Namespace) -> "Uplink | None":
    """``--region HOST[:PORT]`` with its CA and credentials, or None without ``--region``."""
    from pitchside.club.setup import Uplink

    given = [n for n in ("region_ca", "region_credentials") if getattr(args, n, None)]
    if args.region is None:
        if given:
            raise ValueError(f"--{given[0].replace('_', '-')} goes with --region HOST[:PORT]")
        return None
    if len(given) < 2:
        raise ValueError("--region needs --region-ca FILE (the region's ca.crt) and --region-credentials FILE "
                         "(from pitchside region add-venue)")
    host, sep, port = args.region.rpartition(":")
    if not sep:
        host, port = args.region, "8883"
    if not host or not port.isdigit():
        raise ValueError(f"--region must be HOST or HOST:PORT, not {args.region!r}")
    return Uplink(host.strip("[]"), int(port), Path(args.region_ca), Path(args.region_credentials))


def _cmd_init(args: argparse.Namespace) -> int:
    from pitchside.club import setup

    try:
        listen_host, port = _listen(args.listen)
        uplink = _uplink(args)
        club = setup.init(Path(args.dir), args.venue, tls=not args.no_tls, listen_host=listen_host, port=port,
                          hosts=tuple(args.host), uplink=uplink)
    except (ValueError, setup.ClubSetupError) as exc:
        print(f"pitchside club init: {exc}", file=sys.stderr)
        return 2
    d = club.folder
    q = shlex.quote
    tls = f" --tls --ca-file {q(str(d / 'ca.crt'))}" if club.tls else ""
    where = f"{listen_host}:{club.port}" if listen_host else f"port {club.port} of every address"
    print(f"club {club.venue}: {d}")
    print(f"  broker config {d / 'mosquitto.conf'}: {'TLS' if club.tls else 'plain MQTT'} on {where}, "
          f"persistence in {d / 'data'}")
    if club.tls:
        print(f"  club CA {d / 'ca.crt'} (its key ca.key stays here); the broker's certificate names "
              f"{', '.join(club.hosts)}")
    print(f"  the league's credentials {d / 'league.cred'}, a read-only dashboard's {d / 'dashboard.cred'}")
    print("start the broker:")
    print(f"  mosquitto -c {q(str(d / 'mosquitto.conf'))}")
    print("start the league:")
    print(f"  pitchside league serve --broker {club.host}:{club.port}{tls} --credentials {q(str(d / 'league.cred'))} "
          f"--venue {club.venue} --db LEAGUE.db")
    if uplink is not None:
        print(f"  bridged to the region's broker {uplink.host}:{uplink.port} (TLS): this venue's results, status, "
              f"state and events up, its fixtures down; pitchside/{club.venue}/uplink says whether the link is up")
    print("add each table:")
    print(f"  pitchside club add-table table-1 --dir {q(str(d))}")
    far = setup.unreachable_by_broker(d)
    if far is not None:
        print(f"warning: Mosquitto, run as root, reads these files as user mosquitto, which cannot enter {far}: "
              f"choose a --dir it can reach (such as {DEFAULT_DIR})", file=sys.stderr)
    return 0


def _cmd_add_table(args: argparse.Namespace) -> int:
    from pitchside.club import setup

    try:
        club = setup.load(Path(args.dir))
        added = setup.add_table(club, args.name)
    except setup.ClubSetupError as exc:
        print(f"pitchside club add-table: {exc}", file=sys.stderr)
        return 2
    print(f"table {args.name} of {club.venue}: broker user {added.user}, credentials {added.credentials}")
    ca = f", and {club.file('ca.crt')} as /etc/pitchside/club-ca.crt" if club.tls else ""
    print(f"Copy the credentials to the table as /etc/pitchside/mqtt.cred (chown pitchside, chmod 600){ca}; "
          "then add to its config (pitchside check-config checks it):")
    print()
    print(added.mqtt_lines, end="")
    print()
    print("A running broker reads its password file again on SIGHUP: sudo systemctl reload mosquitto, "
          "or kill -HUP with its PID.")
    return 0
