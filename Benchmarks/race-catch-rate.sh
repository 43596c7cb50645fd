#!/usr/bin/env bash
# How often the hidden tests catch each mutant whose bug is a race (issue: races caught
# every time, not by luck). Each mutant is written out from its patch and checked RUNS
# times; a run catches it when `check` fails some test (exit 1). Data races end at the
# first racing access (ThreadSanitizer); check-then-act races on the cache are made certain
# by the engine's grading hooks; the deadlock is seen by the stall probe.
#
# Usage: Benchmarks/race-catch-rate.sh [RUNS]   (default 100; CACHETUTOR=path picks the
#        binary, else a debug build; ONLY="EXERCISE MUTANT|…" picks some of the mutants)
set -euo pipefail

runs="${1:-100}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/race-catch.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$work/cache}" CACHETUTOR_HOME="$work/home"
cachetutor="${CACHETUTOR:-$root/.build/debug/cachetutor}"
[ -x "$cachetutor" ] || { echo "building cachetutor…" >&2; swift build --package-path "$root" >&2; }

mutants=(
  "ThumbnailCache 25-racy-inflight-table"
  "ThumbnailCache 36-shared-pending-key"
  "ThumbnailCache 37-two-locks-in-opposite-order"
  "ThumbnailCache 38-hit-looked-up-twice"
  "ImageLoader 09-check-and-insert-apart"
  "ImageLoader 30-check-then-insert-relocked"
  "ImageLoader 23-delegate-counts-without-lock"
  "ImageLoader 31-hit-looked-up-twice"
  "ImageLoader 33-joins-under-second-lock"
  "ProfileStore 18-shared-pending-id"
  "ProfileStore 27-hit-looked-up-twice"
  "SessionCache 31-check-then-store-outside-lock"
  "SessionCache 32-completion-under-generation-lock"
  "SessionCache 33-hit-looked-up-twice"
  "ImageStore 20-stores-in-a-later-task"
  "ThumbnailCache 42-miss-looked-up-after-store"
  "ImageLoader 36-recursive-lock-joins-apart"
  "SessionCache 34-generation-read-unlocked"
  "ImageLoader 37-queue-checks-and-inserts-apart"
  "ImageLoader 38-queue-joins-apart"
  "ImageLoader 39-queue-stores-after-leaving"
  "ImageLoader 45-second-look-completes-under-lock"
  "ImageLoader 46-delegate-takes-loader-lock"
  "ImageLoader 47-semaphore-checks-and-inserts-apart"
  "ImageLoader 48-semaphore-joins-apart"
)
# ONLY="ThumbnailCache 42-miss-looked-up-after-store|…" checks just those entries.
if [ -n "${ONLY:-}" ]; then
  IFS='|' read -r -a mutants <<<"$ONLY"
fi

printf '%-16s %-34s %s\n' exercise mutant caught
for entry in "${mutants[@]}"; do
  read -r exercise mutant <<<"$entry"
  mkdir -p "$work/$mutant"
  file="$work/$mutant/$exercise.swift"
  "$cachetutor" exercises mutant "$exercise" "$mutant" >"$file"
  caught=0
  for _ in $(seq "$runs"); do
    status=0
    "$cachetutor" check "$file" >"$work/$mutant/out" 2>"$work/$mutant/err" || status=$?
    case "$status" in
      1) caught=$((caught + 1)) ;;
      0) ;;
      *) echo "$exercise $mutant: check exited $status" >&2; tail -n 20 "$work/$mutant/err" "$work/$mutant/out" >&2; exit 1 ;;
    esac
  done
  printf '%-16s %-34s %d/%d\n' "$exercise" "$mutant" "$caught" "$runs"
done
