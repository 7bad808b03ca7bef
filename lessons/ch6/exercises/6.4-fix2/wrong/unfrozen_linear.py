# expect: failed original "不再是冻结的 dataclass" not "硬改"
# expect.en: "no longer a frozen dataclass" not "forcing one"
# 错误示范:为了让赋值不报错,在自己的文件里把 Linear 重新定义成不冻结的 dataclass。
# 调用者的层被改掉,但这里没有"硬改"(object.__setattr__),提示说出算出来的:Linear 不再冻结。
@dataclass
class Linear:
    w: object
    b: object
    name: str  # 没写 frozen=True


jax.tree_util.register_dataclass(Linear, data_fields=["w", "b"], meta_fields=["name"])


def with_bias(layer, b):
    layer.b = b
    return layer
