"""``pitchside region``: the region's broker and its league workers (docs/league.md, "Region").

* ``pitchside region init [--dir DIR] [--listen [HOST:]PORT] [--host NAME ...] [--workers N]``:
  the region broker's config, ACL, users (workers ``league-1`` ... ``league-N``,
  ``dashboard``), persistence folder and TLS (a region CA and the broker's certificate).
* ``pitchside region add-venue VENUE [--dir DIR]``: a venue's bridge user, confined to
  ``pitchside/VENUE/...``, its credentials file, and the ``club init`` command for the venue.
* ``pitchside region workers --count N --broker HOST:PORT --credentials FILE --db DB``:
  N league workers on one shared subscription, each started again when it dies.
* ``pitchside region worker --slot K ...``: one of them, in this process.

Exit status: 0 done; 2 bad arguments or a folder that cannot be made or grown.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from typing import TYPE_CHECKING

from pitchside.cli.club import _listen

if TYPE_CHECKING:
    from pitchside.league.workers import Uplink

DEFAULT_DIR = "/etc/pitchside/region"


def _cmd_init(args: argparse.Namespace) -> int:
    from pitchside.club import regionsetup, setup

    try:
        listen_host, port = _listen(args.listen)
        reg = regionsetup.init(Path(args.dir), listen_host=listen_host, port=port, hosts=tuple(args.host),
                               workers=args.workers)
    except (ValueError, setup.ClubSetupError) as exc:
        print(f"pitchside region init: {exc}", file=sys.stderr)
        return 2
    d, q = reg.folder, shlex.quote
    print(f"region broker: {d}")
    print(f"  config {d / 'mosquitto.conf'}: TLS on port {reg.port}, persistence in {d / 'data'}; "
          f"the certificate names {', '.join(reg.hosts)}")
    print(f"  region CA {d / 'ca.crt'} (give it to each venue; its key ca.key stays here)")
    print(f"  the workers' credentials {d / 'league.cred'} (users league-1 ... league-{reg.workers} and the "
          f"backstop's league-0), a read-only dashboard's {d / 'dashboard.cred'}")
    print("start the broker:")
    print(f"  mosquitto -c {q(str(d / 'mosquitto.conf'))}")
    print("start the league's workers:")
    print(f"  pitchside region workers --count 2 --broker {reg.host}:{reg.port} --ca-file {q(str(d / 'ca.crt'))} "
          f"--credentials {q(str(d / 'league.cred'))} --db LEAGUE.db")
    print("add each venue:")
    print(f"  pitchside region add-venue VENUE --dir {q(str(d))}")
    return 0


def _cmd_add_venue(args: argparse.Namespace) -> int:
    from pitchside.club import regionsetup, setup

    try:
        reg = regionsetup.load(Path(args.dir))
        added = regionsetup.add_venue(reg, args.venue)
    except setup.ClubSetupError as exc:
        print(f"pitchside region add-venue: {exc}", file=sys.stderr)
        return 2
    q = shlex.quote
    print(f"venue {args.venue}: bridge user {added.user} (pitchside/{args.venue}/... only), credentials "
          f"{added.credentials}")
    print("Copy it and the region's CA to the venue's box, then make the venue's broker there with:")
    print(f"  pitchside club init --venue {args.venue} --region {reg.host}:{reg.port} "
          f"--region-ca {q(str(reg.file('ca.crt')))} --region-credentials {q(str(added.credentials))}")
    print("A running region broker reads its password file and ACL again on SIGHUP.")
    return 0


def _broker(args: argparse.Namespace) -> "Uplink | str":
    """The :class:`pitchside.league.workers.Uplink` of the arguments, or why not."""
    from pitchside.app.config_web import parse_listen
    from pitchside.league.workers import Uplink
    from pitchside.wire.credentials import CredentialsError, read_credentials

    try:
        host, port = parse_listen(args.broker)
    except ValueError as exc:
        return f"--broker: {exc}"
    try:
        read_credentials(args.credentials)
    except CredentialsError as exc:
        return f"--credentials: {exc}"
    return Uplink(host, port, args.credentials, tls=not args.no_tls, ca_file=args.ca_file)


def _worker_args(args: argparse.Namespace) -> list[str]:
    out = ["--broker", args.broker, "--credentials", args.credentials, "--db", args.db, "--group", args.group,
           "--backstop-hold", str(args.backstop_hold)]
    if args.no_tls:
        out.append("--no-tls")
    if args.ca_file:
        out += ["--ca-file", args.ca_file]
    return out


def _cmd_worker(args: argparse.Namespace) -> int:
    from pitchside.league.workers import run_worker

    broker = _broker(args)
    if isinstance(broker, str):
        print(f"pitchside region worker: {broker}", file=sys.stderr)
        return 2
    return 0 if run_worker(args.db, broker, args.slot, args.group, leave=args.leave, hold_s=args.backstop_hold) else 1


def _cmd_workers(args: argparse.Namespace) -> int:
    from pitchside.league.workers import Supervisor

    broker = _broker(args)
    if isinstance(broker, str):
        print(f"pitchside region workers: {broker}", file=sys.stderr)
        return 2
    if not 1 <= args.count <= 64:
        print(f"pitchside region workers: --count must be 1 to 64, not {args.count}", file=sys.stderr)
        return 2
    common = _worker_args(args)
    print(f"league workers: {args.count} on {args.broker}, store {args.db}", file=sys.stderr, flush=True)
    Supervisor(lambda slot: [sys.executable, "-m", "pitchside.cli.main", "region", "worker", "--slot", str(slot),
                             *common], args.count).run()
    return 0
