"""练习 a1.6(综合实践 B)RK4 ODE 积分器.

接口:
  rk4_step(f, t, y, h, args) -> y_next                     经典四阶 Runge–Kutta 的一步
  odeint_rk4(f, y0, t0, h, n_steps, args) -> (y_T, traj)   用 lax.scan 走 n_steps 步;
      traj[i] 是第 i + 1 步之后的状态,形状 (n_steps,) + y0.shape
右端函数的形式是 f(t, y, args),args 是显式传入的参数(可以是 pytree)。

原书综合实践 B 的断言(简谐振子 ω = 2,y0 = (1, 0.5),h = 0.01,n = 500,积分到 T = 5;
积分器放在 jit 里,n_steps 静态)在这里的位置:
  1. 整条轨迹与 NumPy float64 的 Python 循环一致,atol 1e-5                 → check "traj_numpy"
  2. |x(T) − 解析解 cos ωT + (v0/ω)·sin ωT| < 1e-4                           → check "analytic"
  3. |∂x(T)/∂v0(jax.grad 穿过 scan)− sin(ωT)/ω| < 1e-4                    → check "grad_v0"
  4. vmap 一批初值 (0.5, 0)、(1, 0)、(2, 0):x(T) ≈ a·cos ωT,atol 1e-4      → check "vmap_y0"
另加:
  - 单步 rk4_step 与 NumPy 一致(显式依赖 t 的右端函数,能发现阶段权重和阶段时刻的错误)→ check "step"
  - 显式依赖 t、t0 ≠ 0、args 是元组的新方程:整条轨迹与 NumPy 一致           → check "time_dependent"
  - odeint_rk4 返回 (y_T, traj),形状分别是 y0.shape 和 (n_steps,) + y0.shape  → check "returns"
  - odeint_rk4 的程序里有 scan(没有按步数展开)                              → check "uses_scan"
    (积分多步的检查都依赖这两项:顺序反了的返回值没法逐项比较;按步数展开的积分器
    在 jit 里编译太慢,会超时,所以先跳过)
"""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_scalar,
    assert_close,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

OMEGA, Y0, STEP, N = 2.0, (1.0, 0.5), 0.01, 500


def rk4_ref(f, t, y, h, args, weights=(1, 2, 2, 1), mid=0.5):
    """One classic RK4 step in float64 (weights/mid only to name a wrong answer)."""
    a = f(t, y, args)
    b = f(t + mid * h, y + 0.5 * h * a, args)
    c = f(t + mid * h, y + 0.5 * h * b, args)
    d = f(t + (2 * mid) * h, y + h * c, args)
    w = np.array(weights, dtype=np.float64)
    return y + h * (w[0] * a + w[1] * b + w[2] * c + w[3] * d) / w.sum()


def integrate_ref(f, y0, t0, h, n, args):
    y, t, out = np.array(y0, np.float64), float(t0), []
    for _ in range(n):
        y = rk4_ref(f, t, y, h, args)
        t += h
        out.append(y)
    return np.array(out)


# ---- right-hand sides, each in a NumPy (float64) and a JAX version ----


def _called_right(t, y, args, n_state, n_args):
    """The check's right-hand sides first verify how the learner called them: f(t, y, args) with a
    scalar t, a state of n_state numbers and the args as passed in (an error inside our own
    function would otherwise look like a fault of the check)."""
    import jax.numpy as jnp

    shape_t, shape_y = jnp.shape(t), jnp.shape(y)
    n_given = len(args) if isinstance(args, (tuple, list)) else (0 if n_args else None)
    if (
        shape_t != ()
        or shape_y != (n_state,)
        or (n_args and n_given != n_args)
        or (not n_args and jnp.ndim(args) != 0)
    ):
        fail(
            f"右端函数被调用时参数不对:收到的 t 形状 {shape_t}、y 形状 {shape_y}。调用形式是 f(t, "
            "y, args):"
            f"t 是标量时刻,y 是形状 ({n_state},) 的状态,args 原样传下去。",
            t_shape=list(shape_t),
            y_shape=list(shape_y),
        )


def osc_np(t, y, w):
    return np.array([y[1], -(w**2) * y[0]])


def osc_jax(t, y, w):
    import jax.numpy as jnp

    _called_right(t, y, w, 2, 0)
    return jnp.stack([y[1], -(w**2) * y[0]])


def forced_np(t, y, args):
    """Damped pendulum with a time-dependent drive: args = (damping, drive, freq)."""
    damping, drive, freq = args
    return np.array(
        [y[1], -np.sin(y[0]) - damping * y[1] + drive * np.cos(freq * t), -0.5 * y[2] + t]
    )


def forced_jax(t, y, args):
    import jax.numpy as jnp

    _called_right(t, y, args, 3, 3)
    damping, drive, freq = args
    return jnp.stack(
        [y[1], -jnp.sin(y[0]) - damping * y[1] + drive * jnp.cos(freq * t), -0.5 * y[2] + t]
    )


