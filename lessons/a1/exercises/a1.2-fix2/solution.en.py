# Reference solution: the body hands back a tuple like the initial carry; structure, shapes and dtypes stay the same at every step.


def running_stats(xs):
    def body(carry, x):
        total, count = carry
        total, count = total + x, count + 1
        return (total, count), total / count

    init = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, init, xs)
