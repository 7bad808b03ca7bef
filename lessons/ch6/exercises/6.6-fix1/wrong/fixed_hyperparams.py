# expect: failed values "没有用上" not "顺序"
# expect.en: "are not used" not "order"
# 错误示范:为了不重新编译,把学习率和动量写死在函数里,调用者传来的值被丢掉。
def _step(s, g, lr, mu):
    del lr, mu
    frozen = momentum_update(s, g, 0.05, 0.8)
    return frozen


fast_update = jax.jit(_step)
