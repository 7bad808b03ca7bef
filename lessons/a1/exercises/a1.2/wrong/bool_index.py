# expect: error load "这里却是 bool" not "Python 的 if"
# expect.en: "this one is a bool" not "Python's if"
# 错误示范:两个比较直接相加当分支号:比较得到 bool,两个 bool 相加还是 bool,lax.switch 要的是整数。

BRANCHES = (
    jnp.square,                 # 0: x < 0
    jnp.sin,                    # 1: 0 <= x < π
    lambda v: v - jnp.pi,       # 2: x >= π
)


def piecewise(x):
    # x >= 0 贡献 1,x >= π 再贡献 1:正好得到 0、1、2,分界点 0 和 π 都归右边那一段
    which = (x >= 0) + (x >= jnp.pi)
    return lax.switch(which, BRANCHES, x)


def piecewise_select(x):
    negative = x < 0
    middle = jnp.logical_and(x >= 0, x < jnp.pi)
    return jnp.select([negative, middle], [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)


if __name__ == "__main__":
    grid = jnp.array([-1.5, 0.0, 0.7, jnp.pi, 5.0])
    print("switch + vmap:", jax.vmap(piecewise)(grid))
    print("select       :", piecewise_select(grid))
    print("导数         :", jax.vmap(jax.grad(piecewise), in_axes=0)(grid))
    batched = jax.vmap(piecewise)
    batched_text = str(jax.make_jaxpr(batched)(grid))
    print("vmap 后还有 cond 吗?", "cond[" in batched_text, "| 有 select_n 吗?", "select_n" in batched_text)
