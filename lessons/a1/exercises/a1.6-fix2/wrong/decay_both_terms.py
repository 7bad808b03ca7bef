# expect: failed values "0.8·(h + 0.2·x)"
# expect.en: "0.8·(h + 0.2·x)"
# 更新式的括号放错了:0.8 把整个 h + 0.2·x 都乘上了,输入实际只占 0.16。
def masked_decay(xs, valid):
    def step(state, pair):
        x_t, ok = pair
        return jnp.where(ok, 0.8 * (state + 0.2 * x_t), state), None

    final, _ = lax.scan(step, jnp.zeros((), xs.dtype), (xs, valid))
    return final
