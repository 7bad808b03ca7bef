# expect: failed rule "不全是有限值" not "收敛条件的阈值"
# expect.en: "not all finite" not "The threshold of the convergence test"
# 错误示范:牛顿步写成 x − (x² − a)/(2x),数学上相同,但 a = 1e30 时 x·x 超出 float32,x 变成 NaN,
# 与 NaN 的比较为假,循环提前停在 k = 2。消息给出 x 的值并说 NaN 让判断为假,而不是只报 k 不对。
# 练习 a1.3
CAP = 30          # 最多迭代多少步
REL_TOL = 1e-6    # |x² − a| < REL_TOL·a 就算收敛


def _still_moving(guess, a):
    return jnp.abs(guess * guess - a) >= REL_TOL * a


def _newton(guess, a):
    return guess - (guess * guess - a) / (2 * guess)


def newton_sqrt_while(a):
    def keep_going(state):
        guess, steps = state
        return jnp.logical_and(_still_moving(guess, a), steps < CAP)

    def advance(state):
        guess, steps = state
        return _newton(guess, a), steps + 1

    return lax.while_loop(keep_going, advance, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=CAP):
    def frozen_or_advance(state, _):
        guess, steps = state
        moving = _still_moving(guess, a)           # 与 while 版的判断相同,而且在更新之前做
        guess = lax.select(moving, _newton(guess, a), guess)
        steps = steps + jnp.where(moving, 1, 0)
        return (guess, steps), None

    final, _ = lax.scan(frozen_or_advance, (a, jnp.int32(0)), xs=None, length=n_max)
    return final


if __name__ == "__main__":
    trial = jnp.array([2.0, 10.0, 0.3, 5e3])
    print("scan :", jax.vmap(newton_sqrt_scan)(trial))
    print("while:", jax.vmap(newton_sqrt_while)(trial))
    sqrt_only = lambda v: newton_sqrt_scan(v)[0]
    print("grad :", jax.vmap(jax.grad(sqrt_only))(trial))