def _solution(out, n, state_shape, what="odeint_rk4 的返回值"):
    """(y_T, traj) validated: y_T of the state's shape, traj of shape (n,) + state shape, both
    floating; the pair in the wrong order is named as such."""
    return A1.array_pair(
        out, what, ("y_T", "traj"), (tuple(state_shape), (n,) + tuple(state_shape))
    )


def _solve_osc(L):
    import jax

    return jax.jit(lambda y0, w: L.odeint_rk4(osc_jax, y0, 0.0, STEP, N, w))


def _osc_solution(L, y0=Y0):
    import jax.numpy as jnp

    return _solution(_solve_osc(L)(jnp.array(y0), jnp.float32(OMEGA)), N, (2,))


@checks.add("step", "单步 rk4_step 与 NumPy float64 一致(右端函数显式依赖 t)")
def _(L):
    import jax.numpy as jnp

    g = rng(1601)
    y = g.normal(size=3)
    args = (0.3, 1.7, 2.5)
    t, h = 0.8, 0.2
    out = L.rk4_step(
        forced_jax,
        jnp.float32(t),
        jnp.asarray(y, jnp.float32),
        jnp.float32(h),
        tuple(jnp.float32(a) for a in args),
    )
    got = as_array(out, "rk4_step 的返回值", shape=y.shape)
    if not np.issubdtype(got.dtype, np.floating):
        fail(f"rk4_step 的返回值应该是浮点数组,实际 dtype 是 {got.dtype}。", actual=str(got.dtype))
    mistakes = [
        Mistake(
            "weights",
            rk4_ref(forced_np, t, y, h, args, weights=weights),
            f"结果正是{text}时得到的:经典 RK4 的组合是 y + h/6·(k1 + 2k2 + 2k3 + k4)。",
        )
        for weights, text in (
            ((1, 1, 1, 1), "四个斜率取相同权重(1 : 1 : 1 : 1)"),
            ((1, 2, 2, 2), "k4 的权重写成 2"),
            ((2, 2, 2, 1), "k1 的权重写成 2"),
            ((1, 2, 1, 1), "k3 的权重写成 1"),
        )
    ]
    mistakes.append(
        Mistake(
            "stage_time",
            rk4_ref(forced_np, t, y, h, args, mid=0.0),
            "结果正是 k2、k3、k4 都在时刻 t 求值时得到的:k2、k3 要在 t + h/2、k4 要在 t + h "
            "处调用 f。"
            "对简谐振子这种不显含 t 的方程看不出区别,方程一显含 t 就错了。",
        )
    )
    assert_close(
        got,
        rk4_ref(forced_np, t, y, h, args),
        rtol=1e-5,
        atol=1e-5,
        what="rk4_step 的结果",
        mistakes=mistakes,
        msg="rk4_step 与经典 RK4 一步的 float64 结果不一致,差别见下面的对比。",
    )


@checks.add(
    "returns", "odeint_rk4 返回 (y_T, traj):y_T 是一个状态,traj 形状为 (n_steps,) + y0.shape"
)
def _(L):
    import jax.numpy as jnp

    out = A1.abstract(
        lambda y, w: L.odeint_rk4(osc_jax, y, 0.0, 0.1, 40, w),
        jnp.array([1.0, 0.0]),
        jnp.float32(1.0),
        what="odeint_rk4",
    )
    _solution(out, 40, (2,))


def _program(L, n):
    import jax.numpy as jnp

    return primitive_counts(
        lambda y, w: L.odeint_rk4(osc_jax, y, 0.0, 0.1, n, w),
        jnp.array([1.0, 0.0]),
        jnp.float32(1.0),
    )


@checks.add("uses_scan", "odeint_rk4 的程序里有 scan(步数没有被 Python 展开)", needs="returns")
def _(L):
    counts = _program(L, 20)
    if counts["scan"]:
        return
    n20, n40 = sum(counts.values()), sum(_program(L, 40).values())
    grows = A1.grows_with(20, 40, n20, n40)
    fail(
        "odeint_rk4 的程序里没有 scan:积分的步数要交给 lax.scan(xs=None, length=n_steps)。"
        + (
            f"方程数随步数成比例增长(20 步时 {n20} 个,40 步时 {n40} 个):每一步都被 Python "
            "循环展开进了程序,"
            "步数一多,追踪和编译就很慢。"
            if grows
            else ""
        ),
        equations_20_steps=n20,
        equations_40_steps=n40,
        primitives=A1.top_primitives(counts),
    )


