#!/usr/bin/env bash
# build.sh OUT: the system tests' guest, a Debian bookworm amd64 image booted by qemu:
# OUT/base.raw (ext4, no partition table), OUT/vmlinuz, OUT/initrd.img. Run as root on a
# Debian 12 host with mmdebstrap; everything comes from the Debian archive the host's apt
# uses. The image has no Pitchside in it: the tests install it from a clone, as on a Pi.
#
# What is in it, and why:
# - systemd, udev, python3 (+venv, pip), git, sqlite3: what deploy/install.sh and the
#   tests use; gcc, libc6-dev, python3-dev, i2c-tools: what install.sh asks apt for;
# - python3-lgpio: Raspberry Pi OS's package, not Debian's: an empty stand-in here, so
#   the installer finds what a Pi has and never calls apt (the guest has no network);
#   the service's venv gets lgpio from PyPI either way;
# - gpio-sim.ko: Debian's kernel has no gpio-sim (CONFIG_GPIO_SIM is not set), so it is
#   built from Debian's linux-source-6.1 (gpio-sim.c and the irq_sim.c it needs as one
#   module; irq_to_desc is not exported, so irq_sim calls generic_handle_irq instead);
# - a small initrd (virtio and ext4 only), a volatile systemd journal and no timers or
#   mounts a test machine does not need: under TCG every unit costs seconds;
# - pitchside-systest.service: mounts the test payload disk (/dev/vdb) and runs its
#   agent, which talks to the host over the virtio-serial port org.pitchside.test.
set -euo pipefail
OUT=$1
HERE=$(cd "$(dirname "$0")" && pwd)
mirror() { # the first deb URI of the host's apt sources serving suite $1
    local f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk -v s="$1" 'BEGIN { RS = ""; FS = "\n" } { u = ""; ss = ""
            for (i = 1; i <= NF; i++) { l = $i
                if (l ~ /^URIs:/) { sub(/^URIs:[ \t]*/, "", l); u = l }
                if (l ~ /^Suites:/) { sub(/^Suites:[ \t]*/, "", l); ss = " " l " " } }
            if (u != "" && index(ss, " " s " ")) { split(u, a, " "); print a[1] } }' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        awk -v s="$1" '$1 == "deb" { i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } if ($(i + 1) == s) print $i }' "$f"
    done
}
MIRROR=${MIRROR:-$(mirror bookworm | head -n 1)}
SECMIRROR=${SECMIRROR:-$(mirror bookworm-security | head -n 1)}
[ -n "$MIRROR" ] || { echo "build.sh: no bookworm mirror in the host's apt sources: set MIRROR" >&2; exit 1; }
ROOT=$OUT/rootfs
rm -rf "$ROOT"
mkdir -p "$OUT"
INCLUDE=systemd,systemd-sysv,udev,kmod,dbus,python3,python3-venv,python3-pip,linux-image-amd64,sqlite3,procps,git
INCLUDE=$INCLUDE,gcc,libc6-dev,python3-dev,i2c-tools,util-linux
# shellcheck disable=SC2016  # the hooks' $1 is mmdebstrap's, expanded by its shell
mmdebstrap --variant=apt --include="$INCLUDE" \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --customize-hook='echo pitchside-vm > "$1/etc/hostname"' \
  --customize-hook='printf "/dev/vda / ext4 rw,errors=remount-ro 0 1\n" > "$1/etc/fstab"' \
  --customize-hook='chroot "$1" passwd -d root' \
  --customize-hook="\"$HERE/hooks.sh\" \"\$1\"" \
  bookworm "$ROOT" "deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main" \
  ${SECMIRROR:+"deb $SECMIRROR bookworm-security main"}
cp -L "$ROOT/vmlinuz" "$OUT/vmlinuz"
cp -L "$ROOT/initrd.img" "$OUT/initrd.img"
rm -f "$OUT/base.raw"
truncate -s 4G "$OUT/base.raw"
mkfs.ext4 -q -F -L root -d "$ROOT" "$OUT/base.raw"
rm -rf "$ROOT"
