# Exercise a1.2: a piecewise function with lax.switch
# The chapter context has already imported np, jax, jnp, lax and more (see the "Context" tab).


def piecewise(x):
    """x is a scalar: use lax.switch to pick one of the branches x², sin x, x − π (the boundaries 0 and π belong to the piece on their right)."""
    raise NotImplementedError


def piecewise_select(x):
    """Elementwise version: the same piecewise function with jnp.select."""
    raise NotImplementedError


# You can try things out below (the check does not rely on this code):
# grid = jnp.array([-2.0, 0.0, 1.0, jnp.pi, 5.0])
# print(jax.vmap(piecewise)(grid), piecewise_select(grid))
# print(jax.make_jaxpr(piecewise)(0.5))    # scalar: you can see cond
# batched = jax.vmap(piecewise)
# print(jax.make_jaxpr(batched)(grid))       # batched: cond has become select_n
