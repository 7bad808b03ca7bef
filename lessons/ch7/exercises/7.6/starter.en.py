# Exercise 7.6: frozen layers + a training step that donates its state
# Already in the context: TrainState(step, params, opt_state, key, static field model_name), init_mlp, loss_batch,
# adamw, chain, EmptyState, GradientTransformation, apply_updates, CompileBudget, Xtr, Ytr, D_IN, N_CLS.


def freeze(mask):
    """Returns a GradientTransformation: for leaves where mask is true, the updates become 0.
    mask may be a boolean tree with the parameters' structure, or a function that builds such a tree from the params."""
    raise NotImplementedError


def frozen_mask(params):
    """Builds a boolean tree with jax.tree.map_with_path: True for the parameters under dense_0, False for the rest."""
    raise NotImplementedError


# ex6_opt: chain adamw(0.01, weight_decay=0.0001) and freeze(frozen_mask) with chain; think about which side freeze goes on


def finetune_step(state, X, Y):
    """Compiled with jit, donating state (donate_argnames=("state",)); returns (new state, loss).
    The function must be named finetune_step: the compilation budget counts by this name."""
    raise NotImplementedError
