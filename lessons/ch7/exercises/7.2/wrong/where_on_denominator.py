# expect: failed zero_grads "同方向" "两个范数之积换成安全值 1" not "ε"
# expect.en: "points along the other vector" "the product of the norms" not "ε"
# 只在分母里用了一个 where(把 0 换成 1),没有在输出上再挡一次:
# a 为零向量时值是 0,但对 a 的梯度是 b,不是 0。它和“ε 加进平方范数”一样与 b 同方向,却不是那个错误。
def cos_sim_safe(a, b):
    sq = jnp.sum(a * a) * jnp.sum(b * b)
    safe = jnp.where(sq > 0, sq, 1.0)
    return jnp.dot(a, b) / jnp.sqrt(safe)
