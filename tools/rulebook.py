"""The rules screens' pages, rendered from Markdown to HTML at build time.

The pages are written for players, one per game and language:
``web/core/rulebook/<game>.<lang>.md`` (``docs/rules/<game>.md`` is the developers' reference,
with the tests that pin each ruling; it is not shipped). ``tools/build.py`` puts each page,
as HTML, into the app's archive as ``web/core/rulebook/<game>.<lang>.html``, which
``web/core/rulepages.py`` reads.

Two additions to CommonMark, both checked by ``tests/test_rulebook.py``:

- ``{#name}`` gives a block a language-independent id ``r-<name>``: at the end of a
  heading (``### Quick start {#quick-start}``), or at the start of a paragraph or list
  item, which then also gets ``class="ruling"`` (one ruling the engine makes: the same
  names in every language, so a ruling missing from a translation is found).
- A fenced block whose info string is ``cards`` (``cards abyss`` colours the values as the
  Abyss table does) draws card pictures: one row per line, tokens separated by spaces:
  ``?`` a face-down card, ``_`` an empty space, ``d1`` … ``d6`` a die, ``=text`` a word
  between cards (``_`` for a space), anything else a card's face; ``!`` before a card
  marks it (the card that wins, or just placed; ``!?`` a face-down one), ``~`` crosses it
  out. A line starting with ``:`` is the caption, which says in words what the picture
  shows (the picture itself is hidden from screen readers).

The HTML keeps to the page's CSP (README, "CSP"): raw HTML in the Markdown is shown as
text, no ``style`` attribute is written (markdown-it's table alignment would), and links
and images become their text (a link inside the offline app leads nowhere useful).
Headings sit one level under the screen's ``<h1>`` and carry ids ``r-<slug>`` (or their
``{#name}``); tables scroll sideways inside ``<div class="table-wrap">``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

try:
    from markdown_it import MarkdownIt
    from markdown_it.common.utils import escapeHtml
    from markdown_it.renderer import RendererHTML
    from markdown_it.rules_core import StateCore
    from markdown_it.token import Token
    from markdown_it.utils import EnvType, OptionsDict
except ImportError as missing:  # a clear message instead of a traceback
    raise SystemExit(
        "build: markdown-it-py is missing (it renders the rules pages): run `make install`"
    ) from missing

ROOT = Path(__file__).resolve().parent.parent

#: ``{#name}``: an explicit, language-independent id.
_ANCHOR = re.compile(r"\{#([a-z0-9][a-z0-9-]*)\}")


def sources(src: Path = ROOT) -> dict[tuple[str, str], str]:
    """Every rules page's Markdown by (game id, language)."""
    pages = {}
    for path in sorted((src / "web" / "core" / "rulebook").glob("*.*.md")):
        game_id, lang = path.name.removesuffix(".md").split(".")
        pages[game_id, lang] = path.read_text(encoding="utf-8")
    return pages


def _strip_anchor(inline: Token, at_start: bool) -> str | None:
    """Remove a ``{#name}`` from the start (or end) of an inline token; its name."""
    text = inline.content
    found = _ANCHOR.match(text) if at_start else _ANCHOR.search(text.rstrip())
    if found is None or (not at_start and found.end() != len(text.rstrip())):
        return None
    inline.content = (text[found.end() :] if at_start else text[: found.start()]).strip()
    children = inline.children or []
    edge = children[0] if at_start else children[-1] if children else None
    if edge is not None and edge.type == "text":
        edge.content = (
            _ANCHOR.sub("", edge.content, count=1).lstrip()
            if at_start
            else _ANCHOR.sub("", edge.content).rstrip()
        )
    return found.group(1)


def _anchors(state: StateCore) -> None:
    """The ``{#name}`` core rule: ids on headings, rulings on paragraphs and list items."""
    tokens = state.tokens
    for idx, token in enumerate(tokens):
        if token.type != "inline" or idx == 0:
            continue
        opener = tokens[idx - 1]
        if opener.type == "heading_open":
            name = _strip_anchor(token, at_start=False)
            if name:
                opener.attrSet("id", f"r-{name}")
        elif opener.type == "paragraph_open":
            name = _strip_anchor(token, at_start=True)
            if not name:
                continue
            if opener.hidden and idx >= 2 and tokens[idx - 2].type == "list_item_open":
                opener = tokens[idx - 2]  # a tight list's item: its paragraph draws no tag
            opener.attrSet("id", f"r-{name}")
            opener.attrSet("class", "ruling")


