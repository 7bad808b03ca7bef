# expect: failed donate "关掉 jit" not "在主机上留下的"
# expect.en: "with jit disabled" not "a view left on the host"
# isolated: 在 jax.disable_jit() 里运行,改的是整个进程的 JAX 配置
# 错误示范(压下症状的错误办法):record 在 jax.disable_jit() 里调用 advance,历史能读了,可状态再也没被捐赠。
# record 交给 advance 的确实是调用者的状态,但原因不是主机视图,而是 jit 被关掉(检查时记录了调用那一刻的开关)。
def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def record(state, n):
    history = []
    with jax.disable_jit():
        for _ in range(n):
            history.append(jax.tree.map(lambda x: np.array(x, copy=True), state))
            state = advance(state)
    return state, history
