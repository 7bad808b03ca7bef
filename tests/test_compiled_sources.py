"""The course's own code (a chapter context, a check module) is compiled once per exact text in a
worker (tutor/worker/run_job.py `compiled`): a batch worker runs it for every job of an exercise,
and a changed text is compiled anew."""

from tutor.worker.run_job import compiled

SOURCE = "def f():\n    return 1\nkept = []\n"


def test_the_same_text_is_compiled_once_and_each_run_gets_new_objects():
    code = compiled(SOURCE, "/course/context.py")
    assert compiled(SOURCE, "/course/context.py") is code
    first, second = {}, {}
    exec(code, first)
    exec(code, second)
    assert first["f"] is not second["f"] and first["kept"] is not second["kept"]


def test_a_changed_text_or_another_file_is_compiled_anew():
    code = compiled(SOURCE, "/course/context.py")
    changed = compiled(SOURCE.replace("return 1", "return 2"), "/course/context.py")
    assert changed is not code
    ns: dict = {}
    exec(changed, ns)
    assert ns["f"]() == 2
    elsewhere = compiled(SOURCE, "/course/other.py")
    assert elsewhere is not code and elsewhere.co_filename == "/course/other.py"
