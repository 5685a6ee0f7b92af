#!/usr/bin/env python3
"""What `--sanitize` costs a run: `nsesim bench` of the Template example and of the data-race
example (Plugins-Examples/Faults/RacingHandlers), normal and under `--sanitize thread` (and
`address`), interleaved round by round, so that other load slows both alike; the slowdown factor
is the sanitized p50 over the normal p50 of the same rounds. Builds are warmed first (not timed).

    Benchmarks/sanitize-bench.py [NSESIM] [ROUNDS] [RUNS]

Prints lines for people and `figure KEY VALUE` lines for Benchmarks/performance.py.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = [("template", "Plugins-Examples/Template"), ("race", "Plugins-Examples/Faults/RacingHandlers")]
MODES = [("normal", []), ("thread", ["--sanitize", "thread"]), ("address", ["--sanitize", "address"])]


def p50(nsesim, example, extra, runs, environment):
    """The p50 time to the content handler, in ms, of `runs` cold runs."""
    command = [nsesim, "bench", "--extension", example, "--payload", "Fixtures/payloads/alert-mutable.json",
               "--runs", str(runs), "--memory-limit", "none", "--format", "json"] + extra
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=environment)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    report = json.loads(done.stdout)
    return float(report["groups"][0]["timeToContentHandlerMs"]["p50"])


def main():
    nsesim = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "nsesim")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    with tempfile.TemporaryDirectory() as cache:
        # Every process spawned (NSESIM_ZYGOTE=0), as sanitized ones always are: the factor is the sanitizer's alone.
        environment = dict(os.environ, NSESIM_CACHE_DIR=cache, NSESIM_DATA_DIR=os.path.join(cache, "data"), NSESIM_ZYGOTE="0")
        for _, example in EXAMPLES:
            for _, extra in MODES:
                p50(nsesim, example, extra, 1, environment)  # the builds, not timed
        times = {(name, mode): [] for name, _ in EXAMPLES for mode, _ in MODES}
        for _ in range(rounds):
            for name, example in EXAMPLES:
                for mode, extra in MODES:
                    times[(name, mode)].append(p50(nsesim, example, extra, runs, environment))
    print(f"nsesim bench, {runs} cold runs a round, {rounds} rounds interleaved, the median round's p50 to the handler")
    for name, example in EXAMPLES:
        normal = statistics.median(times[(name, "normal")])
        print(f"figure sanitize.{name}.normal_ms {normal:.1f}")
        for mode, _ in MODES[1:]:
            sanitized = statistics.median(times[(name, mode)])
            print(f"  {example}: normal {normal:.1f} ms, --sanitize {mode} {sanitized:.1f} ms: {sanitized / normal:.2f}x")
            print(f"figure sanitize.{name}.{mode}_ms {sanitized:.1f}")
            print(f"figure sanitize.{name}.{mode}_ratio {sanitized / normal:.3f}")
    print(f"figure sanitize.rounds {rounds}")
    print(f"figure sanitize.runs {runs}")


if __name__ == "__main__":
    main()
