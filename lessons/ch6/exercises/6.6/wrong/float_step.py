# expect: failed chain "step 的 dtype 从 int32 变成了 float32" "第 1 次调用后就停下了" not "100 步共编译"
# expect.en: "the dtype of state.step changed from int32 to float32" "the check stopped after call 1" not "100 steps chained"
# 错误示范:步数加的是 1.0。单独调用一次看不出问题(int(step) 照样是 4),
# 但在训练循环里,第一步之后 step 就从整数变成了浮点数:状态的签名变了,jit 要再编译一次,
# 而且之后依赖步数的代码(学习率调度、偏差修正)拿到的都是浮点数。
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
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + 1.0, params=moved, ema_params=smooth)
