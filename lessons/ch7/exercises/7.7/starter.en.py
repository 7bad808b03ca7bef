# Exercise 7.7 (capstone): a three-arm spiral MLP classifier from scratch
# Already in the context: make_spiral, init_mlp, mlp_apply, loss_single, per_sample_norm, log_softmax_stable,
# TrainState, chain, clip_by_global_norm, scale_by_adam, add_decayed_weights, scale_by_learning_rate,
# warmup_cosine_decay_schedule, apply_updates, global_norm, CompileBudget, param_table.
#
# The checks train on fresh spiral data themselves (1440 training examples, 360 test examples), so do not run a training loop at the top level.

N_TRAIN = 1440                    # number of training examples (plus 360 test examples)
BATCH = 128
EPOCHS = 150
STEPS_PER_EPOCH = N_TRAIN // BATCH   # 11
TOTAL_STEPS = STEPS_PER_EPOCH * EPOCHS

# linear up to 0.01 over the first 100 steps, then cosine decay to 0.0001
lr_schedule = warmup_cosine_decay_schedule(peak_value=0.01, init_value=0.0, warmup_steps=100,
                                           end_value=0.0001, decay_steps=TOTAL_STEPS)


def weight_mask(params):
    """A boolean tree: True for the weights w (weight decay), False for the biases b."""
    raise NotImplementedError


# optimizer: chained with chain, in order: clipping to a global norm of 1.0; the Adam direction;
#            decoupled decay of 1e-4 only for the parameters weight_mask selects; times -lr_schedule(t).


def init_state(k_init, k_train):
    """Returns a TrainState: parameters from init_mlp(k_init, (2, 64, 64, 3)), the optimizer state from optimizer.init,
    step an int32 zero array, key set to k_train, model_name set to "spiral-mlp"."""
    raise NotImplementedError


def ce_loss(params, X, Y):
    """The mean cross-entropy, with log_softmax_stable."""
    raise NotImplementedError


def train_epoch(state, X, Y):
    """Shuffles the data with state.key, cuts (STEPS_PER_EPOCH, BATCH) indices, trains batch by batch with lax.scan;
    returns (new state, loss per step, gradient norm per step)."""
    raise NotImplementedError


# train_epoch_jit: jax.jit of train_epoch, donating only the argument state.


def accuracy_fn(params, X, Y):
    """Compiled with jit; mean(argmax(logits) == Y)."""
    raise NotImplementedError


def grad_norms_all(params, X, Y):
    """(Compiled with jit) each example's gradient norm, lax.map(..., batch_size=256)."""
    raise NotImplementedError
