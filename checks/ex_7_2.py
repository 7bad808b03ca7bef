"""练习 7.2 安全的余弦相似度 cos_sim_safe(a, b).

The chapter's self-check (default_rng(22), a and b standard normal of length 6, cast to float32),
here:
  1. value ≈ a·b/(|a||b|) within atol 1e-6                                   -> value
  2. d/da ≈ b/(|a||b|) − cos·a/|a|², atol 1e-5                               -> grads
  3. d/db ≈ a/(|a||b|) − cos·b/|b|², atol 1e-5                               -> grads
  4. cos_sim_safe(1e-3·a, a) ≈ 1 within 1e-5 (added: the arguments swapped, and the scales
     1e-6 … 1e-15, where a threshold on the squared norm shows)                 -> tiny_vector
  5. zero a, zero b, both zero (length 6): the value is exactly 0.0          -> zero_inputs
  6. ... and both gradients are finite                                       -> zero_inputs
  7. jit of vmap of grad over rows [a, 0, a, 0] / [b, b, 0, 0]: finite       -> vmap_batch
Added: a fresh pair of length 9, and check_grads (order 1, forward and reverse); at a zero input
both gradients are exactly 0 (the chapter's reference answer asserts it for the zero rows of the
batch): an ε inside the square root, sqrt(Σa² + ε), keeps every value finite but puts a gradient of
size ‖b‖/(‖b‖·√ε) ≈ 1e6 at a = 0 -> zero_grads."""

import numpy as np

from tutor.worker.checklib import (
    CheckFailed,
    Checks,
    Mistake,
    as_array,
    as_callable,
    as_scalar,
    assert_close,
    assert_that,
    fail,
    rng,
    skip,
)

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
    return cos, v / (lu * lv) - cos * u / lu**2, u / (lu * lv) - cos * v / lv**2


def _f32(*arrays):
    import jax.numpy as jnp

    return tuple(jnp.asarray(x, dtype=jnp.float32) for x in arrays)


def _scalar_fn(L):
    """cos_sim_safe, once it is shown to return a scalar (jax.grad needs one)."""
    import jax.numpy as jnp

    fn = as_callable(L.cos_sim_safe, "cos_sim_safe")
    probe = as_array(
        fn(jnp.ones(3, jnp.float32), jnp.arange(3.0, dtype=jnp.float32)),
        "cos_sim_safe(a, b)",
        floating=True,
    )
    assert_that(
        probe.shape == (),
        f"cos_sim_safe 应返回一个标量(形状 ()),得到形状 {probe.shape}:"
        "jax.grad 只能对标量输出求导。",
        actual=list(probe.shape),
    )
    return fn


@checks.add("value", "正常点:值等于 a·b/(‖a‖‖b‖)(误差 ≤ 1e-6)")
def _(L):
    for seed, n in ((22, 6), (722, 9)):
        a64, b64 = _pair(seed, n)
        c, _, _ = _ref(a64, b64)
        got = as_array(L.cos_sim_safe(*_f32(a64, b64)), f"cos_sim_safe(a, b)(长度 {n})")
        assert_that(
            got.shape == (),
            f"cos_sim_safe 应返回一个标量,得到形状 {got.shape}。",
            actual=list(got.shape),
        )
        assert_close(
            float(got),
            c,
            rtol=0,
            atol=1e-6,
            what=f"长度 {n} 的随机向量",
            msg=f"长度 {n} 的随机向量上,值与 a·b / (‖a‖·‖b‖) 不一致。",
        )


@checks.add("grads", "正常点:对 a、b 的梯度等于解析式(误差 ≤ 1e-5),并通过 check_grads")
def _(L):
    import jax
    from jax.test_util import check_grads

    for seed, n in ((22, 6), (722, 9)):
        a64, b64 = _pair(seed, n)
        _, ga_ref, gb_ref = _ref(a64, b64)
        both_grads = jax.grad(_scalar_fn(L), argnums=[0, 1])
        ga, gb = both_grads(*_f32(a64, b64))
        scale = 1.0 / (np.sqrt(a64 @ a64) * np.sqrt(b64 @ b64))
        # what the gradient is when the norms are treated as constants (stop_gradient on them)
        frozen = (
            "范数被当成了常数(比如 stop_gradient):"
            "梯度里少了范数对 {x} 求导的那一项 −cos·{x}/‖{x}‖²。"
        )
        assert_close(
            as_array(ga, f"∂cos/∂a(长度 {n})"),
            ga_ref,
            rtol=0,
            atol=1e-5,
            what=f"∂cos/∂a(长度 {n})",
            msg="对 a 的梯度与解析式 b/(‖a‖‖b‖) − (a·b)a/(‖a‖³‖b‖) 不一致。",
            mistakes=[
                Mistake(
                    "norms_constant",
                    b64 * scale,
                    "对 a 的梯度等于 b/(‖a‖‖b‖):" + frozen.format(x="a"),
                )
            ],
        )
        assert_close(
            as_array(gb, f"∂cos/∂b(长度 {n})"),
            gb_ref,
            rtol=0,
            atol=1e-5,
            what=f"∂cos/∂b(长度 {n})",
            msg="对 b 的梯度与解析式 a/(‖a‖‖b‖) − (a·b)b/(‖a‖‖b‖³) 不一致。",
            mistakes=[
                Mistake(
                    "norms_constant",
                    a64 * scale,
                    "对 b 的梯度等于 a/(‖a‖‖b‖):" + frozen.format(x="b"),
                )
            ],
        )
    a64, b64 = _pair(7022, 5)
    try:
        check_grads(_scalar_fn(L), _f32(a64, b64), 1, modes=("fwd", "rev"))
    except AssertionError as e:
        first_line = (str(e).strip().split("\n") or [""])[0]
        fail(
            "check_grads(一阶,前向 + 反向)没有通过:自动微分的梯度与有限差分不一致。\n"
            + first_line[:200]
        )


