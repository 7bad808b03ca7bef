# Repair exercise: this step clearly produced NaN during training, yet nan_report says "no NaN" when rerunning it.
# Change it until the checks pass (Ctrl+T shows a hint).


def nan_report(step, *inputs):
    jax.config.update(name="jax_debug_nans", val=True)        # a switch of the whole process
    try:
        result = step(*inputs)
        jax.block_until_ready(result)
    except FloatingPointError as e:
        return str(e).partition("\n")[0]
    return None
