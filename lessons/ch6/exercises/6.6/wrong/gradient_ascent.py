# expect: failed sgd "朝梯度方向走了"
# expect.en: "moved along the gradient"
# 把梯度加到了参数上:这是梯度上升,损失会越来越大。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w + lr * dw, state.params, g)
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
