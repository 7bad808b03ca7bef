# expect: failed buckets "提前编译好的函数接收的行数是 [16, 64, 128]"
# 提前编译(lower + compile)的做法没错,可桶选成了 16、64、128:题目规定的桶是 32、64、128。
BUCKET_SIZES = (16, 64, 128)


def test_serve_compiles(serve_fn, fun_name, budget):
    guard = CompileBudget(max_compiles=budget, name=fun_name)
    try:
        with guard:
            outputs = serve_fn(ex1_batches, ex1_eps)
    except CompileBudgetExceeded:
        return False, guard.count, None
    return True, guard.count, outputs


def normalize_padded(rows, eps):
    return rows / (jnp.linalg.norm(rows, axis=1, keepdims=True) + eps)


ready = {
    size: jax.jit(normalize_padded)
    .lower(jax.ShapeDtypeStruct((size, 8), jnp.float32), jax.ShapeDtypeStruct((), jnp.float32))
    .compile()
    for size in BUCKET_SIZES
}


def serve_fixed(batches, eps_list):
    outputs = []
    for rows, eps in zip(batches, eps_list):
        n = rows.shape[0]
        size = next(s for s in BUCKET_SIZES if n <= s)
        padded = np.zeros((size, rows.shape[1]), np.float32)
        padded[:n] = rows
        outputs.append(np.asarray(ready[size](padded, np.float32(eps)))[:n])
    return outputs
