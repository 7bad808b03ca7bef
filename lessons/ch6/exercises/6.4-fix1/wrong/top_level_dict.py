# expect: failed values "只缩放了最外一层的值"
# expect.en: "scales the values of the top level only"
# 错误示范:只走了最外一层的 dict,把每个值直接乘上 factor;值本身是 dict 或 list 时,整个容器被送进了乘法。
def scale_tree(tree, factor):
    scaled = {}
    for name in tree:
        scaled[name] = tree[name] * factor
    return scaled
