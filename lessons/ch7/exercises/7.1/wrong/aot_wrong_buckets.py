# expect: failed buckets "提前编译好的函数接收的行数是 [16, 64, 128]"
# expect.en: "precompiled function receives row counts [16, 64, 128]"
# 提前编译(lower + compile)的做法没错,可桶选成了 16、64、128:题目规定的桶是 32、64、128。
def test_serve_compiles(server, watched, limit):
    meter = CompileBudget(max_compiles=limit, name=watched)
    replies = None
    try:
        with meter:
            replies = server(ex1_batches, ex1_eps)
        ok = True
    except CompileBudgetExceeded:
        ok = False
    return ok, meter.count, replies


def normalize_padded(rows, eps):
    return rows / (jnp.linalg.norm(rows, axis=1, keepdims=True) + eps)


BUCKET_SIZES = (16, 64, 128)
EPS_SPEC = jax.ShapeDtypeStruct(shape=(), dtype=np.float32)
ready = {
    size: jax.jit(normalize_padded)
    .lower(jax.ShapeDtypeStruct(shape=(size, 8), dtype=np.float32), EPS_SPEC)
    .compile()
    for size in BUCKET_SIZES
}


def serve_fixed(requests, eps_values):
    outputs = []
    for rows, eps in zip(requests, eps_values):
        n = rows.shape[0]
        size = next(s for s in BUCKET_SIZES if n <= s)
        padded = np.zeros((size, rows.shape[1]), np.float32)
        padded[:n, :] = rows
        outputs.append(np.asarray(ready[size](padded, np.float32(eps)))[:n])
    return outputs
