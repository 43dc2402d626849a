"""attnlaw.capture on a tiny nn.TransformerEncoder and on hand-written q @ k^T attention: the
captured logits against a direct computation from the weights, and their diagnosis."""
import math
import os
import subprocess
import json
import tempfile
import unittest

import numpy as np
import torch

import attnlaw
import attnlaw.capture

CLI = os.environ["ATTNLAW_CLI"]


def direct_mha_logits(mha, x, key_padding_mask):
    """[batch, heads, L, L] of a batch_first self-attention from its in_proj weights."""
    e, h = mha.embed_dim, mha.num_heads
    w, b = mha.in_proj_weight, mha.in_proj_bias
    q = (x @ w[:e].T + b[:e]).reshape(x.shape[0], x.shape[1], h, e // h).transpose(1, 2)
    k = (x @ w[e : 2 * e].T + b[e : 2 * e]).reshape(x.shape[0], x.shape[1], h, e // h).transpose(1, 2)
    logits = q @ k.transpose(-1, -2) / math.sqrt(e // h)
    return logits.masked_fill(key_padding_mask[:, None, None, :], float("-inf"))


class HandWrittenAttention(torch.nn.Module):
    """Causal attention computing its scores explicitly, keeping them for the test."""

    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.q_proj = torch.nn.Linear(width, width)
        self.k_proj = torch.nn.Linear(width, width)
        self.v_proj = torch.nn.Linear(width, width)

    def forward(self, x):
        batch, length, width = x.shape
        split = lambda t: t.reshape(batch, length, self.heads, width // self.heads).transpose(1, 2)
        q, k, v = split(self.q_proj(x)), split(self.k_proj(x)), split(self.v_proj(x))
        scores = q @ k.transpose(-1, -2) / math.sqrt(width // self.heads)
        future = torch.ones(length, length, dtype=torch.bool).triu(1)
        self.scores = scores.masked_fill(future, float("-inf"))
        return (self.scores.softmax(-1) @ v).transpose(1, 2).reshape(batch, length, width)


class Capture(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(0)

    def test_transformer_encoder(self):
        layer = torch.nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0, batch_first=True)
        model = torch.nn.TransformerEncoder(layer, num_layers=2).eval()
        x = torch.randn(3, 12, 16)
        padding = torch.zeros(3, 12, dtype=torch.bool)
        padding[1, 9:] = True  # the second sequence is 9 tokens long
        with torch.no_grad():
            expected_output = model(x, src_key_padding_mask=padding)
            # eval + no_grad is the fused fast path, which never calls self_attn: the capture
            # must see the layers all the same.
            with attnlaw.capture.AttentionCapture(model) as capture:
                output = model(x, src_key_padding_mask=padding)
            self.assertEqual(sorted(capture.logits), ["layer0", "layer1"])
            self.assertEqual(capture.module_names["layer1"], "layers.1.self_attn")
            inputs = [x, model.layers[0](x, src_key_padding_mask=padding)]
            direct = [direct_mha_logits(model.layers[i].self_attn, inputs[i], padding) for i in range(2)]
        # Outputs may differ where the fast path drops padded rows; the real rows must agree.
        real = ~padding
        torch.testing.assert_close(output[real], expected_output[real], atol=1e-5, rtol=1e-5)
        for i in range(2):
            got = capture.layer_logits(f"layer{i}")
            self.assertEqual(tuple(got.shape), (3, 2, 12, 12))
            torch.testing.assert_close(got, direct[i], atol=1e-5, rtol=0)
            self.assertTrue(torch.isneginf(got[1, :, :, 9:]).all())
            ours = capture.diagnose(beta=1.0)[f"layer{i}"]
            theirs = attnlaw.diagnose(direct[i].numpy(), beta=1.0)
            self.assertEqual(ours["Lambda"].shape, (3, 2, 12))
            np.testing.assert_array_equal(ours["masked"], theirs["masked"])
            np.testing.assert_allclose(ours["Lambda"], theirs["Lambda"], rtol=1e-4)
            np.testing.assert_array_equal(ours["n"][1], 9)
        # No hooks left behind: a later call records nothing.
        with torch.no_grad():
            model(x, src_key_padding_mask=padding)
        self.assertEqual(len(capture.logits["layer0"]), 1)
        self.assertNotIn("forward", model.layers[0].self_attn.__dict__)

    def test_hand_written_attention_and_safetensors(self):
        model = HandWrittenAttention(width=16, heads=2)
        x = torch.randn(2, 10, 16)
        capture = attnlaw.capture.AttentionCapture()
        name = capture.add_projections(model.q_proj, model.k_proj, num_heads=2, causal=True)
        with capture, torch.no_grad():
            model(x)
        got = capture.layer_logits(name)
        torch.testing.assert_close(got, model.scores, atol=1e-5, rtol=0)
        ours = capture.diagnose()[name]
        np.testing.assert_array_equal(ours["n"][0, 0], np.arange(1, 11))
        # The same logits to float32 rounding (the model divides by sqrt(d), the capture multiplies).
        np.testing.assert_allclose(ours["Lambda"], attnlaw.diagnose(model.scores.detach().numpy())["Lambda"], rtol=1e-4)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "logits.safetensors")
            capture.save(path, {"model": "HandWrittenAttention"})
            doc = json.loads(subprocess.run([CLI, "diagnose", "--json", path], check=True, capture_output=True,
                                            text=True).stdout)
        tensors = {f["tensor"]: f for f in doc["files"]}
        self.assertEqual(sorted(tensors), ["layer0.head0", "layer0.head1"])
        lambdas = [r["Lambda"] for r in tensors["layer0.head1"]["rows"]]
        expected = ours["Lambda"][:, 1].reshape(-1)
        self.assertEqual([math.inf if v is None else v for v in lambdas], expected.tolist())


if __name__ == "__main__":
    unittest.main()
