# Reference solution: NaN checking on for this one call only; leaving the with block restores the switch's old value.


def nan_report(step, *inputs):
    with jax.debug_nans(True):
        try:
            result = step(*inputs)
            jax.block_until_ready(result)
        except FloatingPointError as e:
            return str(e).partition("\n")[0]
    return None
