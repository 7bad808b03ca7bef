# expect: failed counts_match "数到了 30" "空转"
# expect.en: "counted 30" "idle steps"
# x 冻结得没错,但计数每一步都加 1:收敛之后的“空转”步也被算成了迭代。
def newton_sqrt_while(a):
    def go_on(s):
        return (jnp.abs(s[0] ** 2 - a) >= 1e-6 * a) & (s[1] < 30)

    def once(s):
        return 0.5 * (s[0] + a / s[0]), s[1] + 1

    return lax.while_loop(go_on, once, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(s, _):
        guess, n = s
        busy = jnp.abs(guess ** 2 - a) >= 1e-6 * a
        guess = jnp.where(busy, 0.5 * (guess + a / guess), guess)
        return (guess, n + 1), None

    start = (a, jnp.int32(0))
    out, _ = lax.scan(body, start, xs=None, length=n_max)
    return out
