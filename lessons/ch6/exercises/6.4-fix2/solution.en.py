# Reference solution: dataclasses.replace returns a new object with b changed; the other fields are copied and the original is untouched.
import dataclasses


def with_bias(layer, b):
    return dataclasses.replace(layer, b=b)
