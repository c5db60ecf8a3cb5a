"""Synthesise the table's sound effects into ``assets/sounds/`` (16-bit mono 44.1 kHz WAV).

Every sound is made here from sine waves and seeded noise, so we own them outright
(same licence as the project, see assets/CREDITS.md) and anyone can rebuild them:

    python tools/make_sounds.py [--out assets/sounds]

Standard library only. Each sound is short (< 1 s), starts and ends at silence (no
click), has its DC offset removed and is normalised to its own peak level well below
full scale, so nothing clips and quiet sounds (the button click) stay quiet.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
Samples = list[float]


# ----------------------------------------------------------------- building blocks ----
def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def noise(rng: random.Random, seconds: float) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(x: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """One-pole low-pass; ``cutoff`` in Hz, or a function of time for a sweep."""
    out, y = [], 0.0
    for i, s in enumerate(x):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2 * math.pi * fc / RATE)
        y += a * (s - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    low = lowpass(x, cutoff)
    return [s - lo for s, lo in zip(x, low)]


def bandpass(x: Samples, centre: float, q: float) -> Samples:
    """RBJ biquad band-pass (constant peak gain): a resonance for wood and tumbling dice."""
    w = 2 * math.pi * centre / RATE
    alpha = math.sin(w) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w), 1 - alpha
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for s in x:
        y = (b0 * s + b2 * x2 - a1 * y1 - a2 * y2) / a0
        x2, x1, y2, y1 = x1, s, y1, y
        out.append(y)
    return out


def decay(seconds: float, tau: float, attack: float = 0.002) -> Samples:
    """An envelope: linear rise over ``attack`` s, then exponential fall with time constant ``tau``."""
    n = int(seconds * RATE)
    na = max(1, int(attack * RATE))
    return [(i / na) if i < na else math.exp(-(i - na) / RATE / tau) for i in range(n)]


def tone(
    seconds: float,
    partials: list[tuple[float, float, float]],
    phase_rng: random.Random | None = None,
    glide: float = 0.0,
) -> Samples:
    """Sum of decaying sines: each partial is (frequency Hz, amplitude, decay time constant s).
    ``glide`` bends every frequency by that fraction over the sound (a falling thud)."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for freq, amp, tau in partials:
        phase = phase_rng.uniform(0, 2 * math.pi) if phase_rng else 0.0
        for i in range(n):
            t = i / RATE
            f = freq * (1.0 + glide * t / seconds)
            phase += 2 * math.pi * f / RATE
            out[i] += amp * math.exp(-t / tau) * math.sin(phase)
    return out


def mul(x: Samples, env: Samples) -> Samples:
    return [a * b for a, b in zip(x, env)]


def mix_at(into: Samples, x: Samples, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    for i, s in enumerate(x):
        if start + i < len(into):
            into[start + i] += gain * s


def finish(x: Samples, peak: float, fade_in: float = 0.001, fade_out: float = 0.02) -> Samples:
    """Remove DC, fade both ends to silence and scale to ``peak`` (fraction of full scale)."""
    mean = sum(x) / len(x)
    x = [s - mean for s in x]
    n_in, n_out = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(n_in, len(x))):
        x[i] *= i / n_in
    for i in range(min(n_out, len(x))):
        x[-1 - i] *= i / n_out
    top = max(abs(s) for s in x) or 1.0
    return [s * peak / top for s in x]


# ----------------------------------------------------------------------- the sounds ----
def card_place(rng: random.Random) -> Samples:
    """A card slid onto the table: a short brushed hiss ending in a soft tap."""
    d = 0.2
    hiss = bandpass(noise(rng, d), 2600, 0.8)
    env = [min(1.0, i / (0.03 * RATE)) * math.exp(-i / RATE / 0.05) for i in range(len(hiss))]
    out = mul(hiss, env)
    tap = mul(lowpass(noise(rng, 0.06), 900), decay(0.06, 0.012))
    mix_at(out, tap, 0.045, 1.6)
    mix_at(out, tone(0.08, [(150, 0.5, 0.02)]), 0.045)
    return finish(out, 0.55)


