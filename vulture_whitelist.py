"""What vulture cannot see being used (run as `vulture tutor checks vulture_whitelist.py`). Names
Textual calls or reads by convention (compose, action_*, on_*, @on handlers, CSS class variables)
are ignored by pattern in pyproject.toml ([tool.vulture]); only the rest is listed here."""

# ruff: noqa

# fields of documents written to JSON or the database (read by the other side or by people)
warm_s  # unused variable (tutor/protocol/events.py:145)
vmdata_kb  # unused variable (tutor/protocol/events.py:146)

# Python calls a module's __getattr__ for a name the module does not define (lazy re-exports)
__getattr__  # unused function (tutor/application/session.py)

# an lru_cache key: the file's version, so that an edited context is parsed again
mtime_ns  # unused variable (tutor/course/context.py:26)

# read by the tests through the public object (the property a test waits for)
_.highlighting_active  # unused property (tutor/app/editor.py:128)
_.gc_frozen  # unused property (tutor/app/tutorapp.py)
_.end_looks  # unused attribute (tutor/app/lesson.py)
_.wrapped  # unused attribute (tutor/worker/check_programs.py:36)

# read by scripts/bench_app.py (the first lesson screen's time)
_.rendered_at  # unused attribute (tutor/app/lesson.py)

# a parameter of the signature JAX calls its event listeners with (jax.monitoring)
duration_secs  # unused variable (tutor/worker/check_programs.py:57)

# Textual calls a stylesheet's methods by name (tutor/app/stylesheet_reuse.py replaces them)
_.reparse  # unused attribute (tutor/app/stylesheet_reuse.py)
