# 练习 0.1 参考答案:.at[i].set 得到新数组,原数组不动;再除以新数组的和。


def drop_and_renormalize(weights, i):
    # jnp.asarray 让 NumPy 输入也变成 JAX 数组(它复制一份,调用者的数组不受影响)。
    kept = jnp.asarray(weights).at[i].set(0.0)
    # 先清零、再归一化:除以的是清零之后的和,结果才加起来等于 1。
    return kept / jnp.sum(kept)


if __name__ == "__main__":
    print(drop_and_renormalize(jnp.array([2.0, 1.0, 1.0]), 0))
    print(jax.jit(drop_and_renormalize)(jnp.array([2.0, 1.0, 1.0]), jnp.int32(1)))
