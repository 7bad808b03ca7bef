# expect: failed values "从 x = v 出发得到的值" not "fori_loop 的最后一个参数是初值"
# expect.en: "starts from x = v instead of 0" not "fori_loop's last argument is the initial value"
# 改写成 while_loop,状态的初值写成了 (0, v):循环从 v 出发。这份答案没有用 fori_loop,
# 提示说初值应为 0 就够了,不能说“fori_loop 的最后一个参数是初值”像是在讲它的代码。
@jax.jit
def iterate(v, times):
    def keep_going(state):
        return state[0] < times

    def step(state):
        i, x = state
        return i + 1, 0.5 * jnp.cos(x) + v

    return lax.while_loop(keep_going, step, (0, v))[1]
