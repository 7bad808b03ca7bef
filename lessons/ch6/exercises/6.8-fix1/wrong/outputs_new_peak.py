# expect: failed old_peak "新峰值 max(peak, v)" "旧峰值"
# expect.en: "new peak max(peak, v)" "old peak"
# 错误示范:初始状态修好了,可每一步交出去的是刚更新过的峰值,而不是更新之前那个。
def initial_state():
    return jnp.asarray(-jnp.inf, dtype=jnp.float32), jnp.asarray(0, dtype=jnp.int32)


def peak_step(state, v):
    best, seen = state
    best = jnp.where(v > best, v, best)
    return (best, seen + 1), best
