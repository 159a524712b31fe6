#!/usr/bin/env bash
# install-deps.sh GROUP... - installs the Debian packages that GROUP needs, and nothing when all are
# present. Safe to re-run; uses sudo only when not already root. Each group includes `build`:
#
#   build   the build and run dependencies: the compiler and build tools, the libraries lrt links,
#           and Catch2 and Google Benchmark (the release preset builds the tests and benchmarks)
#   test    build, and what the tests start: Slurm's daemons and client with munge (the farm test
#           starts its own cluster), OpenImageIO's tools (idiff, oiiotool), binutils (strings), and
#           Python with Chromium, its driver and Selenium (the preview's browser test)
#   fuzz    build, and clang with its libFuzzer runtime (the fuzz preset)
#   peers   build, and what bench/peers/bench_peers.py runs besides the peers: python3, oiiotool
set -euo pipefail

usage="usage: install-deps.sh GROUP... (groups: build, test, fuzz, peers)"

build=(
    g++ make cmake ninja-build pkg-config
    libembree-dev libopenimageio-dev libtbb-dev libtinyobjloader-dev libtinygltf-dev zlib1g-dev
    libcli11-dev libfmt-dev nlohmann-json3-dev libcpp-httplib-dev libasmjit-dev catch2 libbenchmark-dev
)
test=(slurmctld slurmd slurm-client munge openimageio-tools binutils
      python3 chromium chromium-driver python3-selenium)
fuzz=(clang libclang-rt-dev)
peers=(python3 openimageio-tools)

[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
packages=("${build[@]}")
for group in "$@"; do
    case "$group" in
    build) ;;
    test) packages+=("${test[@]}") ;;
    fuzz) packages+=("${fuzz[@]}") ;;
    peers) packages+=("${peers[@]}") ;;
    *) echo "install-deps: unknown group '$group'; $usage" >&2; exit 2 ;;
    esac
done

missing=()
declare -A seen=()
for p in "${packages[@]}"; do
    [ -z "${seen[$p]:-}" ] || continue
    seen[$p]=1
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
