# expect: failed old_peak "初值是有限数" not "新峰值"
# expect.en: "starts at the finite number" not "new peak"
# 错误示范:峰值初值取 float32 能表示的最小有限数(-3.4e38),而不是 −∞。
def initial_state():
    lowest = jnp.array(-3.4028235e38, dtype=jnp.float32)
    return lowest, jnp.array(0, dtype=jnp.int32)


def peak_step(state, v):
    best, seen = state
    return (jnp.where(v > best, v, best), seen + 1), best
