# expect: failed scan_values "漏了绝对值"
# expect.en: "without the absolute value"
# expect.silent: rule
# 收敛判断漏了绝对值:a < 1 时初值 x = a 让 x² − a < 0,被当成“已经收敛”,一步都不走。
# 后面 rule 在上限处的 k = 0(a = 1e-30 < 1)也是这个错误的后果,要沉默。
def newton_sqrt_while(a):
    def go_on(s):
        return (s[0] ** 2 - a >= 1e-6 * a) & (s[1] < 30)

    def once(s):
        return 0.5 * (s[0] + a / s[0]), s[1] + 1

    return lax.while_loop(go_on, once, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(s, _):
        guess, n = s
        busy = guess ** 2 - a >= 1e-6 * a
        guess = jnp.where(busy, 0.5 * (guess + a / guess), guess)
        return (guess, n + busy.astype(jnp.int32)), None

    start = (a, jnp.int32(0))
    out, _ = lax.scan(body, start, xs=None, length=n_max)
    return out
