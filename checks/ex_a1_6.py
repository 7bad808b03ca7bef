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
  - odeint_rk4 的 jaxpr 里有 scan(没有按步数展开)                           → check "uses_scan"
    (积分多步的检查都依赖它:按步数展开的积分器在 jit 里编译太慢,会超时,所以先跳过)
"""

import sys

import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail, rng

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path


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

def osc_np(t, y, w):
    return np.array([y[1], -(w ** 2) * y[0]])


def osc_jax(t, y, w):
    import jax.numpy as jnp

    return jnp.stack([y[1], -(w ** 2) * y[0]])


def forced_np(t, y, args):
    """Damped pendulum with a time-dependent drive: args = (damping, drive, freq)."""
    damping, drive, freq = args
    return np.array([y[1], -np.sin(y[0]) - damping * y[1] + drive * np.cos(freq * t), -0.5 * y[2] + t])


def forced_jax(t, y, args):
    import jax.numpy as jnp

    damping, drive, freq = args
    return jnp.stack([y[1], -jnp.sin(y[0]) - damping * y[1] + drive * jnp.cos(freq * t), -0.5 * y[2] + t])


def _solve_osc(L):
    import jax

    return jax.jit(lambda y0, w: A1.pair(L.odeint_rk4(osc_jax, y0, 0.0, STEP, N, w), "odeint_rk4"))


@checks.add("step", "单步 rk4_step 与 NumPy float64 一致(右端函数显式依赖 t)")
def _(L):
    import jax.numpy as jnp

    g = rng(1601)
    y = g.normal(size=3)
    args = (0.3, 1.7, 2.5)
    t, h = 0.8, 0.2
    got = np.asarray(L.rk4_step(forced_jax, jnp.float32(t), jnp.asarray(y, jnp.float32), jnp.float32(h),
                                tuple(jnp.float32(a) for a in args)))
    want = rk4_ref(forced_np, t, y, h, args)
    if got.shape == want.shape and np.allclose(got, want, rtol=1e-5, atol=1e-5):
        return
    why = "rk4_step 与经典 RK4 的一步不一致。"
    if got.shape == want.shape:
        for weights, text in (((1, 1, 1, 1), "四个斜率取了相同的权重"),
                              ((1, 2, 2, 2), "k4 的权重写成了 2"),
                              ((2, 2, 2, 1), "k1 的权重写成了 2"),
                              ((1, 2, 1, 1), "k3 的权重写成了 1")):
            if np.allclose(got, rk4_ref(forced_np, t, y, h, args, weights=weights), rtol=1e-5, atol=1e-5):
                why = f"{text}:经典 RK4 的组合是 y + h/6·(k1 + 2k2 + 2k3 + k4)。"
                break
        else:
            if np.allclose(got, rk4_ref(forced_np, t, y, h, args, mid=0.0), rtol=1e-5, atol=1e-5):
                why = ("k2、k3、k4 都在时刻 t 求值:k2、k3 要在 t + h/2、k4 要在 t + h 处调用 f。"
                       "对简谐振子这种不显含 t 的方程看不出区别,方程一显含 t 就错了。")
    assert_close(got, want, rtol=1e-5, atol=1e-5, what="rk4_step 的结果", msg=why)


@checks.add("uses_scan", "odeint_rk4 的 jaxpr 里有 scan(步数没有被 Python 展开)")
def _(L):
    import jax.numpy as jnp

    text = A1.jaxpr_text(lambda y, w: L.odeint_rk4(osc_jax, y, 0.0, 0.1, 40, w),
                         jnp.array([1.0, 0.0]), jnp.float32(1.0))
    assert_that("scan[" in text,
                "jaxpr 中没有 scan:积分的步数要交给 lax.scan(xs=None, length=n_steps),"
                "Python for 循环会把每一步都展开进程序,步数一多,追踪和编译就很慢。",
                jaxpr_lines=len(text.splitlines()), primitives=A1.primitives(text))


@checks.add("traj_numpy", "简谐振子 ω=2、h=0.01、500 步:整条轨迹与 NumPy 循环一致(atol 1e-5)", needs="uses_scan")
def _(L):
    import jax.numpy as jnp

    yT, traj = _solve_osc(L)(jnp.array(Y0), jnp.float32(OMEGA))
    traj = np.asarray(traj)
    want = integrate_ref(osc_np, Y0, 0.0, STEP, N, OMEGA)
    assert_that(traj.shape == want.shape,
                f"轨迹形状应为 {want.shape}:每一步之后的状态一行,不含初值。",
                expected=list(want.shape), actual=list(traj.shape))
    if not np.allclose(traj, want, atol=1e-5):
        why = "轨迹与 NumPy float64 的逐步循环不一致。"
        if np.allclose(traj[1:], want[:-1], atol=1e-5):
            why = "轨迹整体晚了一步:traj[i] 应该是第 i + 1 步**之后**的状态,scan 每一步要输出更新后的 y。"
        assert_close(traj, want, rtol=0, atol=1e-5, what="轨迹", msg=why)
    assert_close(np.asarray(yT), want[-1], rtol=0, atol=1e-5, what="y_T",
                 msg="返回的 y_T 应该等于轨迹的最后一行(积分到 T 时的状态)。")


@checks.add("analytic", "x(T) 与解析解相差 < 1e-4", needs="uses_scan")
def _(L):
    import jax.numpy as jnp

    yT, _ = _solve_osc(L)(jnp.array(Y0), jnp.float32(OMEGA))
    T = STEP * N
    exact = Y0[0] * np.cos(OMEGA * T) + Y0[1] / OMEGA * np.sin(OMEGA * T)
    got = float(np.asarray(yT)[0])
    assert_that(abs(got - exact) < 1e-4,
                f"x(T) = {got:.6f},解析解是 {exact:.6f}:RK4 在 h = 0.01 时误差远小于 1e-4,差这么多说明积分公式有误。",
                expected=exact, actual=got)


@checks.add("grad_v0", "∂x(T)/∂v0(反向模式穿过 scan)与 sin(ωT)/ω 相差 < 1e-4", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    solve = _solve_osc(L)
    sens = jax.grad(lambda y0: solve(y0, jnp.float32(OMEGA))[0][0])(jnp.array(Y0))
    T = STEP * N
    exact = np.sin(OMEGA * T) / OMEGA
    got = float(np.asarray(sens)[1])
    assert_that(abs(got - exact) < 1e-4,
                f"∂x(T)/∂v0 = {got:.6f},解析值是 {exact:.6f}:梯度必须能从 y_T 沿 scan 一路传回 y0"
                "(不要用 stop_gradient,也不要把状态转成 NumPy / Python 数)。",
                expected=exact, actual=got)


@checks.add("vmap_y0", "vmap 一批初值 (a, 0):x(T) ≈ a·cos(ωT)(atol 1e-4)", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    solve = _solve_osc(L)
    starts = jnp.array([[0.5, 0.0], [1.0, 0.0], [2.0, 0.0]])
    xT = np.asarray(jax.vmap(lambda y0: solve(y0, jnp.float32(OMEGA))[0][0])(starts))
    T = STEP * N
    assert_close(xT, np.array([0.5, 1.0, 2.0]) * np.cos(OMEGA * T), rtol=0, atol=1e-4, what="x(T)",
                 msg="vmap 处理一批初值时结果不对:积分器不能假设 y0 是某个固定形状之外的东西,"
                     "也不要在里面用 Python 的 if 判断状态的值。")


@checks.add("time_dependent", "显含 t 的新方程(t0 ≠ 0,args 是元组):整条轨迹与 NumPy 一致", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(1602)
    y0 = g.normal(size=3)
    args = (0.25, 0.9, 1.3)
    t0, h, n = 1.5, 0.1, 30
    run = jax.jit(lambda y, a: A1.pair(L.odeint_rk4(forced_jax, y, t0, h, n, a), "odeint_rk4"))
    _, traj = run(jnp.asarray(y0, jnp.float32), tuple(jnp.float32(a) for a in args))
    traj = np.asarray(traj)
    want = integrate_ref(forced_np, y0, t0, h, n, args)
    if traj.shape == want.shape and np.allclose(traj, want, rtol=1e-4, atol=1e-4):
        return
    why = "显含时间的方程上结果不对。"
    if traj.shape == want.shape:
        frozen = []
        y = np.array(y0, np.float64)
        for _ in range(n):
            y = rk4_ref(forced_np, t0, y, h, args)
            frozen.append(y)
        if np.allclose(traj, np.array(frozen), rtol=1e-4, atol=1e-4):
            why = "时间没有前进:每一步都在 t0 处求值。carry 里要带上 t,每步之后更新为 t + h。"
        elif np.allclose(traj, integrate_ref(forced_np, y0, 0.0, h, n, args), rtol=1e-4, atol=1e-4):
            why = "结果像是从 t = 0 开始积分的:起始时刻要用传进来的 t0。"
    assert_close(traj, want, rtol=1e-4, atol=1e-4, what="轨迹", msg=why)
