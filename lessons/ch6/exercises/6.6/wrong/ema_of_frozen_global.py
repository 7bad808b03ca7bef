# expect: failed ema "与这一步的参数无关"
# expect.en: "does not depend on this step's parameters"
# EMA 里读的是全局变量 latest(打算在训练循环里每步给它赋值):jit 追踪时把它冻结成常量,之后怎么改都不生效。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


latest = {"w": jnp.zeros(()), "b": jnp.zeros(())}


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, latest)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
