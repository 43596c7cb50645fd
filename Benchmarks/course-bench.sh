#!/usr/bin/env bash
# Figures for the course side of `cachetutor grade` on a class of 50 from the fixture
# corpus (Benchmarks/make-class.sh), each student folder made a git repository with one
# commit dated within two days of the deadline, and 50 ProfileStore submissions (the
# reference, every third a mutant):
#   - an unchanged re-run with a deadline and a late penalty, which reads every
#     repository's last commit, against the same re-run of a copy without repositories
#   - `grade --report` of the two exercises with a roster, in every format
#   - the similarity check with the HTML side-by-side view, on the class and on a class
#     where 20 students hand in disguised copies of one file
# Each figure is the median of three runs, with the process's own peak RSS (VmHWM).
#
#   Benchmarks/course-bench.sh            # JOBS=2 by default
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/course-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== building (release)"
(cd "$root" && swift build -c release --product cachetutor 2>&1 | tail -n1) || exit 1
bin="$root/.build/release/cachetutor"
CACHETUTOR="$bin" "$root/Benchmarks/make-class.sh" "$work" 50 > /dev/null
cd "$work"

# Every student folder becomes a repository whose one commit is 0 to 47 hours after 2026-11-20 00:00 UTC.
n=0
for folder in class/*/; do
    n=$((n + 1))
    date=$(date -u -d "2026-11-20T00:00:00Z + $(( (n * 7) % 48 )) hours" +%Y-%m-%dT%H:%M:%SZ)
    git -C "$folder" init -q
    git -C "$folder" add -A
    GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git -C "$folder" -c user.name=student -c user.email=student@example.edu commit -qm "hand in"
done
repositories=$n
cp -r class plain
find plain -name .git -type d -prune -exec rm -rf {} +

mkdir profiles
mutants=()
for patch in "$root"/Exercises/ProfileStore/.grading/Mutants/*.diff; do
    name=$(basename "$patch" .diff)
    "$bin" exercises mutant ProfileStore "$name" > "mutant-$name.swift"
    mutants+=("$PWD/mutant-$name.swift")
done
for i in $(seq -w 1 50); do
    if (( 10#$i % 3 == 0 )); then source=${mutants[$(( 10#$i % ${#mutants[@]} ))]}; else source="$root/Exercises/ProfileStore/.grading/Reference/ProfileStore.swift"; fi
    cp "$source" "profiles/student-$i.swift"
done
{
    echo "folder,name,email,lms_id,sis_id,sis_login,section"
    for i in $(seq -w 1 50); do echo "student-$i,Student $i,s$i@example.edu,10$i,S10$i,login$i,A$(( 10#$i % 3 ))"; done
} > roster.csv

# median LABEL COMMAND…: the median wall time of three runs and the largest VmHWM seen.
median() {
    local label=$1; shift
    local times=() hwm=0 value pid start end
    for _ in 1 2 3; do
        start=$(date +%s.%N)
        "$@" > /dev/null 2> "$work/last.err" &
        pid=$!
        while kill -0 "$pid" 2> /dev/null; do
            value=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2> /dev/null)
            [[ -n "$value" && "$value" -gt "$hwm" ]] && hwm=$value
            sleep 0.01
        done
        wait "$pid"
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    printf '%-46s %6.2f s   peak RSS %4d MiB\n' "$label" "$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)" $((hwm / 1024))
}

echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) on $(nproc) cores"
echo "== cold gradings (not timed here; see grade-bench.sh)"
deadline=(--due 2026-11-20T23:59Z --late-penalty "10%/day max 50%")
"$bin" grade class --jobs "$jobs" "${deadline[@]}" > /dev/null 2>&1
"$bin" grade profiles --exercise ProfileStore --jobs "$jobs" --due 2026-11-27T23:59Z > /dev/null 2>&1
echo "   $(grep -c 'late (' <("$bin" grade class --jobs "$jobs" 2> /dev/null)) of 50 ThumbnailCache submissions late (the $repositories folders by their commit, the single files by their file time)"
cp gradebook.sqlite3 plain.sqlite3

echo "== figures"
median "re-run, $repositories git repositories" "$bin" grade class --jobs "$jobs"
median "re-run, the same class without repositories" "$bin" grade plain --jobs "$jobs" --gradebook plain.sqlite3
for format in text csv html canvas moodle; do
    median "grade --report --format $format (2 x 50)" "$bin" grade --report --roster roster.csv --format "$format" --output "course.$format"
done
median "--similarity --format html, the class" "$bin" grade class --similarity --format html --output class.html
echo "   class.html: $(wc -c < class.html) bytes; $(grep -c '<div class="sides">' class.html) side-by-side views"

# 20 students hand in one file with its names changed, beside 27 of the class.
mkdir copies
cp class/*.swift copies/
for i in $(seq 1 20); do
    sed -e "s/thumbnails/store$i/g; s/generator/make$i/g; s/bytes/size$i/g" "$root/Tests/Fixtures/Submissions/ThumbnailCache/correct/01-plain-sync.swift" \
        | sed -e "s|^    func|    // part $i\n    func|" > "copies/copy-$i.swift"
    printf '\nfunc helper%d(_ values: [Int]) -> Int {\n    var total = 0\n    for value in values where value > 0 { total += value * 2 }\n    return total / max(1, values.count)\n}\n' "$i" >> "copies/copy-$i.swift"
done
"$bin" grade copies --jobs "$jobs" --gradebook copies.sqlite3 > /dev/null 2>&1
median "--similarity --format html, 20 copies" "$bin" grade copies --gradebook copies.sqlite3 --similarity --format html --output copies.html
"$bin" grade copies --gradebook copies.sqlite3 --similarity > copies.txt 2> /dev/null
echo "   copies.html: $(wc -c < copies.html) bytes; $(grep -c '<div class="sides">' copies.html) side-by-side views for $(grep -c '↔' copies.txt) flagged pairs"
