# expect: failed vmap_values "π 写成 3.14" not "向零截断"
# expect.en: "π written as 3.14" not "truncates towards zero"
# 错误示范:π 随手写成了 3.14,分界点和最后一段都差了一点。

BRANCHES = (
    jnp.square,                 # 0: x < 0
    jnp.sin,                    # 1: 0 <= x < π
    lambda v: v - 3.14,       # 2: x >= π
)


def piecewise(x):
    # x >= 0 贡献 1,x >= π 再贡献 1:正好得到 0、1、2,分界点 0 和 π 都归右边那一段
    which = (x >= 0).astype(jnp.int32) + (x >= 3.14).astype(jnp.int32)
    return lax.switch(which, BRANCHES, x)


def piecewise_select(x):
    negative = x < 0
    middle = jnp.logical_and(x >= 0, x < 3.14)
    return jnp.select([negative, middle], [jnp.square(x), jnp.sin(x)], default=x - 3.14)


if __name__ == "__main__":
    grid = jnp.array([-1.5, 0.0, 0.7, 3.14, 5.0])
    print("switch + vmap:", jax.vmap(piecewise)(grid))
    print("select       :", piecewise_select(grid))
    print("导数         :", jax.vmap(jax.grad(piecewise), in_axes=0)(grid))
    batched = jax.vmap(piecewise)
    batched_text = str(jax.make_jaxpr(batched)(grid))
    print("vmap 后还有 cond 吗?", "cond[" in batched_text, "| 有 select_n 吗?", "select_n" in batched_text)
