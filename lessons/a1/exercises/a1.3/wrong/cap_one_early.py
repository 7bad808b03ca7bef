# expect: failed rule "比上限 30 少一步" not "都应该做满 30 次更新"
# expect.en: "one step short of the cap of 30" not "should stop after a full 30 updates"
# 错误示范:以为 k 从 0 数到 28 就是 30 步,while 版的上限写成了 n <= 28,少更新了一次。
def newton_sqrt_while(a):
    def go_on(carry):
        r, n = carry
        unsettled = jnp.abs(r * r - a) >= 1e-6 * a
        return unsettled & (n <= 28)

    def newton(carry):
        r, n = carry
        return (r + a / r) / 2, n + 1

    return lax.while_loop(go_on, newton, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def masked(carry, _):
        r, n = carry
        live = jnp.abs(r * r - a) >= 1e-6 * a
        r = jnp.where(live, (r + a / r) / 2, r)
        return (r, n + live.astype(jnp.int32)), None

    (r, n), _ = lax.scan(masked, (a, jnp.int32(0)), None, length=n_max)
    return r, n
