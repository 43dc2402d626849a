"""attnlaw: gap statistics of softmax attention rows and the reference laws of the attnlaw CLI.

diagnose(logits, beta=1.0)  per-row Lambda, Delta_Lambda, alpha_n, entropy, regime, ... of an array
reference(law, **params)    the document `attnlaw reference LAW --json` prints, as a dict
capture                     PyTorch hooks collecting pre-softmax logits (imports torch on use)
"""
import json as _json
import numbers as _numbers

from . import _core

__version__ = _core.__version__

#: regime codes -> names, in the order of attention::Regime
REGIMES = tuple(_core.regime_names)


def diagnose(logits, beta=1.0):
    """Per-row statistics of attention logits, by the kernel behind `attnlaw diagnose`.

    logits: array-like of float16, float32 or float64 with rows on the last axis (one row = the
    logits of one query over its keys); -inf marks a masked key. A C-contiguous native-endian
    array is read in place; any other is copied once. beta: the inverse temperature (>= 0) of
    entropy, top_weight, top_two_difference and regime.

    Returns a dict of NumPy arrays shaped like the leading axes (logits.shape[:-1]):
      Lambda, beta_crit        accumulation scale sup_t log N(t)/t, and beta_crit (its estimate
                               of the critical inverse temperature); +inf with ties at the top
      Delta_Lambda, alpha_n    contact gap, exponent C_n / log n
      entropy, top_weight, top_two_difference   softmax at beta
      ratio                    beta / Lambda
      regime                   str: 'unseparated', 'critical window', 'collapsed' or 'tied'
      n, masked, ties          unmasked length, -inf count, top tied
    Raises ValueError naming the row (its index in the leading axes) for a NaN or +inf entry or
    a fully masked row, and for a wrong dtype, a 0-d array, an empty last axis or a bad beta.
    """
    import numpy as np

    out = _core.diagnose(logits, beta)
    # Names, not codes: `(d["regime"] == "collapsed").mean()` reads as what it computes.
    out["regime"] = np.array(REGIMES)[out["regime"]]
    return out


def _option_text(name, value):
    if isinstance(value, bool):
        raise ValueError(f"--{name}: expected a number or text, got {value!r}")
    if isinstance(value, str):
        return value
    if isinstance(value, _numbers.Integral):
        return str(int(value))
    if isinstance(value, _numbers.Real):
        # repr is the shortest text that reads back as the same double: the CLI parses that double.
        return repr(float(value))
    try:
        items = list(value)
    except TypeError:
        raise ValueError(f"--{name}: expected a number, text or a list of numbers, got {value!r}") from None
    return ",".join(_option_text(name, item) for item in items)


def reference(law, **params):
    """The document `attnlaw reference LAW --opt value ... --json` prints, as a dict.

    Keyword names are the CLI's options without the dashes, '_' for '-' (alpha=0.5 is --alpha 0.5);
    lists give comma-separated values (quantile=[0.25, 0.75]). A refusal raises ValueError with the
    CLI's message. laws() lists the laws and their options.
    """
    options = {"--" + key.replace("_", "-"): _option_text(key, value) for key, value in params.items()}
    return _json.loads(_core.reference(law.replace("_", "-"), options))


def laws():
    """{law: {"description": ..., "options": {option: (help, required)}}} of reference()."""
    return {
        name: {"description": description, "options": {option: (help, required) for option, help, required in params}}
        for name, description, params in _core.laws()
    }


def __getattr__(name):
    # capture imports torch (seconds): only when asked for.
    if name == "capture":
        from . import capture

        return capture
    raise AttributeError(f"module 'attnlaw' has no attribute {name!r}")
