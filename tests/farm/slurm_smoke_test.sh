#!/usr/bin/env bash
# slurm_smoke_test.sh - proves tests/farm/slurm_cluster.sh brings up a working Slurm:
#   1. a 4-task array job plus an afterok-dependent merge job all COMPLETE and the merge
#      sees every task's output;
#   2. when one array task fails, the afterok dependent (--kill-on-invalid-dep=yes) is
#      CANCELLED promptly instead of pending forever.
# Exit 0 on pass, non-zero (with the reason) on failure. Needs root: it starts daemons.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=slurm_cluster.sh source-path=SCRIPTDIR
source "$here/slurm_cluster.sh"

# Bound on each wait for jobs; a healthy scenario takes 3-5 s (Slurm schedules on a 1 s tick).
JOB_TIMEOUT=20

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# Not skipping when unprivileged: a silent skip would hide that nothing was tested.
[ "$(id -u)" -eq 0 ] || fail "must run as root (it starts munged/slurmctld/slurmd); re-run with sudo"

# Timings: EPOCHREALTIME uses the locale's decimal mark, so pin a numeric locale.
export LC_ALL=C
t_start=$EPOCHREALTIME
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2fs", b - a }'; }

started=0 work="" cluster=""
cleanup() {
    local rc=$?
    [ -z "$cluster" ] || slurm_cluster_stop "$cluster" || rc=1
    # On a job failure show the daemon logs before they are deleted (a failed start
    # has printed them already).
    if [ "$rc" -ne 0 ] && [ "$started" = 1 ]; then
        slurm_cluster_dump_logs "$cluster"
    fi
    rm -rf "$work" "$cluster"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

work=$(mktemp -d "${TMPDIR:-/tmp}/slurm-smoke.XXXXXX") || fail "cannot create a temp dir under '${TMPDIR:-/tmp}'"
work=$(cd "$work" && pwd -P) # absolute: job paths must not depend on a relative TMPDIR
# The cluster dir holds unix sockets (path limit ~107 bytes) and is named in slurm.conf
# (no quoting): under a long TMPDIR or one with spaces put it in /tmp instead; job
# outputs stay in TMPDIR either way. (+ 8 = "/cluster")
if [ $((${#work} + 8)) -gt "$(slurm_cluster_max_dir_len)" ] || [[ $work == *[[:space:]]* ]]; then
    cluster=$(mktemp -d /tmp/slurm-smoke-cluster.XXXXXX)
    echo "note: TMPDIR unusable for the cluster's sockets/config; cluster dir is $cluster"
else
    cluster=$work/cluster
fi

t=$EPOCHREALTIME
slurm_cluster_start "$cluster" || fail "cluster did not start"
started=1
echo "cluster start: $(elapsed "$t")"

# Assert that `slurm_job_state ID` prints exactly the expected lines.
expect_states() {
    local id=$1 want=$2 got
    got=$(slurm_job_state "$id") || fail "scontrol show job $id failed"
    [ "$got" = "$want" ] || fail "job $id states: got [${got//$'\n'/ }], want [${want//$'\n'/ }]"
}

# --- scenario 1: array + dependent merge, all succeed -----------------------------------
t=$EPOCHREALTIME
out1=$work/ok
mkdir -p "$out1"
# --chdir and absolute -o paths: the test may be run from any directory.
# shellcheck disable=SC2016 # $SLURM_ARRAY_TASK_ID expands inside the job
array1=$(sbatch --parsable --chdir="$out1" -o "$out1/slurm-%A_%a.out" --array=0-3 -J smoke-tiles \
    --wrap 'echo "$SLURM_ARRAY_TASK_ID" > "task_$SLURM_ARRAY_TASK_ID.txt"') || fail "sbatch array failed"
array1=${array1%%;*}
merge1=$(sbatch --parsable --chdir="$out1" -o "$out1/slurm-%j.out" -J smoke-merge \
    --dependency="afterok:$array1" --kill-on-invalid-dep=yes \
    --wrap 'cat task_0.txt task_1.txt task_2.txt task_3.txt > merged.txt') || fail "sbatch merge failed"
merge1=${merge1%%;*}
slurm_wait_jobs "$JOB_TIMEOUT" "$array1" "$merge1" || fail "scenario 1 jobs did not finish in ${JOB_TIMEOUT}s"
expect_states "$array1" $'COMPLETED\nCOMPLETED\nCOMPLETED\nCOMPLETED'
expect_states "$merge1" COMPLETED
[ -f "$out1/merged.txt" ] || fail "merge job wrote no merged.txt"
[ "$(cat "$out1/merged.txt")" = $'0\n1\n2\n3' ] || fail "merged.txt is [$(cat "$out1/merged.txt")], want 0..3"
echo "scenario 1 (array 0-3 + afterok merge, all COMPLETED): $(elapsed "$t")"

# --- scenario 2: one task fails, dependent must be cancelled -----------------------------
t=$EPOCHREALTIME
out2=$work/fail
mkdir -p "$out2"
# shellcheck disable=SC2016 # $SLURM_ARRAY_TASK_ID expands inside the job
array2=$(sbatch --parsable --chdir="$out2" -o "$out2/slurm-%A_%a.out" --array=0-3 -J smoke-tiles-bad \
    --wrap 'if [ "$SLURM_ARRAY_TASK_ID" = 2 ]; then exit 1; fi; echo "$SLURM_ARRAY_TASK_ID" > "task_$SLURM_ARRAY_TASK_ID.txt"') ||
    fail "sbatch failing array failed"
array2=${array2%%;*}
merge2=$(sbatch --parsable --chdir="$out2" -o "$out2/slurm-%j.out" -J smoke-merge-bad \
    --dependency="afterok:$array2" --kill-on-invalid-dep=yes \
    --wrap 'touch merged.txt') || fail "sbatch dependent failed"
merge2=${merge2%%;*}
slurm_wait_jobs "$JOB_TIMEOUT" "$array2" "$merge2" ||
    fail "scenario 2 jobs did not finish in ${JOB_TIMEOUT}s (dependent left pending?)"
expect_states "$array2" $'COMPLETED\nCOMPLETED\nFAILED\nCOMPLETED'
expect_states "${array2}_2" FAILED
expect_states "$merge2" CANCELLED
[ ! -e "$out2/merged.txt" ] || fail "dependent job ran although a task failed"
echo "scenario 2 (task 2 exits 1, afterok dependent CANCELLED): $(elapsed "$t")"

t=$EPOCHREALTIME
slurm_cluster_stop "$cluster" || fail "cluster stop reported an error"
echo "cluster stop: $(elapsed "$t")"
echo "total: $(elapsed "$t_start")"
echo "PASS: slurm smoke test (2 scenarios)"
