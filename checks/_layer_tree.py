"""Reading a learner's parameter-shaped tree (layer → leaf → array) entry by entry: a missing
layer or leaf, or a leaf that is no array, is told in the words of the check that reads it."""

from _ch7 import PARAMS_LIKE

from tutor.worker.checklib import as_array, as_entry


def layer_leaves(tree, layers, whole: str, of_layer, of_leaf, leaves=("w", "b")) -> dict:
    """{layer: {k: array}} from tree[layer][k] for each of `layers` and each leaf k of `leaves` (a
    tuple, or a function of the layer giving one). `whole` names the tree, of_layer(layer) one
    layer's entry and of_leaf(layer, k) one leaf, as the check says them."""
    out = {}
    for layer in layers:
        entry = as_entry(tree, layer, whole, PARAMS_LIKE)
        names = leaves(layer) if callable(leaves) else leaves
        out[layer] = {
            k: as_array(as_entry(entry, k, of_layer(layer), PARAMS_LIKE), of_leaf(layer, k))
            for k in names
        }
    return out
