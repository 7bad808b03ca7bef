"""Both languages of the course (lessons/README.md, "Languages"). The course has an English title
and welcome page (`course.en.toml`, `welcome.en.md`). A chapter with a `chapter.en.toml` claims
English, and then every text exists in both languages: pages, statements, explanations, the
cheat sheet with as many glossary terms, every text field of its TOML files (a field whose
Chinese holds no Chinese character, such as a signature written in code, needs no translation),
and the starters, solutions and context in `.en.py` versions that differ from the Chinese ones
only in comments and string literals (code_parity.py), as must a quiz question's English
`verify` code in the overlay (required where the Chinese one holds Chinese). A page's English
version has the same code blocks with the same flags, the same code but for words, and
predictions with the same answers; an English page stays as short as a Chinese one (200 lines).
English text has no Chinese character and no full-width
punctuation (text_rules.english_problems); every `.en` file that exists is held to that, claimed
or not."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tutor.authoring.code_parity import code_difference
from tutor.authoring.glossary_terms import GLOSSARY_HEADS as GLOSSARY
from tutor.authoring.glossary_terms import term_problems
from tutor.authoring.predict_giveaway import lesson_giveaways
from tutor.authoring.problems import Problem
from tutor.authoring.slips import slip_problems
from tutor.authoring.text_rules import check_length, check_links, check_text
from tutor.course.errors import ContentError
from tutor.course.exercise import Exercise
from tutor.course.languages import CODE_KEYS, TEXT_KEYS, tagged
from tutor.course.lesson import Lesson
from tutor.course.loader import load_course
from tutor.course.model import Chapter, Course
from tutor.course.quiz import Quiz

EN = "en"
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_TERM = re.compile(r"^- \*\*([^*]+)\*\*", re.M)


def language_problems(zh: Course) -> list[Problem]:
    """Every problem of the English version of `zh` (the course as loaded in Chinese)."""
    problems: list[Problem] = []
    root = zh.root
    for name in ("course.toml", *(["welcome.md"] if zh.welcome_path else [])):
        if not tagged(root / name, EN).is_file():
            problems.append(
                Problem(str(tagged(root / name, EN)), "file", "missing: the course's English")
            )
    try:
        en = load_course(root, lang=EN, fresh=True)
    except ContentError as e:
        return [*problems, Problem(e.file, e.field, e.message)]
    if tagged(root / "course.toml", EN).is_file():
        _overlay_complete(root / "course.toml", problems)
    _texts(str(tagged(root / "course.toml", EN)), "title", [en.title], problems)
    if en.welcome_path is not None and en.welcome_path != zh.welcome_path:
        welcome = en.welcome_path.read_text(encoding="utf-8")
        check_text(welcome, str(en.welcome_path), "text", problems, lang=EN)
        check_links(welcome, str(en.welcome_path), en, problems)
    for zc, ec in zip(zh.chapters, en.chapters, strict=True):
        claimed = tagged(zc.folder / "chapter.toml", EN).is_file()
        _english_rules(zc, ec, en, problems)
        if claimed:
            _chapter_parity(zc, ec, problems)
    problems.extend(slip_problems(en))
    problems.extend(term_problems(en))
    return problems


# ---------------------------------------------------------------- English text rules


def _texts(where: str, field: str, texts: list[str], problems: list[Problem]) -> None:
    for text in texts:
        check_text(text, where, field, problems, markdown=False, lang=EN)


def _is_english(path: Path | None) -> bool:
    return path is not None and path.stem.endswith("." + EN)


def _english_rules(zc: Chapter, ec: Chapter, en: Course, problems: list[Problem]) -> None:
    """The English rules on every English file of the chapter that exists."""
    if tagged(zc.folder / "chapter.toml", EN).is_file():
        where = str(tagged(zc.folder / "chapter.toml", EN))
        _texts(where, "title", [ec.title, ec.short_title], problems)
    for path in (ec.cheatsheet_path, ec.context_path):
        if _is_english(path):
            assert path is not None
            text = path.read_text(encoding="utf-8")
            check_text(text, str(path), path.stem, problems, markdown=path.suffix == ".md", lang=EN)
    for page in ec.lessons:
        if _is_english(page.path):
            check_text(page.body, str(page.path), "text", problems, lang=EN)
            check_length(page, str(page.path), problems)
            check_links(page.body, str(page.path), en, problems)
            _texts(str(page.path), "title", [page.title], problems)
            problems.extend(Problem(str(page.path), f, m) for f, m in lesson_giveaways(page))
    for ex in [*ec.exercises, *ec.repairs]:
        for path in (ex.statement_path, ex.explanation_path, ex.starter_path, ex.solution_path):
            if _is_english(path):
                text = path.read_text(encoding="utf-8")
                md = path.suffix == ".md"
                check_text(text, str(path), path.stem, problems, markdown=md, lang=EN)
                if md:
                    check_links(text, str(path), en, problems)
        overlay = tagged(ex.folder / "exercise.toml", EN)
        if overlay.is_file():
            texts = [ex.title, *ex.hints, *(r.text for r in ex.rules)]
            _texts(str(overlay), "text", texts + [i.signature for i in ex.interface], problems)
    if ec.quiz is not None and tagged(ec.quiz.path, EN).is_file():
        where = str(tagged(ec.quiz.path, EN))
        _texts(where, "title", [ec.quiz.title], problems)
        for q in ec.quiz.questions:
            parts = [q.prompt, q.explanation, q.model_answer, *q.options]
            for part in parts:
                check_text(part, where, q.id, problems, lang=EN)
            check_links(q.prompt + q.explanation + q.model_answer, where, en, problems)
        if zc.quiz is not None:
            _verify_parity(zc.quiz, ec.quiz, where, problems)


def _verify_parity(zh_quiz: Quiz, quiz: Quiz, where: str, problems: list[Problem]) -> None:
    """A question's English verify code: the Chinese code but for comments and strings."""
    for zq, eq in zip(zh_quiz.questions, quiz.questions, strict=True):
        if eq.verify == zq.verify:
            continue
        why = code_difference(zq.verify, eq.verify)
        if why is not None:
            problems.append(Problem(where, f"{eq.id}.verify", f"differs in more than words: {why}"))
        else:
            check_text(eq.verify, where, f"{eq.id}.verify", problems, markdown=False, lang=EN)


