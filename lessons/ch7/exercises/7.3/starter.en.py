# Exercise 7.3: Newton-CG, second-order optimization with HVPs only
# Already in the context: logistic_obj(x, A), LAM = 0.1, hvp_fwd_rev(x, v, A) (the forward-over-reverse HVP).


def cg_solve(matvec, b, iters):
    """Iterates a fixed iters times with lax.fori_loop and returns an approximate solution of H x = b (matvec(v) computes H v).
    Once the residual becomes 0, α and β hit 0/0: guard against it."""
    raise NotImplementedError


# Note: the checks call newton_cg_step(x, A) with two arguments, so the number of iterations needs a default, e.g.
# compile with jax.jit, list iters in static_argnames, and write def newton_cg_step(x, A, iters=50).
def newton_cg_step(x, A, iters=50):
    """Compiled with jit; g from jax.grad(logistic_obj), the direction d from cg_solve with hvp_fwd_rev solving H d = -g;
    returns (x + d, g, d)."""
    raise NotImplementedError
