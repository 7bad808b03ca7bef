# Exercise 7.2 reference solution


def cos_sim_safe(a, b):
    """Cosine similarity; 0 when either input is a zero vector, with finite gradients with respect to a and b."""
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    both_nonzero = (sq_a > 0) & (sq_b > 0)
    # where no. 1: at a zero vector the squared norm becomes the safe value 1.0, so neither sqrt nor the division meets 0 in the backward pass
    norm_a = jnp.sqrt(jnp.where(both_nonzero, sq_a, 1.0))
    norm_b = jnp.sqrt(jnp.where(both_nonzero, sq_b, 1.0))
    # where no. 2: select the output
    return jnp.where(both_nonzero, jnp.dot(a, b) / (norm_a * norm_b), 0.0)


if __name__ == "__main__":
    zero, other = jnp.zeros(4), jnp.array([2.0, -1.0, 0.5, 1.0])
    print("single where: value", float(cos_sim_where(zero, other)), "gradient", jax.grad(cos_sim_where)(zero, other))
    print("double where: value", float(cos_sim_safe(zero, other)), "gradient", jax.grad(cos_sim_safe)(zero, other))
