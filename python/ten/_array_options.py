"""NumPy 2's keywords that say where and how an array lies rather than what
it holds: `device` (only "cpu", as NumPy takes it), `like` (an array
implementing __array_function__, or None) and `order` of creation
functions (a NumPy result in Fortran order where asked; a traced value has
no layout)."""

import numpy as np


def check_device(device):
    """NumPy's only device: "cpu" (ten's arrays there are NumPy's)."""
    if device is not None and device != "cpu":
        raise ValueError(f'Device not understood. Only "cpu" is allowed, but '
                         f'received: {device}')


def check_like(like):
    if like is not None and not hasattr(like, "__array_function__"):
        raise TypeError("The `like` argument must be an array-like that "
                        "implements the `__array_function__` protocol.")


def spelled_order(order):
    """`order` in capitals (None is "C"), or NumPy's ValueError."""
    if order is None:
        return "C"
    if isinstance(order, str) and order.upper() in ("C", "F", "A", "K"):
        return order.upper()
    raise ValueError(
        f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")


def fortran_only(array):
    """Whether `array` is a NumPy array laid out in Fortran order and not in
    C order: what NumPy's order "A" (and "K") follows."""
    return (isinstance(array, np.ndarray) and array.flags.f_contiguous
            and not array.flags.c_contiguous)


def creation_order(order):
    """The order of a new array: "C" or "F", as NumPy's zeros takes it."""
    order = spelled_order(order)
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    return order


def like_order(order, prototype):
    """The order of an array made like `prototype`: "K" and "A" keep a
    NumPy array's Fortran order, else C order."""
    order = spelled_order(order)
    if order in ("K", "A"):
        return "F" if fortran_only(prototype) else "C"
    return order


def laid_out(result, order):
    """`result` in `order`: a NumPy array copied into Fortran order where
    asked (its values unchanged); a traced value as it is."""
    if order == "F" and isinstance(result, np.ndarray):
        return np.asfortranarray(result)
    return result
