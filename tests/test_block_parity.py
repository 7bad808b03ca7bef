"""A lesson block in two languages must print the same numbers (tutor/authoring/block_parity.py):
words are stripped, numbers kept, durations and numbers glued to words ignored, a sentence's
numbers compared in any order. The course proof runs a page's blocks in both languages in one
batch worker and compares them (block_proofs.page_proofs), each prediction checked against its
own language's output."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from tutor.authoring.block_parity import number_difference, numbers, unstable_lines
from tutor.authoring.block_proofs import RERUNS, page_proofs, same_numbers
from tutor.course.loader import load_course

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "course"


def test_words_are_stripped_and_numbers_kept():
    zh = "调用 4 次后 hits = 1\n编译次数:2,形状 (3, 4)\n"
    en = "after 4 calls hits = 1\ncompiled 2 times, shape (3, 4)\n"
    assert number_difference(zh, en) is None
    assert numbers(en) == [(1, ("1", "4")), (2, ("2", "3", "4"))]


def test_a_sentence_may_order_its_numbers_differently():
    assert number_difference("10 个里有 3 个\n", "3 of 10\n") is None


def test_a_different_number_is_found_and_named():
    why = number_difference("和 3.5\n", "sum 4.5\n")
    assert why is not None and "4.5" in why and "3.5" in why


def test_a_number_only_one_language_prints_is_found():
    assert number_difference("长度 3\n", "length 3 (step 2)\n") is not None
    assert number_difference("a\n长度 3\n", "length 3\nand 7\n") is not None  # lines differ


@pytest.mark.parametrize(
    ("zh", "en"),
    [
        ("耗时 12.5 毫秒\n", "took 3.1 ms\n"),
        ("用时 0.3 秒\n", "took 0.41 s\n"),
        ("dtype float32\n", "dtype float32\n"),
        ("<function f at 0x7f3a>\n", "<function f at 0x7e11>\n"),
        ("快了 3.2x\n", "3.9x faster\n"),
        ("NaN\n", "nan\n"),
        ("+1\n", "1\n"),
        (
            "f32[50,4] output of scan from a1.5.md:151:16:19 (run)\n",
            "f32[50,4] output of scan from a1.5.en.md:164:16:19 (run)\n",
        ),
    ],
)
def test_durations_and_digits_in_words_do_not_count(zh, en):
    assert number_difference(zh, en) is None


def test_lines_that_change_between_runs_of_one_language_are_left_out():
    first, again = "ratio 1.93\ntotal 6\n", "ratio 2.07\ntotal 6\n"
    skip = unstable_lines(first, again)
    assert skip == {0}
    assert number_difference(first, "ratio 1.88\ntotal 6\n", skip) is None
    assert number_difference(first, "ratio 1.88\ntotal 7\n", skip) is not None


@pytest.fixture
def fixture_course(tmp_path, monkeypatch):
    root = shutil.copytree(FIXTURE, tmp_path / "course")
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(root))
    return root / "lessons"


def _page(lessons: Path, page_id: str):
    course = load_course(lessons, fresh=True)
    load_course(lessons, lang="en", fresh=True)
    return course, course.lesson(page_id)


def test_the_proof_runs_a_page_in_both_languages_and_compares_them(fixture_course, runner):
    course, page = _page(fixture_course, "6.2")
    proofs = page_proofs(course, page, runner)
    assert all(p.ok for p in proofs), [(p.label, p.why) for p in proofs if not p.ok]
    labels = [p.label for p in proofs]
    assert sum(label.endswith(" (en)") for label in labels) == 4
    assert sum(label.endswith(" zh=en") for label in labels) == 4
    assert len(proofs) == 12


def test_a_block_whose_english_differs_only_in_comments_runs_once(fixture_course, runner):
    course, page = _page(fixture_course, "6.2")
    en_page = load_course(fixture_course, lang="en").lesson("6.2")
    proofs = {p.label: p for p in page_proofs(course, page, runner)}
    pairs = list(zip(page.runnable_blocks, en_page.runnable_blocks, strict=True))
    same = [(zh, en) for zh, en in pairs if zh.code != en.code and _program(zh) == _program(en)]
    assert len(same) == 1  # the fixture's last block: only its comment is in English
    for zh, en in pairs:
        zh_proof, en_proof = proofs[f"lesson 6.2:{zh.line}"], proofs[f"lesson 6.2:{en.line} (en)"]
        assert zh_proof.ok and en_proof.ok and proofs[f"lesson 6.2:{zh.line} zh=en"].ok
        # the same program's one run judged in English too; every other block ran in English
        assert (en_proof.result is zh_proof.result) == ((zh, en) in same)


def _program(block) -> str:
    return ast.dump(ast.parse(block.code))


def test_the_proof_refuses_other_numbers_and_an_english_prediction_not_printed(
    fixture_course, runner
):
    page_file = fixture_course / "ch6" / "lessons" / "6.2.en.md"
    text = page_file.read_text(encoding="utf-8")
    text = text.replace('"jnp in the context:"', '"jnp in the context (1 of 2):"')
    text = text.replace('shows = "length 3"', 'shows = "len 3"')
    page_file.write_text(text, encoding="utf-8")
    course, page = _page(fixture_course, "6.2")
    failed = {p.label: p.why for p in page_proofs(course, page, runner) if not p.ok}
    blocks = [b.line for b in page.runnable_blocks]  # the Chinese page's lines name the pairs
    en_lines = [
        b.line for b in load_course(fixture_course, lang="en").lesson("6.2").runnable_blocks
    ]
    assert set(failed) == {
        f"lesson 6.2:{blocks[0]} zh=en",  # other numbers
        f"lesson 6.2:{en_lines[1]} (en)",  # its prediction is not what English prints
        f"lesson 6.2:{blocks[1]} zh=en",  # not compared: the English did not pass
    }, failed
    assert "len 3" in failed[f"lesson 6.2:{en_lines[1]} (en)"]
    assert "['1', '2']" in failed[f"lesson 6.2:{blocks[0]} zh=en"]


class _Replaying:
    """A runner that answers each job's reruns from a script of outputs, per job label."""

    def __init__(self, outputs: dict[str, list[str]]):
        self.outputs = outputs
        self.runs: list[str] = []

    def run_sync(self, job):
        self.runs.append(job)
        return SimpleNamespace(stdout=self.outputs[job].pop(0))


