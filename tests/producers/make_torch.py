"""Trace real PyTorch programs through PyTorch/XLA (lazy tensors on the CPU PJRT device) into
testdata/producers/torch/: per program the HLO text of the pending graph
(`torch_xla._XLAC._get_xla_tensors_hlo(outputs)`), its StableHLO (`xm.get_stablehlo(outputs)`), the
graph's device-data leaves as inputs (in parameter order: `_get_tensors_xla_device_data_node`, which
includes the Python scalars such as the learning rate that torch_xla passes as f32[] parameters), and
torch_xla's own outputs (small size), and bench/NAME.hlo (bench size). Deterministic: weights from
torch.manual_seed (random initialisation, nothing downloaded).

    HLOC_XLA_PYTHON=../.venv-xla/bin/python torch-venv/bin/python tests/producers/make_torch.py
                                                        # torch 2.9.0 + torch_xla 2.9.0
    HLOC_PRODUCER_ONLY=torch_mlp python tests/producers/make_torch.py

corpus_writer.finish() checks every text on XLA:CPU (in ../.venv-xla, or $HLOC_XLA_PYTHON) and writes
MANIFEST.json.
"""

from __future__ import annotations

import os
import sys
from importlib.metadata import version
from pathlib import Path

os.environ.setdefault("PJRT_DEVICE", "CPU")

import torch  # noqa: E402
import torch_xla  # noqa: E402
import torch_xla.core.xla_model as xm  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus_writer import Corpus  # noqa: E402

VERSIONS = {p: version(p) for p in ("torch", "torch_xla", "numpy")}
PROGRAMS = {}
DEV = torch_xla.device()


def program(description: str):
    def register(builder):
        PROGRAMS[builder.__name__] = (builder, description)
        return builder

    return register


def small(size: str) -> bool:
    return size == "small"


def data(*shape, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(*shape, generator=g).to(DEV)


@program("torch.nn MLP forward: Linear + GELU + LayerNorm + Linear (every Linear weight transposed with a "
         "non-default layout in the unoptimized module)")
def torch_mlp(size):
    torch.manual_seed(0)
    fin, hid, b = (16, 32, 8) if small(size) else (1024, 4096, 256)
    model = torch.nn.Sequential(torch.nn.Linear(fin, hid), torch.nn.GELU(), torch.nn.LayerNorm(hid),
                                torch.nn.Linear(hid, 10)).to(DEV)
    return [model(data(b, fin))]


def cnn(size):
    torch.manual_seed(1)
    ch = 8 if small(size) else 64
    return torch.nn.Sequential(
        torch.nn.Conv2d(3, ch, 3, padding=1, bias=False), torch.nn.BatchNorm2d(ch), torch.nn.ReLU(),
        torch.nn.Conv2d(ch, ch, 3, padding=1, bias=False), torch.nn.BatchNorm2d(ch), torch.nn.ReLU(),
        torch.nn.MaxPool2d(2), torch.nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1), torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(2 * ch, 10)).to(DEV)


@program("torch CNN forward in eval mode: Conv2d + BatchNorm2d (batch-norm-inference) + ReLU, MaxPool2d, "
         "AdaptiveAvgPool2d, Linear")
def torch_cnn_bn(size):
    model = cnn(size).eval()
    b, hw = (2, 16) if small(size) else (32, 32)
    return [model(data(b, 3, hw, hw, seed=1))]


@program("torch.nn.TransformerEncoderLayer forward (batch_first, eval mode: no dropout)")
def torch_transformer_encoder(size):
    torch.manual_seed(2)
    d, heads, t, b = (32, 4, 16, 2) if small(size) else (256, 8, 128, 4)
    layer = torch.nn.TransformerEncoderLayer(d, heads, dim_feedforward=4 * d, batch_first=True).to(DEV).eval()
    return [layer(data(b, t, d, seed=2))]


@program("torch.nn.LSTM forward, two layers (torch_xla unrolls the time loop)")
def torch_lstm(size):
    torch.manual_seed(3)
    f, h, t, b = (4, 16, 6, 2) if small(size) else (64, 256, 32, 16)
    lstm = torch.nn.LSTM(f, h, num_layers=2, batch_first=True).to(DEV)
    out, (hn, cn) = lstm(data(b, t, f, seed=3))
    return [out, hn, cn]


@program("torch training step: CNN with BatchNorm2d in train mode (running statistics updated), "
         "cross-entropy, backward, torch.optim.SGD with momentum (second step: momentum buffers are inputs)")
def torch_train_step(size):
    model = cnn(size).train()
    b, hw = (4, 16) if small(size) else (32, 32)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    x, y = data(b, 3, hw, hw, seed=4), torch.randint(0, 10, (b,), generator=torch.Generator().manual_seed(4)).to(DEV)

    def step():
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss

    step()
    torch_xla.sync()
    loss = step()
    buffers = [opt.state[p]["momentum_buffer"] for p in model.parameters()]
    return [loss, *model.parameters(), *buffers, *model.buffers()]


@program("torch training step: MLP, mean-squared error, backward, torch.optim.AdamW (second step)")
def torch_adamw_step(size):
    torch.manual_seed(5)
    fin, hid, b = (16, 32, 8) if small(size) else (1024, 2048, 256)
    model = torch.nn.Sequential(torch.nn.Linear(fin, hid), torch.nn.ReLU(), torch.nn.Linear(hid, 4)).to(DEV)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    x, y = data(b, fin, seed=5), data(b, 4, seed=6)

    def step():
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss

    step()
    torch_xla.sync()
    loss = step()
    state = [t for p in model.parameters() for t in (opt.state[p]["exp_avg"], opt.state[p]["exp_avg_sq"])]
    return [loss, *model.parameters(), *state]


def main() -> int:
    corpus = Corpus("torch", VERSIONS)
    for name, (builder, description) in PROGRAMS.items():
        if not corpus.wanted(name):
            continue
        for size in ("small", "bench"):
            outs = [t.detach() if t.requires_grad else t for t in builder(size)]
            hlo = torch_xla._XLAC._get_xla_tensors_hlo(outs)
            _, leaves = torch_xla._XLAC._get_tensors_xla_device_data_node(outs)
            inputs = [t.cpu().numpy() for t in leaves]
            if size == "small":
                stablehlo = xm.get_stablehlo(outs)
                torch_xla._XLAC._xla_sync_multi(outs, [], wait=True)
                corpus.add_small(name, hlo, inputs, [t.cpu().numpy() for t in outs], description, stablehlo)
            else:
                corpus.add_bench(name, hlo, inputs, description)
            torch_xla.sync()
    corpus.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main())
