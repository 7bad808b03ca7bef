# expect: failed ema "decay 和 1 − decay 放反了"
# expect.en: "decay and 1 − decay are swapped"
# decay 和 1 - decay 放反了:副本几乎等于当前参数,起不到平滑作用。
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
    smooth = jax.tree.map(lambda avg, w: (1.0 - decay) * avg + decay * w, state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
