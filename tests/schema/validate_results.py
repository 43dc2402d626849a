#!/usr/bin/python3
"""Validates results.json documents against docs/results.schema.json (JSON Schema 2020-12).

Usage: validate_results.py SCHEMA RESULTS.json [RESULTS.json ...]

Besides the schema, checks what JSON Schema cannot say: the summary's counts equal the verdicts
of `checks`, and check ids are unique. Then shows that the validation can fail: five mutilated
copies of the first document (no `checks`, a verdict outside PASS/SUSPECT/FAIL, a p-value above
1, a miscounted summary, a figure of unknown kind) must each be refused. Exit 0 only if every
document is valid and every mutilation refused.
"""
import copy
import json
import sys

import jsonschema


def problems(validator, doc):
    found = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in validator.iter_errors(doc)]
    if isinstance(doc.get("checks"), list) and isinstance(doc.get("summary"), dict):
        verdicts = [c.get("verdict") for c in doc["checks"]]
        counts = {"checks": len(verdicts), "pass": verdicts.count("PASS"), "suspect": verdicts.count("SUSPECT"),
                  "fail": verdicts.count("FAIL")}
        for key, value in counts.items():
            if doc["summary"].get(key) != value:
                found.append(f"summary/{key}: {doc['summary'].get(key)} but the checks give {value}")
        ids = [c["id"] for c in doc["checks"] if "id" in c]
        if len(ids) != len(set(ids)):
            found.append("checks: check ids are not unique")
    return found


def mutilations(doc):
    def without_checks(d):
        del d["checks"]

    def bad_verdict(d):
        d["checks"][0]["verdict"] = "OK"

    def bad_p(d):
        first = next(c for c in d["checks"] if c.get("p_value") is not None)
        first["p_value"] = 1.5

    def miscounted(d):
        d["summary"]["pass"] += 1

    def bad_figure(d):
        d.setdefault("figures", []).append({"id": "x", "title": "x", "kind": "pie"})

    for name, change in [("no checks", without_checks), ("verdict 'OK'", bad_verdict), ("p-value 1.5", bad_p),
                         ("summary miscounted", miscounted), ("figure kind 'pie'", bad_figure)]:
        d = copy.deepcopy(doc)
        change(d)
        yield name, d


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = False
    docs = []
    for path in argv[2:]:
        with open(path) as f:
            doc = json.load(f)
        docs.append(doc)
        found = problems(validator, doc)
        print(f"{path}: {'valid' if not found else 'INVALID'} ({len(doc.get('checks', []))} checks)")
        for p in found[:20]:
            print(f"  {p}")
        failed |= bool(found)
    for name, d in mutilations(docs[0]):
        refused = bool(problems(validator, d))
        print(f"mutilated ({name}): {'refused' if refused else 'ACCEPTED'}")
        failed |= not refused
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
