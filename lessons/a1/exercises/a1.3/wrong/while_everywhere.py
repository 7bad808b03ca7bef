# expect: failed grad_finite "穿不过"
# expect.en: "cannot go through"
# “scan 版”也交给 while_loop:数值和计数都对,但 jax.grad 穿不过 while_loop(ValueError)。
def newton_sqrt_while(a):
    def go_on(s):
        return (jnp.abs(s[0] ** 2 - a) >= 1e-6 * a) & (s[1] < 30)

    def once(s):
        return 0.5 * (s[0] + a / s[0]), s[1] + 1

    return lax.while_loop(go_on, once, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    return newton_sqrt_while(a)
