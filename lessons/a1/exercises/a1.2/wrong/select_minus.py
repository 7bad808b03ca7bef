# expect: failed select_values "π − x" not "x + π"
# expect.en: "π − x" not "x + π"
# 错误示范:jnp.select 的默认值把减法写反了,switch 版本却是对的。
def _left(v):
    return v * v


def _mid(v):
    return jnp.sin(v)


def _right(v):
    return v - jnp.pi


def piecewise(x):
    piece = (x >= 0).astype(jnp.int32) * (1 + (x >= jnp.pi).astype(jnp.int32))
    return lax.switch(piece, [_left, _mid, _right], x)


def piecewise_select(x):
    conds = [x < 0, (x >= 0) & (x < jnp.pi)]
    return jnp.select(conds, [_left(x), _mid(x)], jnp.pi - x)
