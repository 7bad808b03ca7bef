# expect: failed values "None 条目去掉" not "原样保留字典、列表"
# expect.en: "every None entry taken out" not "keeps dicts, lists, tuples and None"
# 错误示范:手写递归时,遇到 None 就跳过不收,返回的容器里再也没有这些条目。
def scale_tree(tree, factor):
    if isinstance(tree, dict):
        kept = {}
        for key, sub in tree.items():
            if sub is None:
                continue
            kept[key] = scale_tree(sub, factor)
        return kept
    if isinstance(tree, (list, tuple)):
        parts = [scale_tree(sub, factor) for sub in tree if sub is not None]
        return type(tree)(parts)
    return factor * tree
