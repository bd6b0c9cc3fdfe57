"""ten.check: a program's check of its values, which stops a run where it
fails (the dialect's ten.assert), and the error such a run raises."""

import re

import numpy as np

from ._trace import Tensor


class CheckError(ValueError):
    """A run stopped by a failed ten.check: its message is the check's.
    A ValueError, as every other failed run-time check of ten's is."""


# How a run stopped by ten.assert reports it (lib/Conversion/TenToLinalg's
# emitRuntimeCheck): the op, the user's file:line:column, the message.
_ASSERT_FAILED = re.compile(
    r"ten\.assert at (?:.*?:\d+:\d+|[^:]*): (?P<message>.*)", re.DOTALL)


def check_error(text):
    """The CheckError that a failed run reporting `text` is, or None."""
    match = _ASSERT_FAILED.search(text)
    if match is None:
        return None
    return CheckError(match.group("message"))


def check(condition, message):
    """Stops the program with CheckError(`message`) unless every element of
    `condition` is true (nonzero; an empty one holds); returns None. On a
    traced condition the check runs when the program does, and is kept
    whether or not anything reads a value computed after it; on arrays and
    numbers it runs at once."""
    if not isinstance(message, str) or not message:
        raise TypeError("ten.check's message is a string that is not empty")
    if "\0" in message:
        # The compiled program keeps it as a C string.
        raise ValueError("ten.check's message cannot hold a NUL character")
    if isinstance(condition, Tensor):
        if condition.dtype != np.dtype(bool):
            from ._ops import not_equal

            condition = not_equal(condition, 0)
        condition.graph.apply("assert_all", condition.value, message)
        return
    if not np.all(np.asarray(condition)):
        raise CheckError(message)
