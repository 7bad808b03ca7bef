# 按 6.6 节的建议捐赠训练状态:jax.jit(..., donate_argnums=0),调用方立刻用返回值覆盖旧状态。


class TrainState(NamedTuple):  # 三个字段:步数、参数、参数的滑动平均
    step: jax.Array  # 步数
    params: dict  # {'w', 'b'}
    ema_params: dict  # 与 params 同结构


def _advance(st, xb, yb, rate, keep):
    dparams = jax.grad(loss_fn_linear)(st.params, xb, yb)
    fresh = jax.tree.map(lambda w, dw: w - rate * dw, st.params, dparams)
    avg = jax.tree.map(lambda a, w: keep * a + (1.0 - keep) * w, st.ema_params, fresh)
    return TrainState(st.step + 1, fresh, avg)


# 捐赠第 0 个参数(整个状态):调用方马上用返回值替换旧状态
ema_train_step = jax.jit(_advance, donate_argnums=0)
