# expect: failed values "轨迹整体超前一步" not "落后"
# expect.en: "runs one step ahead" not "lags"
# 错误示范:扫描之前先手动走了一步“热身”,之后再扫 n_steps 步,所有输出都提前了一步。
def _orbit(x0, n_steps):
    def advance(value, _):
        value = value * 0.5 + 1.0
        return value, value

    warmed = x0 * 0.5 + 1.0
    return lax.scan(advance, warmed, xs=None, length=n_steps)[1]


orbit = jax.jit(_orbit, static_argnums=(1,))
