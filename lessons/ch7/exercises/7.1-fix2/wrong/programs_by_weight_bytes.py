# expect: failed compiles "权重的值成了缓存键" "按权重的值缓存 jit 函数" not "它是以静态参数"
# expect.en: "the weight's values are a cache key" "a cache of jitted functions keyed by them" not "The weight reaches jit as a static argument"
# 错误示范:按权重的字节串缓存 jit 函数,每个函数用 partial 把权重烤进去。值相同的权重不再编译,
# 可权重并不是静态参数:检查只测得“权重的值成了缓存键”,两种做法都列出来,不断言是哪一种。
import functools


def _tanh_map(weight, x):
    return jnp.tanh(x @ weight)


_by_bytes = {}


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        key = np.asarray(self.weight).tobytes()
        if key not in _by_bytes:
            _by_bytes[key] = jax.jit(functools.partial(_tanh_map, self.weight))
        return _by_bytes[key](x)
