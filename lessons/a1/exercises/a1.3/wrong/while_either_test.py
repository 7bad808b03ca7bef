# expect: failed counts_match "while 版" "| 连接" not "空转"
# expect.en: "while version" "joined with |" not "idle steps"
# 错误示范:while 版的继续条件写成“还没收敛,或者还没到上限”,收敛之后照样跑满 30 步。
def newton_sqrt_while(a):
    def again(carry):
        root, n = carry
        unfinished = jnp.abs(root**2 - a) >= 1e-6 * a
        return jnp.logical_or(unfinished, n < 30)

    def refine(carry):
        root, n = carry
        return (root + a / root) / 2, n + 1

    return lax.while_loop(again, refine, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=30):
    def body(carry, _):
        root, n = carry
        unfinished = jnp.abs(root**2 - a) >= 1e-6 * a
        root = jnp.where(unfinished, (root + a / root) / 2, root)
        return (root, n + unfinished.astype(jnp.int32)), None

    out, _ = lax.scan(body, (a, jnp.int32(0)), None, length=n_max)
    return out
