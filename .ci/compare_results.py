#!/usr/bin/python3
"""Does a regenerated results.json say what the committed one says?

Exactly: the structure, every verdict, every id, every word. Numbers: within a relative 1e-9 (and an
absolute 1e-11 for values that are rounding noise about 0), because glibc's libm picks its code
path by CPU and a few last bits differ between hosts (CHANGELOG.md, "Last bits across hosts").
Two kinds of value are rounding noise themselves and are compared by their verdict alone: the
statistic of a deterministic check (a measured rounding error over its bound; the check PASSes
below 1 on every host) and the numbers in its p_method text. Numbers inside other text are
formatted to a few digits and are compared to a relative 1e-3. `provenance` (commit, host, date)
is skipped. A real change to a claim moves its statistics by far more than these tolerances.

usage: compare_results.py COMMITTED.json REGENERATED.json   (exit 0: same; 1: differs, with the
first differences printed)
"""
import json
import math
import re
import sys

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
REL, ABS, TEXT_REL = 1e-9, 1e-11, 1e-3


def close(a, b, rel):
    if a == b:
        return True
    if any(isinstance(v, float) and math.isnan(v) for v in (a, b)):
        return False
    return abs(a - b) <= rel * max(abs(a), abs(b)) + ABS


def compare_text(a, b, where, out, numbers=True):
    if NUMBER.sub("#", a) != NUMBER.sub("#", b):
        out.append(f"{where}: text differs: {a!r} vs {b!r}")
        return
    if numbers:
        for x, y in zip(NUMBER.findall(a), NUMBER.findall(b)):
            if not close(float(x), float(y), TEXT_REL):
                out.append(f"{where}: {x} vs {y} in {a!r}")
                return


def compare(a, b, where, out, deterministic=False):
    if len(out) > 20:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            out.append(f"{where}: keys differ: {sorted(set(a) ^ set(b))}")
            return
        is_deterministic = a.get("test") == "deterministic" and "verdict" in a
        for k in a:
            if is_deterministic and k == "statistic":
                continue
            if is_deterministic and k == "p_method":
                compare_text(a[k], b[k], f"{where}.{k}", out, numbers=False)
                continue
            compare(a[k], b[k], f"{where}.{k}", out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{where}: {len(a)} vs {len(b)} entries")
            return
        for i, (x, y) in enumerate(zip(a, b)):
            compare(x, y, f"{where}[{i}]", out)
    elif isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        if a != b:
            out.append(f"{where}: {a!r} vs {b!r}")
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if not close(a, b, REL):
            out.append(f"{where}: {a!r} vs {b!r}")
    elif isinstance(a, str) and isinstance(b, str):
        compare_text(a, b, where, out)
    elif a != b:
        out.append(f"{where}: {a!r} vs {b!r}")


def main():
    with open(sys.argv[1]) as f:
        committed = json.load(f)
    with open(sys.argv[2]) as f:
        regenerated = json.load(f)
    committed.pop("provenance", None)
    regenerated.pop("provenance", None)
    differences = []
    compare(committed, regenerated, "$", differences)
    if differences:
        print(f"compare_results: {sys.argv[2]} differs from {sys.argv[1]}:")
        for d in differences[:20]:
            print("  " + d[:400])
        return 1
    print(f"compare_results: {sys.argv[2]} says what {sys.argv[1]} says (provenance aside)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
