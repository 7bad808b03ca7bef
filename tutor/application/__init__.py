"""The application layer: the use cases both front ends call (the session, the only door), the
one run service and the one progress model."""
