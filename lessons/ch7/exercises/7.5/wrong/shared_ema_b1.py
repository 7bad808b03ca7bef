# expect: failed scale_by_lion_steps "结果和用 b1 衰减动量时相同" not "插值要用 b1 = 0.9,动量的滑动平均才要用 b2"
# expect.en: "Same result as a momentum decayed with b1" not "the interpolation should use b1 = 0.9, and only the momentum average"
# 错误示范:插值和动量共用一个 ema 辅助函数,两处都传了 b1。插值本来就用 b1,
# 错在动量;消息只能重申两条公式,不能劝“插值要用 b1”——它已经用了。
LionState = NamedTuple("LionState", [("count", Any), ("mu", Any)])


def _ema(old, new, rate):
    return jax.tree.map(lambda o, n: rate * o + (1.0 - rate) * n, old, new)


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def first(tree):
        zeros = jax.tree.map(lambda leaf: 0.0 * leaf, tree)
        return LionState(jnp.array(0, dtype=jnp.int32), zeros)

    def apply(g_tree, st, unused=None):
        heading = jax.tree.map(jnp.sign, _ema(st.mu, g_tree, b1))
        kept = _ema(st.mu, g_tree, b1)  # 动量也用了 b1
        return heading, LionState(st.count + 1, kept)

    return GradientTransformation(first, apply)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    decay = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    return chain(scale_by_lion(b1=b1, b2=b2), decay, scale_by_learning_rate(lr))
