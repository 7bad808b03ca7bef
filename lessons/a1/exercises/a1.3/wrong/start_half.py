# expect: failed frozen "x₀ = a/2" not "x 没有冻结"
# expect.en: "x₀ = a/2" not "x was not frozen"
# 错误示范:两个版本都从 a/2 起步(以为这样收敛更快),迭代次数和停下的位置都变了。
LIMIT = 30


def _far(v, a):
    return jnp.abs(v * v - a) >= 1e-6 * a


def newton_sqrt_while(a):
    def go_on(s):
        return jnp.logical_and(_far(s[0], a), s[1] < LIMIT)

    def once(s):
        return 0.5 * (s[0] + a / s[0]), s[1] + 1

    return lax.while_loop(go_on, once, (a / 2, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=LIMIT):
    def once(s, _):
        v, n = s
        live = _far(v, a)
        return (jnp.where(live, 0.5 * (v + a / v), v), n + live.astype(jnp.int32)), None

    (v, n), _ = lax.scan(once, (a / 2, jnp.int32(0)), None, length=n_max)
    return v, n
