"""The rules screens' pages, rendered from Markdown to HTML at build time.

The English pages are ``docs/rules/<game>.md`` (only the part for players: see
:func:`for_players`); the Spanish and French ones are translations in
``web/rulebook/<game>.<lang>.md``. ``tools/build.py`` puts each page, as HTML, into the
app's archive as ``web/rulebook/<game>.<lang>.html``, which ``web/rules.py`` reads.

The HTML keeps to the page's CSP (README, "CSP"): raw HTML in the Markdown is shown as
text, no ``style`` attribute is written (markdown-it's table alignment would), and links
and images become their text (a link inside the offline app leads nowhere useful).
Headings sit one level under the screen's ``<h1>`` and carry ids ``r-<slug>``; tables
scroll sideways inside ``<div class="table-wrap">``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

try:
    from markdown_it import MarkdownIt
    from markdown_it.common.utils import escapeHtml
    from markdown_it.renderer import RendererHTML
    from markdown_it.token import Token
    from markdown_it.utils import EnvType, OptionsDict
except ImportError as missing:  # a clear message instead of a traceback
    raise SystemExit(
        "build: markdown-it-py is missing (it renders the rules pages): run `make install`"
    ) from missing

ROOT = Path(__file__).resolve().parent.parent

#: Where a page's developers' part starts (actions, vocabulary, the view): not shown.
_DEVELOPER_HEADINGS = ("\n## Actions", "\n## Vocabulary", "\n## The view")


def for_players(text: str) -> str:
    """The part of an English rules page a player reads: everything before the
    developers' sections, without the names of the tests that pin each ruling."""
    for heading in _DEVELOPER_HEADINGS:
        cut = text.find(heading)
        if cut > 0:
            text = text[:cut]
    text = re.sub(r"\s*\[`test_[^\]]*\]", "", text, flags=re.S)
    return text.rstrip() + "\n"


def sources(src: Path = ROOT) -> dict[tuple[str, str], str]:
    """Every rules page's Markdown by (game id, language)."""
    pages = {}
    for english in sorted((src / "docs" / "rules").glob("*.md")):
        pages[english.stem, "en"] = for_players(english.read_text(encoding="utf-8"))
    for path in sorted((src / "web" / "rulebook").glob("*.*.md")):
        game_id, lang = path.name.removesuffix(".md").split(".")
        pages[game_id, lang] = path.read_text(encoding="utf-8")
    return pages


def _slug(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-")


def _heading_open(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """(Render rules are bound to the renderer, hence its first argument.)
    ``#`` becomes ``<h2 id="r-...">``: one level down, with a unique id."""
    token = tokens[idx]
    level = min(6, int(token.tag[1]) + 1)
    text = tokens[idx + 1].content  # the heading's Markdown source
    seen: dict[str, int] = env.setdefault("slugs", {})
    slug = _slug(text)
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
    }
    for name, rule in rules.items():
        md.add_render_rule(name, rule)
    return md


_MD = _renderer()


def to_html(markdown: str) -> str:
    """One rules page as HTML (see the module's docstring for what it holds)."""
    return _MD.render(markdown, {})


def archive_pages(src: Path = ROOT) -> dict[str, bytes]:
    """``web/rulebook/<game>.<lang>.html`` -> its bytes, for the app's archive."""
    return {
        f"web/rulebook/{game_id}.{lang}.html": to_html(text).encode()
        for (game_id, lang), text in sorted(sources(src).items())
    }
