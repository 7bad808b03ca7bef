# expect: failed values "轨迹整体落后一步" "只扫了 n_steps − 1 步" not "更新前的 x"
# expect.en: "The trajectory lags one step behind" "only n_steps − 1 steps" not "x before the update"
# 错误示范:scan 主体是对的,可把起点 x0 拼在最前面,再只扫 n_steps − 1 步来凑够长度:轨迹从 x0 开始,少了最后一步。


def step(x, _):
    nxt = 0.5 * x + 1.0
    return nxt, nxt


def trajectory(x0, n_steps):
    _, rest = lax.scan(step, x0, None, length=n_steps - 1)
    return jnp.concatenate([x0[None], rest])


orbit = jax.jit(trajectory, static_argnames=("n_steps",))
