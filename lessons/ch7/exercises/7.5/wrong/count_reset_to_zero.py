# expect: failed state_count "应为 1,得到 0" not "原样交了回去"
# expect.en: "should be 1; it is 0" not "hands back the count it received"
# 错误示范:update 照抄 init 的写法,每次都把 count 设回 0。给它 count 为 5 的状态,它返回 0 而不是 5:
# count 不是原样交回,而是被重置,所以消息只说应为 1、得到 0。
# 练习 7.5 参考答案
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
        return signs, ScaleByLionState(count=jnp.array(0, dtype=jnp.int32), mu=fresh)

    # 打包成一个梯度变换
    return GradientTransformation(update=update_fn, init=init_fn)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    # 符号方向 → 解耦权重衰减 → 乘以 −lr(lr 可以是常数或调度函数)
    decay = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    to_step = scale_by_learning_rate(lr)
    return chain(scale_by_lion(b1=b1, b2=b2), decay, to_step)


if __name__ == "__main__":
    shape = dict(init_value=0.0, peak_value=0.03, warmup_steps=2, decay_steps=10, end_value=0.001)
    mine_lr = warmup_cosine_decay_schedule(**shape)
    their_lr = optax.warmup_cosine_decay_schedule(**shape)
    pairs = [("常数 lr", lion(weight_decay=0.1, lr=0.03), optax.lion(weight_decay=0.1, learning_rate=0.03)),
             ("warmup-cosine", lion(mine_lr), optax.lion(learning_rate=their_lr))]
    for label, mine, ref in pairs:
        gap = max(float(np.abs(p[k] - q[k]).max()) for p, q in zip(run_jax(mine), run_jax(ref)) for k in p)
        print(f"{label}:与 optax.lion 5 步内最大差 {gap:.1e}")
