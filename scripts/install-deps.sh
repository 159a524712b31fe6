#!/usr/bin/env bash
# Installs the Debian packages lrt builds against, and nothing when all are present.
# Safe to re-run; uses sudo only when not already root.
set -euo pipefail

packages=(
    g++ make cmake ninja-build pkg-config
    libembree-dev libopenimageio-dev openimageio-tools libtbb-dev libtinyobjloader-dev
    catch2 libcli11-dev libfmt-dev nlohmann-json3-dev libbenchmark-dev zlib1g-dev
    libtinygltf-dev
    slurmctld slurmd slurm-client munge
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
as_root=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
