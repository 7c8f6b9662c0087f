#!/usr/bin/env node
// Synthesizes the console's two alert sounds (SPEC.md "Alert popup") into public/sounds:
// sos.wav, an urgent two-tone siren that loops without a click, and info.wav, a soft two-note
// chime. 16-bit mono PCM WAV, made here so the repository owns every byte it ships.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 16_000;
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sounds');

/** A mono 16-bit PCM WAV file of samples in -1..1. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32_767), index * 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A short linear fade at both ends of a tone, so joined tones do not click. */
const fade = (t, length, edge = 0.01) => Math.min(1, t / edge, (length - t) / edge);

/**
 * SOS: 960 Hz and 640 Hz alternating every 0.25 s, twice (1 s in all), a square-ish tone (a sine
 * with its odd harmonics) that cuts through a noisy front desk. Every tone starts and ends at zero,
 * so the `loop` of the audio element repeats it seamlessly.
 */
function siren() {
  const tone = 0.25;
  const samples = [];
  for (const frequency of [960, 640, 960, 640]) {
    const count = Math.round(tone * RATE);
    for (let i = 0; i < count; i += 1) {
      const t = i / RATE;
      const phase = 2 * Math.PI * frequency * t;
      const square = Math.sin(phase) + Math.sin(3 * phase) / 3 + Math.sin(5 * phase) / 5;
      samples.push(0.55 * square * fade(t, tone));
    }
  }
  return samples;
}

/** Info: two bell-like notes (E6 then B5) with an exponential decay, 0.9 s. */
function chime() {
  const length = 0.9;
  const samples = new Array(Math.round(length * RATE)).fill(0);
  const notes = [
    { at: 0, frequency: 1318.5 },
    { at: 0.18, frequency: 987.8 },
  ];
  for (const { at, frequency } of notes) {
    const start = Math.round(at * RATE);
    for (let i = start; i < samples.length; i += 1) {
      const t = (i - start) / RATE;
      const envelope = Math.exp(-t * 6) * Math.min(1, t / 0.005);
      const phase = 2 * Math.PI * frequency * t;
      samples[i] += 0.3 * envelope * (Math.sin(phase) + 0.25 * Math.sin(2 * phase));
    }
  }
  const tail = Math.round(0.05 * RATE);
  for (let i = 0; i < tail; i += 1) samples[samples.length - 1 - i] *= i / tail;
  return samples;
}

mkdirSync(out, { recursive: true });
for (const [name, samples] of [
  ['sos', siren()],
  ['info', chime()],
]) {
  const file = join(out, `${name}.wav`);
  const bytes = wav(samples);
  writeFileSync(file, bytes);
  console.log(`${file}: ${(samples.length / RATE).toFixed(2)} s, ${bytes.length} bytes`);
}
