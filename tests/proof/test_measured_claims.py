"""Numbers the course states that were wrong once, re-measured by running the reference code after
its chapter's context in a fresh interpreter: part of the course proof (they run JAX)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest

pytestmark = [pytest.mark.proof, pytest.mark.timeout(1200)]


def _run_with_context(course, chapter_id, code):
    """Run `code` after the chapter's context in a fresh interpreter; returns its stdout."""
    context = course.chapter_by_id[chapter_id].context_path
    program = f"exec(open({str(context)!r}, encoding='utf-8').read())\n" + textwrap.dedent(code)
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=600, cwd="/"
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_broken_counter_stops_where_the_repair_exercise_says(course):
    ex = course.exercise("6.1-fix1")
    out = _run_with_context(
        course,
        "6",
        f"""
        exec(open({str(ex.starter_path)!r}, encoding="utf-8").read())
        count, seen = jnp.int32(0), []
        for i in range(5):
            count, _ = tally(count, jnp.float32(i))
            seen.append(int(count))
        print("、".join(map(str, seen)))
        """,
    )
    seen = out.strip().splitlines()[-1]
    assert seen == "1、2、2、2、2"
    assert seen in ex.statement and seen in ex.starter and "停在 2" in ex.explanation


def test_the_rnn_statement_gives_the_reference_final_loss(course):
    ex = course.exercise("6.7")
    # the number depends on the CPU (300 steps of float32 training amplify the order of the
    # operations), so the statement gives the range measured on the machines the course runs on
    claimed = re.search(r"参考答案在不同机器上约在 ([\d.]+)–([\d.]+) 之间", ex.statement)
    assert claimed, "the statement says what the reference reaches"
    out = _run_with_context(
        course,
        "6",
        f"""
        exec(open({str(ex.solution_path)!r}, encoding="utf-8").read())
        print(float(rnn_losses[-1]))
        """,
    )
    final = float(out.strip().splitlines()[-1])
    assert float(claimed[1]) <= final <= float(claimed[2]), (final, claimed.group(1, 2))
