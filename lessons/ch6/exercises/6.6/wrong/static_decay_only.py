# expect: failed no_retrace "decay 被当成了静态参数" not "lr、decay 被当成了静态参数"
# expect.en: "decay was made a static argument" not "lr and decay were made static"
# 错误示范:只把 decay 设成静态参数(lr 是动态的)。检查再各换一个新的 lr、新的 decay 各调用一次,
# 只有新的 decay 又编译了,所以只点名 decay,不说 lr 也是静态的。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


slope_of_loss = jax.grad(loss_fn_linear)


def _one_step(st, xs, ys, rate, d):  # d 是第 5 个参数
    grads = slope_of_loss(st.params, xs, ys)
    trained = {k: st.params[k] - rate * grads[k] for k in st.params}
    shadow = {k: d * st.ema_params[k] + (1.0 - d) * trained[k] for k in trained}
    return TrainState(st.step + 1, trained, shadow)


ema_train_step = jax.jit(_one_step, static_argnums=4)  # 只把 decay 设成静态
