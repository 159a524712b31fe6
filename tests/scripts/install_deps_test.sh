#!/usr/bin/env bash
# scripts/install-deps.sh installs per command (issue 31, defect 12): `render` asked for Slurm's
# daemons and munge, which only the tests start. Runs the script against stand-ins for dpkg-query
# (every package missing) and apt-get (records what it is asked to install), so nothing is
# installed and no network is used.
set -euo pipefail
source_dir=$1
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT

cat >"$stubs/dpkg-query" <<'STUB'
#!/bin/sh
exit 1
STUB
cat >"$stubs/apt-get" <<STUB
#!/bin/sh
[ "\$1" = update ] && exit 0
shift 4 # install -y -q --no-install-recommends
echo "\$@" >"$stubs/requested"
STUB
cat >"$stubs/sudo" <<'STUB'
#!/bin/sh
exec "$@"
STUB
chmod +x "$stubs"/*

requested() {
    rm -f "$stubs/requested"
    PATH="$stubs:$PATH" "$source_dir/scripts/install-deps.sh" "$@" >/dev/null
    tr ' ' '\n' <"$stubs/requested"
}
fail() {
    echo "install_deps_test: $*" >&2
    exit 1
}

build=$(requested build)
for package in g++ cmake libembree-dev libopenimageio-dev libtbb-dev catch2; do
    grep -qx "$package" <<<"$build" || fail "install-deps.sh build does not install $package"
done
for package in slurmd slurmctld munge clang; do
    ! grep -qx "$package" <<<"$build" || fail "install-deps.sh build installs $package"
done
test=$(requested test)
for package in g++ libembree-dev libcpp-httplib-dev slurmd slurmctld slurm-client munge openimageio-tools \
    chromium chromium-driver python3-selenium; do
    grep -qx "$package" <<<"$test" || fail "install-deps.sh test does not install $package"
done
grep -qx clang <<<"$(requested fuzz)" || fail "install-deps.sh fuzz does not install clang"
# Each package once, whatever the groups share.
both=$(requested test peers)
[ "$(sort <<<"$both" | uniq -d)" = "" ] || fail "install-deps.sh test peers repeats a package"
# No group, or an unknown one, is a usage error.
status=0
PATH="$stubs:$PATH" "$source_dir/scripts/install-deps.sh" 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "install-deps.sh without a group exits $status, not 2"
status=0
PATH="$stubs:$PATH" "$source_dir/scripts/install-deps.sh" render 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "install-deps.sh render exits $status, not 2"
echo "install_deps_test: 1 passed, 0 failed"
