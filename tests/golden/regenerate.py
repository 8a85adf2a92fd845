"""Write the golden games again: ``python tests/golden/regenerate.py [--check] [--fast]
[--game NAME]``.

Run it after an intended rule change, then review the diff of ``tests/golden`` (the readable
playthroughs show what changed; ``digests.json`` covers thousands of games). With ``--check``
nothing is written: it reports every scenario whose games differ and exits 1 if any does.
``--fast`` only plays the few games of each scenario that the default test run checks;
``--game NAME`` only the games of one game.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import golden


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--check", action="store_true", help="compare only; write nothing")
    parser.add_argument("--fast", action="store_true", help="only the default run's games")
    parser.add_argument("--game", help="only the games of this game")
    args = parser.parse_args(argv)
    check, only = args.check, args.game
    tiers = ["fast"] if args.fast else ["fast", "full"]
    start = time.perf_counter()
    digests = {}
    total = 0
    wanted = {
        s.key: s for tier in tiers for s in golden.scenarios(tier) if only is None or s.game == only
    }
    for scenario in wanted.values():
        sha, lines = golden.digest(scenario)
        digests[scenario.key] = sha
        total += lines
    texts = {
        f"{name}-{players}p.txt": golden.playthrough_text(name, players, seed)
        for name, players, seed in golden.playthrough_cases()
        if only is None or name == only
    }
    seconds = time.perf_counter() - start
    if check:
        known = json.loads(golden.DIGESTS.read_text(encoding="utf-8"))
        new = [key for key in digests if key not in known]
        new += [name for name in texts if not (golden.PLAYTHROUGHS / name).exists()]
        bad = [key for key, sha in digests.items() if key in known and known[key] != sha]
        bad += [
            name
            for name, text in texts.items()
            if (golden.PLAYTHROUGHS / name).exists()
            and (golden.PLAYTHROUGHS / name).read_text(encoding="utf-8") != text
        ]
        for key in bad:
            print("differs:", key)
        # Recorded games no scenario plays any more (a full check of every game sees them all).
        stale = [] if args.fast or only else sorted(set(known) - set(digests))
        unplayed = f", {len(stale)} recorded but no longer played (writing drops them)"
        print(
            f"{len(digests)} scenarios, {total} lines, {len(texts)} playthroughs in "
            f"{seconds:.0f} s: {len(bad)} differ, {len(new)} not recorded yet"
            + (unplayed if stale else "")
        )
        return 1 if bad else 0
    if only is not None:
        digests = {**json.loads(golden.DIGESTS.read_text(encoding="utf-8")), **digests}
    golden.DIGESTS.write_text(
        json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    golden.PLAYTHROUGHS.mkdir(exist_ok=True)
    for name, text in texts.items():
        (golden.PLAYTHROUGHS / name).write_text(text, encoding="utf-8")
    print(
        f"wrote {len(digests)} scenarios ({total} lines) and {len(texts)} playthroughs "
        f"in {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
