# expect: failed pytree "flatten 返回的 children" not "把它也列进 data_fields"
# expect.en: "return it among the children from flatten" not "List every array field in data_fields"
# 错误示范:用 register_pytree_node 自己注册,flatten 却把 weight 放进了辅助数据(aux_data),只把 bias 当子节点。
# 学习者没有用 register_dataclass,也就没有 meta_fields/data_fields:消息只说数组在辅助数据里,两种注册方式各怎么改。
from jax import tree_util
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array
tree_util.register_pytree_node(Linear, lambda l: ((l.bias,), l.weight), lambda aux, ch: Linear(aux, ch[0]))
@jax.jit
def apply(layer, x):
    return x @ layer.weight + layer.bias
