"""Records the event logs the judge's tests replay (tests/judge_logs/, tests/test_judge_logs.py):
runs each answer of the result goldens (tests/golden/inputs, exercise 6.1 of the fixture course)
in a real worker and writes, per case, the job, every event the worker sent in order, and what
the parent saw of its ending (its own limit or cancel, the exit status, the end of stderr, the
output). Paths are written as <answer> and <root>, as in the goldens. Run it after a change to
the protocol or the worker, and read the diff:

    .venv/bin/python scripts/record_judge_logs.py"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
COURSE = ROOT / "tests" / "fixtures" / "course"
INPUTS = ROOT / "tests" / "golden" / "inputs"
LOGS = ROOT / "tests" / "judge_logs"
EXERCISE = COURSE / "lessons" / "ch6" / "exercises" / "6.1"
# log name: (learner file, time limit or None, cancel once started)
CASES = {
    "6.1-solution": (INPUTS / "6.1-own_answer.py", None, False),
    "6.1-starter": (EXERCISE / "starter.py", None, False),
    "6.1-adds_increment": (INPUTS / "6.1-adds_increment.py", None, False),
    "6.1-string_plus_number": (INPUTS / "6.1-string_plus_number.py", None, False),
    "6.1-endless_loop": (INPUTS / "6.1-endless_loop.py", 1.0, False),
    "6.1-huge_array": (INPUTS / "6.1-huge_array.py", None, False),
    "6.1-segfault": (INPUTS / "6.1-segfault.py", None, False),
    "6.1-sys_exit": (INPUTS / "6.1-sys_exit.py", None, False),
    "6.1-cancelled": (INPUTS / "6.1-endless_loop_for_cancel.py", None, True),
}


def record(name: str, path: Path, limit: float | None, cancel: bool) -> dict:
    from tutor.course.loader import load_course
    from tutor.protocol.events import Started, encode_event
    from tutor.running import run as run_mod
    from tutor.running.runner import Runner, exercise_job

    course = load_course(COURSE / "lessons", fresh=True)
    job = exercise_job(
        course.exercise("6.1"), path, course.chapter_of("6.1").context_path, limit, lang="zh"
    )
    events: list[dict] = []
    ending: dict = {}
    accept, facts_of = run_mod.Run._accept, run_mod.Run._facts

    def logged_accept(self, item, seen, on_event):
        events.append(json.loads(encode_event(item)))
        return accept(self, item, seen, on_event)

    def logged_facts(self, seen, duration, escaped):
        facts = facts_of(self, seen, duration, escaped)
        ending.update(
            ended=facts.ended.value if facts.ended else None,
            detail=facts.detail,
            stuck=facts.stuck.to_dict() if facts.stuck else None,
            start_limit_s=facts.start_limit_s,
            returncode=facts.returncode,
            stderr_tail=facts.stderr_tail,
            escaped=facts.escaped,
            stdout=facts.stdout,
            stderr=facts.stderr,
            output_truncated=facts.output_truncated,
            duration_s=0,
        )
        return facts

    run_mod.Run._accept, run_mod.Run._facts = logged_accept, logged_facts
    runner = Runner(keep_warm=False)
    try:

        async def record() -> None:
            started = asyncio.Event()
            task = asyncio.create_task(
                runner.run(job, on_event=lambda e: isinstance(e, Started) and started.set())
            )
            if cancel:
                async with asyncio.timeout(120):
                    await started.wait()
                task.cancel()
            await task

        asyncio.run(record())
    finally:
        runner.close()
        run_mod.Run._accept, run_mod.Run._facts = accept, facts_of
    log = {"job": job.to_dict(), "events": events, **ending}
    text = json.dumps(log, ensure_ascii=False, indent=1)
    text = text.replace(json.dumps(str(path))[1:-1], "<answer>")
    return json.loads(text.replace(json.dumps(str(ROOT))[1:-1], "<root>"))


def main() -> None:
    os.environ["JAXTUTOR_CONTENT"] = str(COURSE)
    LOGS.mkdir(exist_ok=True)
    for name, (path, limit, cancel) in CASES.items():
        log = record(name, path, limit, cancel)
        out = LOGS / f"{name}.json"
        out.write_text(json.dumps(log, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(name, log["events"][-1]["type"] if log["events"] else "-", log["ended"])


if __name__ == "__main__":
    main()
