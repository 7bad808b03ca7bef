# Reference solution: be explicit on the output side too: predictions stacked along the batch axis (0), parameters independent of it (None), handed back as they are.

SHARED_PARAMS_BATCHED_X = (None, 0)     # parameters shared by the batch, examples along axis 0
BATCHED_PREDS_SHARED_PARAMS = (0, None)


def predict_batch(params, xs):
    per_sample = jax.vmap(predict_and_update, SHARED_PARAMS_BATCHED_X,
                          out_axes=BATCHED_PREDS_SHARED_PARAMS)
    return per_sample(params, xs)
