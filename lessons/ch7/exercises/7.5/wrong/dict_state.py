# expect: failed state_count "状态是一个 dict,count 和 mu 是它的键" not "状态里应该能取到 count 和 mu"
# expect.en: "The state is a dict with the keys count and mu" not "The state should have count and mu"
# 错误示范:状态用 dict 存 count 和 mu,两个键都有;检查按字段读 state.count,所以说它是 dict 的键、不是字段,不能说它没有 count 和 mu。
# 练习 7.5 参考答案
# 上下文里已有:GradientTransformation、chain、add_decayed_weights、scale_by_learning_rate、
# apply_updates、warmup_cosine_decay_schedule、run_jax、theta0 / coef_a / coef_c、quad_loss,以及 optax。


# Lion 的状态:count 是 int32 步数,mu 是与参数同结构的动量
ScaleByLionState = NamedTuple("ScaleByLionState", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    # Lion 的方向:sign(插值),之后才更新动量

    def init_fn(params):
        momentum = jax.tree.map(lambda p: jnp.zeros_like(p), params)
        return {"count": jnp.array(0, dtype=jnp.int32), "mu": momentum}

    def update_fn(grads, lion_state, params=None):
        old = lion_state["mu"]
        # 顺序很重要:方向用的是“旧”动量 m_{t-1}
        signs = jax.tree.map(lambda gr, mo: jnp.sign(b1 * mo + (1.0 - b1) * gr), grads, old)
        fresh = jax.tree.map(lambda mo, gr: b2 * mo + (1.0 - b2) * gr, old, grads)
        return signs, {"count": lion_state["count"] + 1, "mu": fresh}

    # 打包成一个梯度变换
    return GradientTransformation(update=update_fn, init=init_fn)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    # 符号方向 → 解耦权重衰减 → 乘以 −lr(lr 可以是常数或调度函数)
    decay = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    to_step = scale_by_learning_rate(lr)
    return chain(scale_by_lion(b1=b1, b2=b2), decay, to_step)


