"""Exercise 0.5, a sampler that threads its key: two_views(key, x, scale) -> (new_key, x + scale·ε1,
x + scale·ε2) with independent standard normal ε1, ε2 and a fresh key for the next call.

Checks: mean and standard deviation of both noise draws on 2000 elements, naming scale², √scale or
noise never multiplied by scale (standard deviation 1) only when the spread matches it, uniform
noise only when mean and spread both match scale·U[0, 1), and a key not returned first only when
another place holds it ("noise"); the draws differ and are uncorrelated, naming no noise added
only when both views equal x, one constant only when both noises are that number everywhere, one
key used twice only when they are otherwise identical and a negated draw only when one is minus
the other ("independent", silent about a view whose noise does not vary: "noise" names it);
the same key gives the same result, naming global random state only when it does not ("same_key");
the key handed back is neither the key passed in nor one that drew a view's noise, each named only
when the bits or the draw match, no key both draws and is split (the key passed in or a usual subkey
of it redrawn and compared), and threading it gives new noise, blaming a key only when the noise
varies ("new_key"); jit gives the eager views
("jit")."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    msg,
    rng,
    skip,
)

checks = Checks("ex_0_5")
SCALE = 0.3
SHAPE = (500, 4)


def _x(seed):
    import jax.numpy as jnp

    return jnp.asarray(rng(seed).normal(size=SHAPE).astype(np.float32))


def _is_key(v):
    import jax

    return jax.dtypes.issubdtype(getattr(v, "dtype", None), jax.dtypes.prng_key)


def _views(fn, key, x, what):
    out = as_tuple(fn(key, x, SCALE), 3, what)
    if not _is_key(out[0]) and any(_is_key(v) for v in out[1:]):
        fail(msg("ex_0_5.key_not_first"))
    new_key, v1, v2 = out
    x64 = np.asarray(x, np.float64)
    n1 = np.asarray(as_array(v1, msg("ex_0_5.view_of", n=1, what=what), shape=SHAPE), np.float64)
    n2 = np.asarray(as_array(v2, msg("ex_0_5.view_of", n=2, what=what), shape=SHAPE), np.float64)
    return new_key, n1 - x64, n2 - x64


def _bits(k):
    import jax

    try:
        return np.asarray(jax.random.key_data(k))
    except Exception:  # not a key at all
        fail(msg("ex_0_5.not_a_key", kind=type(k).__name__))


@checks.add("noise")
def _(L):
    import jax

    x = _x(61)
    _, n1, n2 = _views(L.two_views, jax.random.key(61), x, "two_views(key, x, 0.3)")
    for k, noise in ((1, n1), (2, n2)):
        ratio = noise / np.asarray(x, np.float64)  # additive noise: heavy tails, std far above 1
        if abs(float(ratio.mean())) < 0.05 and abs(float(ratio.std()) - SCALE) < 0.1 * SCALE:
            fail(msg("ex_0_5.multiplied_by_x", n=k))
        along = _repeated_along(noise)
        if along == "rows":  # one row of numbers over every row of x: no std to read
            fail(msg("ex_0_5.same_in_every_row", n=k, rows=noise.shape[0]))
        if along == "columns":
            fail(msg("ex_0_5.same_in_every_column", n=k, columns=noise.shape[1]))
        mean, std = float(noise.mean()), float(noise.std())
        # scale² and √scale are named only when doubling scale multiplies the spread by 4 or √2
        growth = _growth(L.two_views, x, k, std)
        if abs(mean) < 0.05 and abs(std - SCALE**2) < 0.1 * SCALE**2 and abs(growth - 4) < 0.2:
            fail(msg("ex_0_5.variance_as_scale", n=k, std=std), std=std)
        near_root = abs(std - SCALE**0.5) < 0.1 * SCALE**0.5
        if abs(mean) < 0.05 and near_root and abs(growth - 2**0.5) < 0.1:
            fail(msg("ex_0_5.root_of_scale", n=k, std=std), std=std)
        uniform_std = SCALE / 12**0.5  # scale · U[0, 1): mean scale/2, std scale/√12
        if abs(mean - SCALE / 2) < 0.1 * SCALE / 2 and abs(std - uniform_std) < 0.1 * uniform_std:
            fail(msg("ex_0_5.uniform", n=k, mean=mean, std=std), mean=mean, std=std)
        if abs(mean) < 0.05 and abs(std - 1.0) < 0.1 * SCALE and abs(growth - 1) < 0.1:
            fail(msg("ex_0_5.unscaled", n=k, std=std), std=std)
        assert_that(
            abs(mean) < 0.05 and abs(std - SCALE) < 0.1 * SCALE,
            msg("ex_0_5.noise_off", n=k, mean=mean, std=std),
            mean=mean,
            std=std,
        )


def _repeated_along(noise) -> str | None:
    """ "rows" when every row of the noise holds the same numbers, "columns" when every column
    does (a draw smaller than x, broadcast over it), else None; a constant noise is neither."""
    if _constant(noise):
        return None
    if float(np.ptp(noise, axis=0).max()) <= 1e-5:  # float32 rounding of x + ε − x: ~1e-6
        return "rows"
    if float(np.ptp(noise, axis=1).max()) <= 1e-5:
        return "columns"
    return None


def _growth(fn, x, k, std) -> float:
    """How much noise draw k's spread grows when scale is doubled (same key, same x): 2 for a
    noise multiplied by scale, 4 by scale², √2 by √scale; nan when the call fails."""
    import jax

    try:
        out = as_tuple(fn(jax.random.key(61), x, 2 * SCALE), 3, "two_views")
        wider = np.asarray(out[k], np.float64) - np.asarray(x, np.float64)
        return float(wider.std()) / std if std > 0 else float("nan")
    except Exception:  # no second draw to compare: nothing is named from it
        return float("nan")


def _constant(noise) -> bool:
    """The noise (a view minus x) is one number everywhere: nothing random was added."""
    return float(np.ptp(noise)) <= 1e-5 * max(1.0, abs(float(noise.mean())))


@checks.add("independent")
def _(L):
    import jax

    _, n1, n2 = _views(L.two_views, jax.random.key(62), _x(62), "two_views(key, x, 0.3)")
    if compare(n1, n2, rtol=0, atol=0) is None:
        if not n1.any():
            fail(msg("ex_0_5.no_noise"))
        if _constant(n1):
            fail(msg("ex_0_5.constant_noise", value=float(n1.mean())))
        fail(msg("ex_0_5.same_noise"))
    for k, noise in ((1, n1), (2, n2)):
        if _constant(noise):  # no spread: the noise check names it, a correlation means nothing
            skip(msg("ex_0_5.view_not_random", n=k), covered_by="noise")
        if _repeated_along(noise):  # one row or column repeated: "noise" names it
            skip(msg("ex_0_5.view_few_values", n=k), covered_by="noise")
    if compare(n1, -n2, rtol=1e-5, atol=1e-6) is None:
        fail(msg("ex_0_5.negated_noise"))
    corr = float(np.corrcoef(n1.ravel(), n2.ravel())[0, 1])
    assert_that(abs(corr) < 0.2, msg("ex_0_5.correlated", corr=corr), corr=corr)


@checks.add("same_key")
def _(L):
    import jax

    key, x = jax.random.key(63), _x(63)
    first = _views(L.two_views, key, x, "two_views(key, x, 0.3)")
    second = _views(L.two_views, key, x, "two_views(key, x, 0.3)")
    if not (
        (compare(first[1], second[1], rtol=0, atol=0) is None)
        and (compare(first[2], second[2], rtol=0, atol=0) is None)
    ):
        fail(msg("ex_0_5.global_state"))
    assert_that(
        (compare(_bits(first[0]), _bits(second[0]), rtol=0, atol=0) is None),
        msg("ex_0_5.new_key_varies"),
    )


def _drew(key, noises):
    """Which of the key passed in and its usual subkeys (split in 2 or 3) drew one of the noises:
    [(that key, view number)]."""
    import jax

    candidates = [key]
    for parts in (2, 3):
        candidates += list(jax.random.split(key, parts))
    found = []
    for k in candidates:
        redraw = SCALE * np.asarray(jax.random.normal(k, SHAPE, np.float32), np.float64)
        for view, noise in enumerate(noises, start=1):
            if compare(redraw, noise, rtol=1e-5, atol=1e-6) is None:
                found.append((k, view))
    return found


def _reused(key, new_key, noises):
    """Fail when a key that drew a view's noise was used again: the key passed in drew noise (it is
    also the source of every other key), or new_key or the other view's key was split off a key
    that drew noise."""
    import jax

    for k, view in _drew(key, noises):
        if compare(_bits(k), _bits(key), rtol=0, atol=0) is None:
            fail(msg("ex_0_5.drew_with_key_in", view=view))
        other = noises[2 - view]  # the other view's noise
        for parts in (2, 3):
            for child in jax.random.split(k, parts):
                if compare(_bits(child), _bits(new_key), rtol=0, atol=0) is None:
                    fail(msg("ex_0_5.split_used_key", view=view))
                redraw = SCALE * np.asarray(jax.random.normal(child, SHAPE, np.float32), np.float64)
                if compare(redraw, other, rtol=1e-5, atol=1e-6) is None:
                    fail(msg("ex_0_5.view_from_used_key", view=view, other=3 - view))


@checks.add("new_key", needs="same_key")
def _(L):
    import jax

    key, x = jax.random.key(64), _x(64)
    seen = []
    for call in range(3):
        new_key, n1, n2 = _views(L.two_views, key, x, msg("ex_0_5.threaded_call", n=call + 1))
        if compare(_bits(new_key), _bits(key), rtol=0, atol=0) is None:
            fail(msg("ex_0_5.same_key_back", n=call + 1))
        redraw = SCALE * np.asarray(jax.random.normal(new_key, SHAPE, np.float32), np.float64)
        for k, noise in ((1, n1), (2, n2)):
            if compare(redraw, noise, rtol=1e-5, atol=1e-6) is None:
                fail(msg("ex_0_5.used_key_back", n=call + 1, view=k))
        if call == 0:
            _reused(key, new_key, (n1, n2))
        if any((compare(n1, old, rtol=0, atol=0) is None) for old in seen):
            if _constant(n1):  # no random numbers to repeat: no key is to blame
                same = compare(n1, n2, rtol=0, atol=0) is None
                covered = "independent" if same else "noise"
                skip(msg("ex_0_5.view_not_random", n=1), covered_by=covered)
            # the key handed back is blamed only when another key passed in gives other noise
            _, other, _ = _views(L.two_views, jax.random.key(1064), x, "two_views(key, x, 0.3)")
            if compare(other, n1, rtol=0, atol=0) is None:
                fail(msg("ex_0_5.fixed_key", n=call + 1))
            fail(msg("ex_0_5.noise_repeats", n=call + 1))
        seen.append(n1)
        key = new_key


@checks.add("jit", needs="same_key")
def _(L):
    import jax

    key, x = jax.random.key(65), _x(65)
    _, e1, e2 = _views(L.two_views, key, x, "two_views(key, x, 0.3)")
    _, j1, j2 = _views(jax.jit(L.two_views), key, x, "jax.jit(two_views)(key, x, 0.3)")
    for got, want in ((j1, e1), (j2, e2)):
        assert_close(
            got,
            want,
            rtol=1e-5,
            atol=1e-5,
            what="jax.jit(two_views)",
            msg=msg("ex_0_5.jit_differs"),
        )
