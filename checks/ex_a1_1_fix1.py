"""Repair exercise a1.1-fix1: jax.random.PRNGKey (an old-style raw uint32 key) → jax.random.key (a
typed key).

Checks: the result is a typed key array of shape (n,) ("typed"); its bits equal those of
split(key(seed), n) ("same_stream"); under jit, several seeds compile once ("jit")."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    assert_close,
    assert_compile_count,
    assert_equal,
    compare,
    fail,
    msg,
    primitive_counts,
    skip,
)

checks = Checks("ex_a1_1_fix1")
N = 4  # one size throughout: every eager split compiles once


def _is_key(value) -> bool:
    import jax

    dtype = getattr(value, "dtype", None)
    try:
        return dtype is not None and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)
    except Exception:
        return False


def _why_raw(make_keys, seed, n, **values) -> str:
    """Why the keys came back raw, said only as far as the program of make_keys(seed, n) shows it:
    random_wrap means a jax.random function was handed raw uint32 key data (the old-style key
    jax.random.PRNGKey makes); random_unwrap without it means typed keys were made and then
    turned back into their bits (jax.random.key_data). Anything else gets neutral words."""
    try:
        counts = primitive_counts(lambda s: make_keys(s, n), seed)
    except Exception:  # the probe is ours: a function we cannot trace gets the neutral words
        counts = {}
    if counts.get("random_wrap"):
        return msg("ex_a1_1_fix1.old_style_key", **values)
    if counts.get("random_unwrap"):
        return msg("ex_a1_1_fix1.unwrapped_key", **values)
    return msg("ex_a1_1_fix1.raw_key", **values)


def _typed(value, n, what, make_keys, seed):
    if not _is_key(value):
        dtype = getattr(value, "dtype", type(value).__name__)
        shape = tuple(getattr(value, "shape", ()))
        fail(
            _why_raw(make_keys, seed, n, what=what, dtype=dtype, shape=shape),
            actual=f"{dtype} {shape}",
        )
    if tuple(value.shape) != (n,):
        assert_equal(
            list(value.shape),
            [n],
            msg("ex_a1_1_fix1.shape_differs", what=what, shape=tuple(value.shape), n=n),
            what=msg("ex_a1_1_fix1.shape_of", what=what),
        )
    return value


def _bits(seed, n):
    import jax

    return np.asarray(jax.random.key_data(jax.random.split(jax.random.key(seed), n)))


def _stream_mistakes(seed, n):
    """The bits known slips give for make_keys(seed, n): the right split of a seed shifted by one
    (key(seed + 1), key(seed - 1)), one more key split off and the first dropped, and one key per
    adjacent seed seed, seed + 1, ... (not split from one seed), a split of the key's second
    half (key, sub = split(key); split(sub, n)), n keys split off one at a time in a loop, and the
    seed folded into key(0). (fold_in(key(seed), i) for each i is split's stream in JAX 0.12.)"""
    import jax

    extra = jax.random.split(jax.random.key(seed), n + 1)[1:]
    _, sub = jax.random.split(jax.random.key(seed))
    split_twice = jax.random.split(sub, n)
    one_by_one, key = [], jax.random.key(seed)
    for _ in range(n):
        key, each = jax.random.split(key)
        one_by_one.append(np.asarray(jax.random.key_data(each)))
    adjacent = [jax.random.key(seed + i) for i in range(n)]
    folded_base = jax.random.split(jax.random.fold_in(jax.random.key(0), seed), n)
    shifted = [
        Mistake(
            f"seed_{offset:+d}",
            _bits(seed + offset, n),
            msg("ex_a1_1_fix1.shifted_seed", offset=f"{offset:+d}", used=seed + offset, seed=seed),
        )
        for offset in (1, -1)
    ]
    return shifted + [
        Mistake(
            "split_extra",
            np.asarray(jax.random.key_data(extra)),
            msg("ex_a1_1_fix1.split_extra", n=n),
        ),
        Mistake(
            "split_before",
            np.asarray(jax.random.key_data(split_twice)),
            msg("ex_a1_1_fix1.split_before", n=n),
        ),
        Mistake("one_at_a_time", np.stack(one_by_one), msg("ex_a1_1_fix1.one_at_a_time", n=n)),
        Mistake(
            "adjacent_seeds",
            np.stack([np.asarray(jax.random.key_data(k)) for k in adjacent]),
            msg("ex_a1_1_fix1.adjacent_seeds"),
        ),
        Mistake(
            "fold_in_base",
            np.asarray(jax.random.key_data(folded_base)),
            msg("ex_a1_1_fix1.fold_in_base"),
        ),
    ]


@checks.add("typed")
def _(L):
    for seed, n in ((7, N), (2024, N)):
        _typed(L.make_keys(seed, n), n, f"make_keys({seed}, {n})", L.make_keys, seed)


@checks.add("same_stream", needs="typed")
def _(L):
    import jax

    for seed, n in ((11, N), (90210, N)):
        got = np.asarray(jax.random.key_data(L.make_keys(seed, n)))
        assert_close(
            got,
            _bits(seed, n),
            rtol=0,
            atol=0,
            what=msg("ex_a1_1_fix1.bits_of", seed=seed, n=n),
            msg=msg("ex_a1_1_fix1.other_stream"),
            mistakes=_stream_mistakes(seed, n),
        )


def _other_stream_without_jit(L) -> bool:
    """Whether make_keys gives another stream than split(key(seed), n) without jit on
    same_stream's first input, so that same_stream failed and named the cause."""
    import jax

    got = np.asarray(jax.random.key_data(L.make_keys(11, N)))
    return compare(got, _bits(11, N), rtol=0, atol=0) is not None


@checks.add("jit", needs="typed")
def _(L):
    import functools

    import jax
    import jax.numpy as jnp

    fn = jax.jit(
        functools.partial(lambda seed, n, f: f(seed, n), n=N, f=L.make_keys)
    )  # a new function: compiles afresh
    seeds = [jnp.int32(s) for s in (1, 2, 3)]
    refs = [_bits(s, N) for s in (1, 2, 3)]
    with CompileLog(clear=False) as log:
        outs = [fn(s) for s in seeds]
    assert_compile_count(
        log,
        None,
        at_most=1,
        at_least=1,
        msg=msg("ex_a1_1_fix1.compiled_n", total=log.total),
    )
    for s, out, ref in zip((1, 2, 3), outs, refs, strict=False):
        _typed(out, N, msg("ex_a1_1_fix1.jitted_call", s=s, n=N), L.make_keys, s)
        bits = np.asarray(jax.random.key_data(out))
        if compare(bits, ref, rtol=0, atol=0) is None:
            continue
        eager = np.asarray(jax.random.key_data(L.make_keys(s, N)))
        same = compare(bits, eager, rtol=0, atol=0) is None
        if same and _other_stream_without_jit(L):  # same_stream names that cause already
            skip(msg("ex_a1_1_fix1.same_cause_without_jit"), covered_by="same_stream")
        assert_close(
            bits,
            ref,
            rtol=0,
            atol=0,
            what=msg("ex_a1_1_fix1.jitted_bits", s=s),
            msg=msg("ex_a1_1_fix1.jitted_other_stream", s=s, n=N)
            + (
                msg("ex_a1_1_fix1.same_without_jit")
                if same
                else msg("ex_a1_1_fix1.differs_without_jit")
            ),
        )
