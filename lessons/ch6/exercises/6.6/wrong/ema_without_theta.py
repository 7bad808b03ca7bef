# expect: failed ema "与这一步的参数无关" not "θ 没有取自这一步的参数"
# expect.en: "does not depend on this step's parameters" not "is not this step's parameters"
# 错误示范:EMA 只写了 d·ē,漏掉了 (1 − d)·θ。结果与参数无关(和读了一个全零的模块级变量算出的值一样),
# 检查只说算出来的事实:换参数结果不变,与这一步的参数无关;不断言 θ 取自别处。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@jax.jit
def ema_train_step(state, x, y, lr, decay):
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    smooth = jax.tree.map(lambda avg: decay * avg, state.ema_params)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
