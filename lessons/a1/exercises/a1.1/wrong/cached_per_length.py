# expect: failed gamma_each_call "γ=0.9(第一次调用的 γ)"
# expect.en: "γ=0.9 (the first call's γ)"
# 错误示范:按长度 T 缓存一个 jit 过的闭包。γ 在第一次遇到这个长度时被闭包记住,
# 之后同样长度的轨迹换了 γ,算出来的仍是旧 γ 的回报。
_compiled = {}


def discounted_returns(rewards, dones, gamma):
    T = rewards.shape[0]
    if T not in _compiled:

        def run(r, d):
            def step_back(later, pair):
                g = pair[0] + gamma * (1.0 - pair[1]) * later
                return g, g

            init = jnp.zeros((), r.dtype)
            return lax.scan(step_back, init, (r, d), reverse=True)[1]

        _compiled[T] = jax.jit(run)
    return _compiled[T](rewards, dones)
