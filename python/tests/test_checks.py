"""ten.check: a traced program's check stops the run with CheckError and
the check's message; an eager check raises at once."""

import numpy as np
import pytest

import ten


@ten.jit
def doubled_classes(classes):
    ten.check(classes >= 0, "class values must be non-negative")
    ten.check(classes < 5, "class values must be smaller than 5")
    return classes * 2


def test_a_check_that_holds_lets_the_program_run():
    np.testing.assert_array_equal(doubled_classes(np.array([0, 4, 2])),
                                  [0, 8, 4])
    assert doubled_classes(np.zeros(0, np.int64)).shape == (0,)


def test_a_failed_check_stops_the_run_with_its_message():
    with pytest.raises(ten.CheckError,
                       match="^class values must be non-negative$"):
        doubled_classes(np.array([1, -1]))
    # The checks run in order: the first that fails is the one raised.
    with pytest.raises(ten.CheckError,
                       match="^class values must be smaller than 5$"):
        doubled_classes(np.array([1, 7]))
    # A failed run-time check of ten's is a ValueError.
    assert issubclass(ten.CheckError, ValueError)


def test_a_check_is_kept_when_nothing_reads_it():
    @ten.jit
    def only_checks(x):
        ten.check(x > 0, "positive")

    assert only_checks(np.array([1.0, 2.0])) is None
    with pytest.raises(ten.CheckError, match="positive"):
        only_checks(np.array([1.0, 0.0]))


def test_conditions_that_are_not_booleans_hold_where_nonzero():
    @ten.jit
    def reciprocal(x):
        ten.check(x, "x has a zero")
        return 1 / x

    np.testing.assert_allclose(reciprocal(np.array([2.0, 4.0])), [0.5, 0.25])
    with pytest.raises(ten.CheckError, match="x has a zero"):
        reciprocal(np.array([2.0, 0.0]))


def test_a_check_of_a_reduction_and_of_several_dimensions():
    @ten.jit
    def normalized(x):
        total = ten.sum(x)
        ten.check(total > 0, "the total must be positive")
        ten.check(ten.isfinite(x), "x must be finite")
        return x / total

    x = np.arange(1.0, 7.0).reshape(2, 3)
    np.testing.assert_allclose(normalized(x), x / x.sum())
    with pytest.raises(ten.CheckError, match="total"):
        normalized(-x)
    x[1, 2] = np.inf
    with pytest.raises(ten.CheckError, match="finite"):
        normalized(x)


def test_eager_checks_raise_at_once():
    ten.check(np.array([True, True]), "holds")
    ten.check(np.zeros((0, 3), bool), "an empty condition holds")
    ten.check(3, "nonzero")
    with pytest.raises(ten.CheckError, match="^fails$"):
        ten.check(np.array([1, 0]), "fails")


@pytest.mark.parametrize("message", ["", None, 3])
def test_the_message_is_a_string_that_is_not_empty(message):
    with pytest.raises(TypeError, match="message"):
        ten.check(True, message)


def test_messages_of_any_text_but_nul():
    """The message comes back as it was (format specifiers, quotes, line
    breaks, other scripts); a NUL, which the compiled program's C string
    would cut, is refused."""
    for message in ("%s %n {}", 'quoted "x" \\ back', "line\nbreak",
                    "ünïcödé ✓"):
        @ten.jit
        def checked(x):
            ten.check(x > 0, message)
            return x

        with pytest.raises(ten.CheckError) as error:
            checked(np.array([1.0, -1.0]))
        assert str(error.value) == message
    with pytest.raises(ValueError, match="NUL"):
        ten.check(np.array([True]), "cut\0here")
