#!/usr/bin/env python3
"""Every relative link and #anchor in the repository's Markdown resolves.

Checks each tracked `*.md` file (or the files given): a link to a path must name a file or
folder of the repository, and a `#fragment` must be a heading of the target (its GitHub
slug) or an explicit `<a id>`/`<a name>`. Links into code blocks and to other sites are not
checked. Prints one line per broken link and exits 1 if there are any.

Usage: scripts/check_links.py [FILE.md ...]
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[1]

FENCE = re.compile(r"^\s*(```|~~~)")
# [text](target) and ![alt](target), the target up to a space or the closing parenthesis.
INLINE_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_LINK = re.compile(r"""<(?:a|img)\s[^>]*?(?:href|src)=["']([^"']+)["']""")
HTML_ANCHOR = re.compile(r"""<a\s[^>]*?(?:id|name)=["']([^"']+)["']""")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, with their numbers."""
    kept, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            kept.append((number, line))
    return kept


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text stays
    text = text.strip().lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    """Every anchor a Markdown file offers: its headings' slugs (numbered when repeated)."""
    seen: dict[str, int] = {}
    found = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        found.update(HTML_ANCHOR.findall(line))
        heading = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not heading:
            continue
        base = slug(heading.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return frozenset(found)


def targets(line: str) -> list[str]:
    without_code = CODE_SPAN.sub("", line)
    found = INLINE_LINK.findall(without_code) + HTML_LINK.findall(without_code)
    definition = REFERENCE_DEFINITION.match(without_code)
    if definition:
        found.append(definition.group(1))
    return found


def broken_links(source: Path) -> list[str]:
    problems = []
    for number, line in prose_lines(source.read_text(encoding="utf-8")):
        for target in targets(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # https:, mailto: and the like: another site
            where, _, fragment = target.partition("#")
            resolved = (source.parent / unquote(where)).resolve() if where else source
            place = f"{source.relative_to(ROOT)}:{number}: {target}"
            if not resolved.is_relative_to(ROOT):
                problems.append(f"{place}: leaves the repository")
            elif not resolved.exists():
                problems.append(f"{place}: no such file")
            elif fragment and resolved.suffix == ".md" and resolved.is_file():
                if unquote(fragment) not in anchors(resolved):
                    problems.append(f"{place}: no heading #{fragment} in {resolved.name}")
            elif fragment and not resolved.is_file():
                problems.append(f"{place}: an anchor into a folder")
    return problems


def tracked_markdown() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.md"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def main(arguments: list[str]) -> int:
    files = [Path(name).resolve() for name in arguments] or tracked_markdown()
    problems = [problem for path in files for problem in broken_links(path)]
    for problem in problems:
        print(problem)
    print(f"check_links: {len(files)} files, {len(problems)} broken links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
