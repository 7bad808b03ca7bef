# 另一种写法:CG 的迭代用 lax.scan(length=iters)而不是 lax.fori_loop:循环体同样只追踪一次。
def _ratio(num, den, going):
    # going 为假(残差已小到可以当作 0)时得 0;分母先换成 1,反向也不会除以下溢的小数
    return jnp.where(going, num / jnp.where(going, den, 1.0), 0.0)


def cg_solve(matvec, b, iters):
    tol = (b @ b) * 1e-12

    def one_round(state, _):
        x, r, p, rs = state
        going = rs > tol
        hp = matvec(p)
        alpha = _ratio(rs, jnp.vdot(p, hp), going)
        r_next = r - alpha * hp
        rs_next = jnp.vdot(r_next, r_next)
        p_next = r_next + _ratio(rs_next, rs, going) * p
        return (x + alpha * p, r_next, p_next, rs_next), None

    start = (b * 0.0, b, b, b @ b)
    final, _ = lax.scan(one_round, start, None, length=iters)
    return final[0]


def _newton(x, A, iters=40):
    grad_here = jax.grad(logistic_obj, argnums=0)(x, A)

    def hess_vec(direction):
        return hvp_fwd_rev(x, direction, A)

    move = cg_solve(hess_vec, -grad_here, iters)
    return x + move, grad_here, move


newton_cg_step = jax.jit(_newton, static_argnames=["iters"])
