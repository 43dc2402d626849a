"""Writing tensors in the safetensors format that `attnlaw diagnose` reads (F32 and F64).

The layout: an 8-byte little-endian header length, a JSON header mapping each name to its dtype,
shape and data_offsets (relative to the end of the header), then the raw little-endian data.
"""
import json
import struct

import numpy as np

_DTYPES = {np.dtype("<f4"): "F32", np.dtype("<f8"): "F64"}


def save(path, tensors, metadata=None):
    """Writes {name: array} to path. float16 (and bfloat16 torch tensors) are widened to float32,
    exactly; the reader takes F32 and F64 only. metadata: {str: str}, kept as __metadata__."""
    header = {}
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    blobs = []
    offset = 0
    for name, value in tensors.items():
        array = _as_numpy(value)
        if array.dtype.kind != "f":
            raise ValueError(f"safetensors.save: tensor {name!r}: expected floating-point values, got {array.dtype}")
        little = np.dtype("<f8") if array.dtype.itemsize == 8 else np.dtype("<f4")
        blob = np.ascontiguousarray(array, dtype=little).tobytes()
        header[name] = {"dtype": _DTYPES[little], "shape": list(array.shape), "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header, separators=(",", ":")).encode()
    # Padded with spaces so the data start 8-byte aligned, as the reference implementation does.
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for blob in blobs:
            f.write(blob)


def _as_numpy(value):
    if isinstance(value, np.ndarray):
        return value
    detach = getattr(value, "detach", None)
    if detach is not None:  # a torch tensor; bfloat16 has no NumPy dtype
        tensor = detach().cpu()
        if str(tensor.dtype) in ("torch.bfloat16", "torch.float16"):
            tensor = tensor.float()
        return tensor.numpy()
    return np.asarray(value)
