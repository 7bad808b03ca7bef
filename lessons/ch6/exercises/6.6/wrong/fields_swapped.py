# expect: failed sgd "放反了" not "从 ema_params 出发"
# expect.en: "swapped places" not "starts from ema_params"
# 错误示范:两份参数都算对了,写回状态时却把新参数放进了 ema_params、把滑动平均放进了 params。
class TrainState(NamedTuple):
    step: object  # 已训练步数
    params: dict  # 正在训练的参数
    ema_params: dict  # 平滑后的副本


dloss = jax.grad(loss_fn_linear)


def _one(st, xb, yb, rate, keep):
    g_tree = dloss(st.params, xb, yb)
    fresh = jax.tree.map(lambda p, gp: p - rate * gp, st.params, g_tree)
    avg = jax.tree.map(lambda e, p: keep * e + (1.0 - keep) * p, st.ema_params, fresh)
    return TrainState(st.step + 1, avg, fresh)  # 位置依次是 step, params, ema_params


ema_train_step = jax.jit(_one)
