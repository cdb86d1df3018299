"""Code, comments and docs speak to users: none cites an internal work-log number.

A phrase such as "issue 15", "issues 14 and 15", "session 27's" or "(item 3)" points at a
planning note a reader of the repository does not have; the text must say what and why
instead, and the history lives in git. This test reads every text file of the product's
trees and fails on such a number, naming the file, the line and the phrase.

References to an upstream project's tracker (``luma.oled issue 376``, ``lg issue #19``,
``python/cpython#109870``) are fine: they name the project, so a reader can find them.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TREES = ("firmware", "hardware", "sim", "deploy", "scripts", "docs", "bench", "tests")
FILES = ("pyproject.toml", "README.md", "CONTRIBUTING.md")

# A work-log word, then a number: "issue 15", "Issue 15's", "issues 14 and 15", "item 2",
# "items 2-4", "session 27", "stop 28". ("step 3" is not one: a step of a procedure.)
WORKLOG = re.compile(r"\b(?:issue|session|item|stop)s?\s+#?\d+", re.IGNORECASE)

# An upstream project's issue, named by its project just before: allowed.
UPSTREAM = re.compile(r"\b(?:luma\.oled|lg|cpython|gpiozero|Pillow|paho|uvicorn|starlette)\s+$", re.IGNORECASE)

# Text a reader reads (JSON too: scenario files explain themselves in "_why"); binary data
# (captures, golden images) is not searched.
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".in", ".sh", ".cfg", ".ini", ".conf", ".json",
                 ".acl", ".service", ".rules", ".yml", ".yaml", ".html", ".js", ".css", ""}


def _text_files() -> list[Path]:
    paths = [ROOT / f for f in FILES]
    for tree in TREES:
        for p in sorted((ROOT / tree).rglob("*")):
            if not p.is_file() or p.suffix not in TEXT_SUFFIXES:
                continue
            if any(part in {".venv", "__pycache__", "node_modules"} or part.endswith(".egg-info")
                   for part in p.relative_to(ROOT).parts):
                continue
            paths.append(p)
    return paths


def worklog_numbers(text: str) -> list[tuple[int, str]]:
    """Each (line number, phrase) of ``text`` that cites a work-log number."""
    return [(n, m.group(0))
            for n, line in enumerate(text.splitlines(), start=1)
            for m in WORKLOG.finditer(line)
            if not UPSTREAM.search(line[:m.start()])]


def test_the_pattern_finds_work_log_numbers_and_spares_upstream_issues() -> None:
    text = ("a (issue 17 item 2: 0 lost)\nIssue 15's target\nsession 27's run\n"
            "issues 14 and 15\nitems 2-4\nstop 28\n"
            "luma.oled issue 376 modules\nlg issue #19 shows\npython/cpython#109870\n"
            "an item of the menu\nstep 3b\n")
    assert worklog_numbers(text) == [(1, "issue 17"), (1, "item 2"), (2, "Issue 15"), (3, "session 27"),
                                     (4, "issues 14"), (5, "items 2"), (6, "stop 28")]


def test_no_file_cites_a_work_log_number() -> None:
    this = Path(__file__).resolve()
    offenders = []
    for path in _text_files():
        if path == this:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        offenders += [f"{path.relative_to(ROOT)}:{n}: {phrase!r}" for n, phrase in worklog_numbers(text)]
    assert offenders == [], "say what and why instead of a work-log number:\n" + "\n".join(offenders)
