#!/usr/bin/env bash
# Grading throughput, side by side in one run (issue: honour -j, bound a hang, warm check):
#
#   check -j N        the reference solution and a submission whose loadThumbnail spins for
#                     ever on a miss, for N in 1 2 4 8 16 (hyperfine; the hanging one once each)
#   sandbox start     one runner `probe` under bubblewrap, under the runner's own namespaces,
#                     and bare: what confining costs per test
#   shares            of a warm check's wall time: compiling the file, and running the tests
#
# Usage: Benchmarks/throughput-bench.sh [RUNS]   (needs hyperfine and bubblewrap)
set -euo pipefail

runs="${1:-5}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/throughput-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache" CACHETUTOR_HOME="$work/home"
correct="$root/Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift"
# The hanging submission is the reference with a spin on a miss, made here so it cannot drift.
hanging="$work/HangOnMiss/ThumbnailCache.swift"
mkdir -p "$(dirname "$hanging")"
python3 - "$correct" "$hanging" <<'PY'
import sys
source = open(sys.argv[1]).read()
miss = "        let made = generator(key)\n"
assert miss in source, "the reference's miss path changed; update throughput-bench.sh"
open(sys.argv[2], "w").write(source.replace(miss, "        var spins = 0\n        while spins >= 0 { spins &+= 1; spins &= 0xffff }\n" + miss, 1))
PY

echo "building cachetutor (release)…" >&2
swift build -c release --package-path "$root" --product cachetutor >&2
cachetutor="$(swift build -c release --package-path "$root" --show-bin-path)/cachetutor"
"$cachetutor" check "$correct" >/dev/null   # builds the harness

echo "## check -j N, correct file ($runs runs each)"
hyperfine -N --warmup 2 --runs "$runs" --style basic -L jobs 1,2,4,8,16 "$cachetutor check -j {jobs} $correct" 2>&1 | grep -E "^Benchmark|Time"
echo "## check, default -j ($runs runs)"
hyperfine -N --warmup 2 --runs "$runs" --style basic "$cachetutor check $correct" --export-json "$work/warm.json" 2>&1 | grep -E "^Benchmark|Time"
python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(f'warm check median {r[\"median\"]:.3f} s')" "$work/warm.json"

echo "## check -j N, hang-on-miss file (one run each)"
for jobs in 2 8 16; do
  start=$(date +%s.%N)
  "$cachetutor" check -j "$jobs" "$hanging" --format json > "$work/hang-$jobs.json" || true
  end=$(date +%s.%N)
  python3 - "$work/hang-$jobs.json" "$jobs" "$start" "$end" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
messages = [t.get("message") or "" for t in report["tests"]]
timeouts = sum(1 for m in messages if m.startswith("timeout"))
blocked = sum(1 for m in messages if "did not return within 2 s" in m)
print(f"-j {sys.argv[2]:>2}: {float(sys.argv[4]) - float(sys.argv[3]):5.1f} s   of {len(messages)} tests, {blocked} stopped at the 2 s call deadline, {timeouts} at the wall-clock limit")
PY
done

echo "## sandbox start-up per test (runner probe)"
harness="$(ls -d "$XDG_CACHE_HOME"/cachetutor/harness-ThumbnailCache-*/ | head -1)"
mkdir -p "$work/probe"
paths=$(python3 -c "
import json,sys; p=json.load(open(sys.argv[1]+'/sandbox.json'))
print(' '.join(['--symlink %s %s' % (l['target'], l['path']) for l in p['links']] + ['--ro-bind %s %s' % (d, d) for d in p['directories']]))" "$harness")
hyperfine -N --warmup 3 --runs 30 --style basic \
  "bwrap --unshare-all --unshare-user --die-with-parent --new-session --cap-drop ALL $paths --ro-bind $harness /h --dev /dev --proc /proc --tmpfs /tmp --tmpfs /work --chdir /work /h/runner probe --mechanism bubblewrap" \
  "${harness}runner probe --mechanism none" 2>&1 | grep -E "^Benchmark|Time"

echo "## where a warm check's time goes"
for i in 1 2 3; do "$cachetutor" check "$correct" --format json > "$work/one.json"; done
python3 - "$work/one.json" "$work/warm.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
wall = json.load(open(sys.argv[2]))["results"][0]["median"] * 1000
compile_ms = report.get("compile_ms", 0)
tests = sorted(t.get("duration_ms", 0) for t in report["tests"])
print(f"wall {wall:.0f} ms; compiling and auditing the file {compile_ms} ms ({100 * compile_ms / wall:.0f} %);"
      f" the test processes (the sandbox probe runs beside the compile) the rest ({100 * (wall - compile_ms) / wall:.0f} %);"
      f" one test process, sandbox included: median {tests[len(tests) // 2]} ms, slowest {tests[-1]} ms")
PY
