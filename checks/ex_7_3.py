"""练习 7.3 牛顿-CG:cg_solve(matvec, b, iters)、newton_cg_step(x, A[, iters]).

The chapter's self-check (default_rng(33): an orthogonal Q from the QR of an 8×8 normal matrix,
SPD matrix Q·diag(1..10 in 8 steps)·Qᵀ, right-hand side normal(8), float32 copies), here:
  1. 8 CG iterations under jit, matrix passed as an argument ≈ np.linalg.solve, rtol 1e-3, atol
  1e-4 -> cg_exact
  2. 40 iterations: all finite -> cg_guard
  3. matvec v ↦ 2v, 5 iterations: finite and ≈ b/2 within 1e-5 -> cg_guard
  4. zero right-hand side, 5 iterations: exactly zero -> cg_guard
     (added: the gradient of Σ cg_solve(2v, b, 5) with respect to b is finite at b and at 0, and
     0.5 at b)
  5. newton_cg_step has .lower (it is jitted)                                              -> jitted
  6. A normal(120, 16)/4, x normal(16): returned g ≈ Aᵀσ(Ax) + LAM·x within 1e-4 -> newton_direction
  7. relative error of d against solve(Aᵀdiag(s(1−s))A + LAM·I, −g) below 1e-3 -> newton_direction
  8. new x ≈ x + d within 1e-6 -> newton_direction
  9. six steps from x: gradient norm below 1e-3 -> converges
The chapter calls newton_cg_step(x, A) with two arguments (seed-errata: the iteration count needs a
default) -> newton_signature. Added: a second random problem for 1, 6–9, and a scan of the traced
program for n×n intermediates (a materialised Hessian) -> no_hessian."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    as_callable,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    fn_name,
    rng,
)

checks = Checks()

LAM = 0.1


def _spd(seed):
    """A symmetric positive definite 8×8 matrix with eigenvalues 1..10 and a right-hand side."""
    gen = rng(seed)
    basis = np.linalg.qr(gen.standard_normal((8, 8)))[0]
    spd = (basis * np.linspace(1.0, 10.0, 8)) @ basis.T
    rhs = gen.standard_normal(8)
    return gen, spd, rhs


def _as32(*arrays):
    import jax.numpy as jnp

    return tuple(jnp.asarray(x, dtype=jnp.float32) for x in arrays)


def _problem(gen, m=120, n=16):
    design = (gen.standard_normal((m, n)) / 4.0).astype(np.float32).astype(np.float64)
    start = gen.standard_normal(n).astype(np.float32).astype(np.float64)
    return design, start


def _np_grad_hess(design, point):
    sig = 0.5 * (1.0 + np.tanh(0.5 * (design @ point)))  # logistic σ(Ax)
    grad = design.T @ sig + LAM * point
    hess = (design.T * (sig * (1.0 - sig))) @ design + LAM * np.identity(design.shape[1])
    return grad, hess


@checks.add("cg_exact", "cg_solve:8×8 对称正定矩阵迭代 8 次得到精确解")
def _(L):
    import jax
    import jax.numpy as jnp

    solve_n = jax.jit(lambda mat, rhs: L.cg_solve(lambda vec: jnp.dot(mat, vec), rhs, 8))
    for seed in (33, 733):
        _, spd, rhs = _spd(seed)
        sol = as_array(solve_n(*_as32(spd, rhs)), "cg_solve(M, b, 8)", shape=(8,))
        assert_close(
            sol,
            np.linalg.solve(spd, rhs),
            atol=1e-4,
            rtol=1e-3,
            what="cg_solve(M, b, 8)",
            msg="8×8 对称正定矩阵迭代 8 次(= 维度)后,cg_solve 的解与 np.linalg.solve(M, "
            "b) 不一致。",
        )


@checks.add("cg_guard", "残差为 0 以后没有 NaN:40 次迭代、H = 2I、b = 0")
def _(L):
    import jax
    import jax.numpy as jnp

    _, spd, rhs = _spd(33)
    mat, vec_b = _as32(spd, rhs)

    run = lambda k: jax.jit(lambda m_, r_: L.cg_solve(lambda vec: jnp.dot(m_, vec), r_, k))  # noqa: E731 (named <lambda> in compile logs)
    x_more = as_array(run(40)(mat, vec_b), "cg_solve(M, b, 40)", shape=(8,))
    if not np.all(np.isfinite(x_more)):
        # 0/0 after convergence is the cause only when the iteration itself converges
        x_dim = as_array(run(8)(mat, vec_b), "cg_solve(M, b, 8)", shape=(8,))
        solved = compare(x_dim, np.linalg.solve(spd, rhs), rtol=1e-3, atol=1e-4) is None
        fail(
            "迭代次数多于维度(40 > 8)时出现 NaN/inf:"
            + (
                "8 次迭代已经得到精确解,之后 pᵀHp 和 rᵀr 都是 0,α、β 变成 0/0。"
                "用双 where:分母 > 0 才相除,否则取 0。"
                if solved
                else "而且 8 次迭代(= 维度)的解也不对:迭代本身没有收敛,数值越走越大。"
                "检查每一步交回 carry 的量(x、残差、搜索方向、rᵀr)是不是这一步新算出来的。"
            ),
            actual=x_more,
        )
    x2 = as_array(
        jax.jit(lambda r_: L.cg_solve(lambda vec: vec + vec, r_, 5))(vec_b),
        "cg_solve(2v, b, 5)",
        shape=(8,),
    )
    if not np.all(np.isfinite(x2)):
        x1 = as_array(
            jax.jit(lambda r_: L.cg_solve(lambda vec: vec + vec, r_, 1))(vec_b),
            "cg_solve(2v, b, 1)",
            shape=(8,),
        )
        fail(
            "H = 2I、迭代 5 次时出现 NaN/inf。"
            + (
                "第 1 步就得到了 b/2,之后残差恰好为 0:后续迭代的 NaN 来自 α、β 的 0/0 没有防护。"
                if compare(x1, 0.5 * rhs, rtol=0, atol=1e-5) is None
                else "而且第 1 步的结果也不是 b/2(H = 2I 时 CG 一步就该收敛)。"
            ),
            actual=x2,
        )
    assert_close(
        x2,
        0.5 * rhs,
        rtol=0,
        atol=1e-5,
        what="cg_solve(2v, b, 5)",
        msg="H = 2I、迭代 5 次时解应为 b/2(第 1 步就已收敛)。",
    )
    x0 = as_array(run(5)(mat, jnp.zeros_like(vec_b)), "cg_solve(M, 0, 5)", shape=(8,))
    assert_that(
        np.all(x0 == 0), "b = 0 时解应恰好为 0(且没有 NaN):一开始残差就是 0,α 必须取 0。", actual=x0
    )

    # the guard must also hold in the backward pass (the point of a double where): differentiate
    # Σ cg_solve(2v, b, 5) with respect to b, at b and at 0
    total = lambda r_: jnp.sum(L.cg_solve(lambda vec: vec + vec, r_, 5))  # noqa: E731 (named <lambda> in compile logs)
    for label, at in (("b", vec_b), ("0", jnp.zeros_like(vec_b))):
        g = as_array(jax.grad(total)(at), f"∂Σcg_solve(2v, b, 5)/∂b 在 b = {label} 处", shape=(8,))
        assert_that(
            np.all(np.isfinite(g)),
            f"对 Σ cg_solve(2v, b, 5) 关于 b 求导,在 b = {label} 处得到 NaN/inf:前向没问题,"
            "反向时被 where 丢掉的"
            "那一支仍在求导,0/0 的导数是 NaN。除法的分母要先用 where 换成非零的安全值(双 where)。",
            grad=g,
        )
    assert_close(
        as_array(jax.grad(total)(vec_b), "∂Σcg_solve(2v, b, 5)/∂b"),
        np.full(8, 0.5),
        rtol=0,
        atol=1e-4,
        what="∂Σcg_solve(2v, b, 5)/∂b",
        msg="H = 2I 时解是 b/2,Σ 解对 b 的梯度应处处为 0.5。",
    )


@checks.add("jitted", "newton_cg_step 是 jit 编译过的函数")
def _(L):
    step = as_callable(L.newton_cg_step, "newton_cg_step")
    if hasattr(step, "lower"):
        return
    design, start = _problem(rng(34), m=12, n=5)
    with CompileLog() as log:
        try:
            step(*_as32(start, design))
        except TypeError:  # newton_signature reports a missing default
            pass
    assert_that(
        fn_name(step) in log.names,
        "newton_cg_step 不是 jit 编译的函数:它没有 .lower,调用时也没有编译名为 "
        f"{fn_name(step)} 的程序"
        f'(编译了 {sorted(set(log.names))[:6]})。用 partial(jax.jit, static_argnames=("iters",'
        ")) 装饰。",
        actual=repr(type(step)),
    )


@checks.add("newton_signature", "只传 (x, A) 就能调用,返回 (new_x, g, d)")
def _(L):
    design, start = _problem(rng(33))
    x32, a32 = _as32(start, design)
    try:
        out = L.newton_cg_step(x32, a32)
    except TypeError as e:
        if "iters" in str(e) or "argument" in str(e):
            fail(
                "newton_cg_step(x, A) 只传两个参数时报错:迭代次数需要默认值,比如 def "
                "newton_cg_step(x, A, iters=50),"
                f"并放进 static_argnames。\n原始错误:TypeError: {str(e).splitlines()[0][:200]}"
            )
        raise
    as_tuple(out, 3, "newton_cg_step(x, A) 的返回值 (新的 x, 梯度 g, 方向 d)")


@checks.add(
    "newton_direction",
    "新问题上:g、牛顿方向 d 与 NumPy float64 一致,x1 = x + d",
    needs="newton_signature",
)
def _(L):
    for seed in (33, 733):
        design, start = _problem(rng(seed))
        xj, A = _as32(start, design)
        x1, g, d = as_tuple(
            L.newton_cg_step(xj, A), 3, "newton_cg_step(x, A) 的返回值 (新的 x, 梯度 g, 方向 d)"
        )
        n = start.shape[0]
        x1, g = as_array(x1, "返回的新 x", shape=(n,)), as_array(g, "返回的梯度 g", shape=(n,))
        g64, H64 = _np_grad_hess(design, start)
        d_ref = np.linalg.solve(H64, -g64)
        assert_close(
            g,
            g64,
            rtol=0,
            atol=1e-4,
            what="梯度 g",
            msg="返回的梯度 g 与 float64 的 ∇logistic_obj(x, A) = Aᵀσ(Ax) + LAM·x 不一致。",
        )
        d = as_array(d, "返回的方向 d", shape=(n,)).astype(np.float64)
        rel = float(np.linalg.norm(d - d_ref) / np.linalg.norm(d_ref))
        if rel >= 1e-3:
            flipped = float(np.linalg.norm(d + d_ref) / np.linalg.norm(d_ref))
            why = "方向正好反了:牛顿方向解的是 H d = −g,不是 H d = g。" if flipped < 1e-3 else ""
            fail(
                f"牛顿方向与 np.linalg.solve(H, −g) 的相对误差 {rel:.2e} ≥ 1e-3。{why}",
                expected=d_ref,
                actual=d,
                relative_error=rel,
            )
        assert_close(
            x1,
            np.asarray(xj) + d.astype(np.float32),
            rtol=0,
            atol=1e-6,
            what="new_x",
            msg="新的 x 应等于 x + d(牛顿步长取 1)。",
        )


@checks.add("converges", "连续 6 步牛顿-CG 后 ‖∇f‖ < 1e-3", needs="newton_direction")
def _(L):
    for seed in (33, 733):
        design, start = _problem(rng(seed))
        xi, A = _as32(start, design)
        history = []
        for _ in range(6):
            xi, g, _ = as_tuple(L.newton_cg_step(xi, A), 3, "newton_cg_step(x, A) 的返回值")
            history.append(float(np.linalg.norm(as_array(g, "返回的梯度 g").astype(np.float64))))
        gn = float(
            np.linalg.norm(_np_grad_hess(design, as_array(xi, "6 步后的 x").astype(np.float64))[0])
        )
        assert_that(
            gn < 1e-3,
            f"连续 6 步以后梯度范数还有 {gn:.2e}(要求 < 1e-3;牛顿法在解附近二次收敛)。",
            grad_norm_before_each_step=history,
            final=gn,
        )


def _all_eqns(jaxpr):
    """Every equation of a jaxpr, descending into sub-jaxprs (pjit, while, cond, scan, custom
    rules)."""
    stack, seen = [jaxpr], set()
    while stack:
        jx = stack.pop()
        jx = getattr(jx, "jaxpr", jx)
        if id(jx) in seen or not hasattr(jx, "eqns"):
            continue
        seen.add(id(jx))
        for eqn in jx.eqns:
            yield eqn
            for value in eqn.params.values():
                items = value if isinstance(value, (tuple, list)) else (value,)
                for item in items:
                    if hasattr(item, "eqns") or hasattr(getattr(item, "jaxpr", None), "eqns"):
                        stack.append(item)


@checks.add(
    "no_hessian", "计算图里没有 n×n 的中间数组(不构造完整 Hessian)", needs="newton_signature"
)
def _(L):
    import jax
    import jax.numpy as jnp

    n, m = 23, 7  # n ≠ m, so an (n, n) array can only be a Hessian-like matrix
    A = jnp.asarray(rng(3).standard_normal((m, n)), jnp.float32)
    x = jnp.zeros(n, jnp.float32)
    closed = jax.make_jaxpr(lambda x, A: L.newton_cg_step(x, A))(x, A)
    square = sorted(
        {
            eqn.primitive.name
            for eqn in _all_eqns(closed)
            for v in eqn.outvars
            if tuple(getattr(v.aval, "shape", ())) == (n, n)
        }
    )
    assert_that(
        not square,
        f"newton_cg_step 的计算图里出现了 {n}×{n} 的中间数组(由 {square} 产生):这等于构造了完整的 "
        "Hessian,"
        "内存按 n² 增长。CG 只需要 H·v,用 hvp_fwd_rev(x, v, A) 计算即可。",
        primitives=square,
    )
