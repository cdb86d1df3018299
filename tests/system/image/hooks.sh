#!/usr/bin/env bash
# hooks.sh ROOT: build.sh's customize step, run by mmdebstrap with the host's network.
set -euo pipefail
ROOT=$1
HERE=$(cd "$(dirname "$0")" && pwd)
KVER=$(ls "$ROOT/lib/modules")

# python3-lgpio: Raspberry Pi OS's package, an empty stand-in (see build.sh)
pkg=$(mktemp -d)
mkdir -p "$pkg/DEBIAN"
printf 'Package: python3-lgpio\nVersion: 0.0-systest\nArchitecture: all\nMaintainer: pitchside tests <tests@invalid>\nDescription: stand-in for Raspberry Pi OS python3-lgpio in the test guest\n' >"$pkg/DEBIAN/control"
dpkg-deb --build "$pkg" "$ROOT/tmp/python3-lgpio.deb" >/dev/null
chroot "$ROOT" dpkg -i /tmp/python3-lgpio.deb >/dev/null
rm -rf "$pkg" "$ROOT/tmp/python3-lgpio.deb"

# gpio-sim for the guest's kernel, built in the image against its own headers
chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "linux-headers-$KVER" make linux-source-6.1 >/dev/null
src=$ROOT/usr/src/gpio-sim
mkdir -p "$src"
tar -xJf "$ROOT"/usr/src/linux-source-6.1.tar.xz -C "$src" --strip-components=1 --wildcards \
    '*/drivers/gpio/gpio-sim.c' '*/drivers/gpio/gpiolib.h' '*/kernel/irq/irq_sim.c'
mv "$src/drivers/gpio/gpio-sim.c" "$src/gpio-sim-main.c"
mv "$src/drivers/gpio/gpiolib.h" "$src/kernel/irq/irq_sim.c" "$src/"
rm -rf "$src/drivers" "$src/kernel"
sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$src/irq_sim.c"
grep -q 'generic_handle_irq(irqnum);' "$src/irq_sim.c"
cp "$HERE/gpio-sim/Makefile" "$src/"
chroot "$ROOT" make -s -C /usr/src/gpio-sim KVER="$KVER" >/dev/null
mkdir -p "$ROOT/lib/modules/$KVER/updates"
cp "$src/gpio-sim.ko" "$ROOT/lib/modules/$KVER/updates/"
chroot "$ROOT" depmod -a "$KVER"
rm -rf "$src"
chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q "linux-headers-$KVER" linux-source-6.1 make >/dev/null
chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -q >/dev/null
chroot "$ROOT" apt-get clean

# a small initrd and a quick boot
sed -i 's/^MODULES=.*/MODULES=list/' "$ROOT/etc/initramfs-tools/initramfs.conf"
printf '%s\n' virtio_pci virtio_blk ext4 crc32c_generic >"$ROOT/etc/initramfs-tools/modules"
chroot "$ROOT" update-initramfs -u -k all >/dev/null
mkdir -p "$ROOT/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\n' >"$ROOT/etc/systemd/journald.conf.d/volatile.conf"
chroot "$ROOT" systemctl mask -q dev-hugepages.mount dev-mqueue.mount sys-kernel-debug.mount \
    sys-kernel-tracing.mount modprobe@drm.service modprobe@dm_mod.service modprobe@efi_pstore.service \
    modprobe@fuse.service modprobe@loop.service systemd-timesyncd.service apt-daily.timer \
    apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service fstrim.timer \
    getty@tty1.service systemd-journal-flush.service sys-fs-fuse-connections.mount

# the test agent's unit
install -m 0644 "$HERE/guest/pitchside-systest.service" "$ROOT/etc/systemd/system/"
chroot "$ROOT" systemctl enable -q pitchside-systest.service
