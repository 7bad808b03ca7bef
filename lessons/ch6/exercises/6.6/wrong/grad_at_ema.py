# expect: failed sgd "在 ema_params 处求的" not "放反了" "从 ema_params 出发"
# expect.en: "taken at ema_params" not "swapped places" "starts from ema_params"
# expect.silent: ema
# 错误示范:更新的是 params,求梯度时却传进了 EMA 副本。
class TrainState(NamedTuple):
    step: object  # 已训练步数
    params: dict  # 正在训练的参数
    ema_params: dict  # 平滑后的副本


dloss = jax.grad(loss_fn_linear)


def _one(st, xb, yb, rate, keep):
    g_tree = dloss(st.ema_params, xb, yb)
    fresh = jax.tree.map(lambda p, gp: p - rate * gp, st.params, g_tree)
    avg = jax.tree.map(lambda e, p: keep * e + (1.0 - keep) * p, st.ema_params, fresh)
    return TrainState(st.step + 1, fresh, avg)


ema_train_step = jax.jit(_one)
