"""The editor's start-up cost: Python's highlight query is compiled once per process, however
many editors (workspace, solution, context, playground) are built, and each editor builds its
document once."""

from __future__ import annotations

from textual.document._syntax_aware_document import SyntaxAwareDocument

from tutor.app.editor import CodeEditor


def test_editors_share_one_prepared_highlight_query():
    shared = SyntaxAwareDocument.prepare_query
    assert getattr(shared, "shared", False), "tutor.app.editor did not install the shared queries"
    first = CodeEditor("x = 1\n")
    second = CodeEditor("def f(y):\n    return y\n")
    assert first.is_syntax_aware and second.is_syntax_aware
    assert first._highlight_query is not None
    assert first._highlight_query is second._highlight_query


def test_an_editor_builds_its_document_once(monkeypatch):
    built = []
    original = CodeEditor._set_document

    def counting(self, text, language):
        built.append(language)
        return original(self, text, language)

    monkeypatch.setattr(CodeEditor, "_set_document", counting)
    editor = CodeEditor("x = 1\n")
    assert editor.language == "python"
    assert built.count("python") == 1, built
    plain = CodeEditor("", language=None)
    assert plain.language is None and not plain.is_syntax_aware
