# Reference solution: the step count is a Python constant, so use fori_loop; a fori_loop with constant bounds
# is rewritten into a scan, and reverse-mode differentiation is fine.


def power5(x):
    def one_more_factor(_, acc):
        return acc * x

    return lax.fori_loop(0, 5, one_more_factor, jnp.ones_like(x))
