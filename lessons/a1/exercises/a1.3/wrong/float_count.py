# expect: failed int_dtype "应为整数"
# expect.en: "should be an integer"
# 计数从 0.0 开始累加:迭代次数变成了 float32,不是整数。
def newton_sqrt_while(a):
    def go_on(s):
        return (jnp.abs(s[0] ** 2 - a) >= 1e-6 * a) & (s[1] < 30)

    def once(s):
        return 0.5 * (s[0] + a / s[0]), s[1] + 1.0

    return lax.while_loop(go_on, once, (a, jnp.float32(0.0)))


def newton_sqrt_scan(a, n_max=30):
    def body(s, _):
        guess, n = s
        busy = jnp.abs(guess ** 2 - a) >= 1e-6 * a
        guess = jnp.where(busy, 0.5 * (guess + a / guess), guess)
        return (guess, n + jnp.where(busy, 1.0, 0.0)), None

    out, _ = lax.scan(body, (a, jnp.float32(0.0)), xs=None, length=n_max)
    return out
