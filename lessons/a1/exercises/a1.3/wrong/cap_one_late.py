# expect: failed rule "多了一步" not "少了 k < 30"
# expect.en: "one step past the cap" not "lacks k < 30"
# 错误示范:把上限写成 steps < CAP + 1,以为“第 30 步也要做”;while 版多更新了一次。
CAP = 30          # 最多迭代多少步
REL_TOL = 1e-6    # |x² − a| < REL_TOL·a 就算收敛


def _still_moving(guess, a):
    return jnp.abs(guess * guess - a) >= REL_TOL * a


def _newton(guess, a):
    return 0.5 * (guess + a / guess)


def newton_sqrt_while(a):
    def keep_going(state):
        guess, steps = state
        return jnp.logical_and(_still_moving(guess, a), steps < CAP + 1)

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