# ---------------------------------------------------------------- parity of a claimed chapter


def _chapter_parity(zc: Chapter, ec: Chapter, problems: list[Problem]) -> None:
    _overlay_complete(zc.folder / "chapter.toml", problems)
    _code_pair(zc.context_path, "context", problems)
    if zc.cheatsheet_path is not None:
        _glossary(zc.cheatsheet_path, problems)
    for zp, ep in zip(zc.lessons, ec.lessons, strict=True):
        _page_parity(zp, ep, problems)
    for zx, ex in zip([*zc.exercises, *zc.repairs], [*ec.exercises, *ec.repairs], strict=True):
        _exercise_parity(zx, ex, problems)
    if zc.quiz is not None:
        _overlay_complete(zc.quiz.path, problems)


def _missing(path: Path, problems: list[Problem], what: str) -> bool:
    other = tagged(path, EN)
    if other.is_file():
        return False
    problems.append(
        Problem(str(other), "file", f"missing: the chapter claims English ({what}, {path.name})")
    )
    return True


def _overlay_complete(path: Path, problems: list[Problem]) -> None:
    """Every text field of the TOML file `path` that holds Chinese is in its English overlay."""
    if _missing(path, problems, "the overlay"):
        return
    base = tomllib.loads(path.read_text(encoding="utf-8"))
    overlay = tomllib.loads(tagged(path, EN).read_text(encoding="utf-8"))
    for field in _untranslated(base, overlay, ""):
        problems.append(Problem(str(tagged(path, EN)), field, "missing: its Chinese has words"))


