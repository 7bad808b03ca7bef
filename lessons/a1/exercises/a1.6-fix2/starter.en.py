# Repair exercise: the result of masked_decay does not match a loop that "runs only the real length".
# Change it until the check passes (Ctrl+T shows hints).


def masked_decay(xs, valid):
    def body(carry, x):
        h, m = carry
        h = jnp.where(m[0], 0.8 * h + 0.2 * x, h)
        return (h, m), None

    (h, _), _ = lax.scan(body, (jnp.zeros((), xs.dtype), valid), xs)
    return h
