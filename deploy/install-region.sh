#!/usr/bin/env bash
# Install (or update) a region's host on Debian 12 or later (docs/league.md, "Region"):
# Pitchside's release, the region's broker as Debian's mosquitto.service on the region's
# config (a drop-in) and the league workers as pitchside-region-worker@SLOT.service, slot 0
# (the backstop) and slots 1 to --workers; with --web, the region's pages as
# pitchside-region-web.service (a PostgreSQL store). Safe to run again: every step first looks at
# what is already there. See deploy/README.md, "A region's host".
#
#   sudo deploy/install-region.sh --host region.example.org   a new region (region init)
#   sudo deploy/install-region.sh --workers 4                 update; four workers
#   deploy/install-region.sh --dry-run --host region.example.org   print every action
#
# The release is built as deploy/install.sh builds a table's (its functions, sourced), in
# the same <prefix>/releases, with the `league` extra (psycopg, for a PostgreSQL store).
# The source can be sourced (`. deploy/install-region.sh`) to call its functions in tests.
set -euo pipefail

# shellcheck source=deploy/install.sh
. "$(dirname "${BASH_SOURCE[0]}")/install.sh"

EXTRAS=league
REGION_DIR=/etc/pitchside/region
REGION_USER=pitchside-region
REGION_STATE=/var/lib/pitchside-region
REGION_HOSTS=()
WORKERS=2
BROKER=
DB=$REGION_STATE/region.db
UNIT_DIR=/etc/systemd/system
DROPIN_DIR=$UNIT_DIR/mosquitto.service.d
DROPIN=$DROPIN_DIR/pitchside-region.conf
WORKER_UNIT=pitchside-region-worker@.service
WEB_UNIT=pitchside-region-web.service
WEB=
ALLOWED_HOSTS=()
# Where `systemctl enable` puts each slot's link: the slots enabled now.
WANTS_DIR=$UNIT_DIR/multi-user.target.wants
PITCHSIDE=
REGION_WORKER_USERS=
BROKER_CHANGED=0
PGPASS_PROPERTIES=()

usage() {
    cat <<EOF
Usage: deploy/install-region.sh [options]

  --dry-run          print every action instead of doing it (no root needed)
  --prefix DIR       install root (default $PREFIX)
  --dir DIR          the region's folder (default $REGION_DIR); made by
                     pitchside region init when it holds no region yet (needs --host)
  --host NAME        a name venues reach the region's broker by, for region init (repeat;
                     the first is the workers' --broker)
  --workers N        worker slots 1 to N besides the backstop, slot 0 (default $WORKERS);
                     slots above N that run are stopped and leave the group
  --broker HOST:PORT the region's broker as the workers reach it (default: the region's
                     first host and its port, from DIR/region.toml)
  --db DB            the store: a SQLite file under $REGION_STATE/ (default $DB)
                     or postgresql://USER@HOST/DB (its password in DIR/pgpass)
  --web HOST:PORT    serve the region's pages there (league web; a PostgreSQL --db):
                     pitchside-region-web.service, enabled
  --allowed-host NAME  a Host name the pages answer to besides --web's (repeat)
  --version NAME     release name (default: <package version>-<git sha>)
  --reinstall        rebuild the release even if it is already installed
  --keep N           releases kept besides current and previous (default $KEEP)
  --no-restart       do not restart the broker or the workers at the end
  --print-broker-unit  print the broker's drop-in for mosquitto.service, and exit
  --print-worker-unit  print pitchside-region-worker@.service, and exit
  --print-web-unit   print pitchside-region-web.service, and exit
  --force            install on an OS this script does not recognise
  -h, --help         this help
EOF
}

