"""The keywords of NumPy's ufuncs on ten's elementwise functions: `dtype`
and `signature` (the loop's dtypes, which the operands are cast to and
the function computes in), `casting` (the rule those casts and the store
into `out` follow), `where` (with `out`: the elements `out` takes),
`order` and `subok` (accepted: ten's results are new, row-major NumPy
arrays), and outputs given positionally, as NumPy takes them; and the
ufunc's methods: `reduce` (add, multiply, maximum, minimum, logical_and,
logical_or: ten's sum, prod, max, min, all, any), `accumulate` (cumsum,
cumprod, cummax, cummin), each other binary ufunc's folded with it
(_ufunc_folds.py), `reduceat` and `outer` (every binary one), with the
attributes `nin`, `nout`, `nargs` and `identity`.

NumPy itself resolves the loop (`ufunc.resolve_dtypes`), so its dtypes and
its errors for casts a rule refuses are NumPy's."""

import functools

import numpy as np

from ._array_options import spelled_order
from ._jit import _store_in
from ._scalar_results import as_numpy_scalars
from ._trace import Tensor
from . import _ufunc_folds

_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def _kind(operand):
    """What NumPy resolves a loop from: a Python number's type (weak, NEP
    50), else the operand's dtype."""
    if type(operand) in (int, float, complex):
        return type(operand)
    if type(operand) is bool:
        return np.dtype(bool)
    if isinstance(operand, Tensor):
        return operand.dtype
    return np.asarray(operand).dtype


def _cast(operand, dtype):
    """`operand` in the loop's `dtype`: a traced value or an array cast, a
    Python number made a 0-d array of it (it is no longer weak)."""
    if isinstance(operand, Tensor):
        return operand if operand.dtype == dtype else operand.astype(dtype)
    return np.asarray(operand).astype(dtype, copy=False)


def _outputs(ufunc, args, out):
    """The operands and the outputs (a tuple, or None) of a call that may
    give outputs positionally after the operands."""
    if len(args) <= ufunc.nin:
        if out is not None and not isinstance(out, tuple):
            out = (out,)
        return args, out
    if out is not None:
        raise TypeError("cannot specify 'out' as both a positional and "
                        "keyword argument")
    outputs = args[ufunc.nin:]
    if len(outputs) > ufunc.nout:
        raise TypeError(f"{ufunc.__name__}() takes from {ufunc.nin} to "
                        f"{ufunc.nin + ufunc.nout} positional arguments but "
                        f"{len(args)} were given")
    return args[:ufunc.nin], outputs


def with_ufunc_keywords(function, ufunc):
    """`function`, ten's counterpart of elementwise `ufunc`, taking the
    ufunc's keywords."""

    @functools.wraps(function)
    def call(*args, out=None, where=True, casting="same_kind", order="K",
             dtype=None, subok=True, signature=None):
        args, out = _outputs(ufunc, args, out)
        if casting not in _CASTINGS:
            raise ValueError("casting must be one of 'no', 'equiv', 'safe', "
                             "'same_kind', or 'unsafe'")
        spelled_order(order)
        if dtype is not None and signature is not None:
            raise TypeError("cannot specify both 'signature' and 'dtype'")
        if out is not None and all(output is None for output in out):
            out = None
        plain = (dtype is None and signature is None and where is True
                 and casting == "same_kind"
                 and (out is None or ufunc.nout == 1))
        if plain:
            if out is None:
                return as_numpy_scalars(function(*args))
            return function(*args, out=out if ufunc.nout > 1 else out[0])
        if out is not None and any(isinstance(a, Tensor) for a in args):
            raise TypeError(f"ten.{ufunc.__name__} takes no 'out' on traced "
                            "values: assign its result instead")
        if dtype is not None:
            signature = (None,) * ufunc.nin + (np.dtype(dtype),) * ufunc.nout
        options = {"casting": casting}
        if signature is not None:
            options["signature"] = signature
        loop = ufunc.resolve_dtypes(
            tuple(_kind(arg) for arg in args) + (None,) * ufunc.nout,
            **options)
        results = function(*(_cast(arg, loop[position])
                             for position, arg in enumerate(args)))
        single = not isinstance(results, tuple)
        results = (results,) if single else results
        results = tuple(_cast(result, loop[ufunc.nin + position])
                        for position, result in enumerate(results))
        if out is None:
            # NumPy leaves the elements `where` excludes uninitialized: here
            # they hold the computed values.
            return as_numpy_scalars(results[0] if single else results)
        if len(out) != len(results):
            raise ValueError(f"The 'out' tuple must have exactly "
                             f"{len(results)} entries: one per ufunc output")
        for output, result in zip(out, results):
            if output is None:
                continue
            result_dtype = np.result_type(result)
            if isinstance(output, np.ndarray) and not np.can_cast(
                    result_dtype, output.dtype, casting):
                raise TypeError(
                    f"Cannot cast ufunc '{ufunc.__name__}' output from "
                    f"{result_dtype!r} to {output.dtype!r} with casting rule "
                    f"'{casting}'")
            _store_in(output, result, casting="unsafe", where=where)
        stored = tuple(output if output is not None else result
                       for output, result in zip(out, results))
        return stored[0] if single else stored

    _attach_methods(call, function, ufunc)
    return call


