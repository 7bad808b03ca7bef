# expect: failed fixed_compiles "在设备上处理形状随行数变化的数组" not "补零是在设备上对还没补齐的请求执行的"
# expect.en: "an array whose shape follows the row count" not "the zero padding runs on the device on the unpadded requests"
# 错误示范:补零在 NumPy 里做对了,可去掉补齐行时用 jnp.take 在设备上按行数取,每种行数编译一次。
# 补零并不在设备上,消息只能说测到的:有 JAX 操作每种行数编译一次,处理的是随行数变形的数组。
SIZES = [32, 64, 128]


def test_serve_compiles(serve_fn: Callable, fun_name: str, budget: int):
    guard = CompileBudget(budget, fun_name)
    passed = True
    try:
        with guard:
            serve_fn(ex1_batches, ex1_eps)
    except CompileBudgetExceeded:
        passed = False
    return passed, guard.count


def serve_fixed(batches: list, eps_list: list) -> list:
    results = []
    for req, e in zip(batches, eps_list):
        rows = len(req)
        size = min(s for s in SIZES if s >= rows)
        full = np.zeros((size, req.shape[1]), np.float32)
        full[:rows] = req
        out = normalize_jit(full, np.float32(e))
        results.append(np.asarray(jnp.take(out, jnp.arange(rows), axis=0)))  # 在设备上取行
    return results
