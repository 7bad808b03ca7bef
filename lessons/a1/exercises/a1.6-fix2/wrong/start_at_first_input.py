# expect: failed values "第一个输入"
# expect.en: "first input"
# 把状态的初值设成了序列的第一个输入,第一步又把它处理了一遍。
def masked_decay(xs, valid):
    def step(state, pair):
        x_t, ok = pair
        return jnp.where(ok, 0.8 * state + 0.2 * x_t, state), None

    final, _ = lax.scan(step, xs[0], (xs, valid))
    return final
