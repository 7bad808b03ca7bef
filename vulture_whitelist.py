"""What vulture cannot see being used (run as `vulture tutor checks vulture_whitelist.py`). Names
Textual calls or reads by convention (compose, action_*, on_*, @on handlers, CSS class variables)
and the check functions `@checks.add` registers (each named `_`) are ignored by pattern in
pyproject.toml ([tool.vulture]); only the rest is listed here. An attribute is written after its
owner's class (`Owner.attribute`): vulture takes every name here as used, and a placeholder
owner such as `_` would also hide every unused function of that name."""

# ruff: noqa

# Python calls a module's __getattr__ for a name the module does not define (lazy re-exports)
__getattr__  # unused function (tutor/application/session.py)

# an lru_cache key: the file's version, so that an edited context is parsed again
mtime_ns  # unused variable (tutor/course/context.py:26)

# fields of the worker's Ready message (tutor/protocol/events.py): the worker reports how long
# it took to warm and its data segment, the protocol checks their types; no reader uses them yet
warm_s  # unused variable (tutor/protocol/events.py:148)
vmdata_kb  # unused variable (tutor/protocol/events.py:149)

# read by scripts/bench_app.py (the first lesson screen's time), which vulture does not scan
LessonScreen.rendered_at  # unused attribute (tutor/app/lesson.py:69)

# a parameter of the signature JAX calls its event listeners with (jax.monitoring)
duration_secs  # unused variable (tutor/worker/check_programs.py:57)

# a jitted function's clear_cache, replaced on its type while a check counts the learner's clears
# (tutor/worker/check_programs.py LearnerClears)
PjitFunction.clear_cache  # unused attribute (tutor/worker/check_programs.py)

# Textual calls a stylesheet's methods by name (tutor/app/stylesheet_reuse.py replaces them)
Stylesheet.reparse  # unused attribute (tutor/app/stylesheet_reuse.py:32)

# the tests of the rules shared by a process's apps start from none parsed (test_stylesheet_reuse)
forget_parsed_rules  # unused function (tutor/app/stylesheet_reuse.py)

# TextArea reads these of its wrapped document when it draws a row (tutor/app/softwrap.py draws a
# row of a long line through a OneRowView in its place)
OneRowView.get_tab_widths  # unused method (tutor/app/softwrap.py)

# Textual's Tree reads it when it scrolls to a line (tutor/app/home.py centres the map on "continue")
center_scroll  # unused attribute (tutor/app/home.py)

# asyncio calls a protocol's methods by name (tutor/running/worker_process.py reads pipes so)
_Output.data_received  # unused method (tutor/running/worker_process.py)
_Output.connection_lost  # unused method (tutor/running/worker_process.py)
_Events.data_received  # unused method (tutor/running/worker_process.py)
_Events.connection_lost  # unused method (tutor/running/worker_process.py)

# whether a spare has warmed up, looked at without an event loop: scripts/bench*.py wait for it
# before timing a warm run (vulture does not scan scripts/)
WorkerProcess.warmed  # unused method (tutor/running/worker_process.py)
