# expect: failed steps "校正晚了一步"
# expect.en: "the corrections lag one step behind"
# 错误示范:偏差校正用的是更新之前的计数 st.count,为了不在第一步除以 0 又把它抬到 1;第一步碰巧对,之后每步都差一步。
def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def fresh(params):
        like = lambda p: jnp.zeros(jnp.shape(p), jnp.result_type(p))
        return ScaleByAdamState(
            count=jnp.int32(0), mu=jax.tree.map(like, params), nu=jax.tree.map(like, params)
        )

    def direction(grads, state, params=None):
        t_prev = jnp.maximum(state.count, 1)  # 本步之前的计数
        decay = lambda rate, avg, new: rate * avg + (1.0 - rate) * new
        m_new = jax.tree.map(lambda a, g: decay(beta1, a, g), state.mu, grads)
        v_new = jax.tree.map(lambda a, g: decay(beta2, a, jnp.square(g)), state.nu, grads)

        def one_leaf(m_leaf, v_leaf):
            m_hat = m_leaf / (1.0 - jnp.power(beta1, t_prev))
            v_hat = v_leaf / (1.0 - jnp.power(beta2, t_prev))
            return m_hat / (eps + jnp.sqrt(v_hat))

        moved = jax.tree.map(one_leaf, m_new, v_new)
        return moved, state._replace(count=state.count + 1, mu=m_new, nu=v_new)

    return GradientTransformation(fresh, direction)
