#!/usr/bin/python3
"""Every section a claim cites in its theory document exists.

Usage: check_theory_sections.py ROOT RESULTS.json [RESULTS.json ...]

For each claim record (`theory_document`, `theorem`), every "§N" or "§N.M" of the theorem text
that is not the paper's own ("paper §3") must be the number of a heading of ROOT/theory_document
("## 2. ...", "### 2.4 ..."). Exit 1 with one line per missing section or document.
"""
import json
import os
import re
import sys

SECTION = re.compile(r"(paper\s+(?:abstract\s+and\s+)?)?§(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s")


def sections(path):
    with open(path, encoding="utf-8") as f:
        return {m.group(1) for m in map(HEADING.match, f) if m}


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    root, missing, cited = argv[1], [], 0
    for results in argv[2:]:
        with open(results) as f:
            claims = json.load(f).get("claims", [])
        for c in claims:
            document, theorem = c.get("theory_document"), c.get("theorem", "")
            if not document:
                missing.append(f"{c['id']}: no theory_document")
                continue
            path = os.path.join(root, document)
            if not os.path.isfile(path):
                missing.append(f"{c['id']}: {document} does not exist")
                continue
            have = sections(path)
            for m in SECTION.finditer(theorem):
                if m.group(1):
                    continue  # the paper's own section numbering
                cited += 1
                if m.group(2) not in have:
                    missing.append(f"{c['id']}: {document} has no section {m.group(2)} (theorem: {theorem})")
    for line in missing:
        print(line)
    print(f"check_theory_sections: {cited} sections cited, {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
