#!/usr/bin/python3
"""The NumPy a researcher would write for one replicate of the naive sphere sampler (every key
drawn): n keys as normalised Gaussian vectors in R^d, logits beta <q, k> with q = e_1, softmax by
subtracting the maximum, the top weight. n = 10^6, d = 3, beta = n / 2 (gamma = 1/2, the critical
scale), as bench/sample's BM_Naive. One thread (NumPy's generator and these array operations use
one core). Writes the median wall time per replicate over the repeats.

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


def replicate(rng):
    keys = rng.standard_normal((N, D))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    logits = (GAMMA * N) * keys[:, 0]
    weights = np.exp(logits - logits.max())
    return weights.max() / weights.sum()


def main():
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    rng = np.random.default_rng(20261203)
    replicate(rng)  # warm: allocator, page faults
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        replicate(rng)
        seconds.append(time.perf_counter() - start)
    result = {"what": "one naive replicate in NumPy (bench/peers/naive_numpy.py), n = 1e6, d = 3, one thread",
              "n": N, "d": D, "repeats": repeats, "seconds": seconds,
              "median_ms": 1e3 * float(np.median(seconds)), "numpy": np.__version__}
    with open(sys.argv[1], "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    print(f"numpy naive replicate: {result['median_ms']:.1f} ms (median of {repeats})")


if __name__ == "__main__":
    main()
