#!/usr/bin/env python3
"""Export a PyTorch segmentation model to ONNX for FOLIO_BG_MODEL, with its description.

Folio runs an operator's own background-removal model from an ONNX file and a small JSON
(docs/background-removal.md, "Your own model"). This script makes both from the PyTorch
weights of the architectures below, which you download yourself, with the model code from
their authors' repositories (a clone or a source archive). Nothing is downloaded here.

Needs only Debian packages:   apt install python3-torch python3-onnx

    # U²-Net full (176 MB, Apache-2.0): https://github.com/xuebinqin/U-2-Net, saved_models/u2net/u2net.pth
    python3 scripts/convert-bg-model.py --arch u2net --code ~/src/U-2-Net \\
        --weights ~/weights/u2net.pth --out /srv/folio/models/u2net.onnx

    # IS-Net / DIS (Apache-2.0): https://github.com/xuebinqin/DIS, isnet-general-use.pth
    python3 scripts/convert-bg-model.py --arch isnet --code ~/src/DIS/IS-Net \\
        --weights ~/weights/isnet-general-use.pth --out /srv/folio/models/isnet.onnx

It writes <out> and <out minus .onnx>.json; set FOLIO_BG_MODEL to the JSON. Check the
licence of the weights you use: some published fine-tunes are not for commercial use.

A model already published as ONNX (BiRefNet's releases, rembg's files) needs no conversion:
write its JSON by hand from the table in the documentation.
"""
import argparse
import hashlib
import json
import os
import sys

# How each architecture is fed and read, as its authors' inference code does it.
ARCHS = {
    # model/u2net.py: U2NET (full) and U2NETP; RGB / image max, ImageNet mean/std; d0 after sigmoid
    "u2net": dict(module="model.u2net", cls="U2NET", size=320, scale="max",
                  mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225], activation="none"),
    "u2netp": dict(module="model.u2net", cls="U2NETP", size=320, scale="max",
                   mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225], activation="none"),
    # IS-Net/models/isnet.py: ISNetDIS; RGB / 255, mean 0.5, std 1; first side output after sigmoid
    "isnet": dict(module="models.isnet", cls="ISNetDIS", size=1024, scale="255",
                  mean=[0.5, 0.5, 0.5], std=[1.0, 1.0, 1.0], activation="none"),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--arch", required=True, choices=sorted(ARCHS))
    ap.add_argument("--code", required=True, help="folder holding the authors' model package (model/ or models/)")
    ap.add_argument("--weights", required=True, help="the .pth state dict")
    ap.add_argument("--out", required=True, help="the .onnx file to write")
    ap.add_argument("--name", help="model name in Folio (default: the file's stem)")
    ap.add_argument("--opset", type=int, default=17)
    args = ap.parse_args()

    import torch  # python3-torch
    import onnx  # python3-onnx

    spec = ARCHS[args.arch]
    sys.path.insert(0, os.path.abspath(args.code))
    module = __import__(spec["module"], fromlist=[spec["cls"]])
    net = getattr(module, spec["cls"])()
    state = torch.load(args.weights, map_location="cpu")
    net.load_state_dict(state)
    net.eval()

    class FirstOutput(torch.nn.Module):
        """The architectures return several side outputs; Folio reads the fused one."""

        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, x):
            out = self.inner(x)
            while isinstance(out, (list, tuple)):
                out = out[0]
            return out

    size = spec["size"]
    dummy = torch.zeros(1, 3, size, size)
    with torch.no_grad():
        torch.onnx.export(FirstOutput(net), dummy, args.out, input_names=["input"], output_names=["mask"],
                          opset_version=args.opset, do_constant_folding=True)
    onnx.checker.check_model(onnx.load(args.out))

    with open(args.out, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    stem = os.path.splitext(os.path.basename(args.out))[0]
    description = {
        "name": (args.name or stem).lower(),
        "file": os.path.basename(args.out),
        "sha256": digest,
        "input": {"name": "input", "size": size, "scale": spec["scale"], "mean": spec["mean"], "std": spec["std"]},
        "output": {"name": "mask", "activation": spec["activation"], "normalise": "min_max"},
    }
    json_path = os.path.splitext(args.out)[0] + ".json"
    with open(json_path, "w") as f:
        json.dump(description, f, indent=2)
        f.write("\n")
    print(f"wrote {args.out} (sha256 {digest}) and {json_path}; set FOLIO_BG_MODEL={os.path.abspath(json_path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
