#!/usr/bin/env bash
# split_overhead.sh [LRT] [SCENE] [SPP] - what splitting a frame into tiles costs on a farm.
#
# Renders SCENE once as one process, then as N tile processes (lrt render --tile I/N) plus one
# `lrt merge`, for N = 4, 16 and 64, and prints the CPU time (user + system, every process) of
# each against the single render: the ratio is the farm's overhead (each task parses the scene,
# builds the BVH and renders its filter margin again). Then it times `lrt merge` of a 4K
# (3840 x 2160) frame of 16 tiles with lrt's 11 EXR channels (R, G, B and 8 AOVs).
# Run from the repository root after building: bench/farm/split_overhead.sh
set -euo pipefail

lrt=${1:-build/release/lrt}
scene=${2:-scenes/cornell.lrt}
spp=${3:-16}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_ALL=C TIMEFORMAT='%U %S %R'

# CPU seconds (user + system) and wall seconds of a command, its output discarded.
measure() {
    local t
    t=$({ time "$@" >/dev/null 2>&1; } 2>&1)
    awk '{ printf "%.3f %.3f", $1 + $2, $3 }' <<<"$t"
}

# What every process pays before it does anything: loading Debian's OpenImageIO with its
# few hundred shared libraries.
startup=0
for _ in 1 2 3 4 5; do
    read -r cpu _ <<<"$(measure "$lrt" --version)"
    startup=$(awk -v a="$startup" -v b="$cpu" 'BEGIN { print a + b / 5 }')
done
read -r full_cpu full_wall <<<"$(measure "$lrt" render "$scene" --spp "$spp" -o "$work/full.exr" -q)"
echo "scene $scene, $spp spp; one render: ${full_cpu} s CPU, ${full_wall} s wall;" \
    "process start-up alone: ${startup} s CPU"
printf '%6s %12s %12s %10s %10s\n' tiles "tiles CPU s" "merge CPU s" "total / 1" identical
for n in 4 16 64; do
    tiles_cpu=0
    files=()
    for ((i = 0; i < n; i++)); do
        read -r cpu _ <<<"$(measure "$lrt" render "$scene" --spp "$spp" --tile "$i/$n" \
            -o "$work/tile-$i.exr" -q)"
        tiles_cpu=$(awk -v a="$tiles_cpu" -v b="$cpu" 'BEGIN { print a + b }')
        files+=("$work/tile-$i.exr")
    done
    read -r merge_cpu _ <<<"$(measure "$lrt" merge "${files[@]}" -o "$work/merged.exr")"
    same=no
    idiff -q -fail 0 -failpercent 0 "$work/full.exr" "$work/merged.exr" >/dev/null 2>&1 && same=yes
    printf '%6d %12.3f %12.3f %10.3f %10s\n' "$n" "$tiles_cpu" "$merge_cpu" \
        "$(awk -v t="$tiles_cpu" -v m="$merge_cpu" -v f="$full_cpu" 'BEGIN { print (t + m) / f }')" \
        "$same"
    rm -f "$work"/tile-*.exr "$work/merged.exr"
done

# A 4K frame in 16 bands of 135 rows, 11 float channels each, placed in the display window.
names=R,G,B,albedo.R,albedo.G,albedo.B,N.X,N.Y,N.Z,Z,sampleCount
files=()
for ((i = 0; i < 16; i++)); do
    oiiotool --pattern noise:seed=$i 3840x135 11 --chnames "$names" -d float \
        --origin "+0+$((i * 135))" --fullsize 3840x2160+0+0 -o "$work/4k-$i.exr"
    files+=("$work/4k-$i.exr")
done
read -r merge_cpu merge_wall <<<"$(measure "$lrt" merge "${files[@]}" -o "$work/4k.exr")"
echo "merge of a 4K frame (16 tiles, 11 channels, $(du -sh "$work/4k.exr" | cut -f1)): ${merge_wall} s wall, ${merge_cpu} s CPU"
