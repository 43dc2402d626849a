"""attnlaw.reference against `attnlaw reference LAW --json`, and its refusals."""
import json
import os
import subprocess
import unittest

import attnlaw

CLI = os.environ["ATTNLAW_CLI"]


def cli(*args):
    return subprocess.run([CLI, "reference", *args], capture_output=True, text=True)


class Reference(unittest.TestCase):
    def test_equals_cli(self):
        expected = json.loads(cli("pd", "--alpha", "0.5", "--json").stdout)
        self.assertEqual(attnlaw.reference("pd", alpha=0.5), expected)

    def test_lists_and_dashes(self):
        expected = json.loads(cli("pd", "--alpha", "0.5", "--quantile", "0.25,0.75", "--json").stdout)
        self.assertEqual(attnlaw.reference("pd", alpha=0.5, quantile=[0.25, 0.75]), expected)
        expected = json.loads(cli("equiangular-time", "--n", "32", "--beta", "2", "--rho0", "0.1", "--json").stdout)
        self.assertEqual(attnlaw.reference("equiangular_time", n=32, beta=2, rho0=0.1), expected)

    def test_refusals_carry_the_cli_message(self):
        for law, params, args in [
            ("pd", {"alpha": 1.5}, ["pd", "--alpha", "1.5"]),
            ("sphere-subcritical", {"d": 1, "beta": 1}, ["sphere-subcritical", "--d", "1", "--beta", "1"]),
            ("anderson-darling", {"n": 2, "statistic": 1}, ["anderson-darling", "--n", "2", "--statistic", "1"]),
        ]:
            result = cli(*args)
            self.assertEqual(result.returncode, 2)
            message = result.stderr.strip().removeprefix("attnlaw: error: ")
            with self.assertRaises(ValueError) as caught:
                attnlaw.reference(law, **params)
            self.assertEqual(str(caught.exception), message)

    def test_usage_errors(self):
        for law, params, text in [
            ("nolaw", {}, "unknown law 'nolaw'"),
            ("pd", {}, "--alpha is required"),
            ("pd", {"alpha": 0.5, "beta": 1}, "unknown option '--beta'"),
            ("pd", {"alpha": ""}, "--alpha: expected a value"),
        ]:
            with self.assertRaises(ValueError) as caught:
                attnlaw.reference(law, **params)
            self.assertIn(text, str(caught.exception))

    def test_version_and_laws(self):
        version = subprocess.run([CLI, "--version"], capture_output=True, text=True).stdout
        self.assertIn(attnlaw.__version__, version)
        self.assertIn("--alpha", attnlaw.laws()["pd"]["options"])


if __name__ == "__main__":
    unittest.main()
