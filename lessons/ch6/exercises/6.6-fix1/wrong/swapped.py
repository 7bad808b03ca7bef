# expect: failed values "对调"
# expect.en: "swapped"
# 错误示范:包装的时候把学习率和动量的位置对调了。
def momentum_step(opt_state, g, lr, mu):
    return momentum_update(opt_state, g, mu, lr)


fast_update = jax.jit(momentum_step)
