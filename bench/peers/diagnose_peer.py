#!/usr/bin/python3
"""Whole-process time of `attnlaw diagnose` against the NumPy sort-based script
(bench/peers/diagnose_numpy.py) on 2048 rows of 4096 float32 logits, measured in one run,
alternating the two commands; and whether their Lambda agree row by row.

The logits: Gaussian rows of standard deviation 3 from NumPy's PCG64 with a fixed seed (a top that
stands out, as in trained heads), written as a float32 .npy. attnlaw is timed with --summary (every
row's statistics, one line per head printed); the peer computes Lambda, alpha_n, entropy and top
weight per row and saves Lambda. Lambda is compared from a separate `--json` run: bit for bit
against the peer's algorithm with glibc's log (math.log, the function attnlaw calls), and in ulps
against the peer's own numbers (NumPy's vectorised log differs from glibc's in the last bit).

usage: diagnose_peer.py ATTNLAW_BINARY OUT.json [REPEATS]
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROWS, KEYS, SEED = 2048, 4096, 20261203


def glibc_log_lambda(logits):
    """The peer's Lambda with log j from math.log (glibc), not np.log."""
    x = logits.reshape(-1, logits.shape[-1]).astype(np.float64)
    gaps = np.sort(x.max(axis=1, keepdims=True) - x, axis=1)
    logs = np.array([math.log(j) for j in range(2, x.shape[1] + 1)])
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(gaps[:, 1:] > 0, logs / gaps[:, 1:], -np.inf)
    lam = ratio.max(axis=1)
    lam[gaps[:, 1] == 0] = np.inf
    return lam


def timed(command, stdout):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=stdout)
    return time.perf_counter() - start


def main() -> int:
    binary, out_path = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "diagnose_numpy.py")
    with tempfile.TemporaryDirectory() as tmp:
        logits_path = os.path.join(tmp, "logits.npy")
        rng = np.random.default_rng(SEED)
        np.save(logits_path, (3 * rng.standard_normal((ROWS, KEYS))).astype(np.float32))
        peer_lambda = os.path.join(tmp, "peer_lambda.npy")
        attnlaw_cmd = [binary, "diagnose", "--summary", logits_path]
        json_cmd = [binary, "diagnose", "--json", logits_path]
        peer_cmd = [sys.executable, peer, logits_path, peer_lambda]
        # One untimed run of each: page cache, and the outputs to compare.
        with open(os.path.join(tmp, "attnlaw.json"), "w") as f:
            subprocess.run(json_cmd, check=True, stdout=f)
        subprocess.run(peer_cmd, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(tmp, "attnlaw.json")) as f:
            rows = json.load(f)["files"][0]["rows"]
        ours = np.array([np.inf if r["Lambda"] is None else r["Lambda"] for r in rows])
        theirs = np.load(peer_lambda).ravel()
        identical_numpy_log = int(np.sum(ours == theirs))
        finite = np.isfinite(ours) & np.isfinite(theirs)
        ulps = np.abs(ours[finite].view(np.int64) - theirs[finite].view(np.int64))
        glibc = glibc_log_lambda(np.load(logits_path))
        identical = int(np.sum(ours == glibc))
        times = {"attnlaw": [], "numpy": []}
        with open(os.devnull, "w") as null:
            for _ in range(repeats):
                times["attnlaw"].append(timed(attnlaw_cmd, null))
                times["numpy"].append(timed(peer_cmd, null))
    median = {k: float(np.median(v)) for k, v in times.items()}
    result = {
        "what": "whole process, attnlaw diagnose --summary vs the NumPy sort-based script (bench/peers/diagnose_numpy.py)",
        "rows": ROWS, "keys": KEYS, "dtype": "float32", "repeats": repeats,
        "threads": os.environ.get("OMP_NUM_THREADS", str(os.cpu_count())),
        "seconds": times, "median_seconds": median,
        "speedup": median["numpy"] / median["attnlaw"],
        "lambda_identical_rows": identical,
        "lambda_identical_rows_numpy_log": identical_numpy_log,
        "lambda_max_ulp_difference_numpy_log": int(ulps.max()) if ulps.size else 0,
        "numpy": np.__version__, "python": sys.version.split()[0],
    }
    with open(out_path, "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    print(f"attnlaw {median['attnlaw']:.3f} s, numpy {median['numpy']:.3f} s: {result['speedup']:.1f}x; "
          f"Lambda identical in {identical} of {ROWS} rows (with NumPy's log: {identical_numpy_log}, "
          f"at most {result['lambda_max_ulp_difference_numpy_log']} ulp apart)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
