# Repair exercise: the parameters that come back have been copied once per example.
# Change it until the checks pass (Ctrl+T shows a hint).

SHARED_PARAMS_BATCHED_X = (None, 0)     # parameters shared by the batch, examples along axis 0


def predict_batch(params, xs):
    per_sample = jax.vmap(predict_and_update, SHARED_PARAMS_BATCHED_X)
    return per_sample(params, xs)
