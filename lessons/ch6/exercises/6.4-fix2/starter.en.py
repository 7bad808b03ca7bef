# Repair exercise: with_bias raises FrozenInstanceError as soon as it is called.
# Change it until the checks pass (Ctrl+T shows a hint).


def with_bias(layer, b):
    layer.b = b                 # meant to replace the bias
    return layer
