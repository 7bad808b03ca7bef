# expect: failed values "TracerBoolConversionError" "没有加 @jax.jit" "去掉 jit 并不能让 Python 的 if 通过"
# expect.en: "TracerBoolConversionError" "has no @jax.jit" "removing jit does not make a Python if work"
# 错误示范(把症状压下去的错误办法):去掉 @jax.jit。不编译时条件是具体的值,if 能用;
# 一旦有人 jit 它(检查就会这样做),又是同一个错误。
def square_or_cube(v):
    if jnp.max(v) > 1:
        return v ** 2
    return v ** 3
