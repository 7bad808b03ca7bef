"""Answers to exercise 6.1 typed into the app by the tests (not conftest: tests/ has its own)."""

SOLUTION_6_1 = "def update_counter(count, increment):\n    return count + 1, increment\n"
WRONG_6_1 = "def update_counter(count, increment):\n    return count + increment, increment\n"
ERROR_6_1 = "def update_counter(count, increment):\n    x = 1\n    return count + undefined_name, increment\n"
STARTER_6_1 = ('# 练习 6.1:有状态计数器\n\n\ndef update_counter(count, increment):\n'
               '    """返回 (count + 1, increment)。"""\n    raise NotImplementedError\n')
SLOW_6_1 = "import time\ntime.sleep(60)\n" + SOLUTION_6_1
