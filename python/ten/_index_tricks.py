"""NumPy's index tricks: r_ and c_ (which also take traced values), and
mgrid, ogrid, s_, index_exp, ndindex and ndenumerate, NumPy's own.

ten's eager functions return NumPy arrays, so where nothing is traced
NumPy's objects are exact; r_ and c_ concatenate traced values with ten's
functions, following NumPy's rules for slices, scalars, the minimum number
of dimensions and the directives of the first entry."""

import numpy as np

from ._trace import Tensor

# Grids from slices of numbers are constants, the same traced or not.
mgrid = np.mgrid
ogrid = np.ogrid
s_ = np.s_
index_exp = np.index_exp
ndindex = np.ndindex
ndenumerate = np.ndenumerate


def _directive(item, axis, ndmin, trans1d):
    """(axis, ndmin, trans1d) after the first entry's string `item`."""
    if item in ("r", "c"):
        raise TypeError(
            f"ten has no matrix type: the directive {item!r} of r_ and c_, "
            "which makes a numpy.matrix, takes NumPy arrays only")
    try:
        parts = [int(part) for part in item.split(",")]
    except ValueError:
        raise ValueError(f"unknown special directive {item!r}") from None
    if len(parts) > 3:
        raise ValueError(f"unknown special directive {item!r}")
    if len(parts) == 1:
        return parts[0], ndmin, trans1d
    return parts[0], parts[1], parts[2] if len(parts) == 3 else trans1d


def _at_least(item, ndmin, trans1d):
    """`item` (an array or a traced value) with at least `ndmin` axes: its
    own go where `trans1d` says (NumPy's r_), the new ones of size 1 first."""
    import ten

    ndim = item.ndim
    if ndim >= ndmin:
        return item
    item = ten.reshape(item, (1,) * (ndmin - ndim) + tuple(item.shape))
    if trans1d == -1:
        return item
    added = ndmin - ndim
    start = trans1d + added + 1 if trans1d < 0 else trans1d
    axes = list(range(ndmin))
    return ten.transpose(
        item, axes[:start] + axes[added:] + axes[start:added])


class _Concatenator:
    """r_ (axis 0) and c_ (the last axis of 2-d pieces): NumPy's where no
    piece is traced, ten's concatenate of the pieces where one is."""

    __slots__ = ("_numpy", "_axis", "_ndmin", "_trans1d")

    def __init__(self, numpy_concatenator, axis, ndmin, trans1d):
        self._numpy = numpy_concatenator
        self._axis, self._ndmin, self._trans1d = axis, ndmin, trans1d

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        if not any(isinstance(item, Tensor) for item in items):
            return self._numpy[key]
        import ten

        axis, ndmin, trans1d = self._axis, self._ndmin, self._trans1d
        pieces, kinds = [], []
        for position, item in enumerate(items):
            if isinstance(item, str):
                if position != 0:
                    raise ValueError("special directives must be the first "
                                     "entry.")
                axis, ndmin, trans1d = _directive(item, axis, ndmin, trans1d)
                continue
            if isinstance(item, slice):
                start = 0 if item.start is None else item.start
                step = 1 if item.step is None else item.step
                if isinstance(step, (complex, np.complexfloating)):
                    piece = np.linspace(start, item.stop, num=int(abs(step)))
                else:
                    piece = np.arange(start, item.stop, step)
                kinds.append(piece.dtype)
            elif type(item) in np.ScalarType:
                # A Python or NumPy scalar: weak in the result's type.
                kinds.append(item)
                piece = np.asarray(item)
            else:
                piece = item if isinstance(item, Tensor) else np.asarray(item)
                kinds.append(piece.dtype)
            pieces.append(piece)
        dtype = np.result_type(*kinds)
        return ten.concatenate(
            [_at_least(ten.astype(piece, dtype), ndmin, trans1d)
             for piece in pieces], axis=axis)

    def __len__(self):
        return 0


r_ = _Concatenator(np.r_, axis=0, ndmin=1, trans1d=-1)
c_ = _Concatenator(np.c_, axis=-1, ndmin=2, trans1d=0)