def card_draw(rng: random.Random) -> Samples:
    """A card drawn and flipped: two quick airy flicks."""
    out = silence(0.22)
    for at, gain in ((0.0, 1.0), (0.07, 0.7)):
        flick = mul(highpass(noise(rng, 0.09), 1800), decay(0.09, 0.018, attack=0.006))
        mix_at(out, flick, at, gain)
    return finish(out, 0.5)


def shuffle(rng: random.Random) -> Samples:
    """A riffle shuffle: a run of card flutters that speeds up, then a squaring tap."""
    out = silence(0.7)
    t, gap = 0.0, 0.045
    while t < 0.55:
        grain = mul(bandpass(noise(rng, 0.03), rng.uniform(2500, 4200), 1.2), decay(0.03, 0.006, attack=0.001))
        mix_at(out, grain, t, rng.uniform(0.6, 1.0))
        t += gap * rng.uniform(0.8, 1.2)
        gap = max(0.016, gap * 0.93)
    mix_at(out, mul(lowpass(noise(rng, 0.08), 700), decay(0.08, 0.015)), 0.6, 2.5)
    return finish(out, 0.5)


def heat(rng: random.Random) -> Samples:
    """Heat rising on a pyre: a soft fire whoosh with a few crackles."""
    d = 0.8
    sweep = lambda t: 300 + 2200 * math.sin(math.pi * min(1.0, t / d)) ** 2  # noqa: E731
    body = lowpass(lowpass(noise(rng, d), sweep), sweep)
    env = [math.sin(math.pi * i / len(body)) ** 1.5 for i in range(len(body))]
    out = mul(body, env)
    for _ in range(7):
        crackle = mul(highpass(noise(rng, 0.012), 3000), decay(0.012, 0.002, attack=0.0005))
        mix_at(out, crackle, rng.uniform(0.15, 0.65), rng.uniform(0.08, 0.18))
    return finish(out, 0.5, fade_in=0.02, fade_out=0.05)


def bell(rng: random.Random) -> Samples:
    """A burning: one low bell toll (inharmonic partials of a church bell on a low G)."""
    f = 98.0
    partials = [
        (f * 1.0, 0.9, 0.6),
        (f * 2.0, 0.7, 0.45),
        (f * 2.4, 0.45, 0.35),
        (f * 3.0, 0.35, 0.3),
        (f * 4.0, 0.25, 0.22),
        (f * 5.04, 0.18, 0.16),
        (f * 6.0, 0.1, 0.12),
    ]
    out = tone(0.95, partials, rng)
    strike = mul(bandpass(noise(rng, 0.03), 1200, 1.0), decay(0.03, 0.006))
    mix_at(out, strike, 0.0, 0.6)
    return finish(out, 0.7, fade_in=0.003, fade_out=0.25)


def dice(rng: random.Random) -> Samples:
    """Dice rolled in a cup and onto the table: a few hard clicks, the last ones softer."""
    out = silence(0.6)
    t = 0.0
    for k in range(6):
        click = bandpass(noise(rng, 0.03), rng.uniform(2800, 4500), 6.0)
        click = mul(click, decay(0.03, 0.004, attack=0.0005))
        mix_at(out, click, t, 1.0 * (0.82**k))
        mix_at(out, tone(0.03, [(rng.uniform(900, 1300), 0.08, 0.006)]), t)
        t += rng.uniform(0.05, 0.11)
    return finish(out, 0.6)


