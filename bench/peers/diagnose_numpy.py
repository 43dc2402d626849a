#!/usr/bin/python3
"""The NumPy script an engineer would write for `attnlaw diagnose`: per row of an .npy of logits
(rows on the last axis, no masking), sort the gaps, and take

    Lambda = max over positive gaps g_(j) of log(j) / g_(j)   (j = 1-based rank: N(g_(j)) >= j,
                                                              with equality at each group's end)
    alpha_n = log N(Delta_Lambda) / log n,  entropy and top weight of softmax(beta * row).

Rows tied at their maximum get Lambda = inf. It writes Lambda per row (float64 .npy) so that the
caller can compare with attnlaw's, and prints one line. The peer of bench/peers/diagnose_peer.py.

usage: diagnose_numpy.py LOGITS.npy OUT_LAMBDA.npy [BETA]
"""
import sys

import numpy as np


def diagnose(logits: np.ndarray, beta: float):
    x = logits.reshape(-1, logits.shape[-1]).astype(np.float64)
    n = x.shape[1]
    gaps = np.sort(x.max(axis=1, keepdims=True) - x, axis=1)
    rank = np.arange(1, n + 1, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(gaps[:, 1:] > 0, np.log(rank[1:]) / gaps[:, 1:], -np.inf)
    lam = ratio.max(axis=1)
    lam[gaps[:, 1] == 0] = np.inf
    contact = ratio.argmax(axis=1) + 1
    alpha = np.log(contact + 1.0) / np.log(n)
    w = np.exp(-beta * gaps)
    z = w.sum(axis=1)
    entropy = np.log(z) + (beta * gaps * w).sum(axis=1) / z
    return lam, alpha, entropy, 1 / z


def main() -> int:
    logits = np.load(sys.argv[1])
    beta = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    lam, alpha, entropy, top = diagnose(logits, beta)
    np.save(sys.argv[2], lam.reshape(logits.shape[:-1]))
    print(f"rows {lam.size}: median Lambda {np.median(lam):.6g}, median entropy {np.median(entropy):.6g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
