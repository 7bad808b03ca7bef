"""Repair exercise a1.2-fix3: two matrices drawn with one key → B is the head of A flattened; split
into two subkeys.

Checks: B is not the head of A for fresh keys ("independent"); A and B equal normal(k_a),
normal(k_b) with k_a, k_b = split(key) ("values")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    compare,
    fail,
    later,
    msg,
)

checks = Checks("ex_a1_2_fix3")

SYMPTOMS = {
    "word:single key": later("ex_a1_2_fix3.split_as_one_key"),
    "word:values to unpack": later("ex_a1_2_fix3.unpack_count"),
    "word:key array": later("ex_a1_2_fix3.key_array_passed"),
}


def _pair(fn, key, label):
    out = as_tuple(
        R.call(fn, key, what=label, symptoms=SYMPTOMS), 2, msg("ex_a1_2_fix3.result", label=label)
    )
    return (as_array(out[0], "A", shape=(4, 4)), as_array(out[1], "B", shape=(4, 2)))


def _reference(seed):
    import jax

    parent = jax.random.key(seed)
    k_a, k_b = jax.random.split(parent)
    return (
        np.asarray(jax.random.normal(k_a, (4, 4))),
        np.asarray(jax.random.normal(k_b, (4, 2))),
        np.asarray(jax.random.normal(parent, (4, 4))),
        np.asarray(jax.random.normal(parent, (4, 2))),
    )


def _blocks(parent):
    """One draw of 24 numbers from the unsplit key, laid out as (4, 6) three ways: drawn as (4, 6),
    and drawn flat (24,) with A taken first, either row-major or as its own (4, 4) block."""
    import jax

    flat = np.asarray(jax.random.normal(parent, (24,)))
    as_blocks = np.concatenate([flat[:16].reshape(4, 4), flat[16:].reshape(4, 2)], axis=1)
    return [np.asarray(jax.random.normal(parent, (4, 6))), flat.reshape(4, 6), as_blocks]


def _fixed_key(name, first, second, shape):
    """The words for a matrix that came out the same for two different keys: it does not depend
    on the key passed in. Says which fixed key(c) it was drawn from when c is one of 0…9, 42."""
    import jax

    if compare(first, second, rtol=0, atol=0) is not None:
        return None
    for c in (*range(10), 42):
        if (
            compare(
                first, np.asarray(jax.random.normal(jax.random.key(c), shape)), rtol=1e-6, atol=1e-6
            )
            is None
        ):
            return msg("ex_a1_2_fix3.fixed_key_seed", x=name, c=c)
    return msg("ex_a1_2_fix3.fixed_key", x=name)


def _pair_mistake(seed, A, B):
    """The words of a mistake that explains A and B together, computed on this seed, else None:
    the subkeys used the other way round, a three-way split with keys 1 and 2, or B cut from a
    (4, 4) draw."""
    import jax

    parent = jax.random.key(seed)
    k_a, k_b = jax.random.split(parent)
    _, k1, k2 = jax.random.split(parent, 3)

    def draws(ka, kb, b_cut=False):
        b = jax.random.normal(kb, (4, 4))[:, :2] if b_cut else jax.random.normal(kb, (4, 2))
        return np.asarray(jax.random.normal(ka, (4, 4))), np.asarray(b)

    known = (
        (draws(k_b, k_a), lambda: msg("ex_a1_2_fix3.keys_swapped")),
        (draws(k1, k2), lambda: msg("ex_a1_2_fix3.split_three")),
        (draws(k_a, k_b, b_cut=True), lambda: msg("ex_a1_2_fix3.b_cut_from_square")),
    )
    one_draw = [(np.asarray(block[:, :4]), np.asarray(block[:, 4:])) for block in _blocks(parent)]
    known += tuple((pair, lambda: msg("ex_a1_2_fix3.one_draw_sliced")) for pair in one_draw)
    for (ka_value, kb_value), words in known:
        if (
            compare(A, ka_value, rtol=1e-6, atol=1e-6) is None
            and compare(B, kb_value, rtol=1e-6, atol=1e-6) is None
        ):
            return words()
    return None


@checks.add("independent")
def _(L):
    import jax

    for seed in (3, 2718):
        A, B = _pair(L.init_pair, jax.random.key(seed), f"init_pair(key({seed}))")
        if compare(B.ravel(), A.ravel()[:8], rtol=1e-5, atol=1e-8) is None:
            fail(
                msg("ex_a1_2_fix3.same_key"),
                A_head=A.ravel()[:8].tolist(),
                B=B.ravel().tolist(),
            )


@checks.add("values")
def _(L):
    import jax

    pairs = {
        seed: _pair(L.init_pair, jax.random.key(seed), f"init_pair(key({seed}))")
        for seed in (5, 1234)
    }
    fixed = {
        x: _fixed_key(x, pairs[5][i], pairs[1234][i], shape)
        for i, (x, shape) in enumerate((("A", (4, 4)), ("B", (4, 2))))
    }
    for seed, (A, B) in pairs.items():
        ref_a, ref_b, parent_a, parent_b = _reference(seed)
        both = _pair_mistake(seed, A, B)
        parent = {x: msg("ex_a1_2_fix3.parent_key_reused", x=x) for x in "AB"}
        assert_close(
            A,
            ref_a,
            rtol=1e-6,
            atol=1e-6,
            what="A",
            msg=both or fixed["A"] or msg("ex_a1_2_fix3.a_differs"),
            mistakes=[] if both else [Mistake("parent_reused", parent_a, parent["A"])],
        )
        assert_close(
            B,
            ref_b,
            rtol=1e-6,
            atol=1e-6,
            what="B",
            msg=both or fixed["B"] or msg("ex_a1_2_fix3.b_differs"),
            mistakes=[] if both else [Mistake("parent_reused", parent_b, parent["B"])],
        )
