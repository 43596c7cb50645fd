#!/usr/bin/env bash
# Figures for a class of a thousand on one machine:
#   - time per submission grading 50, and grading N (default 1,000; the issue's bar: within 1.2x)
#   - the similarity check over the N, and over SIMILARITY (default 1,000) when N is smaller
#     (bar: 10 s over 1,000), every tenth submission a disguised copy
#   - the grader's peak memory (VmHWM of the grade process) on the N (bar: 500 MB)
#   - `grade --report` on the N's gradebook (bar: 1 s), every format
#
# The class is built from the corpus: the correct fixtures, every mutant of the exercise
# (made with `cachetutor exercises mutant`), a few hostile files, and disguised copies of a
# correct one (names changed, a helper added). Each submission is a distinct file, so
# nothing is taken from the gradebook's cache.
#
#   Benchmarks/scale-bench.sh                 # COUNT=1000 JOBS=2; SMALL=50
#   COUNT=200 Benchmarks/scale-bench.sh       # a smaller N, when a busy machine cannot afford 1,000;
#                                             # the similarity check is still timed over SIMILARITY=1000
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
count=${COUNT:-1000}
small=${SMALL:-50}
similarity=${SIMILARITY:-1000}
work=$(mktemp -d "${TMPDIR:-/tmp}/scale-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== building (release)"
(cd "$root" && swift build -c release --product cachetutor 2>&1 | tail -n1) || exit 1
bin="$root/.build/release/cachetutor"
corpus="$root/Tests/Fixtures/Submissions/ThumbnailCache"

# make_class DIR N: N distinct submissions, one file each.
make_class() {
    local dir=$1 n=$2 i=0 sources=()
    mkdir -p "$dir" "$work/sources"
    if [[ ! -f "$work/sources/.done" ]]; then
        for file in "$corpus"/correct/0*.swift "$corpus"/correct/1[0-4]*.swift; do cp "$file" "$work/sources/"; done
        for name in 03-exit-zero-in-init 07-output-flood 13-compile-error 01-fake-pass-lines; do cp "$corpus/hostile/$name.swift" "$work/sources/hostile-$name.swift"; done
        for mutant in "$root"/Exercises/ThumbnailCache/.grading/Mutants/*.diff; do
            name=$(basename "$mutant" .diff)
            "$bin" exercises mutant ThumbnailCache "$name" > "$work/sources/mutant-$name.swift" 2> /dev/null || rm -f "$work/sources/mutant-$name.swift"
        done
        touch "$work/sources/.done"
    fi
    mapfile -t sources < <(ls "$work"/sources/*.swift | sort)
    for (( i = 0; i < n; i++ )); do
        student=$(printf 'student-%04d' "$i")
        if (( i % 10 == 9 )); then
            # A disguised copy of one correct file: names changed, a line moved apart, a helper added.
            sed -e "s/thumbnails/store$i/g; s/generator/make$i/g" "$corpus/correct/01-plain-sync.swift" | sed -e "s|^    func|    // part $i\n    func|" > "$dir/$student.swift"
            printf '\nfunc helper%d(_ values: [Int]) -> Int {\n    var total = 0\n    for value in values where value > 0 { total += value * 2 }\n    return total / max(1, values.count)\n}\n' "$i" >> "$dir/$student.swift"
        else
            # Any other file of the corpus, made distinct by a comment of its own.
            { cat "${sources[i % ${#sources[@]}]}"; printf '// handed in by %s\n' "$student"; } > "$dir/$student.swift"
        fi
    done
}

# run LABEL COMMAND…: wall seconds and the command's own peak RSS (VmHWM), sampled every 20 ms.
run() {
    local label=$1; shift
    local start end pid hwm=0 value status=0
    start=$(date +%s.%N)
    "$@" > "$work/last.out" 2> "$work/last.err" &
    pid=$!
    while kill -0 "$pid" 2> /dev/null; do
        value=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2> /dev/null)
        [[ -n "$value" && "$value" -gt "$hwm" ]] && hwm=$value
        sleep 0.02
    done
    wait "$pid" || status=$?
    end=$(date +%s.%N)
    wall=$(echo "$end - $start" | bc)
    peak=$((hwm / 1024))
    printf '%-52s %8.2f s   exit %3d   peak RSS %5d MiB\n' "$label" "$wall" "$status" "$peak"
}

echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) on $(nproc) cores"
cd "$work"
make_class small "$small"
make_class class "$count"
echo "   $small and $count submissions from $(ls sources/*.swift | wc -l) corpus files; every tenth a disguised copy"
"$bin" check "$corpus/correct/01-plain-sync.swift" > /dev/null 2>&1   # the harness, built once

run "grade $small, cold gradebook, --jobs $jobs" "$bin" grade small --jobs "$jobs" --gradebook small.sqlite3
per_small=$(echo "$wall / $small" | bc -l)
run "grade $count, cold gradebook, --jobs $jobs" "$bin" grade class --jobs "$jobs" --gradebook class.sqlite3
per_large=$(echo "$wall / $count" | bc -l)
grade_peak=$peak
printf '   per submission: %.3f s at %d, %.3f s at %d (ratio %.2f; bar 1.2)\n' "$per_small" "$small" "$per_large" "$count" "$(echo "$per_large / $per_small" | bc -l)"
printf '   grader peak memory on %d: %d MiB (bar 500 MB)\n' "$count" "$grade_peak"

run "grade, unchanged re-run over $count (no similarity)" "$bin" grade class --jobs "$jobs" --gradebook class.sqlite3
unchanged=$wall
run "grade --similarity over $count (unchanged, html)" "$bin" grade class --jobs "$jobs" --gradebook class.sqlite3 --similarity --format html --output similar.html
printf '   similarity check alone: about %.2f s (the --similarity run less the unchanged one; bar 10 s); peak RSS %d MiB\n' "$(echo "$wall - $unchanged" | bc -l)" "$peak"
echo "   similar.html: $(wc -c < similar.html) bytes, $(grep -c '<div class="sides">' similar.html) side-by-side views"
# The similarity check covers the whole folder even when --only grades one student, so it
# can be timed over SIMILARITY submissions (default 1,000) when grading COUNT of them is too
# slow: both runs below grade student-0000 again, one of them also checks similarity.
if (( similarity != count )); then
    make_class simclass "$similarity"
    run "grade --only 1 of $similarity (no similarity)" "$bin" grade simclass --only student-0000 --gradebook sim.sqlite3
    only=$wall
    run "grade --only 1 of $similarity --similarity (html)" "$bin" grade simclass --only student-0000 --gradebook sim.sqlite3 --similarity --format html --output similar-$similarity.html
    printf '   similarity check over %d: about %.2f s (the --similarity run less the other; bar 10 s); peak RSS %d MiB\n' "$similarity" "$(echo "$wall - $only" | bc -l)" "$peak"
    echo "   similar-$similarity.html: $(wc -c < similar-$similarity.html) bytes, $(grep -c '<div class="sides">' similar-$similarity.html) side-by-side views"
fi
for format in text csv html canvas moodle; do
    roster=()
    [[ $format == canvas || $format == moodle ]] && roster=(--roster roster.csv)
    if [[ ! -f roster.csv ]]; then
        { echo "folder,name,email,lms_id"; for (( i = 0; i < count; i++ )); do s=$(printf 'student-%04d' "$i"); echo "$s,Student $i,$s@example.edu,$((1000 + i))"; done; } > roster.csv
    fi
    run "grade --report --format $format ($count)" "$bin" grade --report --gradebook class.sqlite3 --format "$format" --output "report.$format" "${roster[@]}"
done
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
