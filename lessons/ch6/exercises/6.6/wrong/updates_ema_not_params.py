# expect: failed sgd "一步 SGD 之后 [w, b] 应为"
# expect.en: "After one SGD step [w, b] should be"
# 把梯度步做在了 EMA 副本上,参数本身却用 EMA 公式混合:两份状态的角色弄反了。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    stepped_avg = jax.tree.map(lambda a, dw: a - lr * dw, state.ema_params, g)
    mixed = jax.tree.map(lambda w, a: decay * w + (1.0 - decay) * a, state.params, stepped_avg)
    return state._replace(step=state.step + 1, params=mixed, ema_params=stepped_avg)
