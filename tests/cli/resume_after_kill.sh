#!/usr/bin/env bash
# A run killed with SIGKILL part way and continued with --resume writes the results.json of an
# uninterrupted run (provenance aside: it names the date), and leaves no checkpoint behind. Also:
# --resume refuses a folder with no checkpoint, and a checkpoint of another run.
# Usage: resume_after_kill.sh ATTNLAW WORKDIR CLAIM_PATTERN...
set -euo pipefail
attnlaw=$1 work=$2
shift 2
claims=()
for c in "$@"; do claims+=(--claim "$c"); done
rm -rf "$work" && mkdir -p "$work"
fail() { echo "resume_after_kill: FAIL: $*" >&2; exit 1; }
same() { cmp -s <(jq -S 'del(.provenance)' "$1") <(jq -S 'del(.provenance)' "$2"); }

status=0
"$attnlaw" run --battery smoke "${claims[@]}" --out "$work/whole" > /dev/null 2>&1 || status=$?
[ "$status" -le 1 ] || fail "the uninterrupted run exited $status"
[ -e "$work/whole/checkpoint" ] && fail "a finished run left its checkpoint"
points=$(jq '[.checks[] | .claim + "/" + .experiment + "@" + (.params | tostring)] | unique | length' "$work/whole/results.json")

# Kill once a few points are in, well before the last.
"$attnlaw" run --battery smoke "${claims[@]}" --out "$work/killed" > /dev/null 2>&1 &
pid=$!
trap 'kill -KILL "$pid" 2> /dev/null || true' EXIT  # never leave it writing into the next run
for _ in $(seq 1 6000); do
  n=$( (find "$work/killed/checkpoint" -name 'point-*.json' 2> /dev/null || true) | wc -l)
  [ "$n" -ge 2 ] && break
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.01
done
kill -KILL "$pid" 2> /dev/null || fail "the run finished before it could be killed; give a longer claim set"
wait "$pid" 2> /dev/null || true
[ -e "$work/killed/results.json" ] && fail "a killed run wrote results.json"
stored=$(find "$work/killed/checkpoint" -name 'point-*.json' | wc -l)
echo "resume_after_kill: killed with $stored point files stored (the uninterrupted run has $points distinct points)"

# Refusals: another seed's run, and a folder without a checkpoint; the checkpoint stays intact.
"$attnlaw" run --battery smoke "${claims[@]}" --seed 7 --out "$work/killed" --resume > /dev/null 2> "$work/err" &&
  fail "--resume took the checkpoint of another seed"
grep -q -- '--resume: the checkpoint' "$work/err" || fail "no reason given: $(cat "$work/err")"
mkdir -p "$work/empty"
"$attnlaw" run --battery smoke "${claims[@]}" --out "$work/empty" --resume > /dev/null 2> "$work/err2" &&
  fail "--resume ran without a checkpoint"
grep -q -- '--resume: .* holds no checkpoint' "$work/err2" || fail "no reason given: $(cat "$work/err2")"

resumed=0
"$attnlaw" run --battery smoke "${claims[@]}" --out "$work/killed" --resume > /dev/null 2> "$work/resume.err" ||
  resumed=$?
[ "$resumed" -eq "$status" ] || fail "the resumed run exited $resumed, the uninterrupted one $status"
grep -q "resuming: $stored of" "$work/resume.err" || fail "the resumed run did not take the $stored stored points"
[ -e "$work/killed/checkpoint" ] && fail "the resumed run left its checkpoint"
same "$work/whole/results.json" "$work/killed/results.json" || fail "the resumed results.json differs"
cmp -s <(grep -v "^- date:" "$work/whole/REPORT.md") <(grep -v "^- date:" "$work/killed/REPORT.md") ||
  fail "the resumed REPORT.md differs (its date aside)"
echo "resume_after_kill: PASS: killed after $stored points, resumed, results.json identical"
