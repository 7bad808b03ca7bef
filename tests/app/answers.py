"""Answers to exercise 6.1 typed into the app by the tests (not conftest: tests/ has its own).
Parameter names differ from the interface on purpose: the checks call positionally."""

SOLUTION_6_1 = "def update_counter(n, extra):\n    return n + 1, extra\n"
WRONG_6_1 = "def update_counter(n, extra):\n    return n + extra, extra\n"
ERROR_6_1 = "def update_counter(n, extra):\n    x = 1\n    return n + undefined_name, extra\n"
STARTER_6_1 = (
    "# 练习 6.1:有状态计数器\n\n\ndef update_counter(n, extra):\n"
    '    """返回 (n + 1, extra)。"""\n    raise NotImplementedError\n'
)
SLOW_6_1 = "import time\ntime.sleep(60)\n" + SOLUTION_6_1
