#!/usr/bin/env bash
# slurm_render_test.sh LRT SOURCE_DIR - lrt on a real single-node Slurm (tests/farm/slurm_cluster.sh):
#   1. `lrt farm slurm` renders two frames of scenes/ripple.lrt as an array of 4 tiles each plus
#      a merge job; every job completes and each merged frame is bitwise identical (every
#      channel, AOVs included) to a single-process render;
#   2. a tile that fails (its output path is taken by a folder) fails its task, and the merge job
#      is cancelled instead of left pending, so no merged frame appears.
# Exit 0 on pass, non-zero with the reason on failure. Needs root (it starts the daemons); it does
# not skip without it, so that CI cannot pass without having tested anything.
set -euo pipefail

lrt=${1:?usage: slurm_render_test.sh LRT SOURCE_DIR}
source_dir=${2:?usage: slurm_render_test.sh LRT SOURCE_DIR}
lrt=$(cd "$(dirname "$lrt")" && pwd -P)/$(basename "$lrt")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=slurm_cluster.sh source-path=SCRIPTDIR
source "$here/slurm_cluster.sh"

# Bound on each wait for jobs: 8 small tiles on a 2-core node take a few seconds, more under
# sanitizers; Slurm itself schedules on a 1 s tick.
JOB_TIMEOUT=180
scene=$source_dir/scenes/ripple.lrt
render_flags=(--frames 1-3:2 --spp 2)

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
[ "$(id -u)" -eq 0 ] || fail "must run as root (it starts munged, slurmctld and slurmd)"
command -v idiff >/dev/null || fail "idiff (openimageio-tools) is needed to compare images"

export LC_ALL=C
started=0 work="" cluster=""
cleanup() {
    local rc=$?
    [ -z "$cluster" ] || slurm_cluster_stop "$cluster" || rc=1
    if [ "$rc" -ne 0 ] && [ "$started" = 1 ]; then
        slurm_cluster_dump_logs "$cluster"
        for log in "$work"/*/lrt-slurm-ripple/*.log; do
            [ -f "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }
        done
    fi
    rm -rf "$work" "$cluster"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

work=$(mktemp -d "${TMPDIR:-/tmp}/lrt-slurm.XXXXXX")
work=$(cd "$work" && pwd -P)
# The cluster folder holds unix sockets (about 107 bytes at most) and is named in slurm.conf.
if [ $((${#work} + 8)) -gt "$(slurm_cluster_max_dir_len)" ] || [[ $work == *[[:space:]]* ]]; then
    cluster=$(mktemp -d /tmp/lrt-slurm-cluster.XXXXXX)
else
    cluster=$work/cluster
fi
slurm_cluster_start "$cluster" || fail "the Slurm cluster did not start"
started=1

expect_states() {
    local id=$1 want=$2 got
    got=$(slurm_job_state "$id") || fail "scontrol show job $id failed"
    [ "$got" = "$want" ] || fail "job $id: states [${got//$'\n'/ }], expected [${want//$'\n'/ }]"
}

# Submits the farm render into folder $1; sets render_id and merge_id.
submit() {
    local out=$1 ids
    mkdir -p "$out"
    ids=$("$lrt" farm slurm "$scene" "${render_flags[@]}" --tiles 4 -o "$out/frame.####.exr") ||
        fail "lrt farm slurm failed"
    render_id=$(sed -n 's/^render \([0-9]*\)$/\1/p' <<<"$ids")
    merge_id=$(sed -n 's/^merge \([0-9]*\)$/\1/p' <<<"$ids")
    [ -n "$render_id" ] && [ -n "$merge_id" ] || fail "no job ids in the output: [$ids]"
}

# --- 1. tiles on the farm, merged, equal a single render -------------------------------------
"$lrt" render "$scene" "${render_flags[@]}" -o "$work/reference.####.exr" --quiet ||
    fail "the single-process reference render failed"
submit "$work/farm"
slurm_wait_jobs "$JOB_TIMEOUT" "$render_id" "$merge_id" || fail "the jobs did not end in ${JOB_TIMEOUT}s"
expect_states "$render_id" "$(printf 'COMPLETED\n%.0s' {1..8} | head -c -1)"
expect_states "$merge_id" COMPLETED
for frame in 0001 0003; do
    merged=$work/farm/frame.$frame.exr
    [ -f "$merged" ] || fail "the merge job wrote no $merged"
    idiff -q -fail 0 -failpercent 0 -warn 0 -warnpercent 0 "$work/reference.$frame.exr" "$merged" ||
        fail "frame $frame merged from farm tiles differs from the single render"
    [ "$(oiiotool --info -v "$merged" | grep -c 'lrt:merged_tiles: "4"')" = 1 ] ||
        fail "frame $frame does not record its 4 tiles"
done
ls "$work/farm"/*.tile-* >/dev/null 2>&1 && fail "the merge job left its tiles behind"
echo "1. 2 frames x 4 tiles on Slurm, merged: bitwise equal to the single render"

# --- 2. a failing tile cancels the merge ------------------------------------------------------
mkdir -p "$work/failing/frame.0001.exr.tile-2-of-4.exr" # tile 2 of frame 1 cannot be written
submit "$work/failing"
slurm_wait_jobs "$JOB_TIMEOUT" "$render_id" "$merge_id" ||
    fail "the jobs did not end in ${JOB_TIMEOUT}s (merge left pending?)"
expect_states "${render_id}_2" FAILED
expect_states "$merge_id" CANCELLED
[ ! -e "$work/failing/frame.0001.exr" ] || fail "a frame was merged although a tile failed"
grep -q '^ERROR: ' "$work"/failing/lrt-slurm-ripple/render-*_2.log ||
    fail "the failed task's log has no ERROR: line"
echo "2. a failing tile fails its task and cancels the merge"
echo "PASS: lrt on Slurm"
