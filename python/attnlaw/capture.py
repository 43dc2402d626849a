"""Pre-softmax attention logits of a PyTorch model, per layer and head, for attnlaw.diagnose.

    with attnlaw.capture.AttentionCapture(model) as capture:   # every nn.MultiheadAttention
        model(tokens)
    stats = capture.diagnose(beta=1.0)                  # {"layer0": {...}, ...}, arrays [batch, heads, rows]
    capture.save("logits.safetensors")                  # then: attnlaw diagnose logits.safetensors

nn.MultiheadAttention never materialises its logits when it takes a fused path, so they are
recomputed from its inputs and in_proj weights: (q W_q + b_q)(k W_k + b_k)^T / sqrt(head_dim) per
head, with attn_mask and key_padding_mask applied (boolean True and -inf entries become -inf, float
masks are added). For attention written by hand (q @ k^T, or a fused kernel such as
F.scaled_dot_product_attention), name the modules whose outputs are q and k with
add_projections(); their logits are q k^T * scale, scale = 1/sqrt(head_dim) unless given.
Logits are recorded in float32 (float64 if the model runs in float64), on the CPU, once per
forward call.
"""
import inspect
import math

import torch

from . import diagnose as _diagnose
from . import safetensors as _safetensors


def _as_bool_or_additive(mask, logits):
    # Boolean masks mark the refused keys (True); float masks are added, -inf refusing a key.
    if mask.dtype == torch.bool:
        return logits.masked_fill(mask, float("-inf"))
    return logits + mask.to(logits.dtype)


def multihead_attention_logits(module, query, key, key_padding_mask=None, attn_mask=None):
    """The logits [batch, heads, L, S] nn.MultiheadAttention `module` applies softmax to."""
    if module.bias_k is not None or module.add_zero_attn:
        raise NotImplementedError("attnlaw.capture: nn.MultiheadAttention with add_bias_kv or add_zero_attn")
    batched = query.dim() == 3
    if not batched:
        query, key = query.unsqueeze(0), key.unsqueeze(0)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    elif not module.batch_first:
        query, key = query.transpose(0, 1), key.transpose(0, 1)
    embed = module.embed_dim
    heads = module.num_heads
    head_dim = embed // heads
    if module._qkv_same_embed_dim:
        w_q, w_k = module.in_proj_weight[:embed], module.in_proj_weight[embed : 2 * embed]
    else:
        w_q, w_k = module.q_proj_weight, module.k_proj_weight
    b_q = b_k = None
    if module.in_proj_bias is not None:
        b_q, b_k = module.in_proj_bias[:embed], module.in_proj_bias[embed : 2 * embed]
    q = torch.nn.functional.linear(query, w_q, b_q)  # [batch, L, embed]
    k = torch.nn.functional.linear(key, w_k, b_k)  # [batch, S, embed]
    return _head_logits(q, k, heads, 1 / math.sqrt(head_dim), key_padding_mask, attn_mask)


