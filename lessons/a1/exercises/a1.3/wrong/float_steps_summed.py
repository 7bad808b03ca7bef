# expect: failed int_dtype "始终保持整数 dtype"
# expect.en: "Keep the count in an integer dtype"
# scan 版把每步的掩码转成 float32 输出,再求和当计数:计数是 float32,但并不是“从 0.0 开始累加”。
def newton_sqrt_while(a):
    def unfinished(state):
        guess, count = state
        return (jnp.abs(guess * guess - a) >= 1e-6 * a) & (count < 30)

    def newton(state):
        guess, count = state
        return 0.5 * (guess + a / guess), count + 1

    return lax.while_loop(unfinished, newton, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(guess, _):
        still_moving = jnp.abs(guess * guess - a) >= 1e-6 * a
        guess = jnp.where(still_moving, 0.5 * (guess + a / guess), guess)
        return guess, still_moving.astype(jnp.float32)

    x, steps = lax.scan(body, a, None, length=n_max)
    return x, jnp.sum(steps)
