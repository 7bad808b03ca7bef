# Exercise 7.5 reference solution
# Already in the context: GradientTransformation, chain, add_decayed_weights, scale_by_learning_rate,
# apply_updates, warmup_cosine_decay_schedule, run_jax, theta0 / coef_a / coef_c, quad_loss, and optax.


# Lion's state: count is the int32 step count, mu the momentum shaped like the params
ScaleByLionState = NamedTuple("ScaleByLionState", [("count", Any), ("mu", Any)])


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    # Lion's direction: sign(interpolation), and only then the momentum update

    def init_fn(params):
        momentum = jax.tree.map(lambda p: jnp.zeros_like(p), params)
        return ScaleByLionState(mu=momentum, count=jnp.array(0, dtype=jnp.int32))

    def update_fn(grads, lion_state, params=None):
        old = lion_state.mu
        # the order matters: the direction uses the "old" momentum m_{t-1}
        signs = jax.tree.map(lambda gr, mo: jnp.sign(b1 * mo + (1.0 - b1) * gr), grads, old)
        fresh = jax.tree.map(lambda mo, gr: b2 * mo + (1.0 - b2) * gr, old, grads)
        return signs, ScaleByLionState(count=lion_state.count + 1, mu=fresh)

    # packed into one gradient transformation
    return GradientTransformation(update=update_fn, init=init_fn)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    # sign direction → decoupled weight decay → times −lr (lr a constant or a schedule function)
    decay = add_decayed_weights(weight_decay=weight_decay, mask=mask)
    to_step = scale_by_learning_rate(lr)
    return chain(scale_by_lion(b1=b1, b2=b2), decay, to_step)


if __name__ == "__main__":
    shape = dict(init_value=0.0, peak_value=0.03, warmup_steps=2, decay_steps=10, end_value=0.001)
    mine_lr = warmup_cosine_decay_schedule(**shape)
    their_lr = optax.warmup_cosine_decay_schedule(**shape)
    pairs = [("constant lr", lion(weight_decay=0.1, lr=0.03), optax.lion(weight_decay=0.1, learning_rate=0.03)),
             ("warmup-cosine", lion(mine_lr), optax.lion(learning_rate=their_lr))]
    for label, mine, ref in pairs:
        gap = max(float(np.abs(p[k] - q[k]).max()) for p, q in zip(run_jax(mine), run_jax(ref)) for k in p)
        print(f"{label}: max difference from optax.lion over 5 steps {gap:.1e}")
