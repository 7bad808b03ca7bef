"""练习 7.5 实现 Lion 优化器:scale_by_lion、lion(手写,与 optax 的 lion / scale_by_lion 对拍).

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
Added: written by hand (no optax transform or state inside lion / scale_by_lion) -> hand_written;
every update of two settings compared step by step with an independent float64 NumPy Lion, fed the
same params and gradients, with the known mistakes (β swapped, momentum updated first, decay inside
the sign, mask ignored, no sign) simulated and named only when the updates match one -> steps_vs_numpy;
sign(0) = 0 where the interpolation is exactly 0 (a where(u > 0, 1, −1) sign fails) -> sign_of_zero;
(d) optax's warmup-cosine schedule, and case (a) again on a fresh problem (seed 555).
optax 0.2.8 is the reference of 1 and 2 (seed-errata: bit-identical to the chapter's reference Lion)."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_callable,
    as_scalar,
    assert_close,
    assert_that,
    fail,
    which_mistake,
)

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


def _leaf(tree, key, what):
    try:
        return as_array(tree[key], f"{what} 的 {key}")
    except (KeyError, TypeError, IndexError):
        fail(
            f"{what} 应是和参数同结构的字典(带 {key}),得到 {type(tree).__name__}。",
            actual=repr(tree)[:200],
        )


def _transform(value, what):
    """A gradient transformation from the learner: anything with callable init and update."""
    for part in ("init", "update"):
        as_callable(getattr(value, part, None), f"{what}.{part}")
    return value


def _update(opt, grads, state, params, what):
    out = opt.update(grads, state, params)
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        fail(
            f"{what} 的 update 应返回 (更新量, 新状态),得到 {type(out).__name__}。",
            actual=repr(out)[:200],
        )
    return out


def _run(opt, start, curv, lin, what, steps=6):
    params, opt_state, path = dict(start), opt.init(start), []
    for _ in range(steps):
        delta, opt_state = _update(opt, _grad(params, curv, lin), opt_state, params, what)
        params = {k: params[k] + _leaf(delta, k, f"{what} 的更新量") for k in params}
        path.append({k: np.asarray(v) for k, v in params.items()})
    return path


def _pair_shaped(L):
    """scale_by_lion().update must return (direction, state) before lion's chain unpacks it."""
    import jax.numpy as jnp

    leaf = dict(w=jnp.ones(2))
    transform = _transform(L.scale_by_lion(), "scale_by_lion()")
    _update(transform, leaf, transform.init(leaf), leaf, "scale_by_lion()")


# ---------------------------------------------------------------- written by hand


def _optax_parts(value, seen=None, depth=0):
    """Objects from the optax package inside a transform or a state (tuples, lists, dicts, fields)."""
    seen = set() if seen is None else seen
    if id(value) in seen or depth > 8:
        return []
    seen.add(id(value))
    found = []
    module = getattr(type(value), "__module__", "") or ""
    if module.split(".")[0] == "optax":
        found.append(f"{type(value).__name__}({module})")
    if callable(value) and (getattr(value, "__module__", "") or "").split(".")[0] == "optax":
        found.append(f"{getattr(value, '__qualname__', value)}({value.__module__})")
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, (tuple, list)):
        children = list(value)
    else:
        children = []
    for child in children:
        found += _optax_parts(child, seen, depth + 1)
    return found


@checks.add("hand_written", "lion 和 scale_by_lion 是手写的:变换和状态里没有 optax 的对象")
def _(L):
    start, _, _ = _problem(55)
    for call, make in (
        ("scale_by_lion()", lambda: L.scale_by_lion()),
        ("lion(0.02, weight_decay=0.05)", lambda: L.lion(0.02, weight_decay=0.05)),
    ):
        transform = _transform(make(), call)
        parts = _optax_parts(transform) + _optax_parts(transform.init(start))
        assert_that(
            not parts,
            f"{call} 里用到了 optax 的对象 {sorted(set(parts))[:4]}:这个练习要用本章上下文的 "
            "GradientTransformation、chain 等工具亲手实现 Lion,optax 只用来对拍。",
            optax_objects=sorted(set(parts)),
        )


# ---------------------------------------------------------------- float64 NumPy reference


