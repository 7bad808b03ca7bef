# expect: failed jit ".item()"
# expect.en: ".item()"
# 错误示范:把 float() 换成了 .item(),以为这样就不算转换;它同样要一个具体的数。
@jax.jit
def scale_to_peak(x):
    biggest = jnp.abs(x).max().item()
    return x / biggest