def _slug(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-")


def _heading_open(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """(Render rules are bound to the renderer, hence its first argument.)
    ``#`` becomes ``<h2 id="r-...">``: one level down, with a unique id."""
    token = tokens[idx]
    level = min(6, int(token.tag[1]) + 1)
    seen: dict[str, int] = env.setdefault("slugs", {})
    explicit = token.attrGet("id")
    if explicit:
        return f'<h{level} id="{escapeHtml(str(explicit))}">'
    slug = _slug(tokens[idx + 1].content)  # the heading's Markdown source
    seen[slug] = seen.get(slug, 0) + 1
    if seen[slug] > 1:
        slug = f"{slug}-{seen[slug]}"
    return f'<h{level} id="r-{slug}">'


def _heading_close(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return f"</h{min(6, int(tokens[idx].tag[1]) + 1)}>\n"


def _nothing(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return ""


def _image(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return escapeHtml(renderer.renderInlineAsText(tokens[idx].children or [], options, env))


def _table_open(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return '<div class="table-wrap"><table>\n'


def _table_close(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return "</table></div>\n"


def _cell_open(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    # No style="text-align:..." (CSP: no style attributes); header cells get a scope.
    return '<th scope="col">' if tokens[idx].tag == "th" else "<td>"


#: A die's face as printed: the Unicode die faces.
_DIE = {str(n): chr(0x267F + n) for n in range(1, 7)}


def _card_token(token: str, values: bool) -> str:
    """One token of a ``cards`` block as HTML (see the module's docstring)."""
    if token == "_":
        return '<span class="rb-card gone"></span>'
    if re.fullmatch(r"d[1-6]", token):
        return f'<span class="rb-die">{_DIE[token[1]]}</span>'
    if token.startswith("="):
        return f'<span class="rb-text">{escapeHtml(token[1:].replace("_", " "))}</span>'
    classes = ["card", "rb-card"]
    while token[:1] in ("!", "~"):
        classes.append("hi" if token[0] == "!" else "out")
        token = token[1:]
    if token == "?":
        return f'<span class="{" ".join([*classes, "back"])}"></span>'
    if values and re.fullmatch(r"-?\d+", token):
        value = int(token)
        classes.append(
            "v-neg" if value < 0 else "v-zero" if value == 0 else
            "v-low" if value <= 4 else "v-mid" if value <= 8 else "v-high"
        )  # fmt: skip
    face = escapeHtml(re.sub(r"^-(?=\d)", "\u2212", token))
    return f'<span class="{" ".join(classes)}">{face}</span>'


def _fence(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """A ``cards`` block as a figure; any other fenced block as markdown-it draws it."""
    token = tokens[idx]
    info = token.info.split()
    if not info or info[0] != "cards":
        return renderer.fence(tokens, idx, options, env)
    values = "abyss" in info[1:]
    rows, caption = [], ""
    for line in token.content.splitlines():
        line = line.strip()
        if line.startswith(":"):
            caption = line[1:].strip()
        elif line:
            cells = "".join(_card_token(t, values) for t in line.split())
            rows.append(f'<div class="rb-row">{cells}</div>')
    figcaption = f"<figcaption>{escapeHtml(caption)}</figcaption>" if caption else ""
    return (
        f'<figure class="rb-fig"><div class="rb-cards" aria-hidden="true">{"".join(rows)}'
        f"</div>{figcaption}</figure>\n"
    )


def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table").disable("autolink")
    rules = {
        "heading_open": _heading_open,
        "heading_close": _heading_close,
        "link_open": _nothing,
        "link_close": _nothing,
        "image": _image,
        "table_open": _table_open,
        "table_close": _table_close,
        "th_open": _cell_open,
        "td_open": _cell_open,
        "fence": _fence,
    }
    for name, rule in rules.items():
        md.add_render_rule(name, rule)
    md.core.ruler.after("inline", "rulebook_anchors", _anchors)
    return md


_MD = _renderer()


def to_html(markdown: str) -> str:
    """One rules page as HTML (see the module's docstring for what it holds)."""
    return _MD.render(markdown, {})


def help_sources(src: Path = ROOT) -> dict[tuple[str, str], str]:
    """The help pages that are not a game's (``web/core/help/<topic>.<lang>.md``, e.g.
    playing on several phones), by (topic, language): the rules screen shows them
    too, when a link asks for one."""
    pages = {}
    for path in sorted((src / "web" / "core" / "help").glob("*.*.md")):
        topic, lang = path.name.removesuffix(".md").split(".")
        pages[topic, lang] = path.read_text(encoding="utf-8")
    return pages


def archive_pages(src: Path = ROOT) -> dict[str, bytes]:
    """``web/core/rulebook/<page>.<lang>.html`` -> its bytes, for the app's archive:
    the games' rules pages and the help pages."""
    pages = {**sources(src), **help_sources(src)}
    return {
        f"web/core/rulebook/{page}.{lang}.html": to_html(text).encode()
        for (page, lang), text in sorted(pages.items())
    }
