# expect: failed count_range "计数确实跟着收敛判断走"
# expect.en: "the count does follow a convergence test"
# 收敛阈值写得比题目严得多(1e-9·a):float32 的 x 永远达不到,两版都数到 30;计数和 x 的掩码都没错,不能说成“空转步被计数”或“x 没冻结”。
def newton_sqrt_while(a):
    def unfinished(state):
        guess, count = state
        return (jnp.abs(guess * guess - a) >= 1e-9 * a) & (count < 30)

    def newton(state):
        guess, count = state
        return 0.5 * (guess + a / guess), count + 1

    return lax.while_loop(unfinished, newton, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(state, _):
        guess, count = state
        still_moving = jnp.abs(guess * guess - a) >= 1e-9 * a
        guess = jnp.where(still_moving, 0.5 * (guess + a / guess), guess)
        count = count + jnp.where(still_moving, 1, 0)
        return (guess, count), None

    final, _ = lax.scan(body, (a, jnp.zeros((), jnp.int32)), xs=None, length=n_max)
    return final
