"""Repair 6.2-fix1: grid[i] = value is a TypeError in JAX -> grid.at[i].set(value).

Checks: under jit with a traced index and value, the result replaces exactly element i and the
caller's array is untouched ("jit"); the same without jit ("eager"); the program contains the
scatter that .at[i].set stages ("scatter")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_6_2_fix1")

SYMPTOMS = {
    "TracerArrayConversionError": msg("ex_6_2_fix1.module.tracerarrayconversio"),
    "word:immutable": msg("ex_6_2_fix1.module.word_immutable"),
}


def _cases(seed):
    g = rng(seed)
    out = []
    for n in (5, 8, 8):
        grid = g.uniform(-5.0, 5.0, size=n).astype(np.float32)
        out.append((grid, int(g.integers(0, n)), float(np.float32(g.uniform(10.0, 20.0)))))
    return out


def _verify(fn, seed, label):
    import jax.numpy as jnp

    for grid, i, value in _cases(seed):
        arg = jnp.asarray(grid)
        out = as_array(
            R.call(
                fn,
                arg,
                jnp.int32(i),
                jnp.float32(value),
                what=msg("ex_6_2_fix1.verify.call", label=label),
                symptoms=SYMPTOMS,
            ),
            msg("ex_6_2_fix1.verify.as_array", label=label),
            shape=grid.shape,
        )
        want = grid.astype(np.float64)
        want[i] = value
        added = grid.astype(np.float64)
        added[i] += value
        only_i = np.zeros_like(want)
        only_i[i] = value
        shifted = grid.astype(np.float64)
        if i + 1 < len(grid):
            shifted[i + 1] = value
        assert_close(
            out,
            want,
            rtol=1e-6,
            atol=1e-6,
            what=f"mark(grid, {i}, {value:.3f})",
            msg=msg("ex_6_2_fix1.verify.msg", label=label, i=i, value=value),
            mistakes=[
                Mistake(
                    "unchanged",
                    grid,
                    msg("ex_6_2_fix1.verify.mistake_unchanged"),
                ),
                Mistake(
                    "next_index",
                    shifted,
                    msg("ex_6_2_fix1.verify.mistake_next_index", i=i),
                ),
                Mistake(
                    "added",
                    added,
                    msg("ex_6_2_fix1.verify.mistake_added"),
                ),
                Mistake(
                    "from_zeros",
                    only_i,
                    msg("ex_6_2_fix1.verify.mistake_from_zeros", i=i),
                ),
            ],
        )
        assert_close(
            np.asarray(arg),
            grid,
            rtol=0,
            atol=0,
            what=msg("ex_6_2_fix1.verify.what"),
            msg=msg("ex_6_2_fix1.verify.grid_changed", label=label),
        )


@checks.add("jit")
def _(L):
    _verify(R.jitted(L.mark), 621, msg("ex_6_2_fix1.jit.verify"))


@checks.add("eager")
def _(L):
    fn = L.mark
    _verify(getattr(fn, "__wrapped__", fn), 622, msg("ex_6_2_fix1.eager.verify"))


@checks.add("scatter", needs="jit")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.mark, jnp.zeros(6, jnp.float32), jnp.int32(2), jnp.float32(1.0))
    if not any(p.startswith("scatter") for p in prims):
        said = msg("ex_6_2_fix1.scatter.fail")  # which words: what the program holds instead
        if "dynamic_update_slice" in prims:  # its index is clamped with a select_n of its own
            said = msg("ex_6_2_fix1.scatter.update_slice")
        elif "select_n" in prims:
            said = msg("ex_6_2_fix1.scatter.where")
        fail(said, primitives=sorted(prims))
