#!/usr/bin/env bash
# Install (or update) Pitchside on a Raspberry Pi running Raspberry Pi OS Bookworm or
# later, as the systemd service `pitchside`. Safe to run again: every step first looks
# at what is already there. See deploy/README.md.
#
#   sudo deploy/install.sh                  install or update from this checkout
#   sudo deploy/install.sh --game pitchnut  a new table: its config from that example
#   deploy/install.sh --dry-run             print every action instead of doing it
#   sudo deploy/install.sh --rollback       back to the previous release (= deploy/rollback.sh)
#
# Layout: <prefix>/releases/<version>-<git sha>/{src,venv}, <prefix>/current and
# <prefix>/previous are symlinks into releases/ (switched atomically with rename(2)).
# A new table's config is copied from the example of its game (--game, or asked); the
# service is enabled and started only on a config that `pitchside check-config` passes.
# The source can be sourced (`. deploy/install.sh`) to call its functions in tests.
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=/opt/pitchside
CONFIG=/etc/pitchside/table.toml
EXAMPLES=$SRC/hardware/pitchside_hw/configs
GAME=
EXAMPLE=
DATA_DIR=/var/lib/pitchside
# The package's extras in the release's venv: the table's pins and panels; a region's host
# (deploy/install-region.sh) takes `league` (PostgreSQL) instead.
EXTRAS=pi
BOOT_CONFIG=/boot/firmware/config.txt
SVC_USER=pitchside
WEB_USER=pitchside-web
LEAGUE_USER=pitchside-league
SERVICE=pitchside.service
UNIT_PATH=/etc/systemd/system/$SERVICE
WEB_SERVICE=pitchside-web.service
WEB_UNIT_PATH=/etc/systemd/system/$WEB_SERVICE
LEAGUE_SERVICE=pitchside-league.service
LEAGUE_UNIT_PATH=/etc/systemd/system/$LEAGUE_SERVICE
LEAGUE_ENV=/etc/pitchside/league.env
LEAGUE_CREDENTIALS=/etc/pitchside/league.credentials
UDEV_RULE=/etc/udev/rules.d/99-pitchside-serial.rules
GPIO_RULE=/etc/udev/rules.d/60-pitchside-gpio.rules
HW_GROUPS=(gpio i2c spi dialout)
DRY_RUN=0
MODE=install
RELEASE=
REINSTALL=0
KEEP=3
RESTART=1
FORCE=0
REBOOT_NEEDED=0
CONFIG_OK=
IS_PI=0
# The referee's own core: the last CPU (3 on every 4-core Pi); pitchside-web.service keeps
# the web side on all the others (web_cpus). bench/README.md, "Web view".
CPUS=$(nproc --all 2>/dev/null || echo 1)
TABLE_CPU=

usage() {
    cat <<EOF
Usage: deploy/install.sh [options]

  --dry-run          print every action instead of doing it (no root needed)
  --prefix DIR       install root (default $PREFIX)
  --config FILE      the table config the service runs (default $CONFIG);
                     made from an example only if it does not exist
  --game GAME        which table this is, for a new config (asked when not given):
                     $(examples | paste -sd ' ')
                     (the example hardware/pitchside_hw/configs/GAME.toml)
  --example FILE     a new config from this file instead of --game
  --data-dir DIR     the writable directory of the journal (default $DATA_DIR)
  --boot-config FILE config.txt to edit (default $BOOT_CONFIG)
  --version NAME     release name (default: <package version>-<git sha>)
  --reinstall        rebuild the release even if it is already installed
  --keep N           releases kept besides current and previous (default $KEEP)
  --table-cpu N      the CPU the table's service is pinned to (default the last,
                     $((CPUS - 1)); pitchside-web.service runs on every other CPU)
  --cpus N           the board's number of CPUs (default $CPUS, this machine's)
  --no-restart       do not restart the service at the end
                     (it is started only on a config check-config passes)
  --rollback         switch current back to the previous release and restart
  --print-unit       print the systemd unit as it would be installed, and exit
  --print-web-unit   the same for pitchside-web.service (installed, not enabled)
  --print-league-unit  the same for pitchside-league.service (installed, not enabled)
  --force            install on a board or OS this script does not recognise
  -h, --help         this help
EOF
}

