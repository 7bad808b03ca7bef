# expect: failed fields
# 没有重新定义 TrainState:上下文里 6.4 节的版本只有 step、params,装不下 EMA 副本。
linear_grad = jax.grad(loss_fn_linear)


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    return TrainState(state.step + 1, moved)
