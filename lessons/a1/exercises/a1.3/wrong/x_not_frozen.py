# expect: failed frozen "x 没有冻结"
# expect.en: "x was not frozen"
# 计数加了掩码,x 却每一步都做牛顿更新:反正收敛以后 x 几乎不变,就没有冻结它。
def newton_sqrt_while(a):
    def unfinished(state):
        guess, count = state
        return (jnp.abs(guess * guess - a) >= 1e-6 * a) & (count < 30)

    def newton(state):
        guess, count = state
        return 0.5 * (guess + a / guess), count + 1

    return lax.while_loop(unfinished, newton, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(state, _):
        guess, count = state
        still_moving = jnp.abs(guess * guess - a) >= 1e-6 * a
        count = count + still_moving.astype(jnp.int32)     # 只有计数看了掩码
        guess = 0.5 * (guess + a / guess)                   # x 照常更新
        return (guess, count), None

    final, _ = lax.scan(body, (a, jnp.int32(0)), xs=None, length=n_max)
    return final