is_postgres() { [[ $DB == postgresql://* || $DB == postgres://* ]]; }

parse_region_args() {
    while (($#)); do
        case $1 in
            --dry-run) DRY_RUN=1 ;;
            --prefix | --dir | --host | --workers | --broker | --db | --web | --allowed-host | --version | --keep)
                (($# >= 2)) || die "$1 needs a value"
                case $1 in
                    --prefix) PREFIX=${2%/} ;;
                    --dir) REGION_DIR=${2%/} ;;
                    --host)
                        [[ $2 =~ ^[A-Za-z0-9][A-Za-z0-9.:-]*$ ]] || die "--host: a host name or address, not '$2'"
                        REGION_HOSTS+=("$2")
                        ;;
                    --workers)
                        if [[ ! $2 =~ ^[1-9][0-9]?$ ]] || (($2 > 64)); then
                            die "--workers must be 1 to 64, not '$2'"
                        fi
                        WORKERS=$2
                        ;;
                    --broker)
                        [[ $2 =~ ^[A-Za-z0-9][A-Za-z0-9.-]*:[0-9]{1,5}$ ]] || die "--broker must be HOST:PORT, not '$2'"
                        BROKER=$2
                        ;;
                    --db) DB=$2 ;;
                    --web)
                        [[ $2 =~ ^[A-Za-z0-9.]+:[0-9]{1,5}$ ]] || die "--web must be HOST:PORT, not '$2'"
                        WEB=$2
                        ;;
                    --allowed-host)
                        [[ $2 =~ ^[A-Za-z0-9][A-Za-z0-9.:-]*$ ]] || die "--allowed-host: a host name, not '$2'"
                        ALLOWED_HOSTS+=("$2")
                        ;;
                    --version) RELEASE=$2 ;;
                    --keep) KEEP=$2 ;;
                esac
                shift
                ;;
            --reinstall) REINSTALL=1 ;;
            --no-restart) RESTART=0 ;;
            --print-broker-unit) MODE=print-broker-unit ;;
            --print-worker-unit) MODE=print-worker-unit ;;
            --print-web-unit) MODE=print-web-unit ;;
            --force) FORCE=1 ;;
            -h | --help)
                usage
                exit 0
                ;;
            *)
                usage >&2
                die "unknown option: $1"
                ;;
        esac
        shift
    done
    check_path --prefix "$PREFIX"
    check_path --dir "$REGION_DIR"
    [[ $KEEP =~ ^[0-9]+$ ]] || die "--keep must be a number (got '$KEEP')"
    [[ -z $RELEASE || $RELEASE =~ ^[A-Za-z0-9][A-Za-z0-9._+-]*$ ]] || die "--version: letters, digits and ._+- only"
    if is_postgres; then
        [[ $DB =~ ^postgres(ql)?://[A-Za-z0-9._~@:/?=\&-]+$ ]] ||
            die "--db: a postgresql://USER@HOST/DB URL of letters, digits and ._~@:/?=&- (got '$DB')"
        [[ ! $DB =~ ^[a-z]+://[^/@]*:[^/@]*@ ]] ||
            die "--db: no password in the URL (systemd and ps would show it): put it in $REGION_DIR/pgpass"
    else
        check_path --db "$DB"
        [[ $DB == "$REGION_STATE"/* ]] ||
            die "--db: the workers may write only under $REGION_STATE/ (a SQLite file there, or postgresql://...), not $DB"
        [[ -z $WEB && $MODE != print-web-unit ]] ||
            die "--web: the region's pages follow a PostgreSQL store (--db postgresql://...); on SQLite, league serve --region serves them"
    fi
    ((${#ALLOWED_HOSTS[@]} == 0)) || [[ -n $WEB || $MODE == print-web-unit ]] || die "--allowed-host goes with --web HOST:PORT"
}

preflight_region() {
    step "check the system"
    local id="" like="" version_id="" problem=""
    if [[ -r /etc/os-release ]]; then
        id=$(os_release ID)
        like=$(os_release ID_LIKE)
        version_id=$(os_release VERSION_ID)
    fi
    note "system: ${id:-unknown} ${version_id:-?}"
    if [[ " $id $like " != *" debian "* && $id != raspbian ]]; then
        problem="not Debian or Raspberry Pi OS"
    elif [[ ! $version_id =~ ^[0-9]+$ ]] || ((version_id < 12)); then
        problem="Debian 12 (Bookworm) or later is needed"
    fi
    if [[ -n $problem ]]; then
        if ((DRY_RUN || FORCE)); then
            warn "$problem (going on because of --dry-run or --force)"
        else
            die "$problem (use --dry-run to see the actions, or --force)"
        fi
    fi
    need_root
    if ((DRY_RUN == 0)); then
        python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
            die "python3 3.11 or newer is needed"
    fi
}

region_packages() {
    step "apt packages"
    local pkgs=(python3-venv python3-pip mosquitto openssl) missing=() p
    for p in "${pkgs[@]}"; do
        if [[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true) != "install ok installed" ]]; then
            missing+=("$p")
        fi
    done
    if ((${#missing[@]})); then
        run apt-get update
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    else
        note "installed: ${pkgs[*]}"
    fi
}

region_user() {
    step "user $REGION_USER (the workers)"
    if id -u "$REGION_USER" >/dev/null 2>&1; then
        note "user $REGION_USER exists"
    else
        run useradd --system --user-group --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin --comment "Pitchside region workers" "$REGION_USER"
    fi
}

# toml_value KEY: a line `KEY = VALUE` of the region's region.toml, as region init writes it.
toml_value() {
    sed -n "s/^$1 = //p" "$REGION_DIR/region.toml" 2>/dev/null | head -n 1
}

# region_folder: the region's folder, made by `pitchside region init` when it holds no
# region; sets BROKER (unless given) and REGION_WORKER_USERS from it.
region_folder() {
    step "the region's folder $REGION_DIR"
    local port first users
    if [[ -f $REGION_DIR/region.toml ]]; then
        note "kept (pitchside region add-venue adds venues to it)"
        port=$(toml_value port)
        first=$(toml_value hosts | sed -n 's/^\["\([^"]*\)".*/\1/p')
        users=$(toml_value workers)
        [[ $port =~ ^[0-9]+$ && -n $first && $users =~ ^[0-9]+$ ]] ||
            die "$REGION_DIR/region.toml is not what pitchside region init writes (port, hosts, workers)"
        ((${#REGION_HOSTS[@]} == 0)) || note "--host is for a new region: the certificate names what region init was given"
    else
        ((${#REGION_HOSTS[@]})) ||
            die "no region in $REGION_DIR: give --host NAME (the name the venues reach its broker by) to make one"
        users=$((WORKERS > 8 ? WORKERS : 8))
        local args=(region init --dir "$REGION_DIR" --workers "$users") h
        for h in "${REGION_HOSTS[@]}"; do
            args+=(--host "$h")
        done
        run "$PITCHSIDE" "${args[@]}"
        port=8883
        first=${REGION_HOSTS[0]}
    fi
    REGION_WORKER_USERS=$users
    BROKER=${BROKER:-$first:$port}
    ((WORKERS <= REGION_WORKER_USERS)) ||
        die "--workers $WORKERS: the region's broker has users for slots 1 to $REGION_WORKER_USERS only (region init --workers)"
    note "the workers reach the broker at $BROKER (the name must be one its certificate gives: region init --host)"
    if is_postgres && [[ ! -f $REGION_DIR/pgpass ]]; then
        if ((DRY_RUN)); then
            note "the workers need $REGION_DIR/pgpass (a .pgpass line with the database's password, mode 0600)"
        else
            die "no $REGION_DIR/pgpass: write the database's password there first (docs/league.md, \"Region\"), mode 0600"
        fi
    fi
}

render_broker_unit() {
    sed -e "s|@REGION_DIR@|$REGION_DIR|g" "$SRC/deploy/mosquitto-region.conf.in"
}

render_worker_unit() {
    local store=(-e '/^#@PG@/d')
    if is_postgres; then
        store=(-e 's|^#@PG@||')
    fi
    sed "${store[@]}" -e "s|@PREFIX@|$PREFIX|g" -e "s|@REGION_DIR@|$REGION_DIR|g" \
        -e "s|@REGION_USER@|$REGION_USER|g" -e "s|@BROKER@|${BROKER:-@BROKER@}|g" -e "s|@DB@|$DB|g" \
        "$SRC/deploy/pitchside-region-worker@.service.in"
}

render_web_unit() {
    local hosts="" h
    for h in "${ALLOWED_HOSTS[@]}"; do
        hosts+=" --allowed-host $h"
    done
    sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@REGION_DIR@|$REGION_DIR|g" -e "s|@DB@|$DB|g" \
        -e "s|@WEB@|${WEB:-127.0.0.1:8091}|g" -e "s|@ALLOWED_HOSTS@|$hosts|g" "$SRC/deploy/pitchside-region-web.service.in"
}

region_units() {
    step "systemd drop-in $DROPIN (mosquitto.service on the region's config)"
    if [[ ! -d $DROPIN_DIR ]]; then
        run install -d -m 0755 "$DROPIN_DIR"
    fi
    if [[ -f $DROPIN ]] && cmp -s "$DROPIN" <(render_broker_unit); then
        note "unchanged"
    else
        render_broker_unit | write_file "$DROPIN" 0644
        BROKER_CHANGED=1
    fi
    install_unit "$UNIT_DIR/$WORKER_UNIT" render_worker_unit
    if [[ -n $WEB ]]; then
        install_unit "$UNIT_DIR/$WEB_UNIT" render_web_unit
    fi
    run systemctl daemon-reload
}

# enabled_slots: the slots whose worker is enabled now, one a line.
enabled_slots() {
    local f
    for f in "$WANTS_DIR"/pitchside-region-worker@*.service; do
        [[ -e $f || -L $f ]] || continue
        f=${f##*@}
        printf '%s\n' "${f%.service}"
    done
}

# leave_slot K: stop slot K, then, as its unit would run it, store what its session holds
# and end the session (`region worker --leave`), so it takes no more share of the results.
leave_slot() {
    local k=$1 unit="pitchside-region-worker@$1.service"
    step "slot $k leaves the group (above --workers $WORKERS)"
    run systemctl disable --now "$unit"
    # shellcheck disable=SC2016 # $CREDENTIALS_DIRECTORY is the transient unit's
    run systemd-run --wait --collect --quiet --unit "pitchside-region-leave-$k" \
        --property "User=$REGION_USER" --property "Group=$REGION_USER" \
        --property "StateDirectory=pitchside-region" --property "WorkingDirectory=$REGION_STATE" \
        --property "LoadCredential=broker:$REGION_DIR/league.cred" \
        "${PGPASS_PROPERTIES[@]}" \
        /bin/sh -c 'if [ -f "$CREDENTIALS_DIRECTORY/pgpass" ]; then export PGPASSFILE="$CREDENTIALS_DIRECTORY/pgpass"; fi
exec "$0" region worker --slot "$1" --leave --broker "$2" --ca-file "$3" --db "$4" --credentials "$CREDENTIALS_DIRECTORY/broker"' \
        "$PREFIX/current/venv/bin/pitchside" "$k" "$BROKER" "$REGION_DIR/ca.crt" "$DB"
}

start_region() {
    local slots=() k
    for ((k = 0; k <= WORKERS; k++)); do
        slots+=("pitchside-region-worker@$k.service")
    done
    step "start the region's broker and its workers: slot 0 (the backstop) and 1-$WORKERS"
    run systemctl enable mosquitto.service
    if ((BROKER_CHANGED && RESTART)); then
        run systemctl restart mosquitto.service
    else
        run systemctl start mosquitto.service
    fi
    run systemctl enable "${slots[@]}"
    if ((RESTART)); then
        run systemctl restart "${slots[@]}"
    else
        run systemctl start "${slots[@]}"
        note "running workers not restarted (--no-restart)"
    fi
    if [[ -n $WEB ]]; then
        step "the region's pages on $WEB ($WEB_UNIT)"
        run systemctl enable "$WEB_UNIT"
        if ((RESTART)); then
            run systemctl restart "$WEB_UNIT"
        else
            run systemctl start "$WEB_UNIT"
        fi
    fi
    PGPASS_PROPERTIES=()
    if is_postgres; then
        PGPASS_PROPERTIES=(--property "LoadCredential=pgpass:$REGION_DIR/pgpass")
    fi
    while IFS= read -r k; do
        if [[ $k =~ ^[0-9]+$ ]] && ((k > WORKERS)); then
            leave_slot "$k"
        fi
    done < <(enabled_slots | sort -n)
}

region_summary() {
    step "done"
    note "release: $1 in $PREFIX/current; the region's folder: $REGION_DIR; store: $DB"
    note "status: systemctl status mosquitto 'pitchside-region-worker@*'"
    note "logs: journalctl -u mosquitto -u 'pitchside-region-worker@*' -f"
    if [[ -n $WEB ]]; then
        note "the region's pages: http://$WEB/ (systemctl status $WEB_UNIT)"
    fi
    note "add a venue: sudo $PREFIX/current/venv/bin/pitchside region add-venue VENUE --dir $REGION_DIR && sudo systemctl reload mosquitto"
}

region_main() {
    umask 022
    parse_region_args "$@"
    PITCHSIDE=$PREFIX/current/venv/bin/pitchside
    case $MODE in
        print-broker-unit)
            render_broker_unit
            return 0
            ;;
        print-web-unit)
            render_web_unit
            return 0
            ;;
        print-worker-unit)
            if [[ -z $BROKER && -f $REGION_DIR/region.toml ]]; then
                BROKER=$(toml_value hosts | sed -n 's/^\["\([^"]*\)".*/\1/p'):$(toml_value port)
            fi
            render_worker_unit
            return 0
            ;;
    esac
    ((DRY_RUN)) && say "dry run: nothing is changed"
    local name=${RELEASE:-$(release_name)}
    preflight_region
    region_packages
    region_user
    step "directories"
    ensure_dir "$PREFIX" 0755 root
    ensure_dir "$PREFIX/releases" 0755 root
    build_release "$name"
    switch_release "$name"
    region_folder
    region_units
    start_region
    region_summary "$name"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    region_main "$@"
fi
