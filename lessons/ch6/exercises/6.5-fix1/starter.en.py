# Repair exercise: running_total raises a TypeError as soon as it is called.
# Change it until the checks pass (Ctrl+T shows a hint).


def running_total(xs):
    def add(total, x):
        total = total + x
        return total, total

    return lax.scan(add, jnp.int32(0), xs)