def _np_lion(
    steps,
    start,
    curv,
    lin,
    *,
    lr,
    b1=0.9,
    b2=0.99,
    weight_decay=1e-3,
    mask=None,
    mistake=None,
    replay=None,
    jitter=None,
):
    """The updates of Lion for `steps` steps in float64, open loop: step t sees the reference's own
    params (as float32 values) and the gradient a·θ + c at them. Returns (inputs, updates) where
    inputs[t] = (params32, grads32). `mistake` simulates a known wrong implementation fed the same
    inputs as the correct one (`replay`: the inputs of that run)."""
    if mistake == "swapped_betas":
        b1, b2 = b2, b1
    p = {k: np.asarray(v, np.float64) for k, v in start.items()}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    decays = {
        k: float(mask[k]) if mask is not None and mistake != "mask_ignored" else 1.0 for k in p
    }
    inputs, updates = [], []
    for t in range(steps):
        p32 = {k: v.astype(np.float32) for k, v in p.items()}
        g32 = {
            k: (
                np.asarray(curv[k], np.float64) * p32[k]
                + np.asarray(lin[k], np.float64)
                + (jitter[t][k] if jitter is not None else 0.0)
            ).astype(np.float32)
            for k in p
        }
        if replay is not None:
            p32, g32 = replay[t]
        inputs.append((p32, g32))
        rate = float(lr(t)) if callable(lr) else float(lr)
        step = {}
        for k in p:
            g, th = g32[k].astype(np.float64), p32[k].astype(np.float64)
            if mistake == "decay_inside_sign":
                g = g + weight_decay * decays[k] * th
            m_new = b2 * m[k] + (1.0 - b2) * g
            interp = b1 * (m_new if mistake == "momentum_first" else m[k]) + (1.0 - b1) * g
            direction = interp if mistake == "no_sign" else np.sign(interp)
            if mistake != "decay_inside_sign":
                direction = direction + weight_decay * decays[k] * th
            step[k] = -rate * direction
            m[k] = m_new
        updates.append(step)
        p = {k: p32[k].astype(np.float64) + step[k] for k in p}
    return inputs, updates


MISTAKES = {
    "swapped_betas": "b1 和 b2 用反了:你的更新量和把 b1、b2 对调后的 Lion 逐步一致。方向的插值用 b1,动量的指数平均用 b2。",
    "momentum_first": "你的更新量和“先更新动量、再用新动量取方向”的 Lion 逐步一致:方向要用旧动量 m_{t−1},算完方向再更新动量。",
    "decay_inside_sign": "你的更新量和“先加权重衰减、再进 Lion”的版本逐步一致:衰减项被一起取了符号。"
    "解耦衰减 λθ 要加在 sign 之后(chain 里放在 scale_by_lion 后面)。",
    "mask_ignored": "你的更新量和“衰减作用在所有参数上”的版本逐步一致:mask 为 False 的叶子(这里是 b)不应衰减。",
    "no_sign": "你的更新量和“不取符号”的版本逐步一致:方向应是 sign(b1·m + (1 − b1)·g),每个坐标只取 ±1(或 0)。",
}


def _to_jax(tree):
    import jax.numpy as jnp

    return {k: jnp.asarray(v) for k, v in tree.items()}


@checks.add(
    "steps_vs_numpy",
    "每一步的更新量与独立的 float64 NumPy Lion 一致(常数 lr 和调度函数、带 mask 的衰减)",
)
def _(L):
    _pair_shaped(L)
    ramp = lambda count: 0.02 * (count + 1) / 6.0
    settings = {
        "lr 0.02、b1 0.8、b2 0.95、衰减 0.05": (
            555,
            0.02,
            dict(b1=0.8, b2=0.95, weight_decay=0.05),
        ),
        "默认 b1、b2,调度函数 lr,衰减 0.05 只作用于 w": (
            556,
            ramp,
            dict(weight_decay=0.05, mask={"w": True, "b": False}),
        ),
        "默认 b1、b2、衰减,lr 0.01,梯度带随机扰动": (557, 0.01, {}),
    }
    for name, (seed, rate, kw) in settings.items():
        start, curv, lin = _problem(seed)
        start64 = {k: np.asarray(v) for k, v in start.items()}
        # the third setting adds noise of size 2 to every gradient, so the sign often flips between
        # steps and the direction depends on how the momentum averages the past (b2)
        gen = np.random.default_rng(seed)
        jitter = (
            [
                {k: 2.0 * gen.standard_normal(np.shape(v)) for k, v in start64.items()}
                for _ in range(6)
            ]
            if not kw
            else None
        )
        inputs, expected = _np_lion(6, start64, curv, lin, lr=rate, jitter=jitter, **kw)
        opt = _transform(L.lion(rate, **kw), f"lion({name})")
        state = opt.init(_to_jax(inputs[0][0]))
        actual = []
        for p32, g32 in inputs:
            delta, state = _update(opt, _to_jax(g32), state, _to_jax(p32), f"lion({name})")
            actual.append({k: _leaf(delta, k, f"lion({name}) 的更新量") for k in ("w", "b")})
        mistakes = [
            Mistake(
                label,
                _np_lion(6, start64, curv, lin, lr=rate, mistake=label, replay=inputs, **kw)[1],
                message,
            )
            for label, message in MISTAKES.items()
        ]
        first_bad = next(
            (
                t
                for t, (got, want) in enumerate(zip(actual, expected), 1)
                if any(not np.allclose(got[k], want[k], rtol=0, atol=1e-6) for k in want)
            ),
            None,
        )
        if first_bad is not None:
            assert_close(
                actual,
                expected,
                rtol=0,
                atol=1e-6,
                what=f"{name}:6 步的更新量",
                mistakes=mistakes,
                msg=f"{name}:第 {first_bad} 步的更新量与 float64 的 Lion 不一致(前 {first_bad - 1} 步一致)。",
            )


