# Exercise 7.2: a safe cosine similarity
# The context has the single-where version cos_sim_where(a, b) given by the statement, plus tools such as check_grads and to64.
# See its problem for yourself first (the checks do not use these lines):
# zero, other = jnp.zeros(4), jnp.array([2.0, -1.0, 0.5, 1.0])
# print(cos_sim_where(zero, other), jax.grad(cos_sim_where)(zero, other))


def cos_sim_safe(a, b):
    """a, b are 1-D arrays; returns the scalar a·b / (‖a‖‖b‖); 0 when either input is a zero vector, with finite gradients (double where)."""
    raise NotImplementedError
