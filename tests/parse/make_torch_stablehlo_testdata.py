"""Make testdata/stablehlo/torch/ again: StableHLO text from PyTorch/XLA, with inputs and torch's outputs.

    /work/venvs/torch/bin/python tests/parse/make_torch_stablehlo_testdata.py   (torch 2.9 + torch_xla 2.9)

`NAME.mlir` is `exported_program_to_stablehlo(torch.export.export(model, args)).get_stablehlo_text()`;
its `@main` takes the model's parameters and buffers, then the inputs, in the order the bundle's
input_locations give: `NAME.in<k>.npy` are those, `NAME.expected.npz` what the model returns in eager
torch on the CPU (keys out0, out1, ...), MANIFEST.tsv the tolerances.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PJRT_DEVICE", "CPU")
try:
    import numpy as np
    import torch
    from torch.export import export
    from torch_xla.stablehlo import exported_program_to_stablehlo
except ImportError:  # pragma: no cover - run by hand in the torch venv
    sys.exit("make_torch_stablehlo_testdata.py needs torch and torch_xla")

OUT = Path(__file__).resolve().parents[2] / "testdata" / "stablehlo" / "torch"


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1, self.l2 = torch.nn.Linear(16, 32), torch.nn.Linear(32, 8)

    def forward(self, x):
        return torch.log_softmax(self.l2(torch.nn.functional.gelu(self.l1(x))), -1)


class ConvNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)
        self.c2 = torch.nn.Conv2d(8, 4, 3, stride=2, groups=4)

    def forward(self, x):
        y = torch.nn.functional.max_pool2d(torch.relu(self.bn(self.c1(x))), 2)
        y = torch.nn.functional.avg_pool2d(self.c2(y), 1)
        return y, torch.nn.functional.adaptive_avg_pool2d(y, 1).flatten(1)


class Attention(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(20, 16)
        self.att = torch.nn.MultiheadAttention(16, 2, batch_first=True)
        self.ln = torch.nn.LayerNorm(16)

    def forward(self, tokens):
        h = self.emb(tokens)
        a, _ = self.att(h, h, h, need_weights=False)
        return self.ln(h + a)


class Indexing(torch.nn.Module):
    def forward(self, x, idx):
        v, i = torch.topk(x, 3, dim=1)
        s = torch.sort(x, dim=0, descending=True)
        z = torch.zeros(6, 5).index_add(0, idx, x[: idx.shape[0]])
        return v, i, s.values, s.indices, torch.cumsum(x, 1), torch.argmax(x, 1), x[idx], z, \
            torch.where(x > 0, x, -x).clamp(max=1.0), torch.gather(x, 1, idx[:, None].expand(-1, 2) % 5)


class Recurrent(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = torch.nn.GRUCell(4, 6)

    def forward(self, xs):
        h = torch.zeros(2, 6)
        outs = []
        for t in range(xs.shape[1]):
            h = self.cell(xs[:, t], h)
            outs.append(h)
        return torch.stack(outs, 1), torch.tanh(h).pow(2) + torch.sigmoid(h).rsqrt()


def _cases():
    g = torch.Generator().manual_seed(0)
    return {
        "torch_mlp": (MLP(), (torch.randn(4, 16, generator=g),), "2e-5", "2e-6"),
        "torch_convnet": (ConvNet(), (torch.randn(2, 3, 12, 12, generator=g),), "1e-4", "1e-5"),
        "torch_attention": (Attention(), (torch.randint(0, 20, (2, 5), generator=g),), "1e-4", "1e-5"),
        "torch_indexing": (Indexing(), (torch.randn(6, 5, generator=g), torch.tensor([4, 0, 2, 2])), "1e-6", "1e-6"),
        "torch_recurrent": (Recurrent(), (torch.randn(2, 3, 4, generator=g),), "2e-5", "2e-6"),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rows = ["name\trtol\tatol\tx64"]
    torch.manual_seed(0)
    for name, (model, args, rtol, atol) in _cases().items():
        model.eval()
        with torch.no_grad():
            want = model(*args)
        bundle = exported_program_to_stablehlo(export(model, args))
        func = bundle._bundle.stablehlo_funcs[0]
        state = bundle._bundle.state_dict
        inputs = []
        for loc in func.meta.input_locations:
            if loc.type_.value == "input_arg":
                inputs.append(args[loc.position])
            elif loc.type_.value == "parameter":
                inputs.append(state[loc.name])
            else:
                inputs.append(bundle._bundle.additional_constants[loc.position])
        (OUT / f"{name}.mlir").write_text(bundle.get_stablehlo_text("forward"))
        for k, a in enumerate(inputs):
            np.save(OUT / f"{name}.in{k}.npy", a.numpy() if isinstance(a, torch.Tensor) else np.asarray(a))
        outs = want if isinstance(want, tuple) else (want,)
        np.savez(OUT / f"{name}.expected.npz", **{f"out{k}": o.detach().numpy() for k, o in enumerate(outs)})
        rows.append(f"{name}\t{rtol}\t{atol}\t0")
        print(name, len(inputs), "inputs", len(outs), "outputs")
    (OUT / "MANIFEST.tsv").write_text("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
