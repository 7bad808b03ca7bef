# expect: failed count_range "绝对误差"
# expect.en: "absolute tolerance"
# 收敛条件写成了绝对误差 |x² − a| < 1e-6(少乘了 a):a 大的时候 float32 根本达不到,两个版本都跑满 30 步。
def newton_sqrt_while(a):
    def unfinished(state):
        guess, count = state
        return (jnp.abs(guess * guess - a) >= 1e-6) & (count < 30)

    def newton(state):
        guess, count = state
        return 0.5 * (guess + a / guess), count + 1

    return lax.while_loop(unfinished, newton, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(state, _):
        guess, count = state
        still_moving = jnp.abs(guess * guess - a) >= 1e-6
        guess = jnp.where(still_moving, 0.5 * (guess + a / guess), guess)
        return (guess, count + still_moving.astype(jnp.int32)), None

    final, _ = lax.scan(body, (a, jnp.int32(0)), xs=None, length=n_max)
    return final
