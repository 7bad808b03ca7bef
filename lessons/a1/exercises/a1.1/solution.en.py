# Exercise a1.1 reference solution: a reverse scan whose carry is "the future return"


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    """Scan from the end of the trajectory backwards; the carry is the return of the next step."""
    survive = 1.0 - dones                  # does the episode go on after this step?

    def step_back(later_return, pair):
        reward_t, survive_t = pair
        return_t = reward_t + gamma * survive_t * later_return
        return return_t, return_t

    init = jnp.zeros((), dtype=rewards.dtype)
    _, per_step = lax.scan(step_back, init, (rewards, survive), reverse=True)
    return per_step


if __name__ == "__main__":
    demo_r = jnp.array([1.0, 2.0, 3.0, 4.0])
    demo_d = jnp.array([0.0, 1.0, 0.0, 1.0])
    print(discounted_returns(demo_r, demo_d, 0.5))

    # A batch of trajectories: vmap handles the batch axis (γ not mapped), scan the time axis
    gen = np.random.default_rng(5)
    many_r = jnp.asarray(gen.uniform(size=(3, 8)), jnp.float32)
    many_d = jnp.asarray(gen.uniform(size=(3, 8)) < 0.25, jnp.float32)
    per_traj = jax.vmap(discounted_returns, (0, 0, None))
    print(jax.jit(per_traj)(many_r, many_d, 0.9).shape)
