"""Prints a function of Euclid's algorithm unrolled to `steps` steps on
tensor<8xui32> (a long chain whose every value has several users), whose
result two consumers read: the input of fuse-elementwise-budget.test."""

import sys

steps = int(sys.argv[1])
t = "tensor<8xui32>"
lines = [f"func.func @euclid(%a0: {t}, %b0: {t}) -> ({t}, {t}) {{",
         "  %zero = ten.constant dense<0> : tensor<ui32>",
         "  %one = ten.constant dense<1> : tensor<ui32>"]
for i in range(steps):
    a, b = f"%a{i}", f"%b{i}"
    lines += [
        f"  %done{i} = ten.cmp eq, {a}, %zero : ({t}, tensor<ui32>) -> tensor<8xi1>",
        f"  %divisor{i} = ten.select %done{i}, %one, {a} : (tensor<8xi1>, tensor<ui32>, {t}) -> {t}",
        f"  %rem{i} = ten.rem {b}, %divisor{i} : ({t}, {t}) -> {t}",
        f"  %a{i + 1} = ten.select %done{i}, %zero, %rem{i} : (tensor<8xi1>, tensor<ui32>, {t}) -> {t}",
        f"  %b{i + 1} = ten.select %done{i}, {b}, {a} : (tensor<8xi1>, {t}, {t}) -> {t}",
    ]
lines += [
    f"  %x = ten.floordiv %a0, %b{steps} : ({t}, {t}) -> {t}",
    f"  %y = ten.floordiv %b0, %b{steps} : ({t}, {t}) -> {t}",
    f"  return %x, %y : {t}, {t}",
    "}",
]
print("\n".join(lines))
