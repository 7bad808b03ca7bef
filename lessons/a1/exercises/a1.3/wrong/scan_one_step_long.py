# expect: failed rule "多了一步" "scan 走了 31 步" not "循环条件"
# expect.en: "one step past the cap" "the scan runs 31 steps" not "loop condition"
# scan 版的步数写成了 LIMIT + 1(以为“多走一步保险”):到不了收敛的 a 上 k = 31。scan 没有循环条件,
# 提示不能说“循环条件把 k = 30 也放了过去(k <= 30)”,只能说 scan 走了 31 步。
LIMIT = 30


def _far(x, a):
    return jnp.abs(x * x - a) >= 1e-6 * a


def newton_sqrt_while(a):
    def unfinished(pair):
        guess, made = pair
        return _far(guess, a) & (made < LIMIT)

    def refine(pair):
        guess, made = pair
        return (guess + a / guess) / 2, made + 1

    return lax.while_loop(unfinished, refine, (a, jnp.int32(0)))


def newton_sqrt_scan(a):
    def sweep(pair, _):
        guess, made = pair
        going = _far(guess, a)
        guess = jnp.where(going, (guess + a / guess) / 2, guess)
        return (guess, made + jnp.where(going, 1, 0)), None

    final, _ = lax.scan(sweep, (a, jnp.int32(0)), xs=None, length=LIMIT + 1)  # one too many
    return final
