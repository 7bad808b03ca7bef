# expect: failed steps "修正后的 m̂、v̂ 存进状态" not "不一致"
# expect.en: "keeps the bias-corrected" not "does not match"
# 错误示范:偏差修正直接覆盖了矩本身,下一步拿修正过的值继续滑动平均。第一步还对,之后越偏越远。


def adam_direction(beta1=0.9, beta2=0.999, eps=1e-8):
    def fresh(tree):
        nothing = jax.tree.map(jnp.zeros_like, tree)
        return ScaleByAdamState(jnp.int32(0), nothing, nothing)

    def one_leaf(g, m_old, v_old, k):
        m_hat = (beta1 * m_old + (1 - beta1) * g) / (1 - beta1**k)
        v_hat = (beta2 * v_old + (1 - beta2) * g * g) / (1 - beta2**k)
        return m_hat / (eps + v_hat**0.5), m_hat, v_hat

    def advance(grads, st, params=None):
        k_int = st.count + 1
        k = k_int.astype(jnp.float32)
        leaves, tree = jax.tree.flatten(grads)
        triples = [
            one_leaf(g, m, v, k)
            for g, m, v in zip(leaves, jax.tree.leaves(st.mu), jax.tree.leaves(st.nu))
        ]
        pick = lambda i: jax.tree.unflatten(tree, [t[i] for t in triples])
        return pick(0), ScaleByAdamState(k_int, pick(1), pick(2))

    return GradientTransformation(fresh, advance)
