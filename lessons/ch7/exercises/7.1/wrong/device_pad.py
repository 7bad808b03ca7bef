# expect: failed fixed_compiles "jax.numpy 函数内部的 jit" "在设备上" not "_pad" "没有补齐到桶"
# expect.en: "jit inside jax.numpy functions" "on the device" not "_pad" "not padded to the buckets"
# 行数补到了桶,但补零用的是设备上的 jnp.pad:这个即时算子按输入的行数编译,每种新行数都要再编译一次。
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


@jax.jit
def normalize_padded(rows, eps):
    return rows / (jnp.linalg.norm(rows, axis=1, keepdims=True) + eps)


def serve_fixed(requests, eps_values):
    outputs = []
    for rows, eps in zip(requests, eps_values):
        n = rows.shape[0]
        size = next(s for s in BUCKET_SIZES if n <= s)
        padded = jnp.pad(jnp.asarray(rows), ((0, size - n), (0, 0)))
        out = normalize_padded(padded, np.float32(eps))
        outputs.append(np.array(out)[:n])
    return outputs
