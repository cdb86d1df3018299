"""Every relative link in the repository's Markdown files resolves: the file (or folder)
exists inside the repository, and a ``#anchor`` into a Markdown file names one of its
headings (GitHub's anchors). A link out of the repository (``../shared/...``) is a
broken link for anyone who clones it."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP_DIRS = {".git", ".venv", "out", "build", "club", "node_modules", "__pycache__"}
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s+.*)?$", re.M)
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def markdown_files() -> list[Path]:
    return sorted(
        p for p in ROOT.rglob("*.md")
        if not any(part in SKIP_DIRS or part.startswith(".") for part in p.relative_to(ROOT).parts[:-1])
    )  # fmt: skip


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code, where links are not links."""
    return CODE.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    body = prose(text)
    return LINK.findall(body) + REFERENCE.findall(body)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped (but ``-`` and
    ``_``), spaces as ``-``; inline code and link syntax keep only their text."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    counts: dict[str, int] = {}
    for heading in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = counts.get(base, 0)
        counts[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def problem(source: Path, target: str) -> str | None:
    """What is wrong with link ``target`` of ``source``, or None."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
        return None  # a URL (https:, mailto:): not a file of the repository
    path_part, _, fragment = target.partition("#")
    dest = (source.parent / unquote(path_part)).resolve() if path_part else source
    if ROOT not in dest.parents and dest != ROOT:
        return "points outside the repository"
    if not dest.exists():
        return "no such file"
    if fragment and dest.suffix == ".md" and unquote(fragment).lower() not in anchors(dest):
        return f"no heading #{fragment} in {dest.relative_to(ROOT)}"
    return None


def test_the_checker_finds_broken_links(tmp_path: Path) -> None:
    assert slug("Pichenotte (`pichenotte`)") == "pichenotte-pichenotte"
    assert slug("Which panel for which table") == "which-panel-for-which-table"
    assert links("see [a](docs/a.md#x), `[b](no.md)`, ![c](c.png \"t\")\n```\n[d](d.md)\n```\n") == [
        "docs/a.md#x", "c.png"]  # fmt: skip
    readme = ROOT / "README.md"
    assert problem(readme, "../shared/spec/replay.md") == "points outside the repository"
    assert problem(readme, "docs/nothing.md") == "no such file"
    assert problem(readme, "docs/spec/replay.md#no-such-heading") == (
        "no heading #no-such-heading in docs/spec/replay.md"
    )
    assert problem(readme, "docs/spec/replay.md#the-file") is None
    assert problem(readme, "https://example.org/x.md") is None


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path) -> None:
    broken = [
        f"{target}: {why}"
        for target in links(path.read_text(encoding="utf-8"))
        if (why := problem(path, target)) is not None
    ]
    assert broken == []
