# expect: failed sgd "朝梯度方向走了" not "same buffer"
# expect.en: "moved along the gradient" not "same buffer"
# 错误示范:照 6.6 节的建议捐赠状态(donate_argnums=0),但参数沿梯度方向走了一步(+ lr·g)。
# 捐赠本身没错:检查给出的初始状态不共用缓冲区,判定的只是梯度的方向。


class TrainState(NamedTuple):  # 三个字段:步数、参数、参数的滑动平均
    step: jax.Array  # 步数
    params: dict  # {'w', 'b'}
    ema_params: dict  # 与 params 同结构


def _advance(st, xb, yb, rate, keep):
    dparams = jax.grad(loss_fn_linear)(st.params, xb, yb)
    fresh = jax.tree.map(lambda w, dw: w + rate * dw, st.params, dparams)
    avg = jax.tree.map(lambda a, w: keep * a + (1.0 - keep) * w, st.ema_params, fresh)
    return TrainState(st.step + 1, fresh, avg)


# 捐赠第 0 个参数(整个状态):调用方马上用返回值替换旧状态
ema_train_step = jax.jit(_advance, donate_argnums=0)
