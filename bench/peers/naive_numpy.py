#!/usr/bin/python3
"""The NumPy a researcher would write for one replicate of the naive sphere sampler (every key
drawn): n keys as normalised Gaussian vectors in R^d, logits beta <q, k> with q = e_1, softmax by
subtracting the maximum, the top weight. d = 3, beta = n / 2 (gamma = 1/2, the critical scale), as
bench/sample's BM_Naive (n = 10^6) and BM_NaiveLadder (n = 10^3..10^7). One thread (NumPy's
generator and these array operations use one core). Writes the median wall time per replicate.

usage: naive_numpy.py OUT.json [REPEATS]
"""
import json
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

N, D, GAMMA = 1_000_000, 3, 0.5
LADDER = [10**k for k in range(3, 8)]


def replicate(rng, n):
    keys = rng.standard_normal((n, D))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    logits = (GAMMA * n) * keys[:, 0]
    weights = np.exp(logits - logits.max())
    return weights.max() / weights.sum()


def median_ms(rng, n, repeats):
    replicate(rng, n)  # warm: allocator, page faults
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        replicate(rng, n)
        seconds.append(time.perf_counter() - start)
    return 1e3 * float(np.median(seconds)), seconds


def main():
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    rng = np.random.default_rng(20261203)
    ladder = {}
    for n in LADDER:
        ladder[str(n)], seconds = median_ms(rng, n, repeats)
        if n == N:
            at_n = seconds
    result = {"what": "one naive replicate in NumPy (bench/peers/naive_numpy.py), d = 3, one thread",
              "n": N, "d": D, "repeats": repeats, "seconds": at_n,
              "median_ms": ladder[str(N)], "ladder_median_ms": ladder, "numpy": np.__version__}
    with open(sys.argv[1], "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    print(f"numpy naive replicate at n = {N}: {result['median_ms']:.1f} ms (median of {repeats})")


if __name__ == "__main__":
    main()
