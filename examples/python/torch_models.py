#!/usr/bin/env python3
"""PyTorch modules compiled by ten: `torch.compile(model, backend="ten")`
on an MLP and a transformer block (layer norm, multi-head attention, a GELU
MLP), checked against eager PyTorch, with the split of each graph between
ten and PyTorch. The modules are also those of the backend's tests and of
bench/torch_compile.py.

    PYTHONPATH=build/python python3 examples/python/torch_models.py
"""

import torch
from torch import nn


class MLP(nn.Module):
    """Linear layers of `sizes` with ReLUs between them."""

    def __init__(self, sizes=(32, 64, 64, 10)):
        super().__init__()
        layers = []
        for n_in, n_out in zip(sizes, sizes[1:]):
            layers += [nn.Linear(n_in, n_out), nn.ReLU()]
        self.layers = nn.Sequential(*layers[:-1])

    def forward(self, x):
        return self.layers(x)


class Block(nn.Module):
    """A transformer block: layer norm, multi-head attention, GELU MLP."""

    def __init__(self, d=64, heads=4):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.out = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(),
                                 nn.Linear(4 * d, d))
        self.heads = heads

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        q, k, v = (z.view(b, t, self.heads, -1).transpose(1, 2)
                   for z in (q, k, v))
        scores = q @ k.transpose(-1, -2) / (d // self.heads) ** 0.5
        attended = torch.softmax(scores, dim=-1) @ v
        x = x + self.out(attended.transpose(1, 2).reshape(b, t, d))
        return x + self.mlp(self.norm2(x))


def main():
    import ten  # noqa: F401  (the backend is found by name either way)
    from ten import torch_backend

    torch.manual_seed(0)
    for model, x in ((MLP(), torch.randn(16, 32)),
                     (Block().eval(), torch.randn(2, 16, 64))):
        with torch.no_grad():
            got = torch.compile(model, backend="ten")(x)
            torch.testing.assert_close(got, model(x), rtol=1e-4, atol=1e-4)
        report = torch_backend.reports[-1]
        print(f"{type(model).__name__}: {report.ten_nodes} operators in "
              f"{report.ten_parts} ten program(s), {report.torch_nodes} left "
              "to PyTorch; matches eager PyTorch")
    return torch_backend.reports


if __name__ == "__main__":
    main()
