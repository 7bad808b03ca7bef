# expect: failed uses_scan "没有 scan" "Python 循环"
# expect.en: "has no scan" "Python loop"
# 数值正确,但用 Python for 循环推进:放进 jit 后每一步都被展开,500 步的程序又大又慢。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + 0.5 * h, y + 0.5 * h * s1, args)
    s3 = f(t + 0.5 * h, y + 0.5 * h * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + h / 6.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    t_now, y_now, path = t0, y0, []
    for _ in range(n_steps):
        y_now = rk4_step(f, t_now, y_now, h, args)
        t_now = t_now + h
        path.append(y_now)
    return y_now, jnp.stack(path)