@checks.add("sign_of_zero", "插值恰好为 0 的坐标,方向是 sign(0) = 0")
def _(L):
    import jax.numpy as jnp

    transform = _transform(L.scale_by_lion(), "scale_by_lion()")
    leaf = dict(w=jnp.zeros(4))
    state = transform.init(leaf)
    grads = dict(
        w=jnp.asarray([0.0, 1.0, -2.0, 0.0], jnp.float32)
    )  # m = 0: the interpolation is (1 − b1)·g
    direction, _ = _update(transform, grads, state, leaf, "scale_by_lion()")
    got = _leaf(direction, "w", "scale_by_lion() 的方向")
    expected = np.array([0.0, 1.0, -1.0, 0.0])
    assert_close(
        got,
        expected,
        rtol=0,
        atol=0,
        what="第一步的方向(梯度 [0, 1, −2, 0],动量为 0)",
        msg=f"梯度和动量都是 0 的坐标,插值恰好为 0,方向应是 sign(0) = 0,得到 {got.tolist()}。",
        mistakes=[
            Mistake(
                "where_sign",
                np.array([-1.0, 1.0, -1.0, -1.0]),
                f"方向是 {got.tolist()}:插值为 0 的坐标得到了 −1,和 where(u > 0, 1, −1) 一样。"
                "Lion 用的是 sign:0 的符号是 0(jnp.sign)。",
            )
        ],
    )


@checks.add(
    "lion_vs_optax", "lion 与 optax.lion 逐步一致:常数 lr、调度函数、带 mask 的衰减、warmup-cosine"
)
def _(L):
    _pair_shaped(L)
    import optax

    def linear_ramp(count):
        return (count + 1) * 0.02 / 6.0

    only_w = dict(w=True, b=False)
    cosine = optax.warmup_cosine_decay_schedule(
        init_value=0.0, peak_value=0.03, warmup_steps=2, decay_steps=10, end_value=0.001
    )
    settings = {  # label: (seed, keyword arguments shared by both implementations)
        "常数 lr 0.02、b1 0.8、b2 0.95、衰减 0.05": (
            55,
            dict(b1=0.8, b2=0.95, weight_decay=0.05),
            0.02,
        ),
        "调度函数 lr、衰减 0.01": (55, dict(weight_decay=0.01), linear_ramp),
        "衰减 0.1 且只作用于 w(mask)": (55, dict(weight_decay=0.1, mask=only_w), 0.02),
        "warmup-cosine 调度": (55, {}, cosine),
        "新问题:常数 lr 0.02、b1 0.8、b2 0.95、衰减 0.05": (
            555,
            dict(b1=0.8, b2=0.95, weight_decay=0.05),
            0.02,
        ),
    }
    for name, (seed, kw, rate) in settings.items():
        start, curv, lin = _problem(seed)
        mine_traj = _run(
            _transform(L.lion(rate, **kw), f"lion({name})"), start, curv, lin, f"lion({name})"
        )
        ref_traj = _run(optax.lion(rate, **kw), start, curv, lin, "optax.lion")
        for t, (x, y) in enumerate(zip(mine_traj, ref_traj), 1):
            for k in y:
                assert_close(
                    x[k],
                    y[k],
                    rtol=0,
                    atol=1e-6,
                    what=f"{name}:第 {t} 步的参数 {k}",
                    msg=f"{name}:第 {t} 步,参数 {k} 和 optax.lion 的不一致(前 {t - 1} 步一致)。",
                )


