"""练习 7.2 安全的余弦相似度 cos_sim_safe(a, b).

The chapter's self-check (default_rng(22), a and b standard normal of length 6, cast to float32), here:
  1. value ≈ a·b/(|a||b|) within atol 1e-6                                   -> value
  2. d/da ≈ b/(|a||b|) − cos·a/|a|², atol 1e-5                               -> grads
  3. d/db ≈ a/(|a||b|) − cos·b/|b|², atol 1e-5                               -> grads
  4. cos_sim_safe(1e-3·a, a) ≈ 1 within 1e-5                                 -> tiny_vector
  5. zero a, zero b, both zero (length 6): the value is exactly 0.0          -> zero_inputs
  6. ... and both gradients are finite                                       -> zero_inputs
  7. jit of vmap of grad over rows [a, 0, a, 0] / [b, b, 0, 0]: finite       -> vmap_batch
Added: a fresh pair of length 9, and check_grads (order 1, forward and reverse)."""

import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail, rng

checks = Checks()


def _pair(seed, n):
    """Two float64 vectors holding exactly float32 values (so the reference sees what JAX sees)."""
    gen = rng(seed)
    first = gen.standard_normal(n).astype(np.float32)
    second = gen.standard_normal(n).astype(np.float32)
    return first.astype(np.float64), second.astype(np.float64)


def _ref(u, v):
    """(cos, d cos/du, d cos/dv) in float64."""
    lu, lv = np.sqrt(u @ u), np.sqrt(v @ v)
    cos = float(u @ v) / (lu * lv)
    return cos, v / (lu * lv) - cos * u / lu ** 2, u / (lu * lv) - cos * v / lv ** 2


def _f32(*arrays):
    import jax.numpy as jnp

    return tuple(jnp.asarray(x, dtype=jnp.float32) for x in arrays)


@checks.add("value", "正常点:值等于 a·b/(‖a‖‖b‖)(误差 ≤ 1e-6)")
def _(L):
    import jax.numpy as jnp

    for seed, n in ((22, 6), (722, 9)):
        a64, b64 = _pair(seed, n)
        c, _, _ = _ref(a64, b64)
        got = L.cos_sim_safe(*_f32(a64, b64))
        assert_that(np.shape(got) == (), "cos_sim_safe 应返回一个标量。", actual=list(np.shape(got)))
        assert_close(float(got), c, rtol=0, atol=1e-6, what=f"长度 {n} 的随机向量",
                     msg="正常点的余弦值不对:应为 a·b / (‖a‖·‖b‖),注意第 2 个 where 在正常点要选中这个值。")


@checks.add("grads", "正常点:对 a、b 的梯度等于解析式(误差 ≤ 1e-5),并通过 check_grads")
def _(L):
    from jax.test_util import check_grads
    import jax

    for seed, n in ((22, 6), (722, 9)):
        a64, b64 = _pair(seed, n)
        _, ga_ref, gb_ref = _ref(a64, b64)
        both_grads = jax.grad(L.cos_sim_safe, argnums=[0, 1])
        ga, gb = both_grads(*_f32(a64, b64))
        assert_close(np.asarray(ga), ga_ref, rtol=0, atol=1e-5, what=f"∂cos/∂a(长度 {n})",
                     msg="对 a 的梯度与解析式 b/(‖a‖‖b‖) − (a·b)a/(‖a‖³‖b‖) 不符:范数也要参与求导"
                         "(不能 stop_gradient),安全值只应在零向量时起作用。")
        assert_close(np.asarray(gb), gb_ref, rtol=0, atol=1e-5, what=f"∂cos/∂b(长度 {n})",
                     msg="对 b 的梯度与解析式不符:a、b 应对称处理。")
    a64, b64 = _pair(7022, 5)
    try:
        check_grads(L.cos_sim_safe, _f32(a64, b64), 1, modes=("fwd", "rev"))
    except AssertionError as e:
        first_line = (str(e).strip().split("\n") or [""])[0]
        fail("check_grads(一阶,前向 + 反向)没有通过:自动微分的梯度与有限差分不一致。\n" + first_line[:200])


@checks.add("tiny_vector", "很小但非零的向量不是零向量:cos(1e-3·a, a) ≈ 1")
def _(L):
    import jax.numpy as jnp

    a64, _ = _pair(22, 6)
    (vec,) = _f32(a64)
    got = float(L.cos_sim_safe(vec * 1e-3, vec))
    assert_close(got, 1.0, rtol=0, atol=1e-5, what="cos_sim_safe(1e-3 * a, a)",
                 msg="很小但非零的向量被当成了零向量(或被 eps 拉偏了):判断条件应是平方范数 > 0,不要设阈值,"
                     "也不要在分母上加 eps。")


@checks.add("zero_inputs", "a=0、b=0、a=b=0:值恰好为 0,两个梯度都有限")
def _(L):
    import jax
    import jax.numpy as jnp

    a64, b64 = _pair(22, 6)
    a, b = _f32(a64, b64)
    nil = jnp.zeros_like(a)
    both_grads = jax.grad(L.cos_sim_safe, argnums=[0, 1])
    for name, u, v in (("a 为零向量", nil, b), ("b 为零向量", a, nil), ("a、b 都是零向量", nil, nil)):
        val = float(L.cos_sim_safe(u, v))
        assert_that(val == 0.0, f"{name} 时应返回 0.0,得到 {val}:第 2 个 where 要在任一输入为零向量时选 0。",
                    expected=0.0, actual=val)
        gu, gv = (np.asarray(x) for x in both_grads(u, v))
        if not (np.all(np.isfinite(gu)) and np.all(np.isfinite(gv))):
            fail(f"{name} 时梯度含 NaN/inf:where 只挡住了前向的值。反向时未选中的分支仍要乘上 ‖a‖ 在 0 处的导数"
                 "(0/0),0 × NaN 还是 NaN。先用第 1 个 where 把平方范数换成安全值(如 1.0),再开方、相除。",
                 grad_a=gu, grad_b=gv)


@checks.add("vmap_batch", "含零向量行的 batch:jit(vmap(grad)) 没有 NaN")
def _(L):
    import jax
    import jax.numpy as jnp

    a64, b64 = _pair(22, 6)
    a, b = _f32(a64, b64)
    nil = jnp.zeros_like(a)
    rows_a = jnp.stack((a, nil, a, nil))
    rows_b = jnp.stack((b, b, nil, nil))
    batched = jax.jit(jax.vmap(jax.grad(L.cos_sim_safe)))
    g = np.asarray(batched(rows_a, rows_b))
    bad_rows = [i for i in range(4) if not np.all(np.isfinite(g[i]))]
    assert_that(not bad_rows, f"vmap(grad) 后第 {bad_rows} 行出现 NaN/inf:batch 里的零向量行同样需要双 where 保护。",
                grads=g)
    _, ga_ref, _ = _ref(a64, b64)
    assert_close(g[0], ga_ref, rtol=0, atol=1e-5, what="第 0 行(正常样本)的梯度",
                 msg="vmap 后正常行的梯度不对:函数里不要做跨样本的运算,每一行只看到自己的 a、b。")
