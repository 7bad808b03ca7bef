# 练习 7.2:安全的余弦相似度
# 上下文里有题目给出的单 where 版本 cos_sim_where(a, b),以及 check_grads、to64 等工具。
# 先自己看看它的问题(检查不依赖这几行):
# zero, other = jnp.zeros(4), jnp.array([2.0, -1.0, 0.5, 1.0])
# print(cos_sim_where(zero, other), jax.grad(cos_sim_where)(zero, other))


def cos_sim_safe(a, b):
    """a、b 是一维数组,返回标量 a·b / (‖a‖‖b‖);任一输入为零向量时返回 0,且梯度有限(双 where)。"""
    raise NotImplementedError
