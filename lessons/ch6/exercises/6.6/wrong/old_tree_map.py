# expect: error returns_state "tree_map"
# expect.en: "tree_map"
# jax.tree_map 在 JAX 0.12 里已经删除:第一次调用就抛 AttributeError,应改用 jax.tree.map。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree_map(lambda w, dw: w - lr * dw, state.params, g)
    smooth = jax.tree_map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
