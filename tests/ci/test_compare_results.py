#!/usr/bin/python3
"""The CI comparator (.ci/compare_results.py) on the committed smoke results and mutilated copies:
what must pass (itself, last bits, a deterministic check's rounding ratio) and what must fail (a
statistic moved by 1e-6, a verdict, a word, a missing check)."""
import copy
import json
import os
import subprocess
import sys
import tempfile

root, committed_path = sys.argv[1], sys.argv[2]
comparator = os.path.join(root, ".ci", "compare_results.py")
with open(committed_path) as f:
    committed = json.load(f)


def first(test_pred):
    return next(i for i, c in enumerate(committed["checks"]) if test_pred(c))


statistical = first(lambda c: c["test"] != "deterministic" and isinstance(c.get("statistic"), float)
                    and abs(c["statistic"]) > 1e-3)
deterministic = first(lambda c: c["test"] == "deterministic" and isinstance(c.get("statistic"), float))


def mutated(edit):
    doc = copy.deepcopy(committed)
    edit(doc)
    return doc


cases = [
    ("itself", committed, 0),
    ("last bits of a statistic", mutated(lambda d: d["checks"][statistical].update(
        statistic=d["checks"][statistical]["statistic"] * (1 + 4e-16))), 0),
    ("a deterministic check's rounding ratio, 10% off", mutated(lambda d: d["checks"][deterministic].update(
        statistic=d["checks"][deterministic]["statistic"] * 1.1)), 0),
    ("a statistic moved by 1e-6", mutated(lambda d: d["checks"][statistical].update(
        statistic=d["checks"][statistical]["statistic"] * (1 + 1e-6))), 1),
    ("a verdict", mutated(lambda d: d["checks"][statistical].update(verdict="FAIL")), 1),
    ("a word of a target", mutated(lambda d: d["checks"][statistical].update(
        target=d["checks"][statistical]["target"] + " x")), 1),
    ("a missing check", mutated(lambda d: d["checks"].pop()), 1),
]
failures = 0
with tempfile.TemporaryDirectory() as tmp:
    for name, doc, expected in cases:
        path = os.path.join(tmp, "regenerated.json")
        with open(path, "w") as f:
            json.dump(doc, f)
        rc = subprocess.run([sys.executable, comparator, committed_path, path], stdout=subprocess.DEVNULL).returncode
        ok = rc == expected
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {rc}, expected {expected}")
sys.exit(1 if failures else 0)
