# Reference solution: a frozen dataclass generates __eq__ / __hash__ from its fields, so configs with the same contents hit the same cache entry.


@dataclass(frozen=True)
class Opts:
    k: int


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


power = jax.jit(_power, static_argnums=1)
