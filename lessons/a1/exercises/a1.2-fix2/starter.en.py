# Repair exercise: running_stats raises TypeError (Python types differ) as soon as it is called.
# Change it until the check passes (Ctrl+T shows hints).


def running_stats(xs):
    def body(carry, x):
        total, count = carry
        total, count = total + x, count + 1
        return [total, count], total / count

    init = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, init, xs)
