"""练习 7.5 实现 Lion 优化器:scale_by_lion、lion(与 optax 的 lion / scale_by_lion 对拍).

The chapter's self-check (problem from default_rng(55): params w (4, 3) and b (3,) standard normal,
coefficients a = 1 + 3·U[0, 1), c standard normal, gradient a·θ + c, 6 manual steps), here:
  1. every step and leaf within atol 1e-6 of optax.lion for (a) lr 0.02, b1 0.8, b2 0.95, decay 0.05;
     (b) schedule count -> 0.02·(count + 1)/6 with decay 0.01; (c) lr 0.02, decay 0.1, mask w only
                                                                                   -> lion_vs_optax
  2. bit-for-bit equal to optax.scale_by_lion() on a zeros(4) leaf for the gradients
     (1, 1, 1, 1), (-0.085, -0.095, -0.08, 0.5), (0.3, -0.2, 0, -1) — the second one sits at the
     sign boundary; update is called without params                               -> scale_by_lion_steps
  3. the state has count and mu                                                    -> state_count
  4. one update -> count == 1                                                      -> state_count
  5. lion with lr 0.03 and no decay: first update |u| ≈ 0.03 on every leaf          -> first_step
Added: (d) optax's warmup-cosine schedule, and case (a) again on a fresh problem (seed 555).
optax 0.2.8 is the reference (seed-errata: bit-identical to the chapter's reference Lion)."""

import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail

checks = Checks()


def _problem(seed):
    """(start, a, c) as float32 trees with leaves w (4, 3) and b (3,), drawn in the chapter's order."""
    import jax.numpy as jnp

    gen = np.random.default_rng(seed)
    f32 = lambda arr: jnp.asarray(arr, dtype=jnp.float32)
    start = dict(w=f32(gen.standard_normal((4, 3))), b=f32(gen.standard_normal(3)))
    curv = dict(w=f32(3.0 * gen.random((4, 3)) + 1.0), b=f32(3.0 * gen.random(3) + 1.0))
    lin = dict(w=f32(gen.standard_normal((4, 3))), b=f32(gen.standard_normal(3)))
    return start, curv, lin


def _grad(params, curv, lin):
    return {k: curv[k] * params[k] + lin[k] for k in params}


def _run(opt, start, curv, lin, steps=6):
    params, opt_state, path = dict(start), opt.init(start), []
    for _ in range(steps):
        delta, opt_state = opt.update(_grad(params, curv, lin), opt_state, params)
        params = {k: params[k] + delta[k] for k in params}
        path.append({k: np.asarray(v) for k, v in params.items()})
    return path


@checks.add("lion_vs_optax", "lion 与 optax.lion 逐步一致:常数 lr、调度函数、带 mask 的衰减、warmup-cosine")
def _(L):
    import optax

    def linear_ramp(count):
        return (count + 1) * 0.02 / 6.0

    only_w = dict(w=True, b=False)
    cosine = optax.warmup_cosine_decay_schedule(init_value=0.0, peak_value=0.03, warmup_steps=2,
                                                decay_steps=10, end_value=0.001)
    settings = {   # label: (seed, keyword arguments shared by both implementations)
        "常数 lr 0.02、b1 0.8、b2 0.95、衰减 0.05": (55, dict(b1=0.8, b2=0.95, weight_decay=0.05), 0.02),
        "调度函数 lr、衰减 0.01": (55, dict(weight_decay=0.01), linear_ramp),
        "衰减 0.1 且只作用于 w(mask)": (55, dict(weight_decay=0.1, mask=only_w), 0.02),
        "warmup-cosine 调度": (55, {}, cosine),
        "新问题:常数 lr 0.02、b1 0.8、b2 0.95、衰减 0.05": (555, dict(b1=0.8, b2=0.95, weight_decay=0.05), 0.02),
    }
    for name, (seed, kw, rate) in settings.items():
        start, curv, lin = _problem(seed)
        mine_traj = _run(L.lion(rate, **kw), start, curv, lin)
        ref_traj = _run(optax.lion(rate, **kw), start, curv, lin)
        for t, (x, y) in enumerate(zip(mine_traj, ref_traj), 1):
            for k in y:
                assert_close(x[k], y[k], rtol=0, atol=1e-6, what=f"{name}:第 {t} 步的参数 {k}",
                             msg=f"{name}:第 {t} 步,{k} 的数值和 optax.lion 对不上。检查 chain 的顺序"
                                 "(Lion 方向 → 解耦权重衰减 → 乘以 −lr)、mask 是否只作用于衰减,以及 b1、b2 的用法。")


