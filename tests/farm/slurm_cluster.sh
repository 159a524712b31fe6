# shellcheck shell=bash
# slurm_cluster.sh - start and stop a throw-away single-node Slurm cluster for tests.
#
# Source this file; it defines:
#   slurm_cluster_start DIR          start munged + slurmctld + slurmd, all state in DIR,
#                                    export SLURM_CONF, wait until the node is idle
#   slurm_cluster_stop DIR           kill everything started for DIR (idempotent, trap-safe)
#   slurm_wait_jobs TIMEOUT JOBID... wait until none of the jobs is pending/running
#   slurm_job_state JOBID            final JobState(s), one per line (array: per task)
#   slurm_cluster_dump_logs DIR      tail of every daemon log to stderr (for failures)
#   slurm_cluster_max_dir_len        longest DIR path allowed (unix socket length limit)
#
# Needs root and the Debian packages slurmctld slurmd slurm-client munge. Nothing is
# written outside DIR: munge key/socket/log/seed, slurm.conf, spool, state, logs and
# pid files all live there, so several clusters (on different DIRs) can coexist and the
# packages' own system services (if any) are neither needed nor disturbed.
# Call slurm_cluster_start in the current shell (not in $(...)), so SLURM_CONF sticks.

# Environment marker put on every daemon we start. slurmstepd inherits it from slurmd,
# so stop can find step daemons (and through them job processes) that outlive slurmd.
_SLURM_CLUSTER_TAG_VAR=TEST_SLURM_CLUSTER_DIR

# Seconds allowed for the node to come up idle (start-up normally takes ~0.3 s).
: "${SLURM_CLUSTER_START_TIMEOUT:=30}"

_slurm_cluster_log() { echo "slurm_cluster: $*" >&2; }

# Wall clock in seconds with a '.' decimal mark whatever the locale.
_slurm_now() { local t=${EPOCHREALTIME:-$(date +%s.%N)}; printf '%s' "${t/,/.}"; }

# True if PID is a live (non-zombie) process.
_slurm_pid_alive() {
    local pid=$1 state
    [ -r "/proc/$pid/stat" ] || return 1
    # Field 3 of /proc/PID/stat is the state; comm (field 2) may contain spaces, so cut
    # after the last ')'.
    state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1) || return 1
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# True if PID belongs to the cluster in DIR: it carries our environment tag or its
# command line names DIR. Guards against killing a recycled PID.
_slurm_pid_ours() {
    local pid=$1 dir=$2
    # -z: the /proc files are NUL-separated.
    grep -qzxF "$_SLURM_CLUSTER_TAG_VAR=$dir" "/proc/$pid/environ" 2>/dev/null && return 0
    grep -qzF "$dir/" "/proc/$pid/cmdline" 2>/dev/null && return 0
    return 1
}