def _untranslated(base: dict, overlay: dict, where: str) -> list[str]:
    out = []
    for key, value in base.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            theirs = overlay.get(key, [])
            for n, table in enumerate(value):
                other = theirs[n] if n < len(theirs) and isinstance(theirs[n], dict) else {}
                out += _untranslated(table, other, f"{where}{key}[{n}].")
        elif key in TEXT_KEYS | CODE_KEYS and key not in overlay and _HAN.search(str(value)):
            out.append(f"{where}{key}")
    return out


def _code_pair(path: Path, what: str, problems: list[Problem]) -> None:
    if not path.is_file() or _missing(path, problems, what):
        return
    other = tagged(path, EN)
    why = code_difference(path.read_text(encoding="utf-8"), other.read_text(encoding="utf-8"))
    if why is not None:
        problems.append(
            Problem(str(other), what, f"differs from {path.name} in more than words: {why}")
        )


def _glossary(path: Path, problems: list[Problem]) -> None:
    if _missing(path, problems, "the cheat sheet"):
        return
    counts = []
    for lang, file in (("zh", path), (EN, tagged(path, EN))):
        text = file.read_text(encoding="utf-8")
        head = GLOSSARY[lang]
        counts.append(len(_TERM.findall(text.split(head, 1)[1])) if head in text else None)
    if counts[0] != counts[1]:
        problems.append(
            Problem(
                str(tagged(path, EN)),
                "glossary",
                f"{counts[1] or 0} terms under '{GLOSSARY[EN].strip()}', "
                f"the Chinese has {counts[0] or 0} under '{GLOSSARY['zh'].strip()}'",
            )
        )


def _page_parity(zp: Lesson, ep: Lesson, problems: list[Problem]) -> None:
    if _missing(zp.path, problems, "the page"):
        return
    where = str(ep.path)
    if ep.level != zp.level:
        problems.append(Problem(where, "level", f"is {ep.level!r}, the Chinese {zp.level!r}"))
    try:
        zb, eb, zpred, epred = zp.code_blocks, ep.code_blocks, zp.predictions, ep.predictions
    except ContentError as e:
        problems.append(Problem(e.file, e.field, e.message))
        return
    if len(zb) != len(eb):
        problems.append(
            Problem(where, "blocks", f"{len(eb)} code blocks, the Chinese page {len(zb)}")
        )
        return
    for n, (a, b) in enumerate(zip(zb, eb, strict=True), 1):
        field = f"block {n} (line {b.line})"
        flags = ("lang", "run", "context", "timeout", "include")
        if any(getattr(a, f) != getattr(b, f) for f in flags):
            problems.append(Problem(where, field, f"flags {b.info!r}, the Chinese {a.info!r}"))
        elif a.run and a.lang == "python":
            why = code_difference(a.code, b.code)
            if why is not None:
                problems.append(Problem(where, field, f"differs in more than words: {why}"))
        pa, pb = zpred.get(a.line), epred.get(b.line)
        if (pa is None) != (pb is None):
            problems.append(Problem(where, field, "a prediction in one language only"))
        elif pa is not None and pb is not None:
            same = (len(pa.options), pa.answer, pa.number, pa.tolerance) == (
                len(pb.options),
                pb.answer,
                pb.number,
                pb.tolerance,
            )
            if not same:
                problems.append(Problem(where, field, "the prediction's options or answer differ"))


def _exercise_parity(zx: Exercise, ex: Exercise, problems: list[Problem]) -> None:
    _overlay_complete(zx.folder / "exercise.toml", problems)
    for name in ("statement.md", "explanation.md"):
        _missing(zx.folder / name, problems, "the exercise's text")
    for name in ("starter.py", "solution.py"):
        _code_pair(zx.folder / name, name.split(".")[0], problems)
