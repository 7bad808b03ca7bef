# expect: failed shapes "scan 只走了 299 步" not "vmap"
# expect.en: "the scan in the program takes only 299 steps" not "vmap"
# expect.silent: vmap_shapes
# 错误示范:用第一个值初始化状态(n = 1, μ = xs[0]),再扫 xs[1:]。轨迹少一项;程序里 scan 的长度是 299,
# 提示就说 scan 少走了一步;vmap 之后的形状也少一项,原因相同,不再另说"vmap 在前面加批量维"。
def welford_step(state, x):
    n, mu, m2 = state
    n = n + 1
    delta = x - mu
    mu = mu + delta / n
    m2 = m2 + delta * (x - mu)
    return (n, mu, m2), m2 / n


def online_var(xs):
    init = (jnp.float32(1.0), xs[0], jnp.float32(0.0))
    (n, mu, m2), trace = lax.scan(welford_step, init, xs[1:])
    return mu, m2 / n, trace
