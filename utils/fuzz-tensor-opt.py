#!/usr/bin/env python3
"""Feeds tensor-opt mutated copies of the functions in .mlir files and fails
if any run ends other than with success or a diagnostic (exit 0 or 1): a
crash, an abort or a hang is a bug however bad the input.

    fuzz-tensor-opt.py TENSOR_OPT FILE... [--seed N] [--runs N] [--batch N]
                       [--time-limit S] [-- PASS...]

With --batch, N programs go to one tensor-opt run as the chunks of a
--split-input-file input (each chunk parsed, verified and transformed on its
own), which makes a corpus of thousands affordable; a batch that crashes is
replayed program by program to name the one at fault. The corpus is the same
for the same seed and files.
"""

import argparse
import random
import re
import subprocess
import sys

TOKEN = re.compile(r'"[^"\n]*"|%[\w.]+|[A-Za-z_][\w.]*|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|\S')

REPLACEMENTS = [
    "0", "1", "-1", "?", "2", "9223372036854775807", "i1", "f16", "bf16",
    "i64", "ui8", "tensor<?xf32>", "tensor<*xf32>", "tensor<f32>", "[]", "[0]",
    "[1, 0]", "[0, 0]", "keepdim", "dims", "\"\"", "\"->\"", "\"...\"",
    "\"ii\"", "\"i,i->\"", "\"ab,bc->ac\"", "\"...i,i...->...\"",
    "dense<1.0>", "dense<[1, 2]>", "x", ",", "(", ")", "<", ">",
]


def programs(text):
    """The programs of a file: its --split-input-file chunks, each with the
    aliases it defines, or its top-level func.func definitions where a chunk
    holds several and no aliases."""
    result = []
    for chunk in re.split(r"(?m)^// -----.*$", text):
        if "func.func" not in chunk:
            continue
        if re.search(r"(?m)^#", chunk) or chunk.count("func.func") == 1:
            result.append(chunk)
            continue
        parts = re.split(r"(?m)^(?=func\.func)", chunk)
        result += [part for part in parts if part.startswith("func.func")]
    return result


def mutate_syntax(rng, text):
    """Deletes, replaces or doubles a token: mostly exercises the parser."""
    spans = [m.span() for m in TOKEN.finditer(text)]
    start, end = spans[rng.randrange(len(spans))]
    choice = rng.random()
    if choice < 0.4:
        new = ""
    elif choice < 0.8:
        new = rng.choice(REPLACEMENTS)
    else:
        new = text[start:end] * 2
    return text[:start] + new + text[end:]


SIZES = ["0", "1", "2", "3", "4", "?"]
ELEMENT_TYPES = ["f16", "bf16", "f32", "f64", "i1", "i8", "i32", "i64"]
LETTERS = "ijkab.,->"


def mutate_semantics(rng, text):
    """Changes a size, an element type, a subscript or a dim list while
    keeping the text parseable: exercises verifiers, inference and folds."""
    choice = rng.random()
    if choice < 0.4:
        # A size inside a tensor type.
        spots = [m.span(1) for m in re.finditer(r"[<x](\d+|\?)(?=x)", text)]
        new = rng.choice(SIZES)
    elif choice < 0.6:
        spots = [m.span() for m in re.finditer(r"\b(?:b?f16|f32|f64|i1|i8|i32|i64)\b", text)]
        new = rng.choice(ELEMENT_TYPES)
    elif choice < 0.8:
        # One character of an einsum equation.
        spots = [(m.start(1) + i, m.start(1) + i + 1)
                 for m in re.finditer(r'einsum "([^"]*)"', text)
                 for i in range(len(m.group(1)) + 1)]
        new = rng.choice(LETTERS)
    else:
        # An entry of a dims or permutation list.
        spots = [m.span() for m in re.finditer(r"(?<=[\[ ])-?\d+(?=[,\]])", text)]
        new = str(rng.randint(-1, 3))
    if not spots:
        return text
    start, end = rng.choice(spots)
    return text[:start] + new + text[end:]


def mutate(rng, text):
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.25:
            text = mutate_syntax(rng, text)
        else:
            text = mutate_semantics(rng, text)
    return text


def run_tensor_opt(tensor_opt, program, passes, timeout):
    """tensor-opt's exit code on `program`, or None if it hung."""
    try:
        result = subprocess.run(
            [tensor_opt, "-", *passes], input=program, text=True,
            capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, ""
    return result.returncode, result.stderr


def report(run, code, program, stderr):
    what = "hung" if code is None else f"exited with {code}"
    print(f"run {run}: tensor-opt {what} on:\n{program}\n--- stderr ---\n"
          f"{stderr[-4000:]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tensor_opt")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--replay", action="store_true",
                        help="run the corpus itself, unmutated")
    parser.add_argument("--time-limit", type=float, default=30,
                        help="seconds one program may take (a batch: that "
                        "many times its size)")
    argv = sys.argv[1:]
    passes = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)

    corpus = []
    for path in args.files:
        with open(path) as f:
            corpus += programs(f.read())
    rng = random.Random(args.seed)
    if args.replay:
        inputs = corpus
        args.runs = len(corpus)
    else:
        inputs = [mutate(rng, rng.choice(corpus)) for _ in range(args.runs)]
    what = "programs" if args.replay else "mutated programs"
    if args.batch > 1:
        for start in range(0, len(inputs), args.batch):
            batch = inputs[start:start + args.batch]
            code, stderr = run_tensor_opt(
                args.tensor_opt, "\n// -----\n".join(batch),
                ["--split-input-file", *passes],
                args.time_limit * len(batch))
            if code in (0, 1):
                continue
            # Replay the batch one program at a time to find the culprit.
            for offset, program in enumerate(batch):
                code, stderr = run_tensor_opt(
                    args.tensor_opt, program, passes, args.time_limit)
                if code not in (0, 1):
                    report(start + offset, code, program, stderr)
                    return 1
            print(f"batch at {start}: tensor-opt exited with {code}, but no "
                  f"program of it does alone:\n{stderr[-4000:]}")
            return 1
        print(f"{args.runs} {what} in batches of {args.batch}: none crashed")
        return 0
    outcomes = {0: 0, 1: 0}
    for run, program in enumerate(inputs):
        code, stderr = run_tensor_opt(args.tensor_opt, program, passes,
                                      args.time_limit)
        if code not in outcomes:
            report(run, code, program, stderr)
            return 1
        outcomes[code] += 1
    print(f"{args.runs} {what}: {outcomes[0]} accepted, "
          f"{outcomes[1]} rejected with a diagnostic, none crashed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