# ufunc.reduce and ufunc.accumulate as ten's reductions and scans.
_REDUCTIONS = {"add": "sum", "multiply": "prod", "maximum": "max",
               "minimum": "min", "logical_and": "all", "logical_or": "any"}
_ACCUMULATIONS = {"add": "cumsum", "multiply": "cumprod",
                  "maximum": "cummax", "minimum": "cummin"}


def _namespace():
    import ten

    return ten


def _attach_methods(call, function, ufunc):
    name = ufunc.__name__
    call.nin, call.nout, call.nargs = ufunc.nin, ufunc.nout, ufunc.nargs
    call.identity = ufunc.identity
    if name in _REDUCTIONS:
        def reduce(array, axis=0, dtype=None, out=None, keepdims=False,
                   initial=np._NoValue, where=True):
            """NumPy's ufunc.reduce: along `axis` (0 unless told, None for
            all, a tuple of axes), as ten's reduction of the same name."""
            ten = _namespace()
            reduction = getattr(ten, _REDUCTIONS[name])
            options = {"axis": axis, "keepdims": keepdims, "out": out}
            if dtype is not None:
                options["dtype"] = dtype
            if initial is not np._NoValue:
                options["initial"] = initial
            if where is not True:
                options["where"] = where
            if np.ndim(array) == 0 and axis == 0:
                # NumPy reduces a scalar over no axis.
                options["axis"] = None
            return reduction(array, **options)

        reduce.__name__ = reduce.__qualname__ = f"{name}.reduce"
        call.reduce = reduce
    if name in _ACCUMULATIONS:
        def accumulate(array, axis=0, dtype=None, out=None):
            """NumPy's ufunc.accumulate: a scan along `axis` (0 unless
            told; never flattened), as ten's cumulative functions."""
            ten = _namespace()
            if np.ndim(array) == 0:
                raise TypeError("cannot accumulate on a scalar")
            scan = getattr(ten, _ACCUMULATIONS[name])
            options = {"axis": axis}
            if dtype is not None and name in ("maximum", "minimum"):
                # The running extremes of the values in `dtype`.
                array = ten.astype(ten.asarray(array), dtype)
            elif dtype is not None:
                options["dtype"] = dtype
            result = scan(array, **options)
            return result if out is None else _store_in(out, result)

        accumulate.__name__ = accumulate.__qualname__ = f"{name}.accumulate"
        call.accumulate = accumulate
    binary = ufunc.nin == 2 and ufunc.nout == 1
    if binary and name not in _REDUCTIONS:
        call.reduce = _ufunc_folds.reduce_with(function, ufunc)
    if binary and name not in _ACCUMULATIONS:
        call.accumulate = _ufunc_folds.accumulate_with(function, ufunc)
    if binary:
        call.reduceat = _ufunc_folds.reduceat_with(call.reduce, ufunc)
    if not binary:
        _attach_refusals(call, ufunc)
    # ufunc.at: every ufunc of one result (_scatter.py).
    from . import _scatter

    call.at = (_scatter.make_at(name) if ufunc.nout == 1
               else _scatter.refuse_at(name))
    if ufunc.nin == 2:
        def outer(A, B, /, **kwargs):
            """NumPy's ufunc.outer: the function of every element of `A`
            with every element of `B`, shape A.shape + B.shape."""
            ten = _namespace()
            ndim = np.ndim(B)
            if ndim:
                A = ten.reshape(A, tuple(np.shape(A)) + (1,) * ndim)
            return call(A, B, **kwargs)

        outer.__name__ = outer.__qualname__ = f"{name}.outer"
        call.outer = outer


def _attach_refusals(call, ufunc):
    """NumPy's errors for the methods only binary ufuncs of one result
    have."""
    why = ("binary functions" if ufunc.nin != 2
           else "functions returning a single value")

    def refusal(method, what):
        def refuse(*args, **kwargs):
            raise ValueError(f"{what} only supported for {why}")
        refuse.__name__ = refuse.__qualname__ = f"{ufunc.__name__}.{method}"
        return refuse

    for method in ("reduce", "accumulate", "reduceat"):
        setattr(call, method, refusal(method, method))
    if ufunc.nin != 2:
        call.outer = refusal("outer", "outer product")
