# expect: failed ema "用了学习率" not "放反了"
# expect.en: "by the learning rate" not "swapped"
# 错误示范:EMA 朝参数移动的比例用了学习率 lr,而不是 1 − decay。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    smooth = jax.tree.map(lambda avg, w: avg + lr * (w - avg), state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
