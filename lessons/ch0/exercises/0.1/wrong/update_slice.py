# expect: failed scatter "dynamic_update_slice" not "jnp.where"
# expect.en: "dynamic_update_slice" not "jnp.where"
# 错误示范:用 lax.dynamic_update_slice 在 i 处写入一个 0。数是对的,但本题练的是 .at[i].set;
# 程序里的 select_n 来自它对下标的截断,不是 jnp.where,提示不能说成用了 where。
def drop_and_renormalize(weights, i):
    w = jnp.asarray(weights)
    kept = jax.lax.dynamic_update_slice(w, jnp.zeros((1,), w.dtype), (i,))
    return kept / jnp.sum(kept)