@checks.add(
    "scale_by_lion_steps", "scale_by_lion 与 optax.scale_by_lion 逐位相同(含符号分界点附近的梯度)"
)
def _(L):
    import jax.numpy as jnp
    import optax

    ours, theirs = _transform(L.scale_by_lion(), "scale_by_lion()"), optax.scale_by_lion()
    leaf = dict(w=jnp.zeros(4))
    s_mine, s_ref = ours.init(leaf), theirs.init(leaf)
    # the second gradient is near the sign boundary of (1 − b1)·g + b1·m
    sequence = np.array(
        [[1.0, 1.0, 1.0, 1.0], [-0.085, -0.095, -0.080, 0.5], [0.3, -0.2, 0.0, -1.0]],
        dtype=np.float32,
    )
    # what the known wrong orders would give (float64; the directions are signs, so exact)
    m_first = m_swap = np.zeros(4)
    for t, gl in enumerate(sequence.tolist(), start=1):
        g64 = np.asarray(gl, np.float64)
        m_next = 0.99 * m_first + 0.01 * g64
        wrong = {
            "momentum_first": np.sign(0.9 * m_next + 0.1 * g64),
            "swapped_betas": np.sign(0.99 * m_swap + 0.01 * g64),
        }
        m_first, m_swap = m_next, 0.9 * m_swap + 0.1 * g64
        g = dict(w=jnp.asarray(gl, dtype=jnp.float32))
        try:
            out = ours.update(g, s_mine)
        except TypeError as e:
            fail(
                "调用 scale_by_lion() 的 update 时不传 params 就报错:第三个参数应默认为 None,"
                f"和 optax 一样可以省略。\n原始错误:TypeError: {str(e).splitlines()[0][:200]}"
            )
        if not (isinstance(out, (tuple, list)) and len(out) == 2):
            fail(
                f"scale_by_lion() 的 update 应返回 (方向, 新状态),得到 {type(out).__name__}。",
                actual=repr(out)[:200],
            )
        u_mine, s_mine = out
        u_ref, s_ref = theirs.update(g, s_ref)
        a, b = _leaf(u_mine, "w", f"scale_by_lion() 第 {t} 步的方向"), np.asarray(u_ref["w"])
        if not np.array_equal(a, b):
            found = which_mistake(
                a,
                [Mistake(k, v, "") for k, v in wrong.items() if not np.array_equal(v, b)],
                rtol=0,
                atol=0,
            )
            hint = {
                "momentum_first": "和“先更新动量、再用新动量取方向”的结果相同:方向要用旧动量 m_{t−1}。",
                "swapped_betas": "和 b1、b2 对调后的结果相同:插值用 b1 = 0.9,动量平均用 b2 = 0.99。",
                None: "",
            }[found.label if found else None]
            fail(
                f"scale_by_lion 第 {t} 步的方向 {a.tolist()} 与 optax 的 {b.tolist()} 不同(梯度 {gl})。{hint}",
                expected=b,
                actual=a,
                step=t,
                grad=gl,
            )


@checks.add("state_count", "状态有 count、mu 两个字段,一次 update 后 count == 1")
def _(L):
    start, curv, lin = _problem(55)
    tr = _transform(L.scale_by_lion(), "scale_by_lion()")
    st = tr.init(start)
    fields_ok = all(hasattr(st, f) for f in ("count", "mu"))
    assert_that(
        fields_ok,
        "状态里应该能取到 count 和 mu(比如用一个 NamedTuple 定义状态)。",
        actual=repr(st)[:300],
    )
    _, st1 = _update(tr, _grad(start, curv, lin), st, start, "scale_by_lion()")
    count = as_scalar(getattr(st1, "count", None), "一次 update 后的 count")
    assert_that(
        count == 1, f"一次 update 后 count 应为 1,得到 {count:g}。", expected=1, actual=count
    )


@checks.add("first_step", "不加权重衰减时,第一步每个坐标的更新量绝对值都是 lr")
def _(L):
    _pair_shaped(L)
    start, curv, lin = _problem(55)
    opt = _transform(L.lion(0.03, weight_decay=0.0), "lion(0.03, weight_decay=0.0)")
    grads = _grad(start, curv, lin)
    u, _ = _update(opt, grads, opt.init(start), start, "lion(0.03, weight_decay=0.0)")
    for k in ("w", "b"):
        plain = (
            0.03 * 0.1 * np.abs(np.asarray(grads[k], np.float64))
        )  # −lr·(1 − b1)·g: no sign taken
        assert_close(
            np.abs(_leaf(u, k, "第一步的更新量")),
            0.03 * np.ones(np.shape(start[k])),
            rtol=1e-5,
            atol=1e-8,
            what=f"第一步更新量 |u[{k}]|",
            msg=f"第一步 |u[{k}]| 应处处等于 lr = 0.03(Lion 的方向是 ±1)。",
            mistakes=[
                Mistake(
                    "no_sign",
                    plain,
                    f"第一步 |u[{k}]| = 0.03 × 0.1 × |g|:方向没有取符号,"
                    "步长随梯度大小变化。方向应为 sign(b1·m + (1 − b1)·g)。",
                )
            ],
        )
