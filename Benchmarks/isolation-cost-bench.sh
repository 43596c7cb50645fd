#!/usr/bin/env bash
# What the two newest layers cost a test, side by side (issue: no new code after load,
# whole-test caps):
#
#   filter   a system call with the seccomp filter against one without (Benchmarks/CodeLockCost),
#            times the calls one test of the reference makes (strace -c), per test
#   cgroup   a warm check of the reference with a control group per test against one with
#            CACHETUTOR_CGROUP=none (hyperfine, -j 1), divided by its 20 tests
#
# Usage: Benchmarks/isolation-cost-bench.sh [RUNS]   (needs hyperfine and strace; run as root for cgroup v1;
#        CACHETUTOR=path picks the binary, else a release build)
set -euo pipefail

runs="${1:-10}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/isolation-cost.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache" CACHETUTOR_HOME="$work/home"
reference="$root/Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift"
cachetutor="${CACHETUTOR:-$root/.build/release/cachetutor}"
[ -x "$cachetutor" ] || { echo "building cachetutor (release)…" >&2; swift build -c release --package-path "$root" >&2; }

echo "== filter"
swiftc -O -module-name CodeLockCost -o "$work/code-lock-cost" "$root/Sources/CodeLock/CodeLock.swift" "$root/Benchmarks/CodeLockCost/main.swift" 2>/dev/null
"$work/code-lock-cost" | tee "$work/filter.txt" | grep -v '^delta'
delta="$(awk '/^delta/ { print $2 }' "$work/filter.txt")"
"$cachetutor" check "$reference" >/dev/null
strace -f -c -o "$work/strace.txt" "$cachetutor" check "$reference" -j 1 >/dev/null 2>&1 || true
total="$(awk '$NF == "total" { print $(NF-2) }' "$work/strace.txt")"
echo "system calls in a check of 20 tests (grader, compiler and tests together): $total"
awk -v calls="$total" -v delta="$delta" 'BEGIN { printf "filter cost, at most: %.0f µs per test (every call counted as a test'"'"'s)\n", calls * delta / 1000 / 20 }'

echo "== cgroup"
hyperfine --warmup 1 --runs "$runs" --export-markdown "$work/cgroup.md" \
  -n "with a cgroup per test" "$cachetutor check $reference -j 1" \
  -n "CACHETUTOR_CGROUP=none" "CACHETUTOR_CGROUP=none $cachetutor check $reference -j 1" >/dev/null
cat "$work/cgroup.md"
echo "(divide the difference by 20 for the cost per test)"

echo "== memory"
# The most one hostile check takes from the machine: MemAvailable sampled every 20 ms while
# the memory bomb, then the fixture that forks and fills /dev/shm, is checked with -j 1.
for fixture in 06-memory-bomb 55-forks-and-fills-dev-shm; do
  file="$root/Tests/Fixtures/Submissions/ThumbnailCache/hostile/$fixture.swift"
  mkdir -p "$work/$fixture" && cp "$file" "$work/$fixture/ThumbnailCache.swift"
  python3 - "$cachetutor" "$work/$fixture/ThumbnailCache.swift" <<'PY'
import subprocess, sys, time
def available():
    for line in open("/proc/meminfo"):
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
start = available()
child = subprocess.Popen([sys.argv[1], "check", sys.argv[2], "-j", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
lowest = start
while child.poll() is None:
    lowest = min(lowest, available())
    time.sleep(0.02)
print(f"{sys.argv[2].split('/')[-2]}: exit {child.returncode}, at most {(start - lowest) / 2**20:.0f} MiB of MemAvailable taken (limit per test: 1024 MiB)")
PY
done
