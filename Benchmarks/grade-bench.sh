#!/usr/bin/env bash
# Figures for `cachetutor grade` on a class of 50 submissions from the fixture corpus
# (14 correct, 26 buggy, 10 hostile; both folder layouts; 3 entries to skip):
#   - a cold grading (empty gradebook; the harness already built, as after any first check)
#   - an unchanged re-run, and a re-run after one file changed
#   - the per-submission cost in the batch against a single warm `cachetutor check`
#   - the peak memory (VmHWM) of the grading process itself, sampled from /proc
# Every verdict is checked against the `// expect:` line of its fixture.
#
#   Benchmarks/grade-bench.sh            # JOBS=2 by default; COUNT=50
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
count=${COUNT:-50}
work=$(mktemp -d "${TMPDIR:-/tmp}/grade-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== building (release)"
(cd "$root" && swift build -c release --product cachetutor 2>&1 | tail -n1) || exit 1
bin="$root/.build/release/cachetutor"
CACHETUTOR="$bin" "$root/Benchmarks/make-class.sh" "$work" "$count"
corpus="$root/Tests/Fixtures/Submissions/ThumbnailCache"

# run LABEL COMMAND…: wall seconds and the command's own peak RSS (VmHWM, KiB), sampled every 50 ms.
run() {
    local label=$1; shift
    local start end pid hwm=0 value status=0
    start=$(date +%s.%N)
    "$@" > "$work/$label.out" 2> "$work/$label.err" &
    pid=$!
    while kill -0 "$pid" 2> /dev/null; do
        value=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2> /dev/null)
        [[ -n "$value" ]] && hwm=$value
        sleep 0.05
    done
    wait "$pid" || status=$?
    end=$(date +%s.%N)
    wall=$(echo "$end - $start" | bc)
    peak_kib=$hwm
    printf '%-34s %7.2f s   exit %d   peak RSS %5d MiB\n' "$label" "$wall" "$status" $((hwm / 1024))
}

echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) on $(nproc) cores"
echo "== one warm check first (builds the harness if this machine has none yet)"
run "check (first, may build harness)" "$bin" check "$corpus/correct/01-plain-sync.swift"
checks=()
for i in 1 2 3; do
    run "check, warm ($i)" "$bin" check "$corpus/correct/01-plain-sync.swift"
    checks+=("$wall")
done
check_median=$(printf '%s\n' "${checks[@]}" | sort -n | sed -n 2p)

echo "== grade $count submissions, --jobs $jobs"
cd "$work"
run "grade, cold gradebook" "$bin" grade class --jobs "$jobs" --format csv --output grades.csv
cold=$wall
cold_peak=$peak_kib
run "grade, unchanged re-run" "$bin" grade class --jobs "$jobs" --format csv --output grades-again.csv
unchanged=$wall
echo "// a comment added after grading" >> class/student-05.swift
run "grade, one file changed" "$bin" grade class --jobs "$jobs" --format csv --output grades-changed.csv
changed=$wall
regraded=$(grep -c '^\[' "$work/grade, one file changed.err" | tr -d ' ')
fresh=$(grep '^\[' "$work/grade, one file changed.err" | grep -vc '(unchanged)' | tr -d ' ')

echo "== verdicts against the fixtures' expectations"
awk -F'\t' '
    NR == FNR { expect[$1] = $3; fixture[$1] = $2; next }
    FNR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
    ($1 in expect) {
        status = $column["status"]; failing = $column["failing_tests"]
        split(expect[$1], want, " ")
        if (want[1] == "pass") ok = (status == "pass")
        else if (want[1] == "error") ok = (status == "did not compile")
        else {
            n = split(failing, got, " "); delete seen; for (i = 1; i <= n; i++) seen[got[i]] = 1
            # The header lists the tests the bug must fail; one bug may fail others too.
            ok = (status == "fail")
            for (i = 2; i <= length(want); i++) if (!(want[i] in seen)) ok = 0
        }
        if (ok) matched++; else { missed++; printf "  MISMATCH %s (%s): expected %s, got %s [%s]\n", $1, fixture[$1], expect[$1], status, failing }
    }
    END { printf "  %d of %d verdicts as the fixtures expect\n", matched, matched + missed }
' "$work/manifest.tsv" <(tr -d '\r' < grades.csv | sed 's/,/\t/g')
cmp -s grades.csv grades-again.csv && echo "  the unchanged re-run reported the same CSV" || echo "  WARNING: the unchanged re-run reported a different CSV"

echo "== figures"
printf '  cold: %.1f s for %d submissions = %.2f s per submission (warm single check: median %.2f s)\n' "$cold" "$count" "$(echo "$cold / $count" | bc -l)" "$check_median"
printf '  unchanged re-run: %.2f s; one file changed: %.2f s (%s of %s graded again)\n' "$unchanged" "$changed" "$fresh" "$regraded"
printf '  peak RSS of the grade process itself: %d MiB\n' $((cold_peak / 1024))
if command -v sqlite3 > /dev/null; then
    echo "  mean grading time per submission by kind (one worker's time; wall share is this / jobs):"
    sqlite3 -separator $'\t' gradebook.sqlite3 "SELECT student, duration_ms, min(id) FROM attempt GROUP BY student" |
        awk -F'\t' 'NR == FNR { split($2, part, "/"); kind[$1] = part[1]; next }
                     ($1 in kind) { total[kind[$1]] += $2; count[kind[$1]]++ }
                     END { for (k in total) printf "    %-8s %2d submissions  %6.2f s\n", k, count[k], total[k] / count[k] / 1000 }' "$work/manifest.tsv" - | sort
    echo "  slowest submissions (ms):"
    sqlite3 -separator '  ' gradebook.sqlite3 "SELECT student, duration_ms, status FROM attempt ORDER BY duration_ms DESC LIMIT 4" |
        while read -r student rest; do printf '    %s (%s)  %s\n' "$student" "$(awk -F'\t' -v s="$student" '$1 == s { print $2 }' "$work/manifest.tsv")" "$rest"; done
fi
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