def _split_heads(x, heads):
    if x.dim() == 4:  # already [batch, heads, L, head_dim]
        return x
    batch, length, width = x.shape
    return x.reshape(batch, length, heads, width // heads).transpose(1, 2)


def _head_logits(q, k, heads, scale, key_padding_mask=None, attn_mask=None):
    q, k = _split_heads(q, heads), _split_heads(k, heads)
    logits = torch.matmul(q, k.transpose(-2, -1)) * scale  # [batch, heads, L, S]
    if attn_mask is not None:
        if attn_mask.dim() == 3:  # [batch * heads, L, S]
            attn_mask = attn_mask.reshape(logits.shape)
        logits = _as_bool_or_additive(attn_mask, logits)
    if key_padding_mask is not None:
        logits = _as_bool_or_additive(key_padding_mask[:, None, None, :], logits)
    return logits


def _record(tensor):
    tensor = tensor.detach()
    return (tensor if tensor.dtype == torch.float64 else tensor.float()).cpu()


class AttentionCapture:
    """Collects the logits of the attention modules of `model` while active (a context manager).

    modules: the nn.MultiheadAttention instances to hook; default all of model's, named layer0,
    layer1, ... in model.named_modules() order (module_names maps them to their paths).
    """

    def __init__(self, model=None, modules=None):
        self.logits = {}  # name -> [tensor [batch, heads, L, S] per forward call]
        self.module_names = {}  # name -> the module's path in model
        self._attention = []
        self._projections = []
        self._handles = []
        self._restore = []
        if modules is None and model is not None:
            modules = [(path, m) for path, m in model.named_modules() if isinstance(m, torch.nn.MultiheadAttention)]
        for path, module in modules or []:
            name = f"layer{len(self._attention)}"
            self._attention.append((name, module))
            self.module_names[name] = path
        self._model = model

    def add_projections(self, q_module, k_module, num_heads, name=None, scale=None, causal=False, mask=None):
        """Hand-written attention: logits = q k^T * scale from the outputs of q_module and k_module,
        each [batch, L, heads * head_dim] or [batch, heads, L, head_dim] (the q and k the scores
        are formed from: after rotary embeddings, if any). causal=True refuses the future keys;
        mask: a boolean (True = refused) or additive tensor broadcasting to [batch, heads, L, S]."""
        name = name or f"layer{len(self._attention) + len(self._projections)}"
        self._projections.append((name, q_module, k_module, num_heads, scale, causal, mask))
        return name

    def __enter__(self):
        for name, module in self._attention:
            self._wrap_multihead(name, module)
        for spec in self._projections:
            self._hook_projections(*spec)
        # nn.TransformerEncoderLayer's fused fast path (eval mode, no grad) never calls its
        # self_attn: one of the conditions it checks, activation_relu_or_gelu, is switched off
        # while capturing. It affects nothing else, so the outputs are unchanged.
        if self._model is not None:
            for m in self._model.modules():
                if isinstance(m, torch.nn.TransformerEncoderLayer) and getattr(m, "activation_relu_or_gelu", 0):
                    self._restore.append((m, "activation_relu_or_gelu", m.activation_relu_or_gelu))
                    m.activation_relu_or_gelu = 0
        return self

    def __exit__(self, *exc):
        for handle in self._handles:
            handle.remove()
        for obj, attr, value in reversed(self._restore):
            if value is None:
                delattr(obj, attr)
            else:
                setattr(obj, attr, value)
        self._handles, self._restore = [], []
        return False

    def _wrap_multihead(self, name, module):
        original = module.forward
        signature = inspect.signature(original)

        def forward(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            a = bound.arguments
            with torch.no_grad():
                logits = multihead_attention_logits(module, a["query"], a["key"], a.get("key_padding_mask"),
                                                    a.get("attn_mask"))
            self.logits.setdefault(name, []).append(_record(logits))
            return original(*args, **kwargs)

        # An instance attribute shadows the class's forward; deleting it restores the module.
        self._restore.append((module, "forward", module.__dict__.get("forward")))
        module.forward = forward

    def _hook_projections(self, name, q_module, k_module, num_heads, scale, causal, mask):
        pending = {}

        def keep_q(_module, _inputs, output):
            pending["q"] = output.detach()

        def form_logits(_module, _inputs, output):
            q, k = pending.pop("q"), output.detach()
            q_heads = _split_heads(q, num_heads)
            s = scale if scale is not None else 1 / math.sqrt(q_heads.shape[-1])
            refused = mask
            if causal:
                length, keys = q_heads.shape[-2], _split_heads(k, num_heads).shape[-2]
                future = torch.ones(length, keys, dtype=torch.bool, device=q.device).triu(keys - length + 1)
                refused = future if refused is None else (refused | future if refused.dtype == torch.bool else
                                                          refused.masked_fill(future, float("-inf")))
            with torch.no_grad():
                logits = _head_logits(q, k, num_heads, s, attn_mask=refused)
            self.logits.setdefault(name, []).append(_record(logits))

        # q is computed before k in every layer we know; the k hook pairs it with the last q.
        self._handles.append(q_module.register_forward_hook(keep_q))
        self._handles.append(k_module.register_forward_hook(form_logits))

    def layer_logits(self, name):
        """The logits of layer `name`, [batch, heads, L, S], the forward calls concatenated on batch."""
        return torch.cat(self.logits[name], dim=0)

    def diagnose(self, beta=1.0):
        """{layer: attnlaw.diagnose of its logits}, arrays shaped [batch, heads, L]."""
        return {name: _diagnose(self.layer_logits(name).numpy(), beta) for name in self.logits}

    def tensors(self):
        """{"layer0.head1": array [batch, L, S], ...}: the layout `attnlaw diagnose` reports per head."""
        out = {}
        for name in self.logits:
            logits = self.layer_logits(name)
            for head in range(logits.shape[1]):
                out[f"{name}.head{head}"] = logits[:, head].numpy()
        return out

    def save(self, path, metadata=None):
        """Writes tensors() to a .safetensors file that `attnlaw diagnose` reads."""
        meta = {"format": "pt", "logits": "pre-softmax q.k^T * scale, refused keys = -inf"}
        meta.update({f"{name}.module": path for name, path in self.module_names.items()})
        meta.update(metadata or {})
        _safetensors.save(path, self.tensors(), meta)
