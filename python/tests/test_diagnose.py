"""attnlaw.diagnose against `attnlaw diagnose --json` on the same .npy, and its input checks."""
import json
import os
import subprocess
import tempfile
import unittest

import numpy as np

import attnlaw

CLI = os.environ["ATTNLAW_CLI"]


def cli_rows(array):
    """The per-row records of `attnlaw diagnose --json` for array saved as .npy."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "logits.npy")
        np.save(path, array)
        out = subprocess.run([CLI, "diagnose", "--json", path], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def logits(shape, seed, dtype):
    rng = np.random.default_rng(seed)
    return (3 * rng.standard_normal(shape)).astype(dtype)


class DiagnoseAgainstCli(unittest.TestCase):
    def check_against_cli(self, array):
        doc = cli_rows(array)
        rows = doc["files"][0]["rows"]
        ours = attnlaw.diagnose(array)
        flat = {key: value.reshape(-1) for key, value in ours.items()}
        self.assertEqual(len(rows), flat["Lambda"].size)
        for i, row in enumerate(rows):
            for key, cli_key in ROW_KEYS.items():
                if row[cli_key] is None:
                    self.assertFalse(np.isfinite(flat[key][i]), f"row {i} {key}")
                elif key in SOFTMAX_KEYS:
                    np.testing.assert_allclose(flat[key][i], row[cli_key], rtol=1e-13, err_msg=f"row {i} {key}")
                else:
                    self.assertEqual(flat[key][i], row[cli_key], f"row {i} {key}")
            self.assertEqual(flat["regime"][i], row["regime"])

    def test_float64_equals_cli(self):
        self.check_against_cli(logits((6, 40), 1, np.float64))

    def test_float32_equals_cli(self):
        self.check_against_cli(logits((6, 40), 2, np.float32))

    def test_float16_reads_exactly(self):
        half = logits((5, 33), 3, np.float16)
        a, b = attnlaw.diagnose(half), attnlaw.diagnose(half.astype(np.float64))
        for key in ("Lambda", "Delta_Lambda", "alpha_n", "n"):
            np.testing.assert_array_equal(a[key], b[key])


class DiagnoseShapes(unittest.TestCase):
    def test_leading_axes(self):
        x = logits((2, 3, 4, 17), 4, np.float32)
        out = attnlaw.diagnose(x, beta=0.5)
        for key in ("Lambda", "beta_crit", "Delta_Lambda", "alpha_n", "entropy", "top_weight", "regime", "n", "masked"):
            self.assertEqual(out[key].shape, (2, 3, 4), key)
        self.assertTrue(set(out["regime"].reshape(-1)) <= set(attnlaw.REGIMES))
        flat = attnlaw.diagnose(x.reshape(-1, 17), beta=0.5)
        np.testing.assert_array_equal(out["Lambda"].reshape(-1), flat["Lambda"])

    def test_one_row_gives_scalars(self):
        out = attnlaw.diagnose(np.array([0.0, -1.0, -2.5]))
        self.assertEqual(out["Lambda"].shape, ())
        self.assertEqual(int(out["n"]), 3)

    def test_masked_keys(self):
        row = logits((30,), 5, np.float64)
        masked = row.copy()
        masked[::3] = -np.inf
        out = attnlaw.diagnose(masked)
        self.assertEqual(int(out["masked"]), 10)
        self.assertEqual(int(out["n"]), 20)
        np.testing.assert_array_equal(out["Lambda"], attnlaw.diagnose(row[np.isfinite(masked)])["Lambda"])

    def test_non_contiguous(self):
        x = logits((40, 8), 6, np.float64)
        view = x.T  # rows are x's columns: a strided view
        self.assertFalse(view.flags["C_CONTIGUOUS"])
        np.testing.assert_array_equal(attnlaw.diagnose(view)["Lambda"], attnlaw.diagnose(view.copy())["Lambda"])
        big_endian = x.astype(">f8")
        np.testing.assert_array_equal(attnlaw.diagnose(big_endian)["Lambda"], attnlaw.diagnose(x)["Lambda"])

    def test_empty_leading_axis(self):
        self.assertEqual(attnlaw.diagnose(np.zeros((0, 4)))["Lambda"].shape, (0,))


class DiagnoseErrors(unittest.TestCase):
    def expect(self, message, *args, **kwargs):
        with self.assertRaises(ValueError) as caught:
            attnlaw.diagnose(*args, **kwargs)
        self.assertIn(message, str(caught.exception))

    def test_bad_rows_name_their_index(self):
        x = logits((2, 3, 5), 7, np.float32)
        x[1, 2, 4] = np.nan
        self.expect("row (1, 2): entry 4 is NaN", x)
        x[1, 2, 4] = np.inf
        self.expect("row (1, 2): entry 4 is +inf", x)
        x[1, 2, :] = -np.inf
        self.expect("row (1, 2):", x)

    def test_bad_arguments(self):
        self.expect("float16, float32 or float64, got int64", np.arange(6).reshape(2, 3))
        self.expect("0-d array", np.float64(1.0))
        self.expect("last axis", np.zeros((3, 0)))
        self.expect("beta", np.zeros(3), beta=-1)
        self.expect("beta", np.zeros(3), beta=float("nan"))
        self.expect("beta", np.zeros(3), beta=float("inf"))


# attnlaw.diagnose key -> the CLI's per-row JSON key (the CLI writes null for an infinity)
ROW_KEYS = {key: key for key in ("Lambda", "beta_crit", "Delta_Lambda", "alpha_n", "entropy", "top_weight",
                                 "top_two_difference", "n", "masked", "ties")}
ROW_KEYS["ratio"] = "r"
# The kernel's softmax sums may run in another order than the CLI's: a few ulps (row_kernel.hpp).
SOFTMAX_KEYS = ("entropy", "top_weight", "top_two_difference")

if __name__ == "__main__":
    unittest.main()