say() { printf '%s\n' "$*"; }
step() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

# examples: the games of the example configs, one a line (boulomania, combo, ...).
examples() {
    local f
    for f in "$EXAMPLES"/*.toml; do
        if [[ -f $f ]]; then
            basename "$f" .toml
        fi
    done
}

# show_cmd CMD ARGS...: print the command as a shell would read it, after a "+".
show_cmd() {
    local arg line=+
    for arg in "$@"; do
        if [[ $arg =~ ^[A-Za-z0-9_./=:,@+%-]+$ ]]; then
            line+=" $arg"
        else
            line+=" '${arg//\'/\'\\\'\'}'"
        fi
    done
    printf '%s\n' "$line"
}

# run CMD ARGS...: print the command, and run it unless --dry-run.
run() {
    show_cmd "$@"
    if ((DRY_RUN == 0)); then
        "$@"
    fi
}

# write_file DEST MODE < CONTENT: replace DEST atomically (a rename in its directory).
write_file() {
    local dest=$1 mode=$2 tmp
    printf '+ write %q (mode %s)\n' "$dest" "$mode"
    if ((DRY_RUN)); then
        sed 's/^/    | /'
        return 0
    fi
    tmp=$(mktemp "$dest.XXXXXX")
    cat >"$tmp"
    chmod "$mode" "$tmp"
    mv -f "$tmp" "$dest"
}

# append_file DEST < CONTENT
append_file() {
    local dest=$1
    printf '+ append to %q\n' "$dest"
    if ((DRY_RUN)); then
        sed 's/^/    | /'
        return 0
    fi
    # A file without a final newline would glue our first line to its last one.
    if [[ -s $dest && $(tail -c 1 "$dest" | od -An -c | tr -d ' ') != '\n' ]]; then
        printf '\n' >>"$dest"
    fi
    cat >>"$dest"
}

check_path() { # check_path OPTION VALUE: an absolute path that systemd and sed take as is
    [[ $2 =~ ^/[A-Za-z0-9._/+-]*$ ]] || die "$1 must be an absolute path of letters, digits and ._/+- (got '$2')"
}

parse_args() {
    while (($#)); do
        case $1 in
            --dry-run) DRY_RUN=1 ;;
            --prefix | --config | --game | --example | --data-dir | --boot-config | --version | --keep | --table-cpu | --cpus)
                (($# >= 2)) || die "$1 needs a value"
                case $1 in
                    --prefix) PREFIX=${2%/} ;;
                    --config) CONFIG=$2 ;;
                    --game) GAME=$2 ;;
                    --example) EXAMPLE=$2 ;;
                    --data-dir) DATA_DIR=${2%/} ;;
                    --boot-config) BOOT_CONFIG=$2 ;;
                    --version) RELEASE=$2 ;;
                    --keep) KEEP=$2 ;;
                    --table-cpu)
                        [[ $2 =~ ^[0-9]{1,3}$ ]] || die "--table-cpu needs a CPU number, not $2"
                        TABLE_CPU=$2
                        ;;
                    --cpus)
                        [[ $2 =~ ^[1-9][0-9]{0,2}$ ]] || die "--cpus needs a number of CPUs, not $2"
                        CPUS=$2
                        ;;
                esac
                shift
                ;;
            --reinstall) REINSTALL=1 ;;
            --no-restart) RESTART=0 ;;
            --rollback) MODE=rollback ;;
            --print-unit) MODE=print-unit ;;
            --print-web-unit) MODE=print-web-unit ;;
            --print-league-unit) MODE=print-league-unit ;;
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
    TABLE_CPU=${TABLE_CPU:-$((CPUS - 1))}
    ((TABLE_CPU < CPUS)) || die "--table-cpu $TABLE_CPU: the board has $CPUS CPUs, 0-$((CPUS - 1)) (--cpus)"
    check_path --prefix "$PREFIX"
    check_path --config "$CONFIG"
    check_path --data-dir "$DATA_DIR"
    [[ $KEEP =~ ^[0-9]+$ ]] || die "--keep must be a number (got '$KEEP')"
    [[ -z $RELEASE || $RELEASE =~ ^[A-Za-z0-9][A-Za-z0-9._+-]*$ ]] || die "--version: letters, digits and ._+- only"
    if [[ -n $GAME ]]; then
        [[ -z $EXAMPLE ]] || die "give --game or --example, not both"
        [[ $GAME =~ ^[a-z0-9_-]+$ && -f $EXAMPLES/$GAME.toml ]] ||
            die "--game: no example config for '$GAME'; one of: $(examples | paste -sd ' ')"
    fi
    if [[ -n $EXAMPLE && ! -f $EXAMPLE ]]; then
        die "--example: no such file: $EXAMPLE"
    fi
}

need_root() {
    ((DRY_RUN)) && return 0
    [[ $(id -u) == 0 ]] || die "run as root (sudo $0 ...), or try --dry-run"
}

# The package version from pyproject.toml, plus the git commit when this is a checkout.
release_name() {
    local version sha
    version=$(sed -n 's/^version = "\([^"]*\)".*/\1/p' "$SRC/pyproject.toml" | head -n 1)
    [[ -n $version ]] || die "no version in $SRC/pyproject.toml"
    if sha=$(git -c safe.directory="$SRC" -C "$SRC" rev-parse --short=12 HEAD 2>/dev/null); then
        printf '%s-%s\n' "$version" "$sha"
    else
        printf '%s\n' "$version"
    fi
}

