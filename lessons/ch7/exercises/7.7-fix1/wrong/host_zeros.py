# expect: failed values "np.zeros 在主机上造的是 float64"
# expect.en: "np.zeros makes float64 NumPy arrays"
# 错误示范:is_leaf 写对了,可叶子用 NumPy 的 zeros 造,默认 dtype 是 float64。
def _is_shape_tuple(node):
    return type(node) is tuple


def zeros_from_spec(spec):
    return jax.tree.map(lambda shp: np.zeros(shp), spec, is_leaf=_is_shape_tuple)
