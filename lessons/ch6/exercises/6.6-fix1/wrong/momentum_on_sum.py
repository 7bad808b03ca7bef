# expect: failed values "乘在了整个和上"
# expect.en: "multiplies the whole sum"
# 错误示范:手写动量时把 μ 乘在了括号外面,这一步的梯度也被缩小。
def _by_hand(state, grads, lr, mu):
    velocity = mu * (state.velocity + lr * grads)
    return OptimizerState(state.params - velocity, velocity)


fast_update = jax.jit(_by_hand)
