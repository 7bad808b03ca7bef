# expect: failed values "全 1 余切向量调一次 vjp" not "只对标量输出求导"
# expect.en: "one vjp with a cotangent of ones" not "differentiates a scalar output only"
# 错误示范:没用 jax.grad,而是用 jax.vjp 配一个全 1 的余切向量反向一次,得到的是雅可比各行之和。
# 提示要说"一次反向传播只能得到各行之和",不能只说 jax.grad 的事:这段代码没用 grad。


def sensitivities(x, A, B):
    def outputs(q):
        return B @ jnp.tanh(A @ q)

    y, pull_back = jax.vjp(outputs, x)
    (row_sum,) = pull_back(jnp.ones_like(y))
    return row_sum
