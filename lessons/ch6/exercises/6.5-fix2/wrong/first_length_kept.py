# expect: failed values "长度被定格在那次调用" not "形状应该是"
# expect.en: "the length was frozen at that call" not "to have shape"
# 错误示范:为了不每次重新编译,把第一次调用时建的 jit 函数存进全局变量反复用,
# 它捕获的 n_steps 也就一直是第一次的那个。
def step(x, _):
    nxt = 0.5 * x + 1.0
    return nxt, nxt


_runner = None


def orbit(x0, n_steps):
    global _runner
    if _runner is None:
        _runner = jax.jit(lambda x: lax.scan(step, x, None, length=n_steps)[1])
    return _runner(x0)
