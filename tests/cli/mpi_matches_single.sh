#!/usr/bin/env bash
# `mpirun -np K attnlaw run` writes the results.json of a single process, provenance aside (which
# names the ranks and the date); its calibration (audit calibrate, and --update) and its mutant
# audit (audit mutants) are those of a single process.
# Usage: mpi_matches_single.sh MPIEXEC ATTNLAW WORKDIR RANKS
set -euo pipefail
mpiexec=$1 attnlaw=$2 work=$3 ranks=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "mpi_matches_single: FAIL: $*" >&2; exit 1; }
# Root in CI containers; --oversubscribe: more ranks than cores is allowed on small machines.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mpi=("$mpiexec" -np "$ranks")

single=0 distributed=0
"$attnlaw" run --battery smoke --threads 1 --out "$work/single" > /dev/null 2>&1 || single=$?
"${mpi[@]}" "$attnlaw" run --battery smoke --threads 1 --out "$work/mpi" > "$work/mpi.out" 2> "$work/mpi.err" ||
  distributed=$?
[ "$single" -le 1 ] || fail "the single run exited $single"
[ "$distributed" -eq "$single" ] || fail "mpirun exited $distributed, the single process $single: $(tail -5 "$work/mpi.err")"
[ "$(grep -c '^attnlaw run: battery' "$work/mpi.out")" -eq 1 ] || fail "not one summary on stdout"
[ "$(jq '.provenance.ranks' "$work/mpi/results.json")" -eq "$ranks" ] || fail "provenance does not name $ranks ranks"
cmp -s <(jq -S 'del(.provenance)' "$work/single/results.json") <(jq -S 'del(.provenance)' "$work/mpi/results.json") ||
  fail "results.json of $ranks ranks differs from the single process"
cmp -s <(grep -v "^- \(date\|ranks\):" "$work/single/REPORT.md") <(grep -v "^- \(date\|ranks\):" "$work/mpi/REPORT.md") ||
  fail "REPORT.md differs (date and ranks aside)"

# A distributed run killed part way continues in one process: the ranks' checkpoint files are
# the same as a single process's.
"${mpi[@]}" "$attnlaw" run --battery smoke --claim 'ST.*' --claim 'MH.*' --threads 1 --out "$work/killed" > /dev/null 2>&1 &
pid=$!
trap 'kill -KILL "$pid" 2> /dev/null || true' EXIT  # never leave it writing into the next run
for _ in $(seq 1 6000); do
  [ "$(find "$work/killed/checkpoint" -name 'point-*.json' 2> /dev/null | wc -l)" -ge 4 ] && break
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.01
done
kill -KILL "$pid" 2> /dev/null || fail "the distributed run finished before it could be killed"
wait "$pid" 2> /dev/null || true
"$attnlaw" run --battery smoke --claim 'ST.*' --claim 'MH.*' --out "$work/killed" --resume > /dev/null 2>&1 || true
"$attnlaw" run --battery smoke --claim 'ST.*' --claim 'MH.*' --out "$work/whole" > /dev/null 2>&1 || true
cmp -s <(jq -S 'del(.provenance)' "$work/whole/results.json") <(jq -S 'del(.provenance)' "$work/killed/results.json") ||
  fail "a distributed run resumed in one process differs from an uninterrupted one"

calibrate=(audit calibrate --battery smoke --claim 'ST.*' --seeds 5 --threads 1)
"$attnlaw" "${calibrate[@]}" --out "$work/cal-single" > /dev/null 2>&1 || true
"${mpi[@]}" "$attnlaw" "${calibrate[@]}" --out "$work/cal-mpi" > /dev/null 2> "$work/cal.err" || true
[ -s "$work/cal-mpi/calibration.json" ] || fail "mpirun calibrate wrote no calibration.json: $(tail -5 "$work/cal.err")"
cmp -s <(jq -S 'del(.provenance)' "$work/cal-single/calibration.json") \
  <(jq -S 'del(.provenance)' "$work/cal-mpi/calibration.json") || fail "calibration.json of $ranks ranks differs"
# --update reruns claims on held-out seeds, a seed a rank.
update=(audit calibrate --battery smoke --update "$work/cal-single/calibration.json" --claim 'ST.multiplicity.familywise' --threads 1)
"$attnlaw" "${update[@]}" --out "$work/upd-single" > /dev/null 2>&1 || true
"${mpi[@]}" "$attnlaw" "${update[@]}" --out "$work/upd-mpi" > /dev/null 2> "$work/upd.err" || true
[ -s "$work/upd-mpi/calibration.json" ] || fail "mpirun calibrate --update wrote no calibration.json: $(tail -5 "$work/upd.err")"
cmp -s <(jq -S 'del(.provenance)' "$work/upd-single/calibration.json") \
  <(jq -S 'del(.provenance)' "$work/upd-mpi/calibration.json") || fail "calibrate --update of $ranks ranks differs"

# The mutant audit deals its mutants to the ranks; the kill matrix is the single process's.
mutants=(audit mutants --battery smoke --threads 1 --mutant usa-speedup-missing-n --mutant sa-dissipation-unweighted
  --mutant energy-rate-without-n --mutant radial-shadow-sign --mutant clustering-time-ei-argument)
single=0 distributed=0
"$attnlaw" "${mutants[@]}" --out "$work/mut-single" > /dev/null 2>&1 || single=$?
"${mpi[@]}" "$attnlaw" "${mutants[@]}" --out "$work/mut-mpi" > "$work/mut.out" 2> "$work/mut.err" || distributed=$?
[ "$distributed" -eq "$single" ] || fail "mpirun audit mutants exited $distributed, one process $single: $(tail -5 "$work/mut.err")"
cmp -s <(jq -S 'del(.provenance)' "$work/mut-single/mutants.json") <(jq -S 'del(.provenance)' "$work/mut-mpi/mutants.json") ||
  fail "mutants.json of $ranks ranks differs from the single process"
[ "$(grep -c 'mutants' "$work/mut.out")" -ge 1 ] || fail "mpirun audit mutants printed no kill matrix"

echo "mpi_matches_single: PASS: $ranks ranks: results.json, calibration.json (and --update) and mutants.json identical to one process; a killed distributed run resumed in one process"
