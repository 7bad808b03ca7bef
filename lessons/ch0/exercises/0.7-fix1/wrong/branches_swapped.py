# expect: failed jit "两个分支对调" not "if" "走了 x" "原样返回"
# expect.en: "the two branches swapped" not "if" "took the branch" "as x itself"
# 错误示范:jnp.where 的两个分支写反了:条件为真时取的是 x ≤ 0 那一支的公式。
def soft_sign(x):
    return jnp.where(x > 0, x / (1.0 - x), x / (1.0 + x))
