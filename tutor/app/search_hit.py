"""Show a search hit inside a Markdown widget: the first block (paragraph, list item, table,
code) whose source contains every word of the query gets the `-search-hit` class (highlighted in
app.tcss) and is scrolled to the top of its scroll view."""

from __future__ import annotations

from textual.widgets import Markdown
from textual.widgets._markdown import MarkdownBlock


def mark_hit(markdowns, query: str) -> bool:
    """Highlight and scroll to the first matching block of `markdowns` (in order); True when
    found. Blocks must be built (a Markdown widget builds them after it is mounted)."""
    terms = query.lower().split()
    if not terms:
        return False
    for md in markdowns:
        if not isinstance(md, Markdown) or not all(term in md.source.lower() for term in terms):
            continue
        for block in md.query(MarkdownBlock).results(MarkdownBlock):
            if block.children and any(isinstance(c, MarkdownBlock) for c in block.children):
                continue  # a container (list, quote): its items are tried
            source = (block.source or "").lower()
            if all(term in source for term in terms):
                block.add_class("-search-hit")
                block.scroll_visible(top=True, animate=False)
                return True
        md.add_class("-search-hit")  # the words span blocks: the piece as a whole
        md.scroll_visible(top=True, animate=False)
        return True
    return False