# Print the PIDs carrying our tag for DIR plus all their descendants (job processes of
# a slurmstepd are not tagged, but are its children). Never lists the calling shell.
_slurm_tagged_tree() {
    local dir=$1 pid p ppid
    local -a roots=()
    # One grep over every process environment (-z: NUL-separated entries).
    mapfile -t roots < <(grep -lzxF "$_SLURM_CLUSTER_TAG_VAR=$dir" /proc/[0-9]*/environ 2>/dev/null |
        sed -n 's|^/proc/\([0-9]*\)/environ$|\1|p')
    [ ${#roots[@]} -gt 0 ] || return 0
    # Build a "pid ppid" table once and walk it breadth-first from the roots.
    local table
    table=$(for p in /proc/[0-9]*/stat; do sed -n 's/^\([0-9]*\) .*) [A-Za-z] \([0-9]*\) .*/\1 \2/p' "$p" 2>/dev/null; done)
    local -A seen=()
    local -a queue=("${roots[@]}")
    while [ ${#queue[@]} -gt 0 ]; do
        pid=${queue[0]}
        queue=("${queue[@]:1}")
        [ -n "${seen[$pid]:-}" ] && continue
        seen[$pid]=1
        while read -r p ppid; do
            [ "$ppid" = "$pid" ] && queue+=("$p")
        done <<<"$table"
    done
    for pid in "${!seen[@]}"; do
        [ "$pid" = "$$" ] || [ "$pid" = "${BASHPID:-}" ] || echo "$pid"
    done
}

# True if something listens on TCP PORT (column 4 of /proc/net/tcp{,6} is the state;
# 0A = LISTEN).
_slurm_port_listening() {
    local hex
    hex=$(printf '%04X' "$1")
    awk -v h=":$hex" 'NR > 1 && $4 == "0A" && substr($2, length($2) - 4) == h { f = 1 } END { exit !f }' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# Pick a TCP port in 20000-32767 (below the kernel's ephemeral range, so outgoing
# connections won't grab it) that no socket on this machine is using, skipping $*.
_slurm_free_port() {
    local port hex _
    for _ in $(seq 1 200); do
        port=$((20000 + RANDOM % 12768))
        case " $* " in *" $port "*) continue ;; esac
        hex=$(printf '%04X' "$port")
        # Column 2 of /proc/net/tcp{,6} is local "ADDR:PORT" in hex, any state.
        if ! awk -v h=":$hex" 'NR > 1 && substr($2, length($2) - 4) == h { f = 1 } END { exit !f }' \
            /proc/net/tcp /proc/net/tcp6 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    return 1
}

_slurm_host() { hostname -s 2>/dev/null || hostname; }

# Longest usable DIR. Unix socket paths are limited to 107 bytes and the longest we
# create is slurmd's step socket DIR/spool/<host>_<jobid>.<stepid>: 7 = "/spool/",
# 20 = "_" + 8-digit job id + "." + 10-digit step id.
slurm_cluster_max_dir_len() {
    local host
    host=$(_slurm_host)
    echo $((107 - 7 - ${#host} - 20))
}

slurm_cluster_dump_logs() {
    local -
    set +e
    local dir=${1:?usage: slurm_cluster_dump_logs DIR} f
    for f in "$dir"/munged.log "$dir"/munged.out "$dir"/slurmctld.log "$dir"/slurmctld.out "$dir"/slurmd.log "$dir"/slurmd.out; do
        [ -s "$f" ] || continue
        echo "----- $f (last 40 lines) -----" >&2
        tail -n 40 "$f" >&2
    done
}

# Start a daemon in the foreground-mode background (so we know its PID at once, with no
# pid-file race), tagged, stdin closed and output kept in DIR/NAME.out.
_slurm_spawn() {
    local dir=$1 name=$2
    shift 2
    (
        # Close every inherited fd above 2: a daemon holding the caller's pipes open
        # (a CI runner's, or `test | tee`) would keep the reader waiting for EOF.
        for fd in /proc/"$BASHPID"/fd/*; do
            fd=${fd##*/}
            [ "$fd" -gt 2 ] && eval "exec $fd>&-"
        done 2>/dev/null
        exec env "$_SLURM_CLUSTER_TAG_VAR=$dir" "$@"
    ) </dev/null >"$dir/$name.out" 2>&1 &
    local pid=$!
    # disown: no "Terminated" job notices from the caller's shell when we kill it.
    disown "$pid" 2>/dev/null || true
    echo "$pid" >>"$dir/pids"
    echo "$pid" >"$dir/$name.pid.spawned"
}

slurm_cluster_start() {
    # Failures are handled explicitly; a caller's `set -e` must not abort half way.
    local -
    set +e
    local dir=${1:?usage: slurm_cluster_start DIR}
    local t0 host topo ctld_port slurmd_port pid state deadline name
    t0=$(_slurm_now)

    if [ "$(id -u)" -ne 0 ]; then
        _slurm_cluster_log "must run as root (daemons run as root with SlurmUser=root)"
        return 1
    fi
    local bin
    for bin in munged mungekey munge unmunge slurmctld slurmd sinfo squeue scontrol sbatch; do
        command -v "$bin" >/dev/null || {
            _slurm_cluster_log "missing '$bin' (apt-get install --no-install-recommends slurmctld slurmd slurm-client munge)"
            return 1
        }
    done
    mkdir -p "$dir" || return 1
    dir=$(cd "$dir" && pwd -P) || return 1
    # slurm.conf has no quoting, so paths with whitespace cannot be expressed.
    case "$dir" in *[[:space:]]*) _slurm_cluster_log "DIR must not contain whitespace: '$dir'"; return 1 ;; esac
    host=$(_slurm_host)
    local max_len
    max_len=$(slurm_cluster_max_dir_len)
    if [ ${#dir} -gt "$max_len" ]; then
        _slurm_cluster_log "DIR is ${#dir} chars, max $max_len (unix socket path limit): '$dir'"
        return 1
    fi
    if [ -s "$dir/pids" ]; then
        while read -r pid; do
            if _slurm_pid_alive "$pid" && _slurm_pid_ours "$pid" "$dir"; then
                _slurm_cluster_log "a cluster is already running in $dir (pid $pid)"
                return 1
            fi
        done <"$dir/pids"
    fi
    : >"$dir/pids"
    # Always a fresh cluster: no jobs recovered from an earlier run in the same DIR, and
    # logs that show only this run.
    rm -rf "$dir/state" "$dir/spool" "$dir"/*.log "$dir"/*.out "$dir"/*.pid "$dir"/*.pid.spawned "$dir/pids.stopped"
    # munged refuses directories that group/other may write; DIR is ours alone.
    chmod 0700 "$dir"
    mkdir -p "$dir/state" "$dir/spool" && chmod 0700 "$dir/state" "$dir/spool"

    # --- munge: own key, socket, pid, log and seed -------------------------------------
    rm -f "$dir/munge.key"
    mungekey --create --keyfile="$dir/munge.key" >/dev/null 2>&1 \
        || dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none \
        || { _slurm_cluster_log "cannot create munge key"; return 1; }
    chown root:root "$dir/munge.key" && chmod 0400 "$dir/munge.key"
    # Foreground mode (-F) in the background, like the Slurm daemons below: the PID is
    # known at once and the process stays our child, so it is reaped even where PID 1
    # does not reap orphans. --force: munged otherwise refuses a socket in a directory
    # that not everyone may enter, and DIR is 0700 on purpose.
    _slurm_spawn "$dir" munged munged -F --force \
        --socket="$dir/munge.socket" --key-file="$dir/munge.key" \
        --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
        --seed-file="$dir/munged.seed"
    # Ready once a credential round-trips through our socket.
    deadline=$(($(date +%s) + 10))
    until munge -n -S "$dir/munge.socket" 2>/dev/null | unmunge -S "$dir/munge.socket" >/dev/null 2>&1; do
        if ! _slurm_pid_alive "$(cat "$dir/munged.pid.spawned")" || [ "$(date +%s)" -ge "$deadline" ]; then
            _slurm_cluster_log "munged did not come up on $dir/munge.socket"
            slurm_cluster_dump_logs "$dir"
            slurm_cluster_stop "$dir"
            return 1
        fi
        sleep 0.05
    done

    # --- slurm.conf ---------------------------------------------------------------------
    # Only the CPU topology from slurmd -C: RealMemory is left at its default so a
    # slightly different reading at registration can never drain the node.
    topo=$(slurmd -C 2>/dev/null | head -n1 | tr ' ' '\n' |
        grep -E '^(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore)=' | tr '\n' ' ')
    [ -n "$topo" ] || topo="CPUs=$(nproc)"

    local attempt
    for attempt in 1 2 3; do
        if ! ctld_port=$(_slurm_free_port) || ! slurmd_port=$(_slurm_free_port "$ctld_port"); then
            _slurm_cluster_log "no free TCP port found"
            slurm_cluster_stop "$dir"
            return 1
        fi
        cat >"$dir/slurm.conf" <<EOF
# Generated by tests/farm/slurm_cluster.sh for a throw-away test cluster.
ClusterName=testfarm
# Explicit 127.0.0.1 addresses: no dependence on hostname resolution.
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
# No cgroups (containers often lack a writable cgroup tree).
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
# Per-core allocation so several 1-CPU tasks run at once.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# Schedule right after submit/completion (default batching adds ~3 s per hop).
SchedulerParameters=batch_sched_delay=0,sched_min_interval=100000
# Dependents of failed jobs are cancelled instead of pending forever (with
# sbatch --kill-on-invalid-dep=yes; this option only works under DependencyParameters).
DependencyParameters=kill_invalid_depend
# No accounting database: keep finished jobs in slurmctld for scontrol for 10 minutes.
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=600
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
# Short kill grace so cancelled jobs and teardown are quick.
KillWait=5
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$dir/plugstack.conf
NodeName=$host NodeAddr=127.0.0.1 $topo State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
        # Empty SPANK config: keeps /etc/slurm/plugstack.conf{,.d} out of the picture.
        : >"$dir/plugstack.conf"
        export SLURM_CONF="$dir/slurm.conf"

        _slurm_spawn "$dir" slurmctld slurmctld -D -f "$dir/slurm.conf"
        _slurm_spawn "$dir" slurmd slurmd -D -N "$host" -f "$dir/slurm.conf"

        # Poll until the node is idle; fail fast if a daemon dies.
        deadline=$(($(date +%s) + SLURM_CLUSTER_START_TIMEOUT))
        local died="" && state=""
        while :; do
            # Liveness first: sinfo against a dead controller blocks for its timeout.
            for name in slurmctld slurmd; do
                _slurm_pid_alive "$(cat "$dir/$name.pid.spawned")" || died=$name
            done
            [ -n "$died" ] && break
            # Ask sinfo only once the controller listens: before that it sits in its
            # own connect retries (~9 s), which would blur both latency and failures.
            if _slurm_port_listening "$ctld_port"; then
                state=$(timeout 3 sinfo -h -o %T 2>/dev/null | head -n1)
                [ "$state" = idle ] && break
            fi
            [ "$(date +%s)" -ge "$deadline" ] && break
            sleep 0.05
        done
        [ "$state" = idle ] && break
        # A port grabbed between our check and the bind is worth another try.
        if [ -n "$died" ] && [ "$attempt" -lt 3 ] &&
            grep -qi 'address already in use' "$dir"/slurmctld.* "$dir"/slurmd.* 2>/dev/null; then
            _slurm_cluster_log "port clash (attempt $attempt), retrying with new ports"
            # No grace: a slurmd still looking for its controller ignores TERM for a while.
            _slurm_stop_pids "$dir" 0 "$(cat "$dir/slurmctld.pid.spawned")" "$(cat "$dir/slurmd.pid.spawned")"
            continue
        fi
        if [ -n "$died" ]; then
            _slurm_cluster_log "$died exited during start-up"
        else
            _slurm_cluster_log "node not idle after ${SLURM_CLUSTER_START_TIMEOUT}s (state: '${state:-no answer}')"
        fi
        slurm_cluster_dump_logs "$dir"
        slurm_cluster_stop "$dir"
        return 1
    done
    _slurm_cluster_log "up in $(awk -v a="$t0" -v b="$(_slurm_now)" 'BEGIN { printf "%.2f", b - a }')s: node $host, ctld port $ctld_port, slurmd port $slurmd_port, SLURM_CONF=$SLURM_CONF"
}

# TERM the given PIDs (only those that are ours and alive), wait up to GRACE tenths of
# a second, then KILL.
_slurm_stop_pids() {
    local dir=$1 grace=$2 pid _
    shift 2
    local -a live=()
    for pid in "$@"; do
        [ -n "$pid" ] && _slurm_pid_alive "$pid" && _slurm_pid_ours "$pid" "$dir" && live+=("$pid")
    done
    [ ${#live[@]} -gt 0 ] || return 0
    kill -TERM "${live[@]}" 2>/dev/null
    for _ in $(seq 0 "$grace"); do
        local -a still=()
        for pid in "${live[@]}"; do _slurm_pid_alive "$pid" && still+=("$pid"); done
        [ ${#still[@]} -eq 0 ] && return 0
        sleep 0.1
    done
    [ "$grace" -eq 0 ] || _slurm_cluster_log "killing stubborn processes: ${still[*]}"
    kill -KILL "${still[@]}" 2>/dev/null
    for _ in $(seq 1 20); do
        local -a left=()
        for pid in "${still[@]}"; do _slurm_pid_alive "$pid" && left+=("$pid"); done
        [ ${#left[@]} -eq 0 ] && return 0
        sleep 0.1
    done
    _slurm_cluster_log "processes survived SIGKILL: ${left[*]}"
    return 1
}

slurm_cluster_stop() {
    # Must run to the end even under a caller's `set -e` (typically from an EXIT trap).
    local -
    set +e
    local dir=${1:?usage: slurm_cluster_stop DIR}
    [ -d "$dir" ] || return 0
    dir=$(cd "$dir" && pwd -P) || return 0
    local -a pids=()
    [ -f "$dir/pids" ] && mapfile -t pids <"$dir/pids"
    # Cancel jobs first while the controller is still up, so slurmstepd and job
    # processes end the normal way (a test may bail out with jobs still running).
    if [ -f "$dir/slurm.conf" ] && [ -f "$dir/slurmctld.pid.spawned" ] &&
        _slurm_pid_alive "$(cat "$dir/slurmctld.pid.spawned")"; then
        local jobs
        jobs=$(SLURM_CONF="$dir/slurm.conf" timeout 5 squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
        if [ -n "${jobs// /}" ]; then
            # shellcheck disable=SC2086
            SLURM_CONF="$dir/slurm.conf" timeout 5 scancel $jobs 2>/dev/null
            local _
            for _ in $(seq 1 30); do
                [ -z "$(SLURM_CONF="$dir/slurm.conf" timeout 5 squeue -h -o %A 2>/dev/null)" ] && break
                sleep 0.2
            done
        fi
    fi
    # Daemons recorded in DIR/pids, plus anything else carrying our tag (slurmstepd)
    # and their descendants (job processes).
    local -a tree=()
    mapfile -t tree < <(_slurm_tagged_tree "$dir")
    local rc=0
    _slurm_stop_pids "$dir" 50 "${pids[@]}" || rc=$?
    # Tagged-tree members are ours by construction (tag or child of a tagged process),
    # so they are killed without the per-PID ownership check.
    if [ ${#tree[@]} -gt 0 ]; then
        local -a rest=() pid
        for pid in "${tree[@]}"; do _slurm_pid_alive "$pid" && rest+=("$pid"); done
        if [ ${#rest[@]} -gt 0 ]; then
            kill -TERM "${rest[@]}" 2>/dev/null
            sleep 0.5
            kill -KILL "${rest[@]}" 2>/dev/null
        fi
    fi
    # Forget the PIDs so a second call cannot hit recycled ones.
    [ -f "$dir/pids" ] && mv -f "$dir/pids" "$dir/pids.stopped"
    return $rc
}

# States a job or array task can still leave (anything not final).
_slurm_is_final_state() {
    case "$1" in
    COMPLETED | FAILED | CANCELLED* | TIMEOUT | NODE_FAIL | PREEMPTED | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE | SPECIAL_EXIT | REVOKED) return 0 ;;
    *) return 1 ;;
    esac
}

slurm_wait_jobs() {
    local -
    set +e
    local timeout=${1:?usage: slurm_wait_jobs TIMEOUT JOBID...}
    shift
    [ $# -gt 0 ] || return 0
    local ids deadline out st active
    ids=$(
        IFS=,
        echo "$*"
    )
    deadline=$(($(date +%s) + timeout))
    while :; do
        # -t all: also list finished records, so "gone" and "squeue failed" differ.
        if out=$(timeout 10 squeue -h -t all -j "$ids" -o %T 2>/dev/null); then
            active=0
            while read -r st; do
                [ -n "$st" ] && ! _slurm_is_final_state "$st" && active=1
            done <<<"$out"
            [ "$active" -eq 0 ] && return 0
        fi
        if [ "$(date +%s)" -ge "$deadline" ]; then
            _slurm_cluster_log "jobs $ids still active after ${timeout}s:"
            timeout 10 squeue -t all -j "$ids" -o '%.12i %.12T %.20r %j' >&2
            return 1
        fi
        sleep 0.1
    done
}

slurm_job_state() {
    local -
    set +e
    local id=${1:?usage: slurm_job_state JOBID}
    local out
    out=$(timeout 10 scontrol -o show job "$id") || return 1
    # One record per line; sort array tasks by task id so the output order is stable.
    awk '{
        st = ""; task = 0
        for (i = 1; i <= NF; i++) {
            if ($i ~ /^JobState=/) st = substr($i, 10)
            else if ($i ~ /^ArrayTaskId=/) task = substr($i, 13) + 0
        }
        if (st != "") print task "\t" st
    }' <<<"$out" | sort -n -k1,1 | cut -f2
}
