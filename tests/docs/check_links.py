#!/usr/bin/python3
"""Every relative link in the repository's Markdown resolves inside the repository.

Usage: check_links.py ROOT

Reads every tracked-looking *.md under ROOT (build folders, .git and worktrees skipped), takes
each inline link [text](target) and each <img src=...>, and checks that a relative target names
a file or folder inside ROOT and, for a #fragment into a Markdown file, a heading of that file
(GitHub's anchor rule: lower case, punctuation dropped, spaces to '-', -N for repeats) or an
explicit <a id=...>/<a name=...>. Absolute URLs (http, https, mailto) are not fetched: a clone
has to stand alone, so they are only counted. Exit 1 with one line per broken link.
"""
import os
import re
import sys
import unicodedata

LINK = re.compile(r"(?<![\\!])\[(?:\\.|[^\]\[\\]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
SKIP_DIRS = {".git", "build", "build-asan", "node_modules"}


def slug(text):
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -":
            out.append("-" if ch == " " else ch)
        elif ch == "_" or cat[0] in "LN":
            out.append(ch)
    return "".join(out)


def anchors(path, cache={}):
    if path not in cache:
        seen, found = {}, set()
        in_code = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.lstrip().startswith("```"):
                    in_code = not in_code
                    continue
                if in_code:
                    continue
                found.update(EXPLICIT.findall(line))
                m = HEADING.match(line)
                if m:
                    base = slug(m.group(2))
                    n = seen.get(base, 0)
                    found.add(base if n == 0 else f"{base}-{n}")
                    seen[base] = n + 1
        cache[path] = found
    return cache[path]


def markdown_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith("build")]
        if os.path.exists(os.path.join(dirpath, ".git")) and dirpath != root:
            dirnames[:] = []  # a worktree or nested repository is not this one
            continue
        for name in filenames:
            if name.endswith(".md"):
                yield os.path.join(dirpath, name)


def main(argv):
    if len(argv) != 2:
        print("usage: check_links.py ROOT", file=sys.stderr)
        return 2
    root = os.path.realpath(argv[1])
    broken, checked, external = [], 0, 0
    for md in sorted(markdown_files(root)):
        in_code = False
        with open(md, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if line.lstrip().startswith("```"):
                    in_code = not in_code
                    continue
                if in_code:
                    continue
                line = re.sub(r"`[^`]*`", "", line)
                for m in LINK.finditer(line):
                    target = m.group(1) or m.group(2)
                    if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                        external += 1
                        continue
                    checked += 1
                    where = f"{os.path.relpath(md, root)}:{number}: ({target})"
                    path, _, fragment = target.partition("#")
                    resolved = os.path.realpath(os.path.join(os.path.dirname(md), path)) if path else md
                    if not (resolved == root or resolved.startswith(root + os.sep)):
                        broken.append(f"{where} points outside the repository")
                    elif not os.path.exists(resolved):
                        broken.append(f"{where} names a missing file")
                    elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                        broken.append(f"{where} names no heading of {os.path.relpath(resolved, root)}")
    for b in broken:
        print(b)
    print(f"check_links: {checked} relative links checked, {len(broken)} broken; {external} absolute URLs not fetched")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
