# expect: failed values "这个遍历只走进了 dict"
# expect.en: "the walk goes into dicts only"
# 错误示范:手写的递归只认 dict;遇到 list 或 tuple 就原样交回,里面的叶子没有乘上 factor。
def scale_tree(tree, factor):
    if isinstance(tree, dict):
        return {name: scale_tree(child, factor) for name, child in tree.items()}
    if isinstance(tree, (list, tuple)) or tree is None:
        return tree
    return factor * tree
