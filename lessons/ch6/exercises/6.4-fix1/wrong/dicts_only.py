# expect: failed values ".items()" not "0.12"
# expect.en: ".items()" not "no longer exists in 0.12"
# 错误示范:手写递归,以为每个容器都是 dict,遇到列表就调用 .items() 出错。
# 这和 JAX 的版本无关:出错的是一个列表没有 .items()。
def scale_tree(tree, factor):
    if tree is None:
        return None
    if hasattr(tree, "shape"):
        return tree * factor
    return {k: scale_tree(v, factor) for k, v in tree.items()}