# A threshold or an ε hides at one scale: the probe runs over scales down to where the squared
# norm of a float32 vector is still a normal number (6·(1e-15)² ≈ 6e-30 > 1.2e-38).
TINY_SCALES = (1e-3, 1e-6, 1e-9, 1e-12, 1e-15)


@checks.add(
    "tiny_vector",
    "很小但非零的向量不是零向量:s = 1e-3 … 1e-15 时 cos(s·a, a) ≈ 1,cos(a, s·a) ≈ 1",
)
def _(L):
    a64, _ = _pair(22, 6)
    (vec,) = _f32(a64)
    for scale in TINY_SCALES:
        for call, args in (
            (f"cos_sim_safe({scale:g} * a, a)", (vec * scale, vec)),
            (f"cos_sim_safe(a, {scale:g} * a)", (vec, vec * scale)),
        ):
            got = as_scalar(L.cos_sim_safe(*args), call)
            treated_as_zero = Mistake(
                "treated_as_zero",
                0.0,
                f"{call} 返回了 0:平方范数约为 {6 * scale * scale:.0e} 的非零向量被当成了零向量。"
                "判断零向量要用平方范数 > 0,不设阈值。",
            )
            assert_close(
                got,
                1.0,
                rtol=0,
                atol=1e-5,
                what=call,
                mistakes=[treated_as_zero],
                msg=f"{call} = {got!r},应为 1(两个向量方向相同,长度不影响余弦)。",
            )


def _zero_cases():
    import jax.numpy as jnp

    a64, b64 = _pair(22, 6)
    a, b = _f32(a64, b64)
    nil = jnp.zeros_like(a)
    return (
        ("a 为零向量", nil, b, b64),
        ("b 为零向量", a, nil, a64),
        ("a、b 都是零向量", nil, nil, None),
    )


@checks.add("zero_inputs", "a=0、b=0、a=b=0:值恰好为 0,两个梯度都有限")
def _(L):
    import jax

    both_grads = jax.grad(_scalar_fn(L), argnums=[0, 1])
    for name, u, v, _other in _zero_cases():
        val = as_scalar(L.cos_sim_safe(u, v), f"{name}时的 cos_sim_safe")
        assert_that(val == 0.0, f"{name}时应返回 0.0,得到 {val!r}。", expected=0.0, actual=val)
        gu, gv = (as_array(x, f"{name}时的梯度") for x in both_grads(u, v))
        if not (np.all(np.isfinite(gu)) and np.all(np.isfinite(gv))):
            fail(
                f"{name}时梯度含 NaN/inf。‖a‖ = √(Σa²) 在 0 处的导数是 0/0:where 只挡住前向的值,"
                "反向时没被选中的分支"
                "照样求导,0 × NaN 还是 NaN。要先用第 1 个 where 把平方范数换成安全值(如 1.0),"
                "再开方、相除。",
                grad_a=gu,
                grad_b=gv,
            )


def _eps_from_grad(size: float, other: float) -> float:
    """The ε for which √(‖u‖² + ε)·√(‖v‖² + ε) in the denominator gives a gradient of this size
    at u = 0: size = ‖v‖ / (√ε·√(‖v‖² + ε)), decreasing in ε (solved by bisection in log ε)."""
    lo, hi = -80.0, 20.0
    for _ in range(200):
        mid = (lo + hi) / 2
        eps = float(np.exp(mid))
        if other / (np.sqrt(eps) * np.sqrt(other**2 + eps)) > size:
            lo = mid
        else:
            hi = mid
    return float(np.exp((lo + hi) / 2))


