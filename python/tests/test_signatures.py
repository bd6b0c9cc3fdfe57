"""ten's functions take NumPy's parameters in NumPy's order: a call that
passes them by position, `out` among them, means what it means to NumPy
(np.std(a, 0, None, None, 1) is a ddof of 1, not an `out` of 1)."""

import inspect

import numpy as np
import pytest

import ten

from conftest import assert_matches

# Names that differ and are positional-only in NumPy, so no call can tell.
POSITIONAL_NAMES = {"arange": ["start", "stop", "step"]}


def positional_parameters(function):
    kinds = (inspect.Parameter.POSITIONAL_ONLY,
             inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return [parameter.name for parameter in
            inspect.signature(function).parameters.values()
            if parameter.kind in kinds]


def shared_functions():
    for numpy_module, ten_module in ((np, ten), (np.linalg, ten.linalg),
                                     (np.fft, ten.fft)):
        for name in sorted(set(dir(numpy_module)) & set(dir(ten_module))):
            theirs = getattr(numpy_module, name)
            ours = getattr(ten_module, name)
            if name.startswith("_") or not callable(theirs) or isinstance(
                    theirs, (type, np.ufunc)):
                continue
            try:
                inspect.signature(theirs)
                inspect.signature(ours)
            except (TypeError, ValueError):
                continue
            yield f"{ten_module.__name__}.{name}", theirs, ours


def test_positional_parameters_are_numpys():
    misplaced = []
    for name, theirs, ours in shared_functions():
        expected = POSITIONAL_NAMES.get(name.split(".")[-1],
                                        positional_parameters(theirs))
        got = positional_parameters(ours)
        if got[:len(expected)] != expected:
            misplaced.append(f"{name}: NumPy {expected}, ten {got}")
    assert not misplaced, "\n".join(misplaced)


def test_out_by_position():
    rng = np.random.default_rng(0)
    a = rng.uniform(size=(3, 4))
    # The parameters after `out` keep their meaning.
    assert_matches(ten.std(a, 0, None, None, 1), np.std(a, 0, None, None, 1))
    assert_matches(ten.var(a, 1, np.float32, None, 2, True),
                   np.var(a, 1, np.float32, None, 2, True))
    assert_matches(ten.sum(a, 0, None, None, True),
                   np.sum(a, 0, None, None, True))
    assert_matches(ten.mean(a, 1, np.float32, None, True),
                   np.mean(a, 1, np.float32, None, True))
    assert_matches(ten.all(a > 0.5, 0, None, True),
                   np.all(a > 0.5, 0, None, True))
    assert_matches(ten.max(a, 1, None, False, 2.0),
                   np.max(a, 1, None, False, 2.0))
    # `out` given by position is written and returned.
    for function, args in ((ten.argmax, (a, 0)), (ten.cumsum, (a, 1, None)),
                           (ten.clip, (a, 0.2, 0.6)), (ten.round, (a, 1)),
                           (ten.trace, (a, 0, 0, 1, None))):
        name = function.__name__
        want = getattr(np, name)(*args)
        out = np.empty_like(want)
        assert function(*args, out) is out
        assert_matches(out, want)
    out = np.empty(4)
    assert ten.clip(a[0], 0.2, 0.6, out=out) is out
    assert_matches(out, np.clip(a[0], 0.2, 0.6))
    with pytest.raises(TypeError, match="multiple values for argument 'out'"):
        ten.sum(a, 0, None, np.empty(4), out=np.empty(4))
    with pytest.raises(TypeError, match="'out' must be a NumPy array"):
        ten.argmax(a, 0, True)  # not keepdims: NumPy's third is `out`
    assert "out" in inspect.signature(ten.std).parameters


def test_keyword_names_are_numpys():
    a = np.arange(6.0).reshape(2, 3)
    assert_matches(ten.empty_like(prototype=a, dtype=np.int32),
                   np.zeros_like(a, dtype=np.int32))
    assert_matches(ten.from_dlpack(a), a)
    view = ten.from_dlpack(a, copy=False)
    assert np.shares_memory(view, a)
    copy = ten.from_dlpack(a, copy=True, device="cpu")
    assert not np.shares_memory(copy, a)
    assert_matches(copy, a)
    with pytest.raises(ValueError, match="unsupported device"):
        ten.from_dlpack(a, device="cuda")
    with pytest.raises(BufferError):
        ten.from_dlpack([1, 2], copy=False)
