# expect: failed uses_loops "没有 scan 原语"
# expect.en: "no scan primitive"
# “scan 版”用 Python for 循环写了 30 步:数值、计数、梯度都对,但 30 步被逐步展开进了程序。
def newton_sqrt_while(a):
    def unfinished(state):
        guess, count = state
        return (jnp.abs(guess * guess - a) >= 1e-6 * a) & (count < 30)

    def newton(state):
        guess, count = state
        return 0.5 * (guess + a / guess), count + 1

    return lax.while_loop(unfinished, newton, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    guess, count = a, jnp.int32(0)
    for _ in range(n_max):
        still_moving = jnp.abs(guess * guess - a) >= 1e-6 * a
        guess = jnp.where(still_moving, 0.5 * (guess + a / guess), guess)
        count = count + still_moving.astype(jnp.int32)
    return guess, count
