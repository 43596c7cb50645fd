#!/usr/bin/env bash
# What the two newest layers cost a test, side by side (issue: no new code after load,
# whole-test caps):
#
#   filter   a system call with the seccomp filter against one without (Benchmarks/CodeLockCost),
#            times the calls one test of the reference makes (strace -c), per test
#   cgroup   a warm check of the reference with a control group per test against one with
#            CACHETUTOR_CGROUP=none (hyperfine, -j 1), divided by its 20 tests
#
# Usage: Benchmarks/isolation-cost-bench.sh [RUNS]   (needs hyperfine and strace; run as root for cgroup v1)
set -euo pipefail

runs="${1:-10}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/isolation-cost.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache" CACHETUTOR_HOME="$work/home"
reference="$root/Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift"
cachetutor="$root/.build/release/cachetutor"
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
