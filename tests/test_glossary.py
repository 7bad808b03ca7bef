"""Each chapter has a short glossary at the end of its cheat sheet; every term in it is linked to
the cheat sheet where the chapter first uses it, and 对拍 is one of them in every chapter. The
float64 references a learner can compare against are introduced where they are useful."""

from __future__ import annotations

import re

_TERM = re.compile(r"^- \*\*([^*]+)\*\*:", re.M)


def glossary(chapter) -> list[str]:
    text = chapter.cheatsheet_path.read_text(encoding="utf-8")
    assert "\n## 术语表\n" in text, chapter.id
    return _TERM.findall(text.split("\n## 术语表\n", 1)[1])


def test_every_chapter_defines_dui_pai_in_its_glossary(course):
    for chapter in course.chapters:
        assert "对拍" in glossary(chapter), chapter.id


def test_each_glossary_term_is_linked_where_the_chapter_first_uses_it(course):
    """The validator's rule (tutor/authoring/glossary_terms.py): walking the chapter's map, pages
    and the exercises placed among them, the first prose that uses a term links it to the cheat
    sheet (code, inline code such as `jax.make_jaxpr`, is no use of the word)."""
    from tutor.authoring.glossary_terms import glossary_terms, term_problems

    for chapter in course.chapters:
        assert set(glossary(chapter)) <= set(glossary_terms(chapter, "zh")), chapter.id
    problems = term_problems(course)
    assert problems == [], "\n".join(map(str, problems))


def test_the_float64_references_are_introduced_before_the_exercises_that_use_them(course):
    page = course.lessons["a1.8"].body
    for name in ("lstm_numpy(params, xs)", "rk4_numpy(y, omega, h, n)"):
        assert name in page, name


def test_every_name_the_chapter_context_defines_is_introduced_somewhere(course):
    import ast

    for chapter in course.chapters:
        names = []
        for node in ast.parse(chapter.context_source).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.append(node.name)
            elif isinstance(node, ast.Assign):
                names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        texts = [lesson.body for lesson in chapter.lessons]
        texts += [ex.statement for ex in [*chapter.exercises, *chapter.repairs]]
        texts += [chapter.cheatsheet, chapter.quiz.path.read_text(encoding="utf-8")]
        blob = "\n".join(texts)
        unmentioned = [
            n
            for n in names
            if not n.startswith("_") and not re.search(rf"\b{re.escape(n)}\b", blob)
        ]
        assert unmentioned == [], (chapter.id, unmentioned)
