# expect: failed fields "只有 step、params 两个字段"
# expect.en: "has only the two fields step and params"
# 照抄了 6.4 节的两字段 TrainState,忘了加 ema_params:EMA 副本没有地方放,训练步只好把它丢掉。
class TrainState(NamedTuple):  # 少了 ema_params
    step: jax.Array  # 步数
    params: dict  # 参数


linear_grad = jax.grad(loss_fn_linear)


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    return TrainState(state.step + 1, moved)
