"""The editor's start-up cost: Python's highlight query is compiled once per process, however
many editors (workspace, solution, context, playground) are built, and each editor builds its
document once."""

from __future__ import annotations

from textual.widgets.text_area import SyntaxAwareDocument

from tutor.app.editor import CodeEditor

QUERY = "(identifier) @name"


def test_editors_share_one_prepared_highlight_query():
    first = CodeEditor("x = 1\n")
    second = CodeEditor("def f(y):\n    return y\n")
    assert first.is_syntax_aware and second.is_syntax_aware
    # what a document prepares for its language (Textual prepares the highlight query the same
    # way, once per document) is the one query every document of that language is given
    prepared = first.document.prepare_query(QUERY)
    assert prepared is not None and second.document.prepare_query(QUERY) is prepared
    assert CodeEditor("z = 3\n").document.prepare_query(QUERY) is prepared


def test_an_editor_builds_its_document_once(monkeypatch):
    built = []
    original = SyntaxAwareDocument.__init__

    def counting(self, text, language):
        built.append(text)
        original(self, text, language)

    monkeypatch.setattr(SyntaxAwareDocument, "__init__", counting)
    editor = CodeEditor("x = 1\n")
    assert editor.language == "python" and editor.is_syntax_aware
    assert built == ["x = 1\n"]
    plain = CodeEditor("", language=None)
    assert plain.language is None and not plain.is_syntax_aware and built == ["x = 1\n"]
