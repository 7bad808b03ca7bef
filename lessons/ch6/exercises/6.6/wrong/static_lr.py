# expect: failed no_retrace "lr、decay 被当成了静态参数"
# expect.en: "lr and decay were made static arguments"
# 把 lr、decay 设成静态参数:数值正确,但每换一个数值就重新编译一次。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@partial(jax.jit,  # 下面这行是错误所在
         static_argnames=("lr", "decay"))
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
