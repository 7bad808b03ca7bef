# expect: failed grad "返回的是一个向量" not "残差向量"
# expect.en: "returns a vector (its shape is in the error below)" not "the residual vector"
# 错误示范:给残差加了平方,却忘了取平均,被求导的函数返回的是平方残差组成的向量。
# 它不是"残差向量",提示只说算出来的:返回的是向量而不是一个数。
def slope_grad(w, x, y):
    def squared_errors(v):
        return (v * x - y) ** 2

    return jax.grad(squared_errors)(w)
