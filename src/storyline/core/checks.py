"""Argument checks shared by the configurable parts, each raising a ``ValueError`` that names the argument, what it
must be and the value it got."""

from __future__ import annotations


def int_at_least(name: str, value: object, minimum: int, meaning: str = "") -> None:
    """Refuse ``value`` unless it is an integer of at least ``minimum``; ``meaning`` says what it counts.

    >>> int_at_least("shingle", 5, 1)
    >>> int_at_least("shingle", 0, 1, "words per shingle")
    Traceback (most recent call last):
    ValueError: shingle must be an integer >= 1 (words per shingle), got 0
    """
    if not isinstance(value, int) or value < minimum:
        told = f" ({meaning})" if meaning else ""
        raise ValueError(f"{name} must be an integer >= {minimum}{told}, got {value!r}")