def gavel(rng: random.Random) -> Samples:
    """The verdict: a hardwood gavel knocking once on its block."""
    d = 0.35
    body = tone(d, [(180, 1.0, 0.05), (410, 0.6, 0.03), (760, 0.35, 0.018), (1350, 0.2, 0.01)], rng)
    crack = mul(bandpass(noise(rng, 0.02), 2000, 1.5), decay(0.02, 0.003, attack=0.0003))
    mix_at(body, crack, 0.0, 0.9)
    return finish(body, 0.75, fade_out=0.05)


def coins(rng: random.Random) -> Samples:
    """Money changing hands: three small coins chinking together."""
    out = silence(0.5)
    t = 0.0
    for k in range(3):
        base = rng.uniform(2900, 3400)
        chink = tone(
            0.25,
            [(base, 0.6, 0.05), (base * 1.47, 0.4, 0.04), (base * 2.09, 0.3, 0.03), (base * 2.76, 0.15, 0.02)],
            rng,
        )
        mix_at(out, chink, t, 1.0 - 0.15 * k)
        t += rng.uniform(0.06, 0.1)
    return finish(out, 0.45, fade_out=0.08)


def refused(rng: random.Random) -> Samples:
    """A move the rules refuse: a soft, low, falling thud (not an alarm)."""
    out = tone(0.25, [(110, 1.0, 0.06), (220, 0.2, 0.03)], glide=-0.35)
    mix_at(out, mul(lowpass(noise(rng, 0.05), 500), decay(0.05, 0.01)), 0.0, 0.5)
    return finish(out, 0.55, fade_in=0.004, fade_out=0.06)


def chime(rng: random.Random) -> Samples:
    """Your turn / the curtain lifts: two gentle rising chime notes."""
    out = silence(0.7)
    for at, f in ((0.0, 880.0), (0.12, 1318.5)):
        note = tone(0.58, [(f, 1.0, 0.22), (f * 2.0, 0.25, 0.1), (f * 3.01, 0.08, 0.05)], rng)
        mix_at(out, mul(note, decay(0.58, 10.0, attack=0.004)), at)
    return finish(out, 0.45, fade_out=0.1)


def click(rng: random.Random) -> Samples:
    """A button press: a tiny, quiet tick."""
    out = tone(0.05, [(1900, 1.0, 0.006), (3100, 0.4, 0.003)])
    mix_at(out, mul(highpass(noise(rng, 0.01), 2000), decay(0.01, 0.002, attack=0.0003)), 0.0, 0.4)
    return finish(out, 0.3, fade_in=0.0003, fade_out=0.01)


def token(rng: random.Random) -> Samples:
    """A wooden Testimony token set down on the table: a dry knock with a short ring."""
    out = silence(0.16)
    knock = mul(lowpass(noise(rng, 0.05), 1800), decay(0.05, 0.008, attack=0.0005))
    mix_at(out, knock, 0.0, 1.0)
    mix_at(out, tone(0.14, [(420, 0.6, 0.03), (1130, 0.25, 0.012)]), 0.0)
    return finish(out, 0.5, fade_in=0.0005)


#: file stem -> maker; game/ui/sound.py plays them by these names
SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "card_place": card_place,
    "card_draw": card_draw,
    "shuffle": shuffle,
    "heat": heat,
    "bell": bell,
    "dice": dice,
    "gavel": gavel,
    "coins": coins,
    "refused": refused,
    "chime": chime,
    "click": click,
    "token": token,
}


def write_wav(path: Path, samples: Samples) -> None:
    frames = struct.pack(f"<{len(samples)}h", *(max(-32767, min(32767, round(s * 32767))) for s in samples))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "assets" / "sounds"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (name, make) in enumerate(SOUNDS.items()):
        samples = make(random.Random(1692 + i))  # seeded: the same files on every run
        path = out / f"{name}.wav"
        write_wav(path, samples)
        total += path.stat().st_size
        print(f"{path.name:16} {len(samples) / RATE:5.2f} s {path.stat().st_size / 1024:6.1f} KiB")
    print(f"{'total':16} {total / 1024:14.1f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
