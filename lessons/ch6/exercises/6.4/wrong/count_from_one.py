# expect: failed mean "计数从 1 开始" not "旧的计数"
# expect.en: "count starts at 1" not "old count"
# 错误示范:初始计数写成 1(以为“第一个数”),之后每一步都多除了 1。
class Running(NamedTuple):
    count: jax.Array
    mu: jax.Array
    sq_dev: jax.Array


def welford_step(state, x):
    count = state.count + 1
    delta = x - state.mu
    mu = state.mu + delta / count
    sq_dev = state.sq_dev + delta * (x - mu)
    return Running(count, mu, sq_dev), sq_dev / count


def online_var(xs):
    start = Running(jnp.ones((), jnp.int32), jnp.zeros((), xs.dtype), jnp.zeros((), xs.dtype))
    last, history = lax.scan(welford_step, start, xs)
    return last.mu, last.sq_dev / last.count, history
