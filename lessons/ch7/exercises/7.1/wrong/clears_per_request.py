# expect: failed fixed_compiles "jax.clear_caches()" not "新建了一个 jit 函数"
# expect.en: "jax.clear_caches()" not "builds a new jitted function"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:分桶、NumPy 补零、eps 统一类型都做对了,可每个请求处理完都清一次缓存“释放显存”,每个请求都重新编译。
BUCKET_SIZES = (32, 64, 128)


def test_serve_compiles(serve_fn, fun_name, budget):
    guard = CompileBudget(max_compiles=budget, name=fun_name)
    try:
        with guard:
            replies = serve_fn(ex1_batches, ex1_eps)
    except CompileBudgetExceeded:
        return False, guard.count, None
    return True, guard.count, replies


@jax.jit
def normalize_bucketed(rows, eps):
    return rows / (jnp.linalg.norm(rows, axis=1, keepdims=True) + eps)


def serve_fixed(batches, eps_list):
    results = []
    for request, eps in zip(batches, eps_list):
        n_rows, width = request.shape
        size = next(b for b in BUCKET_SIZES if n_rows <= b)
        padded = np.zeros((size, width), np.float32)
        padded[:n_rows] = request
        out = normalize_bucketed(padded, np.float32(eps))
        results.append(np.asarray(out)[:n_rows])
        jax.clear_caches()
    return results