def _eps_diagnosis(L, label: str, size: float, other64) -> str:
    """Names an ε in the squared norms only when the learner's function also gives, at a vector of
    squared norm ε, the value that ε produces there (the gradient alone fits other mistakes too)."""
    norm_v = float(np.linalg.norm(other64))
    eps = _eps_from_grad(size, norm_v)
    probe64 = np.sqrt(eps) * other64 / norm_v  # ‖probe‖² = ε, same direction as the other
    predicted = (np.sqrt(eps) * norm_v) / (np.sqrt(2 * eps) * np.sqrt(norm_v**2 + eps))
    args = _f32(probe64, other64) if label == "a" else _f32(other64, probe64)
    try:
        got = as_scalar(L.cos_sim_safe(*args), "cos_sim_safe")
    except CheckFailed:
        return ""
    if not np.isfinite(got) or abs(got - predicted) > 1e-3 * max(1.0, abs(predicted)):
        return ""
    return (
        f"这正是把 ε ≈ {eps:.0e} 加进平方范数 √(Σa² + ε) 时零向量处的梯度:在平方范数等于 ε "
        "的同向向量上,"
        f"你的函数给出 {got:.4g}(应为 1),与这种写法算出的 {predicted:.4g} 一致。ε 让值有限,"
        "却让零点的梯度变成 1/√ε 量级;用双 where 把零向量整个挡在外面。"
    )


@checks.add("zero_grads", "零向量处两个梯度恰好为 0(单个样本和 jit(vmap(grad)) 的零向量行)")
def _(L):
    import jax
    import jax.numpy as jnp

    both_grads = jax.grad(_scalar_fn(L), argnums=[0, 1])
    not_finite = []  # cases with nothing to compare: zero_inputs reports their NaN
    for name, u, v, other64 in _zero_cases():
        gu, gv = (as_array(x, f"{name}时的梯度") for x in both_grads(u, v))
        if not (np.all(np.isfinite(gu)) and np.all(np.isfinite(gv))):
            not_finite.append(name)
            continue
        for label, g, is_zero in (("a", gu, name != "b 为零向量"), ("b", gv, name != "a 为零向量")):
            if np.all(g == 0.0):
                continue
            why = ""
            size = float(np.linalg.norm(g))
            if other64 is not None and is_zero and size > 0:
                unit = other64 / np.linalg.norm(other64)
                if abs(float(g @ unit)) > 0.999 * size:  # parallel to the other vector
                    why = f"这个梯度与另一个向量同方向,大小 {size:.3g}。"
                    why += _eps_diagnosis(L, label, size, other64)
            assert_close(
                g,
                np.zeros_like(g),
                rtol=0,
                atol=0,
                what=f"{name}时对 {label} 的梯度",
                msg=f"{name}时对 {label} 的梯度应恰好为 0,得到最大 |g| = "
                f"{float(np.max(np.abs(g))):.3g}。" + why,
            )
    a64, b64 = _pair(22, 6)
    a, b = _f32(a64, b64)
    nil = jnp.zeros_like(a)
    g = as_array(
        jax.jit(jax.vmap(jax.grad(_scalar_fn(L))))(
            jnp.stack((a, nil, a, nil)), jnp.stack((b, b, nil, nil))
        ),
        "jit(vmap(grad(cos_sim_safe))) 的结果",
        shape=(4, 6),
    )
    if np.all(np.isfinite(g)):
        assert_that(
            np.all(g[1:] == 0.0),
            "jit(vmap(grad)) 作用于 [a, 0, a, 0] / [b, b, 0, 0]:"
            "第 1–3 行至少有一个输入是零向量,梯度应恰好为 0。",
            grads=g,
        )
    if not_finite:
        skip(
            f"{len(not_finite)} 种零向量输入下梯度含 NaN/inf,没有可比较的值",
            covered_by="zero_inputs",
        )
    if not np.all(np.isfinite(g)):
        skip("jit(vmap(grad)) 的梯度含 NaN/inf,没有可比较的值", covered_by="vmap_batch")


@checks.add("vmap_batch", "含零向量行的 batch:jit(vmap(grad)) 没有 NaN")
def _(L):
    import jax
    import jax.numpy as jnp

    a64, b64 = _pair(22, 6)
    a, b = _f32(a64, b64)
    nil = jnp.zeros_like(a)
    rows_a = jnp.stack((a, nil, a, nil))
    rows_b = jnp.stack((b, b, nil, nil))
    batched = jax.jit(jax.vmap(jax.grad(_scalar_fn(L))))
    g = as_array(batched(rows_a, rows_b), "jit(vmap(grad(cos_sim_safe))) 的结果", shape=(4, 6))
    bad_rows = [i for i in range(4) if not np.all(np.isfinite(g[i]))]
    assert_that(
        not bad_rows, f"jit(vmap(grad)) 后第 {bad_rows} 行出现 NaN/inf(行 1–3 含零向量)。", grads=g
    )
    _, ga_ref, _ = _ref(a64, b64)
    assert_close(
        g[0],
        ga_ref,
        rtol=0,
        atol=1e-5,
        what="第 0 行(正常样本)的梯度",
        msg="jit(vmap(grad)) 后第 0 行(两个正常向量)的梯度与解析式不一致,单独调用时是一致的。",
    )