@checks.add(
    "traj_numpy",
    "简谐振子 ω=2、h=0.01、500 步:整条轨迹与 NumPy 循环一致(atol 1e-5)",
    needs=("returns", "uses_scan"),
)
def _(L):
    yT, traj = _osc_solution(L)
    want = integrate_ref(osc_np, Y0, 0.0, STEP, N, OMEGA)
    lagged = np.concatenate([np.array([Y0]), want[:-1]])
    assert_close(
        traj,
        want,
        rtol=0,
        atol=1e-5,
        what="轨迹",
        mistakes=[
            Mistake(
                "lagged",
                lagged,
                "轨迹整体晚了一步:它以 y0 开头、少了最后一步。traj[i] 应该是第 i + 1 "
                "步**之后**的状态,"
                "scan 每一步要输出更新后的 y。",
            )
        ],
        msg="轨迹与 NumPy float64 的逐步循环不一致(atol 1e-5),差别见下面的对比。",
    )
    assert_close(
        yT,
        want[-1],
        rtol=0,
        atol=1e-5,
        what="y_T",
        msg="返回的 y_T 应该等于轨迹的最后一行(积分到 T 时的状态)。",
    )


@checks.add("analytic", "x(T) 与解析解相差 < 1e-4", needs=("returns", "uses_scan"))
def _(L):
    yT, _ = _osc_solution(L)
    T = STEP * N
    exact = Y0[0] * np.cos(OMEGA * T) + Y0[1] / OMEGA * np.sin(OMEGA * T)
    got = float(yT[0])
    assert_close(
        got,
        exact,
        rtol=0,
        atol=1e-4,
        what="x(T)",
        msg=f"x(T) = {got:.6f},解析解是 {exact:.6f},相差超过 1e-4(h = 0.01 的 RK4 "
        "误差远小于这个量)。",
    )


@checks.add(
    "grad_v0",
    "∂x(T)/∂v0(反向模式穿过 scan)与 sin(ωT)/ω 相差 < 1e-4",
    needs=("returns", "uses_scan"),
)
def _(L):
    import jax
    import jax.numpy as jnp

    solve = _solve_osc(L)
    sens = jax.grad(lambda y0: solve(y0, jnp.float32(OMEGA))[0][0])(jnp.array(Y0))
    T = STEP * N
    exact = np.sin(OMEGA * T) / OMEGA
    got = as_scalar(as_array(sens, "∂x(T)/∂y0", shape=(2,))[1], "∂x(T)/∂v0")
    assert_close(
        got,
        exact,
        rtol=0,
        atol=1e-4,
        what="∂x(T)/∂v0",
        msg=f"∂x(T)/∂v0 = {got:.6f},解析值是 {exact:.6f},相差超过 1e-4:梯度要从 y_T 沿 scan "
        "一路传回 y0。",
    )


@checks.add(
    "vmap_y0", "vmap 一批初值 (a, 0):x(T) ≈ a·cos(ωT)(atol 1e-4)", needs=("returns", "uses_scan")
)
def _(L):
    import jax
    import jax.numpy as jnp

    solve = _solve_osc(L)
    starts = jnp.array([[0.5, 0.0], [1.0, 0.0], [2.0, 0.0]])
    xT = as_array(
        jax.vmap(lambda y0: solve(y0, jnp.float32(OMEGA))[0][0])(starts),
        "vmap 后的 x(T)",
        shape=(3,),
    )
    T = STEP * N
    assert_close(
        xT,
        np.array([0.5, 1.0, 2.0]) * np.cos(OMEGA * T),
        rtol=0,
        atol=1e-4,
        what="x(T)",
        msg="jax.vmap 处理一批初值 (a, 0) 时,x(T) 与 a·cos(ωT) 不一致(atol 1e-4),"
        "差别见下面的对比。",
    )


@checks.add(
    "time_dependent",
    "显含 t 的新方程(t0 ≠ 0,args 是元组):整条轨迹与 NumPy 一致",
    needs=("returns", "uses_scan"),
)
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(1602)
    y0 = g.normal(size=3)
    args = (0.25, 0.9, 1.3)
    t0, h, n = 1.5, 0.1, 30
    run = jax.jit(lambda y, a: L.odeint_rk4(forced_jax, y, t0, h, n, a))
    _, traj = _solution(
        run(jnp.asarray(y0, jnp.float32), tuple(jnp.float32(a) for a in args)), n, (3,)
    )
    frozen, y = [], np.array(y0, np.float64)
    for _ in range(n):
        y = rk4_ref(forced_np, t0, y, h, args)
        frozen.append(y)
    mistakes = [
        Mistake(
            "time_frozen",
            np.array(frozen),
            "结果正是时间不前进、每一步都在 t0 处求值时得到的:carry 里要带上 t,每步之后更新为 "
            "t + h。",
        ),
        Mistake(
            "starts_at_zero",
            integrate_ref(forced_np, y0, 0.0, h, n, args),
            "结果正是从 t = 0 开始积分时得到的:起始时刻要用传进来的 t0。",
        ),
    ]
    assert_close(
        traj,
        integrate_ref(forced_np, y0, t0, h, n, args),
        rtol=1e-4,
        atol=1e-4,
        what="轨迹",
        mistakes=mistakes,
        msg="显含时间的方程上,轨迹与 NumPy float64 的逐步循环不一致,差别见下面的对比。",
    )