def _pair(zh_out: str, en_out: str):
    from tutor.authoring.course_proof import Input, Proof

    def inp(label):
        return Input(label, lambda: label, lambda r: (True, ""), False)

    zh = Proof("b", True, "", SimpleNamespace(stdout=zh_out))
    en = Proof("b (en)", True, "", SimpleNamespace(stdout=en_out))
    return inp("zh"), zh, inp("en"), en


def test_a_ratio_of_timings_that_repeats_in_one_language_is_still_found_unstable():
    # CI of stop 37: Chinese printed 25 twice, English 28: the English rerun shows it moves
    runner = _Replaying({"zh": ["ratio 25\n"], "en": ["ratio 31\n"]})
    proof = same_numbers(*_pair("ratio 25\n", "ratio 28\n"), runner)
    assert proof.ok, proof.why
    assert runner.runs == ["zh", "en"]  # one round was enough


def test_a_line_the_chinese_rerun_shows_moving_needs_no_english_rerun():
    runner = _Replaying({"zh": ["ratio 27\ntotal 6\n"], "en": []})
    proof = same_numbers(*_pair("ratio 25\ntotal 6\n", "ratio 28\ntotal 6\n"), runner)
    assert proof.ok, proof.why
    assert runner.runs == ["zh"]
    zh_again, en_again = ["ratio 27\ntotal 6\n"] * RERUNS, ["ratio 30\ntotal 7\n"] * RERUNS
    runner = _Replaying({"zh": zh_again, "en": en_again})
    proof = same_numbers(*_pair("ratio 25\ntotal 6\n", "ratio 28\ntotal 7\n"), runner)
    assert not proof.ok and "line 2" in proof.why  # a steady difference is still found
    assert runner.runs == ["zh", "en"] * RERUNS


def test_a_difference_that_never_moves_fails_after_the_reruns():
    runner = _Replaying({"zh": ["hits 1\n"] * RERUNS, "en": ["hits 2\n"] * RERUNS})
    zh_inp, zh, en_inp, en = _pair("hits 1\n", "hits 2\n")
    proof = same_numbers(zh_inp, zh, en_inp, en, runner)
    assert not proof.ok and "prints 2 where the reference's line 1 prints 1" in proof.why
    assert len(runner.runs) == 2 * RERUNS


class _Unused:
    """A runner no rerun may use: the reruns go to the batch worker."""

    def run_sync(self, job):
        raise AssertionError(f"a one-shot worker for {job.label}")


def test_the_runs_again_go_to_the_batch_worker_the_block_ran_in():
    from tutor.authoring.course_proof import Input, passes, prove
    from tutor.running.batch import BatchWorker
    from tutor.running.runner import snippet_job

    code = "import os\nprint('took', int.from_bytes(os.urandom(6), 'big'), 'ms')\nprint('sum', 6)\n"
    inputs = [
        Input(
            label,
            lambda label=label: snippet_job(code, label=label, time_limit=60.0),
            passes,
            False,
        )
        for label in ("b", "b (en)")
    ]
    with BatchWorker() as worker:
        zh, en = prove(inputs, _Unused(), worker)
        proof = same_numbers(inputs[0], zh, inputs[1], en, _Unused(), worker)
        assert worker.started == 1
    assert proof.ok, proof.why  # the line of a time that moves is left out; "sum 6" agrees
