# expect: failed steps_vs_numpy "权重衰减为 0 的 Lion" "默认为 1e-3"
# expect.en: "Lion with no weight decay" "a default of 1e-3"
# 以为“衰减默认关掉”更稳妥,把 weight_decay 的默认值写成了 0.0。
LionMomentum = NamedTuple("LionMomentum", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    def start(tree):
        zeros = jax.tree.map(lambda leaf: leaf * 0.0, tree)
        return LionMomentum(jnp.zeros((), jnp.int32), zeros)

    def step(updates, st, params=None):
        toward = jax.tree.map(lambda gl, ml: jnp.sign(b1 * ml + (1 - b1) * gl), updates, st.mu)
        carried = jax.tree.map(lambda gl, ml: (1 - b2) * gl + b2 * ml, updates, st.mu)
        return toward, LionMomentum(st.count + 1, carried)

    made = GradientTransformation(start, step)
    return made


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 0.0, mask=None):
    shrink = add_decayed_weights(mask=mask, weight_decay=weight_decay)
    return chain(scale_by_lion(b1, b2), shrink, scale_by_learning_rate(lr))
