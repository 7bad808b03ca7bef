"""Answers to exercise 6.1 of the fixture course typed into the app by the tests (not conftest:
tests/ has its own). Parameter names differ from the interface on purpose: the checks call
positionally."""

WRONG_6_1 = "def update_counter(n, extra):\n    return n + extra, extra\n"
ERROR_6_1 = "def update_counter(n, extra):\n    x = 1\n    return n + undefined_name, extra\n"
SLOW_6_1 = "import time\ntime.sleep(60)\ndef update_counter(n, extra):\n    return n + 1, extra\n"
