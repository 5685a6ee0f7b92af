#!/usr/bin/env python3
"""A push costs the same with 10 or 10,000 notifications in the app's center, through the
command line: nsesim's own commands, each process as a user runs it.

    Benchmarks/flat-bench.py NSESIM FLOOR [PUSHES] [STEPS] [--no-apns]

1. `nsesim deliver --extension Plugins-Examples/Template` of PUSHES (10,000) distinct pushes
   (no collapse id: each its own notification) into one app, in commands of 1,000 pushes
   (as a team replays a day in batches; one command of 10,000 would spend a minute reading
   its arguments and payloads first), each push a second after the one before on the virtual
   clock (`--at +1s`: the clock advanced before every push); each command timed whole.
2. `nsesim apns`, the same number of distinct pushes: Benchmarks/apns-bench.sh (one pass),
   its first and last thousand exchanges.
3. `nsesim replay` of one case of STEPS (2,000) pushes with distinct collapse ids, each a
   minute after the one before (`"at": "+1m"`); the time of each thousand steps.
4. The spawn floor: FLOOR (nsesim-bench-echo-foundation, a bare Swift + Foundation
   executable) spawned, asked one line and answered, 20 times before, between and after the
   commands; `deliver`'s cost per notification is compared with its median.

For replay, a thousand's time is when the app's database had counted 1,000k deliveries (the
highest sequence number of its delivered notifications, read every 10 ms from this process,
read-only) minus when it had counted 1,000(k-1) (the first thousand starts at the first
delivery: 999 of them, scaled to 1,000).
Prints lines for people and `figure KEY VALUE` lines for Benchmarks/performance.py.
"""
import glob
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "Plugins-Examples", "Template")
PAYLOAD = os.path.join(ROOT, "Fixtures", "payloads", "alert-mutable.json")


def figure(key, value):
    print(f"figure {key} {value}", flush=True)


class DeliveryClock:
    """Watches the app databases matching `pattern` (a glob: the path appears once the
    command has made it) and notes when their delivered count first reached each mark."""

    def __init__(self, pattern, marks):
        self.pattern, self.marks = pattern, sorted(marks)
        self.reached = {}
        self.count = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self._sample()  # the last count, after the command ended

    def _sample(self, connection=None):
        opened = connection is None
        try:
            if connection is None:
                found = glob.glob(self.pattern)
                if not found:
                    return None
                connection = sqlite3.connect(f"file:{found[0]}?mode=ro", uri=True, timeout=1)
            row = connection.execute("SELECT max(seq) FROM center_delivered").fetchone()
            count = row[0] or 0
        except sqlite3.Error:
            return connection if not opened else None
        now = time.monotonic()
        self.count = count
        for mark in self.marks:
            if mark <= count and mark not in self.reached:
                self.reached[mark] = now
        if opened:
            connection.close()
        return connection

    def _watch(self):
        connection = None
        while not self._stop.is_set():
            if connection is None:
                found = glob.glob(self.pattern)
                if found:
                    try:
                        connection = sqlite3.connect(f"file:{found[0]}?mode=ro", uri=True, timeout=1)
                    except sqlite3.Error:
                        connection = None
            if connection is not None:
                self._sample(connection)
            time.sleep(0.01)
        if connection is not None:
            connection.close()

    def thousands(self, total):
        """ms of each thousand deliveries (the first scaled from 999), or [] when a mark was missed."""
        marks = [1] + list(range(1000, total + 1, 1000))
        if any(mark not in self.reached for mark in marks):
            return []
        times = [self.reached[mark] for mark in marks]
        spans = [(b - a) * 1000 for a, b in zip(times, times[1:])]
        if spans:
            spans[0] *= 1000 / 999
        return spans


