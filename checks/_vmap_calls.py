"""What jax.vmap was asked for while a learner's function ran: each vmap made, its in_axes and
out_axes (defaults filled in), and what the mapped function returned on its latest call. A check
uses it to say which axes produced a wrong shape instead of guessing. Runs inside workers only."""

import contextlib
import functools
import inspect
from typing import Any


class VmapCall:
    def __init__(self, in_axes: Any, out_axes: Any):
        self.in_axes, self.out_axes = in_axes, out_axes
        self.output: Any = None  # the latest result of the mapped function
        self.args: tuple = ()  # the positional arguments of its latest call
        self.called = False


class VmapCalls(contextlib.AbstractContextManager):
    """While open, jax.vmap hands out mapped functions that record their axes and results. A
    learner who imported vmap under another name is not seen: `calls` is then empty."""

    def __init__(self) -> None:
        self.calls: list[VmapCall] = []

    def __enter__(self):
        import jax

        real = self._real = jax.vmap
        signature = inspect.signature(real)
        log = self.calls

        @functools.wraps(real)
        def recording_vmap(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            entry = VmapCall(bound.arguments.get("in_axes"), bound.arguments.get("out_axes"))
            log.append(entry)
            mapped = real(*args, **kwargs)

            @functools.wraps(mapped)
            def recorded(*a, **kw):
                out = mapped(*a, **kw)
                entry.output, entry.args, entry.called = out, a, True
                return out

            return recorded

        jax.vmap = recording_vmap
        return self

    def __exit__(self, *exc):
        import jax

        jax.vmap = self._real
        return False
