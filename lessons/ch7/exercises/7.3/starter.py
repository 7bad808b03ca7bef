# 练习 7.3:牛顿-CG——只用 HVP 做二阶优化
# 上下文里已有:logistic_obj(x, A)、LAM = 0.1、hvp_fwd_rev(x, v, A)(前向套反向的 HVP)。


def cg_solve(matvec, b, iters):
    """用 lax.fori_loop 迭代固定的 iters 次,返回 H x = b 的近似解(matvec(v) 计算 H v)。
    残差变成 0 之后 α、β 会出现 0/0,要防护。"""
    raise NotImplementedError


# 注意:检查会用两个参数调用 newton_cg_step(x, A),所以迭代次数必须有默认值,例如
# 用 jax.jit 编译并把 iters 列入 static_argnames,再写成 def newton_cg_step(x, A, iters=50)。
def newton_cg_step(x, A, iters=50):
    """jit 编译;g 用 jax.grad(logistic_obj),方向 d 用 cg_solve 配合 hvp_fwd_rev 解 H d = -g;
    返回 (x + d, g, d)。"""
    raise NotImplementedError