def spawn_floor(executable, samples, count=20):
    """Spawn to first answer of the bare Swift + Foundation executable, ms."""
    for _ in range(count):
        start = time.monotonic()
        process = subprocess.Popen([executable], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        process.stdin.write(b"ping\n")
        process.stdin.flush()
        answer = process.stdout.readline()
        samples.append((time.monotonic() - start) * 1000)
        process.stdin.close()
        process.wait()
        if not answer.startswith(b"ping"):
            sys.exit(f"{executable} answered {answer!r}")


def report_thousands(name, spans, unit):
    if not spans:
        print(f"  {name}: a thousand's mark was not seen (see above)")
        return None, None
    text = ", ".join(f"{span:,.0f}" for span in spans)
    first, last = spans[0], spans[-1]
    print(f"  {name}: ms per thousand {unit}: {text}")
    print(f"  {name}: first thousand {first:,.0f} ms, last {last:,.0f} ms (last/first {last / first:.2f})")
    return first, last


def run_deliver(nsesim, work, pushes, env):
    """`nsesim deliver` of `pushes` pushes in commands of a thousand, each timed from its
    start to its end (its arguments read, the extension process pool started, the pushes,
    the center's listing at the end)."""
    data = os.path.join(work, "deliver-data")
    env = dict(env, NSESIM_DATA_DIR=data)
    payload = os.path.join(work, "p.json")
    shutil.copyfile(PAYLOAD, payload)
    print(f"nsesim deliver: {pushes:,} distinct pushes into one app (Template), in commands of 1,000, each push 1 s "
          "after the last", flush=True)
    spans, status, total_ms = [], 0, 0.0
    with open(os.path.join(work, "deliver.out"), "w") as out:
        for start in range(0, pushes, 1000):
            batch = min(1000, pushes - start)
            arguments = [nsesim, "deliver", "--extension", TEMPLATE]
            for _ in range(batch):
                arguments += ["p.json", "--at", "+1s"]
            began = time.monotonic()
            status = subprocess.run(arguments, cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
            spans.append((time.monotonic() - began) * 1000 * 1000 / batch)  # ms a thousand
            total_ms += (time.monotonic() - began) * 1000
            if status != 0:
                break
    if status != 0:
        print(f"  nsesim deliver failed (exit {status}); the end of its output:")
        print(open(os.path.join(work, "deliver.out")).read()[-2000:])
    held = 0
    for database in glob.glob(os.path.join(data, "apps", "*", "app.sqlite")):
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        held += connection.execute("SELECT count(*) FROM center_delivered").fetchone()[0]
        connection.close()
    took = total_ms / 1000
    print(f"  {held:,} notifications in the center at the end; {took:.1f} s in all")
    first, last = report_thousands("deliver", spans, "deliveries (a command each)")
    per_notification = total_ms / pushes if status == 0 else None
    return status, held, first, last, per_notification, took


def run_apns(nsesim, pushes, env):
    print(f"nsesim apns: {pushes:,} distinct pushes (Benchmarks/apns-bench.sh, one pass)", flush=True)
    process = subprocess.run(["bash", os.path.join(ROOT, "Benchmarks", "apns-bench.sh"), nsesim, str(pushes)],
                             cwd=ROOT, env=dict(env, APNS_PASSES="1", BASELINE_NSESIM=""), capture_output=True, text=True)
    figures = {}
    for line in process.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "figure":
            figures[parts[1]] = parts[2]
        else:
            print(line)
    if process.returncode != 0:
        print(process.stderr[-2000:])
    first, last = figures.get("apns.first_thousand_ms"), figures.get("apns.last_thousand_ms")
    return process.returncode, (float(first) if first else None), (float(last) if last else None), figures.get("apns.pushes_per_s")


def run_replay(nsesim, work, steps, env):
    cases = os.path.join(work, "cases")
    os.makedirs(cases, exist_ok=True)
    case = {
        "description": f"{steps} distinct pushes into one app's center, a minute apart",
        "extension": TEMPLATE,
        "options": {"bundleID": "com.example.flat"},
        "steps": [{"payload": {"aps": {"alert": {"title": f"Order {i}", "body": "shipped"}, "mutable-content": 1}},
                   "collapseID": f"order-{i}", "at": "+1m"} for i in range(1, steps + 1)],
    }
    with open(os.path.join(cases, "steps.json"), "w") as file:
        json.dump(case, file)
    temporary = os.path.join(work, "replay-tmp")
    os.makedirs(temporary, exist_ok=True)
    env = dict(env, TMPDIR=temporary, NSESIM_DATA_DIR=os.path.join(work, "replay-data"))
    marks = [1] + list(range(1000, steps + 1, 1000))
    print(f"nsesim replay: one case of {steps:,} steps, each a push with its own collapse id, a minute apart", flush=True)
    pattern = os.path.join(temporary, "nsesim-replay-*", "case-0", "data", "apps", "*", "app.sqlite")
    with open(os.path.join(work, "replay.out"), "w") as out, DeliveryClock(pattern, marks) as clock:
        start = time.monotonic()
        status = subprocess.run([nsesim, "replay", cases], cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
        took = time.monotonic() - start
    tail = open(os.path.join(work, "replay.out")).read().strip().splitlines()[-1:] or ["(no output)"]
    print(f"  {clock.count:,} steps delivered in {took:.1f} s; replay said: {tail[0]}")
    spans = clock.thousands(steps)
    first, last = report_thousands("replay", spans, "steps")
    return status, clock.count, first, last


def main():
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    if len(arguments) < 2:
        sys.exit("usage: Benchmarks/flat-bench.py NSESIM FLOOR_EXECUTABLE [PUSHES] [STEPS] [--no-apns]")
    nsesim, floor_executable = os.path.abspath(arguments[0]), os.path.abspath(arguments[1])
    pushes = int(arguments[2]) if len(arguments) > 2 else 10_000
    steps = int(arguments[3]) if len(arguments) > 3 else 2_000
    work = tempfile.mkdtemp(prefix="nsesim-flat-bench-")
    env = dict(os.environ, NSESIM_CACHE_DIR=os.path.join(work, "cache"))
    failed = False
    try:
        # The extension built once (the build cache), so no command below pays for it.
        subprocess.run([nsesim, "run", "--extension", TEMPLATE, "--payload", PAYLOAD], env=dict(env, NSESIM_DATA_DIR=os.path.join(work, "warmup")),
                       stdout=subprocess.DEVNULL, check=True)
        floor = []
        spawn_floor(floor_executable, floor)
        status, count, first, last, per_notification, took = run_deliver(nsesim, work, pushes, env)
        failed |= status != 0
        spawn_floor(floor_executable, floor)
        if "--no-apns" not in sys.argv:
            status, apns_first, apns_last, rate = run_apns(nsesim, pushes, env)
            failed |= status != 0
            if apns_first and apns_last:
                figure("flat.apns.first_thousand_ms", apns_first)
                figure("flat.apns.last_thousand_ms", apns_last)
                figure("flat.apns.growth", apns_last / apns_first)
            if rate:
                figure("flat.apns.pushes_per_s", rate)
            spawn_floor(floor_executable, floor)
        status, replay_count, replay_first, replay_last = run_replay(nsesim, work, steps, env)
        failed |= status != 0
        spawn_floor(floor_executable, floor)
        floor_ms = statistics.median(floor)
        print(f"spawn floor (a bare Swift + Foundation spawn to its first answer, {len(floor)} samples before, between "
              f"and after the commands): p50 {floor_ms:.2f} ms")
        figure("flat.floor_ms", floor_ms)
        figure("flat.deliver.pushes", pushes)
        figure("flat.deliver.delivered", count)
        figure("flat.deliver.seconds", took)
        if first and last:
            figure("flat.deliver.first_thousand_ms", first)
            figure("flat.deliver.last_thousand_ms", last)
            figure("flat.deliver.growth", last / first)
        if per_notification:
            print(f"deliver: {per_notification:.2f} ms per notification, {per_notification / floor_ms:.2f}x the spawn floor (target 1.5x)")
            figure("flat.deliver.per_notification_ms", per_notification)
            figure("flat.deliver.ratio_floor", per_notification / floor_ms)
        figure("flat.replay.steps", steps)
        figure("flat.replay.delivered", replay_count)
        figure("flat.replay.failed", 0 if status == 0 else 1)
        if replay_first and replay_last:
            figure("flat.replay.first_thousand_ms", replay_first)
            figure("flat.replay.last_thousand_ms", replay_last)
            figure("flat.replay.growth", replay_last / replay_first)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
