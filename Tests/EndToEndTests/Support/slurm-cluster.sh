#!/usr/bin/env bash
# A single-node Slurm cluster in a folder of its own, for the scale-out end-to-end test.
#
#   slurm-cluster.sh start DIR     # writes DIR/slurm.conf, starts munged, slurmctld and slurmd;
#                                  # prints SLURM_CONF=DIR/slurm.conf once the node is idle
#   slurm-cluster.sh stop DIR      # stops the three daemons it started (by their pid files)
#
# Everything lives under DIR: the munge key and socket, state and spool folders, logs and
# pid files. Nothing under /etc is read or written, so it runs beside a real cluster's
# configuration and leaves no trace. On failure it prints why (the daemons' own log lines)
# and exits 1.
set -euo pipefail

command=${1:?usage: slurm-cluster.sh start|stop DIR}
dir=${2:?usage: slurm-cluster.sh start|stop DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

fail() {
    echo "slurm-cluster: $*" >&2
    for log in munged.log slurmctld.log slurmd.log; do
        [[ -s "$dir/$log" ]] && { echo "--- $log (last lines)" >&2; tail -n 8 "$dir/$log" >&2; }
    done
    exit 1
}

stop() {
    # slurmd and slurmctld first (they use munge), then munged; each by the pid its file holds.
    for name in slurmd slurmctld munged; do
        local file="$dir/$name.pid"
        [[ -s "$file" ]] || continue
        local pid
        pid=$(cat "$file")
        kill "$pid" 2> /dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2> /dev/null || true
        rm -f "$file"
    done
}

# detached COMMAND…: runs a daemon with nothing of this script's caller but the environment.
# Its standard input and outputs are /dev/null (its logs are in DIR), and every other
# descriptor it would inherit is closed first. That matters: a daemon outlives this script,
# and any descriptor it keeps open keeps the caller waiting. Foundation's `Process` (the
# Swift tests) learns that a child has ended from a socket the child inherits, so a munged
# holding that socket made `slurm-cluster.sh start` look as if it never ended; a daemon
# holding an inherited pipe would do the same to whoever reads this script's output.
detached() {
    (
        for fd in /proc/self/fd/*; do
            fd=${fd##*/}
            (( fd > 2 )) && eval "exec $fd>&-" 2> /dev/null
        done
        exec "$@"
    ) < /dev/null > /dev/null 2>&1
}

if [[ $command == stop ]]; then
    stop
    exit 0
fi
[[ $command == start ]] || fail "unknown command '$command' (start or stop)"

for tool in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$tool" > /dev/null || PATH=$PATH:/usr/sbin:/sbin
    command -v "$tool" > /dev/null || fail "'$tool' is not installed (apt-get install slurm-wlm munge)"
done

mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 0700 "$dir/munge"
# A fresh key for this cluster only.
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$dir/munge/munge.key"
detached munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/munge.seed" --force \
    || fail "munged did not start"

host=$(hostname -s)
# At least the two CPUs the job array in docs/instructors.md asks of each task.
cpus=$(nproc)
(( cpus >= 2 )) || cpus=2
# Ports of its own, so a second cluster (or a real one) on the machine does not answer.
base=$(( 20000 + ($$ % 20000) ))
user=$(id -un)
cat > "$dir/slurm.conf" <<CONF
ClusterName=cachetutor-test
SlurmctldHost=$host
SlurmUser=$user
SlurmdUser=root
SlurmctldPort=$base
SlurmdPort=$((base + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
MinJobAge=600
NodeName=$host CPUs=$cpus RealMemory=16384 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf

detached slurmctld -f "$dir/slurm.conf" || fail "slurmctld did not start"
detached slurmd -f "$dir/slurm.conf" || fail "slurmd did not start"

# Wait for the node to be ready to take jobs.
for _ in $(seq 100); do
    state=$(sinfo -h -N -o '%T' 2> /dev/null | head -n1 || true)
    [[ $state == idle ]] && { echo "SLURM_CONF=$dir/slurm.conf"; exit 0; }
    sleep 0.2
done
stop
fail "the node never became idle (last state: '${state:-none}')"
