# expect: failed steps_vs_numpy "在学习率之后才衰减" not "链里 add_decayed_weights 放在了"
# expect.en: "decays after the learning rate" not "comes after scale_by_learning_rate in the chain"
# 错误示范:lion 没有用 chain,一个变换里直接写 −lr·sign(...) + wd·θ:衰减没有乘上 −lr。
# 代码里根本没有链,不能说成“链里 add_decayed_weights 放在了 scale_by_learning_rate 之后”。
# 上下文里已有:GradientTransformation、chain、add_decayed_weights、scale_by_learning_rate、
# apply_updates、warmup_cosine_decay_schedule、run_jax、theta0 / coef_a / coef_c、quad_loss,以及 optax。


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
    # 一个变换里全写完:符号方向乘以 −lr,再加上 wd·θ(衰减放在了学习率之后)
    inner = scale_by_lion(b1=b1, b2=b2)

    def init_fn(params):
        return inner.init(params)

    def update_fn(grads, state, params=None):
        signs, state = inner.update(grads, state, params)
        rate = lr(state.count - 1) if callable(lr) else lr
        keep = mask if mask is not None else jax.tree.map(lambda _: True, params)
        out = jax.tree.map(
            lambda s, p, m: -rate * s + (weight_decay * p if m else 0.0), signs, params, keep
        )
        return out, state

    return GradientTransformation(init=init_fn, update=update_fn)


if __name__ == "__main__":
    shape = dict(init_value=0.0, peak_value=0.03, warmup_steps=2, decay_steps=10, end_value=0.001)
    mine_lr = warmup_cosine_decay_schedule(**shape)
    their_lr = optax.warmup_cosine_decay_schedule(**shape)
    pairs = [("常数 lr", lion(weight_decay=0.1, lr=0.03), optax.lion(weight_decay=0.1, learning_rate=0.03)),
             ("warmup-cosine", lion(mine_lr), optax.lion(learning_rate=their_lr))]
    for label, mine, ref in pairs:
        gap = max(float(np.abs(p[k] - q[k]).max()) for p, q in zip(run_jax(mine), run_jax(ref)) for k in p)
        print(f"{label}:与 optax.lion 5 步内最大差 {gap:.1e}")
