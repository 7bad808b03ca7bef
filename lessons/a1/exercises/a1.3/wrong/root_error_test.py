# expect: failed rule "收敛条件的阈值或判断时机和题目不一致" not "先更新、再用更新后的 x"
# expect.en: "The threshold of the convergence test, or when it is made" not "updating first"
# 错误示范:收敛判断写成 |x − √a| ≥ 1e-6·a(比的是与 jnp.sqrt 的差,不是 |x² − a|),计数恰好每个少 1,
# 和“先更新再判断”的计数一样;可那个错误的 x 是对的,这里的 x 不对:只在 x 也吻合时才说那个原因。
# 练习 a1.3
CAP = 30          # 最多迭代多少步
REL_TOL = 1e-6    # |x² − a| < REL_TOL·a 就算收敛


def _still_moving(guess, a):
    return jnp.abs(guess - jnp.sqrt(a)) >= REL_TOL * a


def _newton(guess, a):
    return 0.5 * (guess + a / guess)


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
