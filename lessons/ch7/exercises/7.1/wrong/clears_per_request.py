# expect: failed fixed_compiles "jax.clear_caches()" not "新建了一个 jit 函数"
# expect.en: "jax.clear_caches()" not "builds a new jitted function"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:分桶、NumPy 补零、eps 统一类型都做对了,可每个请求处理完都清一次缓存“释放显存”,每个请求都重新编译。
def test_serve_compiles(fn, name, limit):
    budget_guard = CompileBudget(max_compiles=limit, name=name)
    outputs = None
    try:
        with budget_guard:
            outputs = fn(ex1_batches, ex1_eps)
    except CompileBudgetExceeded:
        pass
    return outputs is not None, budget_guard.count, outputs


EDGES = (32, 64, 128)


@jax.jit
def unit_rows(block, eps):
    return block / (jnp.linalg.norm(block, axis=1, keepdims=True) + eps)


def serve_fixed(reqs, epsilons):
    answers = []
    for req, e in zip(reqs, epsilons):
        rows = req.shape[0]
        edge = min(b for b in EDGES if b >= rows)
        block = np.zeros((edge, req.shape[1]), np.float32)
        block[:rows] = req
        answers.append(np.asarray(unit_rows(block, np.float32(e)))[:rows])
        jax.clear_caches()
    return answers
