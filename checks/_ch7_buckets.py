"""Exercise 7.1: why serve_fixed raised StopIteration, said only when computed by trying."""

import numpy as np

from tutor.worker.checklib import msg


def edge_finds_no_bucket(L) -> str:
    """The reason when a request of exactly the largest bucket's rows (128) raises StopIteration
    while one of 127 rows is served: the bucket test excludes a request equal to the bucket size
    (b > n where b >= n is meant). Empty when not shown."""
    import jax.numpy as jnp

    def served(rows):
        batch = np.ones((rows, 8), np.float32)
        try:
            L.serve_fixed([batch], [jnp.float32(1e-3)])
        except StopIteration:
            return False
        except Exception:  # the probe is ours: another failure only means it is not shown
            return None
        return True

    if served(128) is False and served(127) is True:
        return msg("ex_7_1.edge_finds_no_bucket")
    return ""


def bucket_pattern_says(rows_seq, compiled, expected, ns) -> str:
    """What the compile pattern of single requests (rows_seq, in order; `compiled[i]`: the names
    compiled while serving request i) shows when it is not the pattern of the buckets (32, 64,
    128): a request that compiled one of the learner's functions several times (programs compiled
    before the requests that need them, so the timing shows no bucket edge), else the row counts
    that compiled though their bucket had been served, and those that compiled nothing though they
    open one."""
    from _ch7 import per_name
    from _ch7_compile_names import learner_names, shown_name

    mine = learner_names(ns)  # an eager operation compiles once per shape and dtype it meets
    compiled_at = [r for r, names in zip(rows_seq, compiled, strict=True) if names]
    for rows, names in zip(rows_seq, compiled, strict=True):
        several = {k: v for k, v in per_name(names).items() if v > 1 and k in mine}
        if several:
            name, count = next(iter(several.items()))
            return msg(
                "ex_7_1.compiled_ahead",
                rows=rows,
                name=shown_name(ns, name),
                count=count,
                compiled_at=compiled_at,
            )
    pattern = list(zip(rows_seq, compiled, expected, strict=True))
    extra = [r for r, names, e in pattern if names and not e]
    missing = [r for r, names, e in pattern if e and not names]
    found = msg("ex_7_1.compiled_at_wrong_rows", compiled_at=compiled_at)
    if extra:
        found += msg("ex_7_1.compiled_in_served_bucket", rows=extra)
    if missing:
        found += msg("ex_7_1.no_compile_for_new_bucket", rows=missing)
    return found
