# expect: failed steps_vs_numpy "调度只调用了一次" not "不一致"
# expect.en: "called only once" not "first differ"
# 构造 lion 时就把调度函数在第 0 步求了值,之后每一步用的都是这个固定的学习率。
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
        return signs, ScaleByLionState(count=lion_state.count + 1, mu=fresh)

    # 打包成一个梯度变换
    return GradientTransformation(update=update_fn, init=init_fn)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    # 符号方向 → 解耦权重衰减 → 乘以 −lr(lr 可以是常数或调度函数)
    decay = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    # 调度函数先取出数值,scale_by_learning_rate 拿到的就是一个普通的数
    rate = lr(jnp.asarray(0)) if callable(lr) else lr
    to_step = scale_by_learning_rate(rate)
    return chain(scale_by_lion(b1=b1, b2=b2), decay, to_step)
