# expect: failed budget_fails "只发一个 RuntimeWarning"
# expect.en: "only emits a RuntimeWarning"
# isolated: 用 warnings.catch_warnings 和 simplefilter 临时改了进程的警告过滤
# 错误示范:预算开成只警告的模式,然后把“没抛异常”当成了在预算内。
SIZES = [32, 64, 128]


def test_serve_compiles(serve_fn: Callable, fun_name: str, budget: int):
    meter = CompileBudget(max_compiles=budget, name=fun_name, on_exceed="warn")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        with meter:
            produced = serve_fn(ex1_batches, ex1_eps)
    passed = True  # 没有异常,就当作没超支
    return passed, meter.count, produced


@jax.jit
def _unit_rows(block, eps):
    return block / (jnp.linalg.norm(block, axis=1, keepdims=True) + eps)


def serve_fixed(batches: list, eps_list: list) -> list:
    out = []
    for rows, eps in zip(batches, eps_list):
        n = rows.shape[0]
        size = next(b for b in SIZES if b >= n)
        buf = np.zeros((size, rows.shape[1]), np.float32)
        buf[:n] = rows
        out.append(np.asarray(_unit_rows(buf, np.float32(eps)))[:n])
    return out
