"""A small Markdown reader for the rules pages: headings, paragraphs, lists,
tables, block quotes, code, emphasis and links. Everything is escaped first, so a
rules page can never inject markup; only the constructs below become HTML."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

import re
import textwrap

from web.html import esc

_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
    (re.compile(r"(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])"), r"<em>\1</em>"),
]
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def inline(text: str) -> str:
    out = esc(text)
    # Code spans first, kept away from the emphasis rules.
    codes: list[str] = []

    def keep(m: re.Match[str]) -> str:
        codes.append(f"<code>{m.group(1)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    out = re.sub(r"`([^`]+)`", keep, out)
    for pattern, repl in _INLINE[1:]:
        out = pattern.sub(repl, out)
    # Links inside the app lead nowhere useful offline: keep their text only.
    out = _LINK.sub(r"\1", out)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], out)


def _slug(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-")


def to_html(source: str, heading_offset: int = 1) -> str:
    """HTML for a Markdown page. ``heading_offset`` shifts heading levels so the
    page's ``#`` sits under the screen's own ``<h1>``."""
    lines = source.replace("\r\n", "\n").split("\n")
    out: list[str] = []
    para: list[str] = []
    i = 0

    def flush() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
            i += 1
            continue
        if stripped.startswith("```"):
            flush()
            i += 1
            code = []
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            out.append(f"<pre><code>{esc(chr(10).join(code))}</code></pre>")
            i += 1
            continue
        m = re.match(r"(#{1,6})\s+(.*)", stripped)
        if m:
            flush()
            level = min(6, len(m.group(1)) + heading_offset)
            text = m.group(2).strip().rstrip("#").strip()
            out.append(f'<h{level} id="r-{esc(_slug(text))}">{inline(text)}</h{level}>')
            i += 1
            continue
        if (
            stripped.startswith("|")
            and i + 1 < len(lines)
            and re.match(r"^\s*\|?[\s:|-]+\|?\s*$", lines[i + 1])
            and "-" in lines[i + 1]
        ):
            flush()
            head = _cells(stripped)
            i += 2
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(_cells(lines[i].strip()))
                i += 1
            th = "".join(f'<th scope="col">{inline(c)}</th>' for c in head)
            body = "".join(
                "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in rows
            )
            out.append(
                f'<div class="table-wrap"><table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>'
            )
            continue
        if _MARKER.match(stripped):
            flush()
            html, i = _list(lines, i, heading_offset)
            out.append(html)
            continue
        if stripped.startswith(">"):
            flush()
            quote = []
            while i < len(lines) and lines[i].strip().startswith(">"):
                quote.append(lines[i].strip()[1:].strip())
                i += 1
            out.append(f"<blockquote>{to_html(chr(10).join(quote), heading_offset)}</blockquote>")
            continue
        para.append(stripped)
        i += 1
    flush()
    return "\n".join(out)


_MARKER = re.compile(r"([-*+]|(\d+)[.)])\s+(.*)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _list(lines: list[str], i: int, heading_offset: int) -> tuple[str, int]:
    """A list starting at ``lines[i]``; items may hold paragraphs and nested lists
    (lines indented past the marker). Returns its HTML and the next line."""
    base = _indent(lines[i])
    first = _MARKER.match(lines[i].strip())
    assert first is not None
    ordered = first.group(2) is not None
    items: list[list[str]] = []
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j < len(lines) and _indent(lines[j]) > base and items:
                items[-1].append("")
                i = j
                continue
            nxt = _MARKER.match(lines[j].strip()) if j < len(lines) else None
            if nxt and _indent(lines[j]) == base and (nxt.group(2) is not None) == ordered:
                i = j
                continue
            break
        m = _MARKER.match(line.strip())
        if _indent(line) == base and m and (m.group(2) is not None) == ordered:
            items.append([m.group(3)])
        elif _indent(line) > base and items:
            items[-1].append(line)
        elif items and not m:
            items[-1].append(line.strip())  # a lazy continuation line
        else:
            break
        i += 1
    rendered = []
    for item in items:
        head, rest = item[0], item[1:]
        body = to_html(head + "\n" + textwrap.dedent("\n".join(rest)), heading_offset)
        if body.startswith("<p>") and body.count("<p>") == 1 and body.endswith("</p>"):
            body = body[3:-4]
        rendered.append(f"<li>{body}</li>")
    tag = "ol" if ordered else "ul"
    start = first.group(2)
    extra = f' start="{start}"' if ordered and start not in (None, "1") else ""
    return f"<{tag}{extra}>" + "".join(rendered) + f"</{tag}>", i


def _cells(row: str) -> list[str]:
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return [c.strip() for c in row.split("|")]
