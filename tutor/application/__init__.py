"""The application layer: the use cases both front ends call (session) and the one progress model."""
