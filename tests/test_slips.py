"""Claims the course makes that were wrong once, each held to what the pages say elsewhere: advice
that must agree across pages, and prompts that promise something (a prediction) the page must then
deliver. The numbers re-measured by running the reference code are in the course proof
(tests/proof/test_measured_claims.py)."""

from __future__ import annotations

import re


def test_the_welford_hint_keeps_the_count_an_integer(course):
    ex = course.exercise("6.4")
    assert not any("n 也用浮点数" in h for h in ex.hints)
    assert "int32" in ex.hints[0] and "state.count + 1 " in ex.solution


def test_nan_hunting_advice_agrees_on_with_debug_nans(course):
    cheatsheet = course.chapter_by_id["7"].cheatsheet
    page = course.lessons["7.2c"].body
    for text in (cheatsheet, page):
        assert "`jax.clear_caches()` 重跑" not in text and "先 `jax.clear_caches()`" not in text
    assert "with jax.debug_nans(True):` 里重跑" in cheatsheet
    assert "with jax.debug_nans(True):` 里单独重跑" in page


def test_a_prompt_to_predict_again_is_followed_by_a_prediction(course):
    for lesson in course.lessons.values():
        segments = lesson.segments
        for n, seg in enumerate(segments):
            if seg.prose and "再预测" in seg.prose:
                block = next((s.block for s in segments[n + 1 :] if s.block and s.block.run), None)
                assert block is not None and block.predict, (lesson.id, seg.line)


def test_multiplying_by_a_zero_mask_is_described_as_jit_really_behaves(course):
    page = course.lessons["a1.6b"]
    assert "select" in page.body and "jax.jit(as_mul)" in page.body
    assert any("float(jitted[1]) == 0.0" in b.code and b.run for b in page.code_blocks)


def test_the_compile_timing_page_says_what_a_warm_persistent_cache_shows(course):
    body = course.lessons["7.1a"].body
    assert "持久编译缓存" in body and "两次看到的编译次数都是 12" in body


def test_run_time_claims_name_the_limit_and_no_idle_time_above_it(course):
    for ex_id in ("7.4", "7.7"):
        ex = course.exercise(ex_id)
        assert f"时间上限是 {int(ex.time_limit)} 秒" in ex.statement, ex_id
        idle = re.search(r"空闲的这台 2 核机器上[^0-9]*(\d+)–(\d+) 秒", ex.statement)
        assert idle and int(idle[2]) < ex.time_limit / 4, ex_id
