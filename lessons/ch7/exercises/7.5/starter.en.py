# Exercise 7.5: the Lion optimizer, cross-checked against optax.lion
# Already in the context: GradientTransformation, EmptyState, chain, add_decayed_weights, scale_by_learning_rate,
# apply_updates, warmup_cosine_decay_schedule, run_jax(opt, steps=5), theta0 / coef_a / coef_c, and optax.


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    """Returns a gradient transformation (GradientTransformation) whose state has count and mu.
    The update function's third argument, params, must default to None. Direction = sign((1 − b1)·g + b1·m), momentum m ← b2·m + (1 − b2)·g."""
    raise NotImplementedError


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    """Assembled with chain: Lion direction → decoupled weight decay (with mask) → times −lr (lr a constant or a schedule function)."""
    raise NotImplementedError


# Once written, you can cross-check against optax (the checks do not use this code):
# mine, ref = run_jax(lion(0.03, weight_decay=0.1)), run_jax(optax.lion(learning_rate=0.03, weight_decay=0.1))
# print(max(float(np.abs(p[k] - q[k]).max()) for p, q in zip(mine, ref) for k in p))
