# Exercise a1.3: a "bounded while" you can differentiate in reverse mode: Newton's-method square root
# The chapter context has already imported np, jax, jnp, lax and more (see the "Context" tab).


def newton_sqrt_while(a):
    """lax.while_loop version. The state is (x, k), x starts at a; continue while not converged and k < 30. Returns (x, k)."""
    raise NotImplementedError


def newton_sqrt_scan(a, n_max=30):
    """lax.scan version: always runs n_max steps; converged elements are frozen with a mask, k grows only while not converged. Returns (x, k)."""
    raise NotImplementedError


# You can try things out below (the check does not rely on this code):
# trial = jnp.array([2.0, 10.0, 0.3, 5e3])
# print(jax.vmap(newton_sqrt_scan)(trial))
# print(jax.vmap(newton_sqrt_while)(trial))
# sqrt_only = lambda v: newton_sqrt_scan(v)[0]
# print(jax.vmap(jax.grad(sqrt_only))(trial))
