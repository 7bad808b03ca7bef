# Repair exercise: the amount of weight decay does not depend on the parameter's size.
# Change it until the checks pass (Ctrl+T shows a hint).


def make_adamw(lr, wd):
    shrink = add_decayed_weights(wd)           # λθ added into the gradient...
    direction = scale_by_adam()                # ...then handed to Adam
    step_size = scale_by_learning_rate(lr)
    return chain(shrink, direction, step_size)
