# expect: failed scan_values "候选值" not "绝对值"
# expect.en: "candidate" not "absolute value"
# 错误示范:scan 版先试算一步,只有试算结果“还没收敛”才接受它。
# 真正收敛的那一步因此被丢掉,x 总停在差一步的位置。
def newton_sqrt_while(a):
    def unfinished(state):
        return (jnp.abs(state[0] ** 2 - a) >= 1e-6 * a) & (state[1] < 30)

    def newton(state):
        return 0.5 * (state[0] + a / state[0]), state[1] + 1

    return lax.while_loop(unfinished, newton, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(state, _):
        x, steps = state
        trial = 0.5 * (x + a / x)
        keep = jnp.abs(trial ** 2 - a) >= 1e-6 * a
        x = lax.select(keep, trial, x)
        return (x, steps + jnp.where(keep, 1, 0)), None

    final, _ = lax.scan(body, (a, jnp.int32(0)), xs=None, length=n_max)
    return final