is_git_checkout() {
    git -c safe.directory="$SRC" -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1
}

os_release() { # os_release KEY: a value of /etc/os-release, without quotes
    sed -n "s/^$1=//p" /etc/os-release | head -n 1 | tr -d "\"'"
}

preflight() {
    step "check the system"
    local id="" like="" version_id="" codename="" model=""
    if [[ -r /etc/os-release ]]; then
        id=$(os_release ID)
        like=$(os_release ID_LIKE)
        version_id=$(os_release VERSION_ID)
        codename=$(os_release VERSION_CODENAME)
    fi
    if [[ -r /proc/device-tree/model ]]; then
        model=$(tr -d '\0' </proc/device-tree/model)
    fi
    [[ $model == Raspberry\ Pi* ]] && IS_PI=1
    note "system: ${id:-unknown} ${version_id:-?} (${codename:-?}); board: ${model:-not a Raspberry Pi}"
    local problem=""
    if [[ " $id $like " != *" debian "* && $id != raspbian ]]; then
        problem="not Debian or Raspberry Pi OS"
    elif [[ ! $version_id =~ ^[0-9]+$ ]] || ((version_id < 12)); then
        problem="Raspberry Pi OS Bookworm (Debian 12) or later is needed"
    elif ((IS_PI == 0)); then
        problem="not a Raspberry Pi"
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

packages() {
    step "apt packages"
    # lgpio is gpiozero's pin factory on every Pi under Bookworm (the only one on a Pi 5;
    # RPi.GPIO's edge detection broke with kernel 6.6). The venv gets lgpio from PyPI
    # (the `pi` extra, a self-contained wheel); python3-lgpio is for the system python.
    # spidev (the `pi` extra, for SPI panels) has no 64-bit wheel: pip builds it, with
    # gcc and the Python headers.
    local pkgs=(python3-venv python3-pip i2c-tools python3-lgpio gcc libc6-dev python3-dev) missing=() p
    if [[ $(dpkg --print-architecture 2>/dev/null || true) == armhf ]]; then
        pkgs+=(libopenjp2-7 libtiff6) # Pillow's wheels for 32-bit Pi OS link to these
    fi
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
    if dpkg-query -W -f='${Status}' python3-rpi.gpio 2>/dev/null | grep -q 'ok installed' &&
        dpkg-query -W -f='${Status}' python3-rpi-lgpio 2>/dev/null | grep -q 'ok installed'; then
        warn "python3-rpi.gpio and python3-rpi-lgpio are both installed and overwrite each other's RPi/GPIO (the service's venv uses neither)"
    fi
}

service_user() {
    step "user $SVC_USER in groups ${HW_GROUPS[*]}"
    local g missing=()
    for g in "${HW_GROUPS[@]}"; do
        getent group "$g" >/dev/null || run groupadd --system "$g"
    done
    if id -u "$SVC_USER" >/dev/null 2>&1; then
        note "user $SVC_USER exists"
        for g in "${HW_GROUPS[@]}"; do
            id -nG "$SVC_USER" | tr ' ' '\n' | grep -qx "$g" || missing+=("$g")
        done
    else
        run useradd --system --user-group --home-dir "$DATA_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Pitchside table" "$SVC_USER"
        missing=("${HW_GROUPS[@]}")
    fi
    if ((${#missing[@]})); then
        run usermod --append --groups "$(
            IFS=,
            printf '%s' "${missing[*]}"
        )" "$SVC_USER"
    fi
}

# The web side and the league server run as users of their own, in no device group:
# the web side reads the journal through the table's group (its unit's Group=).
service_users() {
    step "users $WEB_USER and $LEAGUE_USER (no device groups)"
    local u comment
    for u in "$WEB_USER" "$LEAGUE_USER"; do
        if id -u "$u" >/dev/null 2>&1; then
            note "user $u exists"
            continue
        fi
        comment="Pitchside web view"
        [[ $u == "$LEAGUE_USER" ]] && comment="Pitchside league server"
        run useradd --system --user-group --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin --comment "$comment" "$u"
    done
}

# ensure_dir DIR MODE OWNER
ensure_dir() {
    local dir=$1 mode=$2 owner=$3
    if [[ ! -d $dir ]]; then
        run install -d -m "$mode" -o "$owner" -g "$owner" "$dir"
    elif [[ $(stat -c '%a %U' "$dir") != "${mode#0} $owner" ]]; then
        run chown "$owner:$owner" "$dir"
        run chmod "$mode" "$dir"
    else
        note "$dir ok"
    fi
}

directories() {
    step "directories"
    ensure_dir "$PREFIX" 0755 root
    ensure_dir "$PREFIX/releases" 0755 root
    ensure_dir "$(dirname "$CONFIG")" 0755 root
    ensure_dir "$DATA_DIR" 0750 "$SVC_USER"
}

# build_release NAME: <prefix>/releases/NAME with the source and its own venv.
build_release() {
    local name=$1 rel=$PREFIX/releases/$1
    step "release $name"
    if [[ -f $rel/.complete ]] && ((REINSTALL == 0)); then
        note "already installed: $rel (--reinstall rebuilds it)"
        return 0
    fi
    if [[ -e $rel ]]; then
        run rm -rf "$rel"
    fi
    run install -d -m 0755 "$rel" "$rel/src"
    if is_git_checkout; then
        if [[ -n $(git -c safe.directory="$SRC" -C "$SRC" status --porcelain --untracked-files=no 2>/dev/null) ]]; then
            warn "$SRC has uncommitted changes: they are not installed (the release is built from HEAD)"
        fi
        run git -c safe.directory="$SRC" -C "$SRC" archive --format=tar --output="$rel/src.tar" HEAD
    else
        run tar -C "$SRC" --exclude=./.venv --exclude=./.git -cf "$rel/src.tar" .
    fi
    run tar -C "$rel/src" -xf "$rel/src.tar"
    run rm -f "$rel/src.tar"
    run python3 -m venv "$rel/venv"
    run "$rel/venv/bin/python" -m pip install --no-cache-dir "$rel/src[$EXTRAS]"
    run "$rel/venv/bin/python" -c "import pitchside.cli.main, pitchside_hw.table"
    printf '%s\n' "$name" | write_file "$rel/.complete" 0644
}

# swap_link LINK TARGET: point LINK at TARGET with one rename, never a missing link.
swap_link() {
    run ln -sfn "$2" "$1.new"
    run mv -T "$1.new" "$1"
}

# switch_release NAME: current -> releases/NAME; the old current becomes previous.
switch_release() {
    local target=releases/$1 cur
    step "switch $PREFIX/current to $1"
    if ((DRY_RUN == 0)) && [[ ! -f $PREFIX/$target/.complete ]]; then
        die "$PREFIX/$target is not a complete release"
    fi
    cur=$(readlink "$PREFIX/current" 2>/dev/null || true)
    if [[ $cur == "$target" ]]; then
        note "current is already $1"
    else
        if [[ -n $cur ]]; then
            swap_link "$PREFIX/previous" "$cur"
        fi
        swap_link "$PREFIX/current" "$target"
    fi
    prune_releases
}

# Keep current, previous and the KEEP newest releases; remove the rest.
prune_releases() {
    local cur prev name n=0
    cur=$(readlink "$PREFIX/current" 2>/dev/null || true)
    prev=$(readlink "$PREFIX/previous" 2>/dev/null || true)
    [[ -d $PREFIX/releases ]] || return 0
    while IFS= read -r name; do
        [[ -n $name ]] || continue
        if [[ releases/$name == "$cur" || releases/$name == "$prev" ]]; then
            continue
        fi
        n=$((n + 1))
        if ((n > KEEP)); then
            run rm -rf "$PREFIX/releases/$name"
        fi
    done < <(find "$PREFIX/releases" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %f\n' | sort -rn | cut -d' ' -f2-)
}

rollback() {
    step "roll back $PREFIX/current"
    local cur prev
    cur=$(readlink "$PREFIX/current" 2>/dev/null || true)
    prev=$(readlink "$PREFIX/previous" 2>/dev/null || true)
    [[ -n $cur ]] || die "$PREFIX/current does not exist: nothing is installed"
    [[ -n $prev && -f $PREFIX/$prev/.complete ]] || die "no previous release in $PREFIX to roll back to"
    ((RESTART == 0)) || need_root
    note "from ${cur#releases/} to ${prev#releases/}"
    swap_link "$PREFIX/previous" "$cur"
    swap_link "$PREFIX/current" "$prev"
    if ((RESTART)); then
        run systemctl restart "$SERVICE"
    fi
}

# example_label FILE: the table's name in an example config, and its games if several.
example_label() {
    local name games panel
    name=$(sed -n 's/^name = "\([^"]*\)".*/\1/p' "$1" | head -n 1)
    games=$(sed -n 's/^games = \[\([^]]*\)\].*/\1/p' "$1" | head -n 1 | tr -d '"')
    panel=$(main_panel "$1")
    printf '%s%s%s\n' "${name:-?}" "${games:+ (games: $games)}" "${panel:+, $panel}"
}

# ask_game: ask on the terminal which table this is; sets GAME.
ask_game() {
    local games=() answer i
    mapfile -t games < <(examples)
    ((${#games[@]})) || die "no example configs in $EXAMPLES"
    say "Which table is this? Its config starts as a copy of that game's example:"
    for i in "${!games[@]}"; do
        printf '    %2d) %-18s %s\n' $((i + 1)) "${games[i]}" "$(example_label "$EXAMPLES/${games[i]}.toml")"
    done
    while :; do
        read -r -p "Table (1-${#games[@]} or a name): " answer || die "no answer: give --game GAME"
        answer=${answer//[[:space:]]/}
        if [[ $answer =~ ^[0-9]{1,3}$ ]] && ((10#$answer >= 1 && 10#$answer <= ${#games[@]})); then
            GAME=${games[10#$answer - 1]}
            return 0
        fi
        for i in "${games[@]}"; do
            if [[ ${answer,,} == "$i" ]]; then
                GAME=$i
                return 0
            fi
        done
        say "'$answer' is not on the list"
    done
}

# choose_example: the example a new config is copied from (--example, --game, or the
# owner's answer); nothing to choose when the config exists already.
choose_example() {
    step "which table"
    if [[ -e $CONFIG ]]; then
        note "$CONFIG exists: kept${GAME:+ (--game $GAME is for a new config)}${EXAMPLE:+ (--example is for a new config)}"
        return 0
    fi
    if [[ -n $EXAMPLE ]]; then
        note "a new config from $EXAMPLE (--example)"
        return 0
    fi
    if [[ -z $GAME ]]; then
        if [[ ! -t 0 ]]; then
            usage >&2
            die "which table is this? There is no terminal to ask on: give --game GAME (one of: $(examples | paste -sd ' '))"
        fi
        ask_game
    fi
    EXAMPLE=$EXAMPLES/$GAME.toml
    note "$GAME: a new config from $EXAMPLE"
}

table_config() {
    step "table config $CONFIG"
    if [[ -e $CONFIG ]]; then
        note "kept (never overwritten)"
    else
        [[ -f $EXAMPLE ]] || die "no example config at $EXAMPLE"
        run install -m 0644 "$EXAMPLE" "$CONFIG"
    fi
}

# The GPIO chips to group gpio (Raspberry Pi OS does it; other systems on a Pi do not).
# Ours, with nothing to fill in: written on every install, so an update brings a change.
gpio_rule() {
    step "udev rule $GPIO_RULE (/dev/gpiochip* to group gpio)"
    if cmp -s "$SRC/deploy/60-pitchside-gpio.rules" "$GPIO_RULE"; then
        note "up to date"
        return 0
    fi
    run install -m 0644 "$SRC/deploy/60-pitchside-gpio.rules" "$GPIO_RULE"
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=gpio --action=add
    run udevadm settle
}

udev_rule() {
    step "udev rule $UDEV_RULE (/dev/pitchside-die)"
    if [[ -e $UDEV_RULE ]]; then
        note "kept (never overwritten)"
    else
        run install -m 0644 "$SRC/deploy/99-pitchside-serial.rules" "$UDEV_RULE"
        run udevadm control --reload-rules
        run udevadm trigger --subsystem-match=tty --action=add
    fi
    if ((DRY_RUN)) || grep -q '@VENDOR@\|@PRODUCT@\|@SERIAL@' "$UDEV_RULE" 2>/dev/null; then
        note "fill in the die's @VENDOR@/@PRODUCT@/@SERIAL@ in $UDEV_RULE (see deploy/README.md)"
    fi
}

# ensure_boot_config FILE: our fragment once, unless FILE already sets the I2C clock.
ensure_boot_config() {
    local file=$1 set
    if [[ ! -f $file ]] && ((DRY_RUN == 0)); then
        warn "$file not found: set dtparam=i2c_arm_baudrate=400000 by hand"
        return 0
    fi
    set=$(grep -Eo '^[[:space:]]*dtparam=([^#]*,)?i2c(_arm)?_baudrate=[0-9]+' "$file" 2>/dev/null | tail -n 1 || true)
    if [[ -n $set ]]; then
        note "$file already sets the I2C clock (${set##*=} Hz): kept"
        return 0
    fi
    if [[ -f $file && ! -e $file.pitchside-orig ]]; then
        run cp -p "$file" "$file.pitchside-orig"
    fi
    append_file "$file" <"$SRC/deploy/config.txt.fragment"
    REBOOT_NEEDED=1
}

# main_panel FILE: the main [display]'s driver, size and interface ("ssd1322 256x64 spi").
main_panel() {
    awk -F '=' '/^\[/ { d = ($0 ~ /^\[display\]/) } d && NF > 1 {
        key = $1; gsub(/[[:space:]]/, "", key); val = $2; sub(/#.*/, "", val); gsub(/[[:space:]"]/, "", val)
        if (key ~ /^(driver|width|height|interface)$/) v[key] = val
    } END { if (v["driver"] != "") printf "%s %sx%s %s", v["driver"], v["width"], v["height"], v["interface"] }' "$1"
}

# spi_panels FILE: each display table of the config whose interface is "spi", one a line.
spi_panels() {
    awk '/^\[/ { t = $0; sub(/#.*/, "", t); gsub(/[][[:space:]]/, "", t); d = (t == "display" || t ~ /^displays\./) }
        d && /^[[:space:]]*interface[[:space:]]*=[[:space:]]*"spi"/ { print t }' "$1"
}

# ensure_spi FILE: dtparam=spi=on in FILE once, unless FILE already turns SPI on.
ensure_spi() {
    local file=$1
    if grep -Eq '^[[:space:]]*dtparam=([^#]*,)?spi=on' "$file" 2>/dev/null; then
        note "$file already turns SPI on: kept"
        return 0
    fi
    if [[ ! -f $file ]] && ((DRY_RUN == 0)); then
        warn "$file not found: add dtparam=spi=on to config.txt by hand"
        return 0
    fi
    if [[ -f $file && ! -e $file.pitchside-orig ]]; then
        run cp -p "$file" "$file.pitchside-orig"
    fi
    append_file "$file" <<'EOF'
# pitchside: SPI panel (deploy/install.sh): SPI0 on GPIO7-11, /dev/spidev0.0 and 0.1;
# the panel's DC and RST lines are [display] gpio_dc and gpio_rst (GPIO24, GPIO25).
[all]
dtparam=spi=on
EOF
    REBOOT_NEEDED=1
}

# spi_config: SPI on in config.txt when the table's config (or the example it is made
# from) has an SPI panel.
spi_config() {
    local table=$CONFIG panels
    [[ -e $table ]] || table=$EXAMPLE
    [[ -n $table && -f $table ]] || return 0
    panels=$(spi_panels "$table" | paste -sd ' ')
    [[ -n $panels ]] || return 0
    step "SPI for the panel ([$panels] in $table)"
    note "wiring: SCLK GPIO11, MOSI GPIO10, CS GPIO8 (CE0), DC and RST as its gpio_dc and gpio_rst say (hardware/pitchside_hw/WIRING_GUIDE.md)"
    ensure_spi "$BOOT_CONFIG"
}

boot_config() {
    step "I2C and SPI, I2C clock 400 kHz ($BOOT_CONFIG)"
    local iface
    for iface in i2c spi; do
        if command -v raspi-config >/dev/null 2>&1; then
            if [[ $(raspi-config nonint "get_$iface" 2>/dev/null || true) == 0 ]]; then
                note "$iface enabled"
                continue
            fi
        elif ((DRY_RUN == 0)); then
            warn "raspi-config not found: enable $iface by hand"
            continue
        fi
        run raspi-config nonint "do_$iface" 0
        REBOOT_NEEDED=1
    done
    ensure_boot_config "$BOOT_CONFIG"
    spi_config
}

render_unit() {
    sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@CONFIG@|$CONFIG|g" \
        -e "s|@DATA_DIR@|$DATA_DIR|g" -e "s|@USER@|$SVC_USER|g" \
        -e "s|@TABLE_CPU@|$TABLE_CPU|g" "$SRC/deploy/pitchside.service.in"
}

# web_cpus: every CPU but the table's, as systemd's CPUAffinity= list ("0 1 2" on a
# 4-core Pi with the table on 3); the table's own CPU on a board with one.
web_cpus() {
    local cpu cpus=()
    for ((cpu = 0; cpu < CPUS; cpu++)); do
        ((cpu == TABLE_CPU)) || cpus+=("$cpu")
    done
    ((${#cpus[@]})) || cpus=("$TABLE_CPU")
    printf '%s\n' "${cpus[*]}"
}

render_web_unit() {
    sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@CONFIG@|$CONFIG|g" -e "s|@USER@|$SVC_USER|g" \
        -e "s|@WEB_USER@|$WEB_USER|g" -e "s|@WEB_CPUS@|$(web_cpus)|g" "$SRC/deploy/pitchside-web.service.in"
}

render_league_unit() {
    sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@LEAGUE_USER@|$LEAGUE_USER|g" -e "s|@LEAGUE_ENV@|$LEAGUE_ENV|g" \
        -e "s|@LEAGUE_CREDENTIALS@|$LEAGUE_CREDENTIALS|g" "$SRC/deploy/pitchside-league.service.in"
}

install_unit() { # install_unit PATH RENDER: write the rendered unit unless it is unchanged
    step "systemd unit $1"
    if [[ -f $1 ]] && cmp -s "$1" <("$2"); then
        note "unchanged"
    else
        "$2" | write_file "$1" 0644
    fi
}

systemd_unit() {
    install_unit "$UNIT_PATH" render_unit
    # the web side's unit, not enabled: the web view is off until it is asked for
    install_unit "$WEB_UNIT_PATH" render_web_unit
    note "not enabled: sudo systemctl enable --now $WEB_SERVICE (deploy/README.md, \"The live web view\")"
    # the league server's unit, for the venue's league box: not enabled either
    install_unit "$LEAGUE_UNIT_PATH" render_league_unit
    note "not enabled: sudo systemctl enable --now $LEAGUE_SERVICE (deploy/README.md, \"The league server\")"
    run systemctl daemon-reload
}

# checker: the pitchside command that checks the config: the installed release's; in a
# dry run without one, a `pitchside` on PATH. Fails when there is none.
checker() {
    local bin=$PREFIX/current/venv/bin/pitchside
    if [[ -x $bin ]]; then
        printf '%s\n' "$bin"
    elif ((DRY_RUN)) && command -v pitchside; then
        return 0
    else
        return 1
    fi
}

# check_config: `pitchside check-config` on the config as the service would run it
# (its user, its GPIOZERO_PIN_FACTORY); in a dry run on the file that would be
# installed. Sets CONFIG_OK to 1 (passed), 0 (problems, printed) or "" (not checked).
check_config() {
    local bin file=$CONFIG out status=0 cmd
    if [[ ! -e $file ]] && ((DRY_RUN)); then
        file=$EXAMPLE
    fi
    step "check $file"
    if ! bin=$(checker); then
        if ((DRY_RUN)); then
            note "no pitchside command to check it with in a dry run; the real run starts the service only if the check passes"
            return 0
        fi
        warn "no $PREFIX/current/venv/bin/pitchside to check the config with"
        CONFIG_OK=0
        return 0
    fi
    cmd=(env GPIOZERO_PIN_FACTORY=lgpio "$bin" check-config "$file")
    if ((DRY_RUN == 0)) && [[ $(id -u) == 0 ]] && id -u "$SVC_USER" >/dev/null 2>&1; then
        cmd=(runuser -u "$SVC_USER" -- "${cmd[@]}")
    fi
    show_cmd "${cmd[@]}"
    out=$(cd / && "${cmd[@]}" 2>&1) || status=$?
    [[ -z $out ]] || printf '%s\n' "$out" | sed 's/^/    /'
    if ((status == 0)); then
        CONFIG_OK=1
    else
        CONFIG_OK=0
    fi
}

# start_service: enable and (re)start the service on a config that passed the check;
# otherwise leave it disabled and stopped (with --no-restart: disabled, a running
# table left alone), so it never starts on a config the check refuses.
start_service() {
    step "start $SERVICE"
    if [[ $CONFIG_OK == 0 ]]; then
        note "not started: $CONFIG does not pass pitchside check-config (above)"
        if ((RESTART)); then
            run systemctl disable --now "$SERVICE"
        else
            run systemctl disable "$SERVICE"
            note "a running table is left running (--no-restart); it will not start again on this config"
        fi
        return 0
    fi
    [[ $CONFIG_OK == 1 ]] || note "if the check passes:"
    run systemctl enable "$SERVICE"
    if ((RESTART)); then
        run systemctl restart "$SERVICE"
        # the web side and the league server onto the new release too, if they run
        run systemctl try-restart "$WEB_SERVICE" "$LEAGUE_SERVICE"
    else
        note "not restarted (--no-restart)"
    fi
}

summary() {
    step "done"
    note "release: $1 in $PREFIX/current; config: $CONFIG; journal directory: $DATA_DIR"
    note "status: systemctl status pitchside; logs: journalctl -u pitchside -f"
    note "roll back: sudo $PREFIX/current/src/deploy/rollback.sh"
    if ((REBOOT_NEEDED)); then
        note "reboot for the I2C/SPI and config.txt changes: sudo reboot"
    fi
    if [[ $CONFIG_OK == 0 ]]; then
        say ""
        say "The table is installed but NOT started: its config has the problems listed above."
        say "Edit it (hardware/pitchside_hw/WIRING*.md show the wiring):"
        say "    sudo nano $CONFIG"
        say "then check it and start the table:"
        say "    sudo -u $SVC_USER env GPIOZERO_PIN_FACTORY=lgpio $PREFIX/current/venv/bin/pitchside check-config $CONFIG && sudo systemctl enable --now $SERVICE"
        say "(or run this installer again: it keeps the config, checks it and starts the table)"
    fi
}

main() {
    umask 022 # the service user must read the releases; root's own umask may be stricter
    parse_args "$@"
    case $MODE in
        print-unit)
            render_unit
            return 0
            ;;
        print-web-unit)
            render_web_unit
            return 0
            ;;
        print-league-unit)
            render_league_unit
            return 0
            ;;
        rollback)
            ((DRY_RUN)) && say "dry run: nothing is changed"
            rollback
            return 0
            ;;
    esac
    ((DRY_RUN)) && say "dry run: nothing is changed"
    local name=${RELEASE:-$(release_name)}
    preflight
    choose_example
    packages
    service_user
    service_users
    directories
    build_release "$name"
    switch_release "$name"
    table_config
    gpio_rule
    udev_rule
    boot_config
    systemd_unit
    check_config
    start_service
    summary "$name"
    if [[ $CONFIG_OK == 0 ]]; then
        return 3
    fi
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
