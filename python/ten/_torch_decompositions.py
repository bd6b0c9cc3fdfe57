"""Decompositions of PyTorch's fused inference operators into Core ATen
ones, for the torch backend (torch_backend.py).

`nn.TransformerEncoderLayer` and `nn.MultiheadAttention` in inference (eval
mode, no gradient) call one fused operator each, which PyTorch's own
decomposition table lacks: without these, every layer would run in
PyTorch. They compute what the fused kernels do (aten/src/ATen/native/
transformers), NaNs of fully masked rows included.
"""

import torch
import torch.nn.functional as F

aten = torch.ops.aten


def _attention_mask(mask, mask_type, batch, source):
    """The fused kernels' boolean mask (True: masked out) in a shape that
    broadcasts against the scores (batch, heads, target, source): type 0 is
    (target, source), type 1 a key padding mask (batch, source), type 2
    already broadcastable. A floating mask masks where it is nonzero, as
    the kernels read it (the -inf and 0 of a canonical mask)."""
    if mask.dtype != torch.bool:
        mask = mask != 0
    if mask_type == 1:
        mask = mask.view(batch, 1, 1, source)
    return mask


def native_multi_head_attention(query, key, value, embed_dim, num_head,
                                qkv_weight, qkv_bias, proj_weight, proj_bias,
                                mask=None, need_weights=True,
                                average_attn_weights=True, mask_type=None):
    batch, target, source = query.shape[0], query.shape[1], key.shape[1]
    head_dim = embed_dim // num_head
    weights = qkv_weight.chunk(3, 0)
    biases = qkv_bias.chunk(3, 0)

    def heads(x, index, length):
        projected = F.linear(x, weights[index], biases[index])
        return projected.view(batch, length, num_head,
                              head_dim).transpose(1, 2)

    q = heads(query, 0, target)
    k = heads(key, 1, source)
    v = heads(value, 2, source)
    scores = (q / head_dim**0.5) @ k.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(
            _attention_mask(mask, mask_type, batch, source), float("-inf"))
    attention = scores.softmax(-1)
    out = (attention @ v).transpose(1, 2).reshape(batch, target, embed_dim)
    out = F.linear(out, proj_weight, proj_bias)
    if not need_weights:
        # The fused kernel's undefined tensor: None in Python.
        return out, None
    if average_attn_weights:
        attention = attention.mean(1)
    return out, attention


def transformer_encoder_layer_fwd(src, embed_dim, num_heads, qkv_weight,
                                  qkv_bias, proj_weight, proj_bias, use_gelu,
                                  norm_first, eps, norm_weight_1, norm_bias_1,
                                  norm_weight_2, norm_bias_2, ffn_weight_1,
                                  ffn_bias_1, ffn_weight_2, ffn_bias_2,
                                  mask=None, mask_type=None):
    if src.numel() == 0:
        return src.clone()

    def norm(x, weight, bias):
        return F.layer_norm(x, (embed_dim,), weight, bias, eps)

    x = norm(src, norm_weight_1, norm_bias_1) if norm_first else src
    x = native_multi_head_attention(
        x, x, x, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight,
        proj_bias, mask, False, True, mask_type)[0] + src
    if not norm_first:
        x = norm(x, norm_weight_1, norm_bias_1)
    residual = x
    if norm_first:
        x = norm(x, norm_weight_2, norm_bias_2)
    hidden = F.linear(x, ffn_weight_1, ffn_bias_1)
    hidden = F.gelu(hidden) if use_gelu else F.relu(hidden)
    x = F.linear(hidden, ffn_weight_2, ffn_bias_2) + residual
    if not norm_first:
        x = norm(x, norm_weight_2, norm_bias_2)
    return x


def table():
    """The decompositions above, by operator."""
    return {
        aten._native_multi_head_attention.default:
            native_multi_head_attention,
        aten._transformer_encoder_layer_fwd.default:
            transformer_encoder_layer_fwd,
    }