@checks.add("scale_by_lion_steps", "scale_by_lion 与 optax.scale_by_lion 逐位相同(含符号分界点附近的梯度)")
def _(L):
    import jax.numpy as jnp
    import optax

    ours, theirs = L.scale_by_lion(), optax.scale_by_lion()
    leaf = dict(w=jnp.zeros(4))
    s_mine, s_ref = ours.init(leaf), theirs.init(leaf)
    # the second gradient is near the sign boundary of (1 − b1)·g + b1·m
    sequence = np.array([[1.0, 1.0, 1.0, 1.0],
                         [-0.085, -0.095, -0.080, 0.5],
                         [0.3, -0.2, 0.0, -1.0]], dtype=np.float32)
    for t, gl in enumerate(sequence.tolist(), start=1):
        g = dict(w=jnp.asarray(gl, dtype=jnp.float32))
        try:
            u_mine, s_mine = ours.update(g, s_mine)
        except TypeError as e:
            fail("调用 scale_by_lion() 的 update 时不传 params 就报错:第三个参数应默认为 None,"
                 f"和 optax 一样可以省略。\n原始错误:TypeError: {str(e).splitlines()[0][:200]}")
        u_ref, s_ref = theirs.update(g, s_ref)
        a, b = np.asarray(u_mine["w"]), np.asarray(u_ref["w"])
        if not np.array_equal(a, b):
            hint = ("第 2 步的梯度就在符号分界点附近:方向必须用**旧**动量 m_{t-1} 计算,算完方向再更新动量。"
                    if t == 2 else "方向应为 sign((1 − b1)·g + b1·m),动量 m ← b2·m + (1 − b2)·g。")
            fail(f"scale_by_lion 第 {t} 步的方向 {a.tolist()} 与 optax 的 {b.tolist()} 不同:{hint}",
                 expected=b, actual=a, step=t, grad=gl)


@checks.add("state_count", "状态有 count、mu 两个字段,一次 update 后 count == 1")
def _(L):
    start, curv, lin = _problem(55)
    tr = L.scale_by_lion()
    st = tr.init(start)
    fields_ok = all(hasattr(st, f) for f in ("count", "mu"))
    assert_that(fields_ok, "状态里应该能取到 count 和 mu(比如用一个 NamedTuple 定义状态)。", actual=repr(st)[:300])
    _, st1 = tr.update(_grad(start, curv, lin), st, start)
    assert_that(int(st1.count) == 1, f"一次 update 后 count 应为 1,得到 {int(st1.count)}:新状态里要放 count + 1。",
                expected=1, actual=int(st1.count))


@checks.add("first_step", "不加权重衰减时,第一步每个坐标的更新量绝对值都是 lr")
def _(L):
    start, curv, lin = _problem(55)
    opt = L.lion(0.03, weight_decay=0.0)
    u, _ = opt.update(_grad(start, curv, lin), opt.init(start), start)
    for k in ("w", "b"):
        assert_close(np.abs(np.asarray(u[k])), 0.03 * np.ones(np.shape(start[k])), rtol=1e-5, atol=1e-8,
                     what=f"第一步更新量 |u[{k}]|",
                     msg="Lion 的方向是符号,第一步每个坐标都应正好移动 lr = 0.03:方向要取 jnp.sign(...),"
                         "并且乘以 −lr。")
