# expect: failed values "range" "没有 @jax.jit"
# expect.en: "range" "has no @jax.jit"
# 错误示范(把症状压下去的错误办法):去掉 @jax.jit。不编译时 times 是具体的整数,循环能跑;
# 一旦有人 jit 它(检查就会这样做),又是同一个错误。
def iterate(v, times):
    x = 0.0
    for _ in range(times):
        x = 0.5 * jnp.cos(x) + v
    return x
