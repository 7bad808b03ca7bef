"""The validator keeps what it computes from a text (parsed sources, Markdown tokens, emphasis
marks, process effects) by the text itself, so a second validation in one process redoes only
what changed. A file changed in place keeps its name: what it now holds is judged, never what
the same path held before."""

import shutil

from tutor.authoring.validate import validate
from tutor.course.loader import load_course


def _problems(root):
    return [(p.file, p.field, p.message) for p in validate(load_course(root, fresh=True))]


def test_a_file_changed_in_place_is_judged_again(tmp_path, course):
    root = tmp_path / "lessons"
    shutil.copytree(course.root, root)
    page = root / "ch6" / "lessons" / "6.1.md"
    fixture = root / "ch6" / "exercises" / "6.1" / "wrong" / "adds_increment.py"
    solution = root / "ch6" / "exercises" / "6.1" / "solution.py"
    originals = {path: path.read_text(encoding="utf-8") for path in (page, fixture, solution)}
    before = _problems(root)

    page.write_text(originals[page] + "\n都建在同一套**追踪(tracing)**机制上。\n", encoding="utf-8")
    leak = "\nimport os\nos.environ['X'] = '1'\n"
    fixture.write_text(originals[fixture] + leak, encoding="utf-8")
    solution.write_text(originals[solution] + "\ndef broken(:\n", encoding="utf-8")
    changed = _problems(root)
    new = [p for p in changed if p not in before]
    assert any(f == str(page) and m.startswith("emphasis: **") for f, _, m in new), new
    assert any(f == str(fixture) and field == "isolated" for f, field, _ in new), new
    assert any(f == str(solution) and m.startswith("syntax error") for f, _, m in new), new

    for path, text in originals.items():
        path.write_text(text, encoding="utf-8")
    assert _problems(root) == before
