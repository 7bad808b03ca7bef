"""`/` searches every lesson page, exercise statement and cheat sheet and opens the hit,
highlighted; the command palette finds lessons by the words of their text."""

from __future__ import annotations

from apphelp import SIZE, wait_until

from tutor.app.textindex import TextIndex, snippet


def test_the_real_course_finds_vmap_in_lesson_7_4():
    from tutor import paths
    from tutor.course.loader import load_course

    course = load_course(paths.package_dir().parent / "lessons")
    hits = TextIndex(course).find("vmap")
    assert any(h.kind == "lesson" and h.id.startswith("7.4") for h in hits)
    assert any(h.kind == "exercise" for h in hits)


def test_every_word_must_occur_and_snippets_show_the_line(make_app):
    app = make_app()
    index = TextIndex(app.course)
    assert [(h.kind, h.id) for h in index.find("纯函数 副作用")] == [("lesson", "6.1")]
    assert ("lesson", "6.2") in [(h.kind, h.id) for h in index.find("JNP")]  # code, any case
    assert ("cheatsheet", "6") in [(h.kind, h.id) for h in index.find("jax.random.split")]
    assert ("exercise", "6.1") in [(h.kind, h.id) for h in index.find("update_counter")]
    assert index.find("没有这个词") == [] and index.find("   ") == []
    assert snippet("第一行\n这里讲 `vmap` 的用法\n", "vmap") == ("这里讲 vmap 的用法", "")


async def test_slash_opens_search_and_enter_jumps_to_the_hit(make_app):
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash")
        await pilot.pause()
        assert type(app.screen).__name__ == "SearchScreen"
        await pilot.press(*"jnp")
        await wait_until(pilot, lambda: app.screen.hits)
        assert app.screen.hits[0].id == "6.2"
        await pilot.press("enter")
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.2")
        await wait_until(pilot, lambda: app.screen.query(".-search-hit"))
        marked = app.screen.query(".-search-hit").first()
        assert "jnp" in (marked.source or "")


async def test_the_words_typed_right_after_the_slash_are_the_query(make_app):
    """`/` and the words in one burst (a fast typist, a paste): each key goes to the focus the app
    had when it read the key, so `/` must open the search then, and a character that reaches the
    search screen before its box has the focus still goes into the query. On the lesson page
    `j`, `n` and `p` are the page's own keys (the next example, the next and previous lesson)."""
    from textual import events

    app = make_app(target=("lesson", "6.2"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "complete", False))
        lesson = app.screen
        for key, char in [("slash", "/"), ("j", "j"), ("n", "n"), ("p", "p")]:
            app.post_message(events.Key(key, char))
        await wait_until(pilot, lambda: type(app.screen).__name__ == "SearchScreen")
        box = app.screen.query_one("#search-input")
        await wait_until(pilot, lambda: box.value == "jnp" and app.screen.hits)
        assert app.screen.hits[0].id == "6.2"
        assert app.screen_stack[-2] is lesson and lesson.lesson_id == "6.2"


async def test_a_search_with_no_hit_says_so_and_esc_goes_back(make_app):
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"zzzq")
        await wait_until(
            pilot, lambda: "没有找到" in str(app.screen.query_one("#search-status").render())
        )
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen" and app.screen.lesson_id == "6.1"


async def test_a_cheat_sheet_hit_opens_it_filtered(make_app):
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"random.split")
        await wait_until(pilot, lambda: app.screen.hits)
        await pilot.press("enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "CheatSheetScreen")
        await pilot.pause()
        assert app.screen.query_one("#cheat-search").value == "random.split"


async def test_the_palette_finds_a_lesson_by_a_word_of_its_text(make_app):
    from tutor.app.palette import CourseCommands

    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        provider = CourseCommands(app.screen)
        hits = [h async for h in provider.search("globals")]  # only in 6.2's code
        content = [h for h in hits if "globals" in h.text]
        assert content and "课 6.2" in content[0].text
        content[0].command()
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.2")
        await wait_until(pilot, lambda: app.screen.query(".-search-hit"))


def test_a_hit_only_in_code_names_its_word_and_the_prose_before_it(make_app):
    from tutor.app.search import hit_label
    from tutor.words.catalog import t

    app = make_app()
    hit = next(h for h in TextIndex(app.course).find("globals") if h.id == "6.2")
    assert hit.code == "globals" and hit.snippet and "globals" not in hit.snippet
    shown = hit_label(hit, "globals").plain
    assert t("app.search.in_code", word="globals", snippet=hit.snippet) in shown, shown
