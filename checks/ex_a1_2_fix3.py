"""修复练习 a1.2-fix3:两个矩阵用同一个 key → B 是 A 展平后的开头;split 成两把子 key.

Checks: B is not the head of A for fresh keys ("independent"); A and B equal normal(k_a),
normal(k_b) with k_a, k_b = split(key) ("values")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_array, as_tuple, assert_close, compare, fail

checks = Checks()

SYMPTOMS = {
    "word:single key": "把 split 的结果(一个 key 数组)整个当成了一把 key:先拆开 "
    "k_a, k_b = jax.random.split(key),再各用一把。",
    "ValueError": "采样函数要的是一把 key,传进去的可能是 split 得到的整个 key 数组:先拆开再用。",
}


def _pair(fn, key, label):
    out = as_tuple(R.call(fn, key, what=label, symptoms=SYMPTOMS), 2, f"{label} 的返回值 (A, B)")
    return (as_array(out[0], "A", shape=(4, 4)), as_array(out[1], "B", shape=(4, 2)))


def _reference(seed):
    import jax

    parent = jax.random.key(seed)
    k_a, k_b = jax.random.split(parent)
    return (
        np.asarray(jax.random.normal(k_a, (4, 4))),
        np.asarray(jax.random.normal(k_b, (4, 2))),
        np.asarray(jax.random.normal(k_b, (4, 4))),
        np.asarray(jax.random.normal(k_a, (4, 2))),
        np.asarray(jax.random.normal(parent, (4, 4))),
        np.asarray(jax.random.normal(parent, (4, 2))),
    )


@checks.add("independent", "B 不是 A 展平后的开头")
def _(L):
    import jax

    for seed in (3, 2718):
        A, B = _pair(L.init_pair, jax.random.key(seed), f"init_pair(key({seed}))")
        if compare(B.ravel(), A.ravel()[:8], rtol=1e-5, atol=1e-8) is None:
            fail(
                "B 正好是 A 展平后的前 8 个数:两次采样用了同一个 key,得到的是同一串随机数。"
                "先 split 成两把子 key,A、B 各用一把。",
                A_head=A.ravel()[:8].tolist(),
                B=B.ravel().tolist(),
            )


@checks.add("values", "与 k_a, k_b = split(key) 依次使用的结果一致")
def _(L):
    import jax

    for seed in (5, 1234):
        A, B = _pair(L.init_pair, jax.random.key(seed), f"init_pair(key({seed}))")
        ref_a, ref_b, swap_a, swap_b, parent_a, parent_b = _reference(seed)
        swapped = "A、B 用的子 key 对调了:A 用第一把 k_a,B 用第二把 k_b。"
        parent = (
            "{x} 正好是用传进来的父 key 本身采样的结果:这把 key 已经 split 过,再直接拿来采样,"
            "它的随机数和子 key 的就不再保证独立(同一把 key 只用一次)。"
            "split 出两把子 key,A 用 k_a,B 用 k_b,父 key 不再使用。"
        )
        assert_close(
            A,
            ref_a,
            rtol=1e-6,
            atol=1e-6,
            what="A",
            msg="A 应等于 normal(k_a, (4, 4)),其中 k_a, k_b = jax.random.split(key)。",
            mistakes=[
                Mistake("swapped", swap_a, swapped),
                Mistake("parent_reused", parent_a, parent.format(x="A")),
            ],
        )
        assert_close(
            B,
            ref_b,
            rtol=1e-6,
            atol=1e-6,
            what="B",
            msg="B 应等于 normal(k_b, (4, 2)),其中 k_a, k_b = jax.random.split(key)。",
            mistakes=[
                Mistake("swapped", swap_b, swapped),
                Mistake("parent_reused", parent_b, parent.format(x="B")),
            ],
        )
