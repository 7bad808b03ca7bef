# A train_epoch that scans over (params, opt_state) only, splits the key the other way round and
# adds STEPS_PER_EPOCH to step once after the scan: the state_fields check must accept it.
# Already in the context: make_spiral, init_mlp, mlp_apply, loss_single, per_sample_norm, log_softmax_stable,
# TrainState, chain, clip_by_global_norm, scale_by_adam, add_decayed_weights, scale_by_learning_rate,
# warmup_cosine_decay_schedule, apply_updates, global_norm, CompileBudget.

N_TRAIN = 1440                    # of 1800 examples, 1440 for training and 360 for testing
BATCH = 128
EPOCHS = 150
STEPS_PER_EPOCH = N_TRAIN // BATCH   # 11: the 32 examples left over are dropped at random each epoch
TOTAL_STEPS = STEPS_PER_EPOCH * EPOCHS

# linear up to 0.01 over the first 100 steps, then cosine decay to 0.0001
lr_schedule = warmup_cosine_decay_schedule(peak_value=0.01, init_value=0.0, warmup_steps=100,
                                           end_value=0.0001, decay_steps=TOTAL_STEPS)


def weight_mask(params):
    # decay only the weights w, not the biases b (look at the path's last part)
    def is_weight(where, _leaf):
        return where[-1].key == "w"

    return jax.tree.map_with_path(is_weight, params)


# clipping → Adam direction → decoupled decay of w only → times the negative learning rate
_pieces = [
    clip_by_global_norm(max_norm=1.0),
    scale_by_adam(b1=0.9, b2=0.999),
    add_decayed_weights(0.0001, mask=weight_mask),   # biases not decayed
    scale_by_learning_rate(lr=lr_schedule),
]
optimizer = chain(*_pieces)


def init_state(k_init, k_train):
    # 2 → 64 → 64 → 3; every array created on its own, step an int32 array, key a typed key
    weights = init_mlp(k_init, (2, 64, 64, 3))
    return TrainState(params=weights, opt_state=optimizer.init(weights), key=k_train,
                      step=jnp.array(0, dtype=jnp.int32), model_name="spiral-mlp")


def ce_loss(params, X, Y):
    # a stable cross-entropy: log_softmax_stable, not log(softmax)
    logits = mlp_apply(params, X)
    log_probs = log_softmax_stable(logits, axis=-1)
    picked = jnp.take_along_axis(log_probs, jnp.expand_dims(Y, 1), axis=1)
    return -picked.mean()


def train_epoch(state, X, Y):
    shuffle_key, next_key = jax.random.split(state.key)
    order = jax.random.permutation(shuffle_key, X.shape[0])
    rows_per_step = order[: BATCH * STEPS_PER_EPOCH].reshape((STEPS_PER_EPOCH, BATCH))

    def sgd_step(carry, rows):
        params, opt_state = carry
        xb, yb = jnp.take(X, rows, axis=0), jnp.take(Y, rows, axis=0)
        value, g = jax.value_and_grad(lambda p: ce_loss(p, xb, yb))(params)
        delta, opt_state = optimizer.update(g, opt_state, params)
        params = jax.tree.map(lambda p, d: p + d, params, delta)
        return (params, opt_state), (value, global_norm(g))

    (params, opt_state), (losses, gnorms) = lax.scan(sgd_step, (state.params, state.opt_state), rows_per_step)
    final = TrainState(step=state.step + STEPS_PER_EPOCH, params=params, opt_state=opt_state,
                       key=next_key, model_name=state.model_name)
    return final, losses, gnorms


# donate only state; the data are passed in as arguments, neither captured by a closure nor donated
train_epoch_jit = jax.jit(train_epoch, donate_argnames="state")


def accuracy_fn(params, X, Y):
    scores = mlp_apply(params, X)
    hits = scores.argmax(axis=1) == Y
    return hits.astype(jnp.float32).mean()


accuracy_fn = jax.jit(accuracy_fn)


def grad_norms_all(params, X, Y):
    # each example's gradient norm; lax.map with 256 examples per chunk, reduced to scalars inside each chunk
    def norm_of(sample):
        return per_sample_norm(params, sample[0], sample[1])

    return lax.map(norm_of, (X, Y), batch_size=256)


grad_norms_all = jax.jit(grad_norms_all)

# The checks train EPOCHS epochs on fresh spiral data themselves, so there is no training at the top level here (it would double the run time).
# To run it yourself, add temporarily in the editor (make_spiral is in the context):
#   root = jax.random.key(7)
#   kd, ks, ki, kt = jax.random.split(root, 4)
#   pts, labels = make_spiral(kd, 600)
#   shuffled = np.asarray(jax.random.permutation(ks, pts.shape[0]))
#   train_x, train_y = pts[shuffled[360:]], labels[shuffled[360:]]
#   state = init_state(ki, kt)
#   with CompileBudget(max_compiles=1, name="train_epoch"):
#       for epoch in range(EPOCHS):
#           state, _, _ = train_epoch_jit(state, train_x, train_y)
