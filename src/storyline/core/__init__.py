"""Pure-Python logic. Nothing in this package imports pyspark; it is unit-tested without a JVM."""
