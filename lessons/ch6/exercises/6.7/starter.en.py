# Exercise 6.7: an RNN's hidden state, gradients through lax.scan
# The context provides: jax, jnp, lax, adam, apply_updates (this chapter's generic optimizer framework).
HIDDEN = 16


def rnn_forward(params, xs):
    """xs: (T, 1) -> ys: (T, 1). Carries the hidden state h with lax.scan (h_0 = 0)."""
    raise NotImplementedError


# Once rnn_forward is written:
# 1. initialise the parameters {'Wh': (16,16), 'Wx': (1,16), 'b': (16,), 'Wo': (16,1)} with jax.random.key;
# 2. make a batch of (64, 20, 1) sequences; the target is jnp.cumsum(sequences, axis=1);
# 3. train 300 steps with adam(0.01) and keep the per-step losses in rnn_losses (the checks read it);
#    leave the sequences and the trained parameters at the module's top level too (any names): the checks find them by shape and recompute the loss.
