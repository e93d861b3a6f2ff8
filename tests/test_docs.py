"""Code says why a line exists; git says where it came from.

A comment, docstring or test name that cites an issue number ("issue 12", "#12") or a
playtest, play-through or work session ages at once: the reader cannot see the issue,
and the reason the line exists is what they need. These checks read the Python sources
(comments through :mod:`tokenize`, docstrings and test names through :mod:`ast`) and the
comments of the project's own JavaScript, in every folder of code, tests and benchmarks.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("engine", "web", "tools", "tests", "e2e", "bench")

#: What dates a text: an issue by number ("#12"; a colour such as #000 has three digits or
#: more; a quoted "#2" numbers a run), a playtest or play-through, a numbered session.
HISTORY = re.compile(
    r"\bissues?\s*#?\d+|(?<![\w&#\"'])#\d{1,2}\b(?![\w-])|\bplay-?tests?\b|\bplay-?throughs?\b"
    r"|\bsessions?\s+\d+|\bsession\s+[A-Z]\b",
    re.IGNORECASE,
)
#: This file names what it looks for.
THIS = Path(__file__).resolve()
JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def python_texts(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment, docstring and test name of a Python module."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                first = node.body[0]
                yield first.lineno, doc
        function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if function and node.name.startswith("test"):
            # A name's words are joined by "_": read them as words.
            yield node.lineno, node.name.replace("_", " ")


def js_texts(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment of a JavaScript module (a "//" inside a string
    literal may be read as a comment: harmless, since it is checked, not skipped)."""
    for match in JS_COMMENT.finditer(source):
        yield source.count("\n", 0, match.start()) + 1, match.group()


def history_mentions(root: Path) -> list[str]:
    """``path:line: text`` for every comment, docstring or test name under ``root``'s
    code folders that cites an issue number, a playtest or a session."""
    found = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if "node_modules" in path.parts or not path.is_file() or path == THIS:
                continue
            if path.suffix == ".py":
                texts = python_texts(path.read_text(encoding="utf-8"))
            elif path.suffix in (".js", ".mjs"):
                texts = js_texts(path.read_text(encoding="utf-8"))
            else:
                continue
            for line, text in texts:
                for match in HISTORY.finditer(text):
                    found.append(f"{path.relative_to(root)}:{line}: {match.group()!r}")
    return found


def test_code_comments_docstrings_and_test_names_cite_no_issue_or_playtest() -> None:
    """Say why the line exists; which issue or playtest brought it is in git."""
    assert history_mentions(ROOT) == []


@pytest.mark.parametrize(
    "text",
    [
        "# kept short (issue 18)",
        "# see #12",
        "# a playtest drew Ben's card",
        "# found in a tap-only play-through",
        "# Session 5's hard closed here",
        "# ISSUE 7",
        "# run #2 of 3",
    ],
)
def test_history_is_seen_in_a_comment(tmp_path: Path, text: str) -> None:
    """The check catches each way history is written, not only the first."""
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "m.py").write_text(f"x = 1  {text}\n", encoding="utf-8")
    assert len(history_mentions(tmp_path)) == 1


def test_history_is_seen_in_a_docstring_a_test_name_and_a_js_comment(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.py").write_text(
        'def test_the_issue_12_tap():\n    """Found by a playtest."""\n', encoding="utf-8"
    )
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "m.js").write_text("const a = 1; /* issue 4 */\n", encoding="utf-8")
    assert len(history_mentions(tmp_path)) == 3


def test_colours_seats_and_session_storage_are_not_history(tmp_path: Path) -> None:
    """A colour (#000), the word "issues" of a checker, a session's storage: not history."""
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "m.py").write_text(
        '"""Colour #000 on #fff; sessionStorage keeps the session; issues found by axe."""\n'
        "# the CSS issue: a #000000 border\n",
        encoding="utf-8",
    )
    assert history_mentions(tmp_path) == []


# -- the figures of docs/bots.md and docs/performance.md carry their command -------------

FIGURE_DOCS = ("docs/bots.md", "docs/performance.md")
#: A command a reader can run again: a script or tool invoked, a flag, an arena call, a
#: code block.
COMMAND = re.compile(
    r"`(?:python3? |node |make |npm |TAPETE_\w+=|[\w.]*run\(|bench/\w+\.(?:py|mjs)|--\w)|^```",
    re.MULTILINE,
)


def sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of each Markdown section, the body running to the next heading of
    any level (the text before the first heading is the "" section)."""
    found: list[tuple[str, list[str]]] = [("", [])]
    fenced = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        if line.startswith("#") and not fenced:
            found.append((line, []))
        else:
            found[-1][1].append(line)
    return [(heading, "\n".join(body)) for heading, body in found]


def figures_without_command(text: str) -> list[str]:
    """The headings of the sections whose tables hold figures (a row with a digit) and
    whose text names no command to measure them again."""
    bare = []
    for heading, body in sections(text):
        rows = [
            line
            for line in body.split("\n")
            if line.startswith("|") and not line.startswith("|--") and re.search(r"\d", line)
        ]
        if rows and not COMMAND.search(body):
            bare.append(heading)
    return bare


@pytest.mark.parametrize("doc", FIGURE_DOCS)
def test_every_table_of_figures_says_the_command_that_measures_it(doc: str) -> None:
    """A figure nobody can reproduce cannot be checked when the code changes."""
    assert figures_without_command((ROOT / doc).read_text(encoding="utf-8")) == []


def test_a_table_of_figures_without_a_command_is_seen() -> None:
    text = (
        "# Bots\n\n## Abyss\n\nMeasured on 1 Dec, load 3.\n\n| level | win rate |\n|---|---|\n"
        "| hard | 64.5% |\n\n## Carta robada\n\n`python3 -m engine.arena --seed 1`:\n\n"
        "| level | win rate |\n|---|---|\n| hard | 70.4% |\n"
    )
    assert figures_without_command(text) == ["## Abyss"]
