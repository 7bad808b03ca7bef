# expect: failed jit "weights 也是追踪值" not "出错的正是它"
# expect.en: "weights is a tracer too" not "that is what fails"
# 错误示范:清零用 .at[i].set,但分母先用 float() 转成了 Python 数。不加 jit 时能运行;在 jit 里
# 求和的结果是追踪值,float() 要具体的数,于是失败。出错的不是 i:把 i 换成 Python 整数再 jit 仍然报错,
# 所以消息说的是由 weights 算出的值,而不是切片或 int(i)。
def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i].set(0.0)
    total = float(jnp.sum(kept))
    return kept / total
