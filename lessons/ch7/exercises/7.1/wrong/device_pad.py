# expect: failed fixed_compiles "_pad" "在设备上" not "没有补齐到桶"
# 行数补到了桶,但补零用的是设备上的 jnp.pad:这个即时算子按输入的行数编译,每种新行数都要再编译一次。
BUCKET_SIZES = (32, 64, 128)


def test_serve_compiles(serve_fn, fun_name, budget):
    guard = CompileBudget(max_compiles=budget, name=fun_name)
    try:
        with guard:
            outputs = serve_fn(ex1_batches, ex1_eps)
    except CompileBudgetExceeded:
        return False, guard.count, None
    return True, guard.count, outputs


@jax.jit
def normalize_padded(rows, eps):
    return rows / (jnp.linalg.norm(rows, axis=1, keepdims=True) + eps)


def serve_fixed(batches, eps_list):
    outputs = []
    for rows, eps in zip(batches, eps_list):
        n = rows.shape[0]
        size = next(s for s in BUCKET_SIZES if n <= s)
        padded = jnp.pad(jnp.asarray(rows), ((0, size - n), (0, 0)))
        out = normalize_padded(padded, np.float32(eps))
        outputs.append(np.asarray(out)[:n])
    return outputs
