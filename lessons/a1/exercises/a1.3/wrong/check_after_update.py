# expect: failed counts_match "先更新、再用更新后的 x 判断"
# expect.en: "updating first and then deciding with the updated x"
# 先更新、再用更新后的 x 判断这一步算不算数:每个元素都比 while 版少数 1 次。
def newton_sqrt_while(a):
    def go_on(s):
        return (jnp.abs(s[0] ** 2 - a) >= 1e-6 * a) & (s[1] < 30)

    def once(s):
        return 0.5 * (s[0] + a / s[0]), s[1] + 1

    return lax.while_loop(go_on, once, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(s, _):
        guess, n = s
        guess = jnp.where(jnp.abs(guess ** 2 - a) >= 1e-6 * a, 0.5 * (guess + a / guess), guess)
        unfinished = jnp.abs(guess ** 2 - a) >= 1e-6 * a
        return (guess, n + unfinished.astype(jnp.int32)), None

    start = (a, jnp.int32(0))
    out, _ = lax.scan(body, start, xs=None, length=n_max)
    return out
