#!/usr/bin/env bash
# The same class graded several times from scratch, beside a CPU and a memory hog: does
# every file get the same score each time, and every correct file full marks?
#
#   Benchmarks/stable-scores-bench.sh [ROUNDS]   # 5 by default; COUNT=50 submissions, JOBS=2;
#                                                # CACHETUTOR picks the binary, else release
#
# The hogs: one busy loop per core at normal priority, and a process holding HOG_MB (default
# 4096) of touched memory. Each round grades into a gradebook of its own (`--force`), and
# reads the scores back with `grade --report --format csv`. The table lists every student
# whose score differed between rounds, and the correct files that lost a point; the exit
# status is 1 when there is any.
set -euo pipefail

rounds=${1:-5}
count=${COUNT:-50}
jobs=${JOBS:-2}
hog_mb=${HOG_MB:-4096}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/stable-scores.XXXXXX")
hogs=()
cleanup() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

if [ -z "${CACHETUTOR:-}" ]; then
    (cd "$root" && swift build -c release --product cachetutor 2>&1 | tail -n1)
    CACHETUTOR="$root/.build/release/cachetutor"
fi
export CACHETUTOR CACHETUTOR_HOME="$work/home"
"$root/Benchmarks/make-class.sh" "$work" "$count" > /dev/null

for _ in $(seq "$(nproc)"); do
    sh -c 'while :; do :; done' &
    hogs+=($!)
done
python3 -c "
import time
block = bytearray($hog_mb << 20)
for i in range(0, len(block), 4096): block[i] = 1
time.sleep(1 << 30)" &
hogs+=($!)
sleep 2
echo "hogs: $(nproc) busy loops, ${hog_mb} MB held; load $(cut -d' ' -f1-3 /proc/loadavg)"

for round in $(seq "$rounds"); do
    start=$(date +%s)
    status=0
    "$CACHETUTOR" grade "$work/class" --jobs "$jobs" --force --gradebook "$work/round-$round.sqlite3" > "$work/round-$round.out" 2>&1 || status=$?
    "$CACHETUTOR" grade --report --gradebook "$work/round-$round.sqlite3" --format csv --output "$work/round-$round.csv" > /dev/null 2>&1
    echo "round $round: exit $status, $(( $(date +%s) - start )) s, load $(cut -d' ' -f1 /proc/loadavg)"
done

python3 - "$work" "$rounds" <<'PY'
import csv, sys
work, rounds = sys.argv[1], int(sys.argv[2])
expected = {}
for line in open(f"{work}/manifest.tsv"):
    student, fixture, expect = line.rstrip("\n").split("\t")
    expected[student] = (fixture, expect)
scores = {}
for r in range(1, rounds + 1):
    with open(f"{work}/round-{r}.csv", newline="") as f:
        for row in csv.DictReader(f):
            scores.setdefault(row["student"], []).append(f'{row["total"]}/{row["total_max"]}')
changed = {s: v for s, v in scores.items() if len(set(v)) > 1}
short = [s for s, (fixture, expect) in expected.items() if expect == "pass" and any(not x or x.split("/")[0] != x.split("/")[-1] for x in scores.get(s, [""]))]
print(f"{len(scores)} students over {rounds} rounds: {len(changed)} changed score, {len(short)} correct files short of full marks")
for s in sorted(changed): print(f"  changed  {s:12} {expected.get(s, ('?', ''))[0]:48} {' '.join(changed[s])}")
for s in sorted(short): print(f"  short    {s:12} {expected[s][0]:48} {' '.join(scores.get(s, []))}")
sys.exit(1 if changed or short else 0)
PY
