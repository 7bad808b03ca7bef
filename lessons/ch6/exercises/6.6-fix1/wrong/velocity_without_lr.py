# expect: failed values "漏了学习率"
# expect.en: "leaves out the learning rate"
# 错误示范:手写动量更新,速度里直接累加梯度,学习率没乘上去。
def _by_hand(state, grads, lr, mu):
    velocity = state.velocity * mu + grads
    return OptimizerState(state.params - velocity, velocity)


fast_update = jax.jit(_by_hand)
