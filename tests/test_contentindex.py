"""The parsed-course index: a course whose files did not change loads without parsing TOML; any
change, a damaged index or a cache folder that cannot be written still loads what the files say."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.course import content_index
from tutor.course.loader import ContentError, load_course


@pytest.fixture
def settled(monkeypatch):
    """Files count as settled at once (the copies a test makes are seconds old at most)."""
    monkeypatch.setattr(content_index, "RACY_S", 0.0)


@pytest.fixture
def root(tmp_path, course):
    shutil.copytree(course.root, tmp_path / "lessons")
    return (tmp_path / "lessons").resolve()


def _counting(monkeypatch):
    parsed = []
    real = content_index.ParsedFiles.read

    def read(self, path, parse):
        def counted(text):
            parsed.append(path.name)
            return parse(text)

        return real(self, path, counted)

    monkeypatch.setattr(content_index.ParsedFiles, "read", read)
    return parsed


def test_an_unchanged_course_loads_from_the_index(root, settled, monkeypatch):
    parsed = _counting(monkeypatch)
    first = load_course(root, fresh=True)
    assert len(parsed) > 100 and content_index.index_path(root).is_file()
    parsed.clear()
    again = load_course(root, fresh=True)
    assert parsed == []
    assert [e.id for e in again.exercises.values()] == [e.id for e in first.exercises.values()]
    assert again.exercise("6.1").hints == first.exercise("6.1").hints
    assert again.lesson("6.1").title == first.lesson("6.1").title
    assert again.chapters[0].quiz.questions == first.chapters[0].quiz.questions


def test_a_process_that_finds_the_index_never_imports_tomllib(root, settled):
    load_course(root, fresh=True)
    code = (
        "import sys; from pathlib import Path; from tutor.course.loader import load_course; "
        f"c = load_course(Path({str(root)!r})); print(len(c.exercises), 'tomllib' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[1] == "False"


def test_an_edited_file_is_parsed_again(root, settled, monkeypatch):
    load_course(root, fresh=True)
    parsed = _counting(monkeypatch)
    toml = root / "ch6" / "exercises" / "6.1" / "exercise.toml"
    text = toml.read_text(encoding="utf-8")
    title = load_course(root, fresh=True).exercise("6.1").title
    toml.write_text(text.replace(f'title = "{title}"', 'title = "新的标题"'), encoding="utf-8")
    page = root / "ch6" / "lessons" / "6.1.md"
    page.write_text(
        page.read_text(encoding="utf-8").replace("title = ", 'title = "改过"\nold = ', 1),
        encoding="utf-8",
    )
    parsed.clear()
    course = load_course(root, fresh=True)
    assert course.exercise("6.1").title == "新的标题" and course.lesson("6.1").title == "改过"
    assert sorted(parsed) == ["6.1.md", "exercise.toml"]


def test_a_file_changed_just_now_is_not_kept(root, monkeypatch):
    """Within RACY_S of its last change a file's times may not change at the next edit."""
    parsed = _counting(monkeypatch)
    load_course(root, fresh=True)  # the copies were made a moment ago
    parsed.clear()
    load_course(root, fresh=True)
    assert len(parsed) > 100


def test_an_error_in_a_file_is_reported_at_every_load(root, settled):
    load_course(root, fresh=True)
    toml = root / "ch6" / "exercises" / "6.1" / "exercise.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace("time_limit = 20", 'time_limit = "soon"'),
        encoding="utf-8",
    )
    for _ in range(2):
        with pytest.raises(ContentError) as e:
            load_course(root, fresh=True)
        assert e.value.file == str(toml) and e.value.field == "time_limit"
    toml.unlink()
    with pytest.raises(ContentError) as e:
        load_course(root, fresh=True)
    assert e.value.field == "file"


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"{not json",
        b'{"version": 1, "files": []}',
        b'{"version": 999}',
        b'{"version": 1, "files": {"x": 3}}',
        b"[]",
    ],
)
def test_a_damaged_index_is_ignored_and_rewritten(root, settled, monkeypatch, damage):
    first = load_course(root, fresh=True)
    index = content_index.index_path(root)
    index.write_bytes(damage)
    parsed = _counting(monkeypatch)
    assert load_course(root, fresh=True).exercise("6.1").title == first.exercise("6.1").title
    assert len(parsed) > 100
    assert json.loads(index.read_bytes())["version"] == content_index.VERSION


def test_a_stored_entry_for_the_wrong_file_state_is_not_used(root, settled, monkeypatch):
    load_course(root, fresh=True)
    index = content_index.index_path(root)
    doc = json.loads(index.read_bytes())
    key = str(root / "ch6" / "exercises" / "6.1" / "exercise.toml")
    doc["files"][key][1]["title"] = "从索引来的"
    doc["files"][key][0][0] += 1  # a size the file does not have
    index.write_text(json.dumps(doc), encoding="utf-8")
    assert load_course(root, fresh=True).exercise("6.1").title != "从索引来的"


def test_files_that_left_the_course_leave_the_index(root, settled):
    load_course(root, fresh=True)
    chapter = root / "ch6" / "chapter.toml"
    text = chapter.read_text(encoding="utf-8")
    chapter.write_text(
        text.replace('"6.1-fix1", ', "", 1).replace(', "6.1-fix1"', "", 1), encoding="utf-8"
    )
    assert "6.1-fix1" not in load_course(root, fresh=True).exercises
    files = json.loads(content_index.index_path(root).read_bytes())["files"]
    assert not any("6.1-fix1" in k for k in files)


def test_a_cache_folder_that_cannot_be_written_only_costs_time(
    root, settled, monkeypatch, tmp_path
):
    blocked = tmp_path / "cache-is-a-file"
    blocked.write_text("")
    monkeypatch.setenv("JAXTUTOR_CACHE", str(blocked))
    assert load_course(root, fresh=True).exercise("6.1").title
    assert not content_index.index_path(root).exists()


def test_predict_counts_come_from_the_index_and_follow_an_edit(root, settled, monkeypatch):
    """Progress views count every page's predictions: from the index, without reading a page."""
    first = load_course(root, fresh=True)
    counts = {p.id: p.prediction_count for p in first.lessons.values()}
    assert counts == {p.id: len(p.predictions) for p in first.lessons.values()}
    page_id = next(i for i, n in counts.items() if n)
    read = []
    real = Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda p, *a, **k: read.append(p) or real(p, *a, **k))
    again = load_course(root, fresh=True)
    assert {p.id: p.prediction_count for p in again.lessons.values()} == counts
    assert not [p for p in read if p.suffix == ".md"]
    page = again.lesson(page_id).path
    page.write_text(real(page).replace("```predict", "```text"), encoding="utf-8")
    assert load_course(root, fresh=True).lesson(page_id).prediction_count == 0
