"""The rules every test of the tool gate keeps (docs/architecture.md §8), read from the tests'
syntax trees by tests/gate_rules.py: no fixed wait, no assert on a duration, no private name of
the project's, and Textual's and rich's private state read in one module only."""

from __future__ import annotations

import textwrap
from pathlib import Path

from gate_rules import (
    duration_asserts,
    fixed_waits,
    library_privates,
    private_uses,
    project_privates,
    tool_gate_files,
)

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- the tool gate's waits


def test_no_test_of_the_tool_gate_waits_a_fixed_time():
    """time.sleep(0.5) or pilot.pause(0.1) only inside a loop that ends on a condition: a test
    waits for what it asserts, never for a time that a loaded machine may need more of."""
    files = tool_gate_files(ROOT)
    assert len(files) > 80 and not any("proof" in p.parts for p in files)
    found = [hit for path in files for hit in fixed_waits(path, ROOT)]
    assert found == []


def test_no_test_of_the_tool_gate_asserts_a_duration():
    """No assert on a difference of clock readings (time.monotonic, time.time, perf_counter):
    how long something took belongs in scripts/bench.py, which measures it."""
    found = [hit for path in tool_gate_files(ROOT) for hit in duration_asserts(path, ROOT)]
    assert found == []


def _write(tmp_path, code: str) -> Path:
    path = tmp_path / "test_sample.py"
    path.write_text(textwrap.dedent(code), encoding="utf-8")
    return path


def test_the_wait_rule_refuses_fixed_waits_and_keeps_waits_for_a_condition(tmp_path):
    refused = _write(
        tmp_path,
        """
        import time
        PAUSE = 0.2

        async def test_a(pilot):
            time.sleep(0.5)
            await pilot.pause(PAUSE)
            for _ in range(60):
                time.sleep(0.05)
            while True:
                await pilot.pause(0.1)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                time.sleep(1 / 20)
        """,
    )
    assert [hit.split(":")[1] for hit in fixed_waits(refused, tmp_path)] == [
        "6",
        "7",
        "9",
        "11",
        "14",
    ]
    kept = _write(
        tmp_path,
        """
        import time

        async def test_b(pilot, done, step):
            while not done():
                time.sleep(0.05)
            for _ in range(40):
                if done():
                    break
                await pilot.pause(0.1)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                if done():
                    return
                time.sleep(0.1)
            await pilot.pause(step)
            await pilot.pause()
        """,
    )
    assert fixed_waits(kept, tmp_path) == []


def test_the_duration_rule_refuses_asserts_on_clock_differences(tmp_path):
    refused = _write(
        tmp_path,
        """
        import time
        from time import perf_counter

        def test_c(run):
            started = []
            run(on_event=lambda e: started.append(time.monotonic()))
            finished = time.monotonic()
            assert finished - started[0] <= 6
            t0 = perf_counter()
            took = perf_counter() - t0
            assert took < 0.5
            assert time.time() - t0 > 0.1, "slow"
        """,
    )
    assert [hit.split(":")[1] for hit in duration_asserts(refused, tmp_path)] == ["9", "12", "13"]
    kept = _write(
        tmp_path,
        """
        import time

        def test_d(done):
            deadline = time.monotonic() + 5
            while not done():
                assert time.monotonic() < deadline, "not done in time"
                time.sleep(0.05)
            assert done() - 1 < 2
        """,
    )
    assert duration_asserts(kept, tmp_path) == []


def test_no_test_of_the_tool_gate_uses_a_private_name_of_the_project():
    """A test speaks to public behaviour: no private name that tutor/ defines (Textual's and
    rich's own are the next test's)."""
    privates = project_privates(ROOT)
    assert {"_wrap_and_format", "_statements", "_lang", "_open_writable"} <= privates
    assert "_compositor" not in privates and "_filters" not in privates  # Textual's
    found = [hit for path in tool_gate_files(ROOT) for hit in private_uses(path, ROOT, privates)]
    assert found == []


# Textual gives the composed screen only as SVG and keeps its notices to itself: one adapter reads
# them, so that a Textual upgrade that moves them breaks one file.
SCREEN_ADAPTER = "tests/app/screentext.py"


def test_textual_and_rich_private_names_are_read_in_the_screen_adapter_only():
    theirs = library_privates()
    assert {"_compositor", "_filters", "_notifications", "_record_buffer"} <= theirs
    packages = ("textual", "rich")
    found = [
        hit for path in tool_gate_files(ROOT) for hit in private_uses(path, ROOT, theirs, packages)
    ]
    outside = [hit for hit in found if not hit.startswith(SCREEN_ADAPTER)]
    assert outside == []
    assert {hit.rsplit(": ", 1)[1] for hit in found} == {
        "_compositor",
        "_background_screens",
        "_notifications",
    }


def test_the_library_rule_sees_attributes_and_private_modules(tmp_path):
    sample = _write(
        tmp_path,
        """
        from textual.widgets._markdown import MarkdownParagraph
        from textual.widgets.markdown import MarkdownFence

        def test_e(app, console):
            app._filters, app.get_line_filters(), console._record_buffer
        """,
    )
    hits = private_uses(sample, tmp_path, library_privates(), ("textual", "rich"))
    assert [hit.split(": ", 1)[1] for hit in hits] == ["_markdown", "_filters", "_record_buffer"]


def test_the_private_rule_sees_imports_attributes_and_patched_names(tmp_path):
    sample = _write(
        tmp_path,
        """
        from tutor.storage.schema import _statements
        from tutor.words import catalog

        class Fake:
            def __init__(self):
                self._lang = "zh"

        def test_e(monkeypatch, app, content):
            monkeypatch.setattr(catalog, "_lang", "en")
            content._wrap_and_format(20)
            app._filters
        """,
    )
    hits = private_uses(sample, tmp_path, project_privates(ROOT))
    assert [hit.split(": ", 1)[1] for hit in hits] == ["_statements", "_lang", "_wrap_and_format"]
