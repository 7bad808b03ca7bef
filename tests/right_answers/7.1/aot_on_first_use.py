# 每个桶第一次用到时才提前编译(lower + compile),编译结果存在字典里反复使用。
BUCKET_SIZES = (32, 64, 128)


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


def normalize_rows_padded(rows, eps):
    return rows / (jnp.linalg.norm(rows, axis=1, keepdims=True) + eps)


compiled_for_bucket = {}


def serve_fixed(requests, eps_values):
    outputs = []
    for rows, eps in zip(requests, eps_values):
        n, width = rows.shape
        size = next(s for s in BUCKET_SIZES if n <= s)
        if size not in compiled_for_bucket:
            spec = jax.ShapeDtypeStruct((size, width), jnp.float32)
            eps_spec = jax.ShapeDtypeStruct((), jnp.float32)
            compiled_for_bucket[size] = jax.jit(normalize_rows_padded).lower(spec, eps_spec).compile()
        padded = np.zeros((size, width), np.float32)
        padded[:n, :] = rows
        outputs.append(np.asarray(compiled_for_bucket[size](padded, np.float32(eps)))[:n])
    return outputs
