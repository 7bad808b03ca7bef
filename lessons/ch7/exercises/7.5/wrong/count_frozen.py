# expect: failed state_count "原样交了回去" not "应为 1,得到"
# expect.en: "hands back the count it received" not "should be 1; it is"
# 状态里的 count 从不增加:原样把旧的 count 放回新状态。
# Lion 的状态:count 是 int32 步数,mu 是与参数同结构的动量
ScaleByLionState = NamedTuple("ScaleByLionState", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    # Lion 的方向:sign(插值),之后才更新动量

    def init_fn(params):
        momentum = jax.tree.map(lambda p: jnp.zeros_like(p), params)
        return ScaleByLionState(mu=momentum, count=jnp.array(0, dtype=jnp.int32))

    def update_fn(grads, lion_state, params=None):
        old = lion_state.mu
        # 顺序很重要:方向用的是“旧”动量 m_{t-1}
        signs = jax.tree.map(lambda gr, mo: jnp.sign(b1 * mo + (1.0 - b1) * gr), grads, old)
        fresh = jax.tree.map(lambda mo, gr: b2 * mo + (1.0 - b2) * gr, old, grads)
        return signs, ScaleByLionState(count=lion_state.count, mu=fresh)

    # 打包成一个梯度变换
    return GradientTransformation(update=update_fn, init=init_fn)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    # 符号方向 → 解耦权重衰减 → 乘以 −lr(lr 可以是常数或调度函数)
    decay = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    to_step = scale_by_learning_rate(lr)
    return chain(scale_by_lion(b1=b1, b2=b2), decay, to_step)
