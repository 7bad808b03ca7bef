# expect: error load "不要传浮点数" not "两个 bool 相加"
# expect.en: "instead of passing a float" not "sum of two bools"
# 分支号用 jnp.where 算成了 0.0、1.0、2.0(浮点数),lax.switch 要的是整数。
# 这里没有相加的比较,提示不能拿“比较得到 bool,两个 bool 相加仍是 bool”来解释。

PIECES = (lambda v: v * v, jnp.sin, lambda v: v - jnp.pi)


def piecewise(x):
    slot = jnp.where(x < 0, 0.0, jnp.where(x < jnp.pi, 1.0, 2.0))
    return lax.switch(slot, PIECES, x)


def piecewise_select(x):
    left, middle = x < 0, x < jnp.pi
    return jnp.select([left, middle], [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)


if __name__ == "__main__":
    print(jax.vmap(piecewise)(jnp.array([-1.0, 0.5, 4.0])))
