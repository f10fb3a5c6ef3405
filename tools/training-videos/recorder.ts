/**
 * Recording a training video: narration spoken by espeak-ng, scenes played on the real screens in
 * Chromium while periodic screenshots are taken, then one MP4 (H.264/AAC, +faststart), one WebM
 * (VP9/Opus) and WebVTT captions of the same narration text, assembled by ffmpeg.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';

const run = promisify(execFile);

/** Frames a second taken while recording; the videos are encoded at this rate too. */
const FPS = 4;
/** Pause after each narrated sentence before the next scene starts (ms). */
const BREATH_MS = 500;
/** espeak-ng voice and words a minute. */
const VOICE = ['-v', 'en-us', '-s', '165'];

export interface Scene {
  /** What the narrator says while the scene plays (also the caption). */
  say: string;
  /** What happens on screen meanwhile. */
  act: (page: Page) => Promise<void>;
}

interface Spoken {
  text: string;
  wav: string;
  seconds: number;
  startMs: number;
}

/** What espeak-ng is given: the captions' words, with abbreviations spelt out as they are said. */
const spokenForm = (text: string) => text.replace(/\bROs\b/g, 'R O\'s').replace(/\bRO\b/g, 'R O').replace(/\be-mail\b/g, 'email');

async function seconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]);
  return Number(stdout.trim());
}

const vttTime = (ms: number) => {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const f = Math.floor(ms % 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(f).padStart(3, '0')}`;
};

/** Cues of at most ~90 characters: a long narration is split at sentence ends, timed by length. */
function cues(spoken: Spoken[]): string {
  const out = ['WEBVTT', ''];
  let n = 1;
  for (const s of spoken) {
    const sentences = s.text.match(/[^.!?]+[.!?]+["”]?\s*/g)?.map((t) => t.trim()) ?? [s.text];
    const parts: string[] = [];
    for (const sentence of sentences) {
      const last = parts[parts.length - 1];
      if (last !== undefined && last.length + sentence.length < 90) parts[parts.length - 1] = `${last} ${sentence}`;
      else parts.push(sentence);
    }
    const total = parts.reduce((sum, p) => sum + p.length, 0);
    let at = s.startMs;
    for (const part of parts) {
      const length = (s.seconds * 1000 * part.length) / total;
      out.push(String(n++), `${vttTime(at)} --> ${vttTime(at + length)}`, part, '');
      at += length;
    }
  }
  return out.join('\n');
}

const ffmpeg = (args: string[]) => run('nice', ['-n', '10', 'ffmpeg', '-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });

/**
 * Plays the scenes on `page` while recording and writes `${outBase}.mp4`, `.webm` and `.vtt`.
 * Returns a short content hash of the three files (the media version).
 */
export async function record(page: Page, scenes: Scene[], outBase: string, workDir: string): Promise<string> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  // 1. The narration, spoken first so each scene lasts as long as its words.
  const spoken: Spoken[] = [];
  for (const [i, scene] of scenes.entries()) {
    const wav = path.join(workDir, `say-${i}.wav`);
    await run('espeak-ng', [...VOICE, '-w', wav, spokenForm(scene.say)]);
    spoken.push({ text: scene.say, wav, seconds: await seconds(wav), startMs: 0 });
  }

  // 2. The scenes, with a screenshot every 1/FPS s.
  const frames: { file: string; ms: number }[] = [];
  const t0 = Date.now();
  let recording = true;
  const capture = (async () => {
    while (recording) {
      const at = Date.now();
      const file = path.join(workDir, `frame-${String(frames.length).padStart(5, '0')}.jpg`);
      try {
        await page.screenshot({ path: file, type: 'jpeg', quality: 85, animations: 'allow', caret: 'initial' });
        frames.push({ file, ms: at - t0 });
      } catch {
        // A navigation in progress: the next frame comes soon.
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 / FPS - (Date.now() - at))));
    }
  })();
  for (const [i, scene] of scenes.entries()) {
    const start = Date.now();
    spoken[i]!.startMs = start - t0;
    await scene.act(page);
    const left = spoken[i]!.seconds * 1000 + BREATH_MS - (Date.now() - start);
    if (left > 0) await page.waitForTimeout(left);
  }
  await page.waitForTimeout(1000);
  recording = false;
  await capture;
  const totalMs = Date.now() - t0;

  // 3. Frames as a concat list with their real durations.
  const list = frames.map((f, i) => `file '${f.file}'\nduration ${(((frames[i + 1]?.ms ?? totalMs) - f.ms) / 1000).toFixed(3)}`);
  list.push(`file '${frames[frames.length - 1]!.file}'`);
  const listFile = path.join(workDir, 'frames.txt');
  await writeFile(listFile, `ffconcat version 1.0\n${list.join('\n')}\n`);

  // 4. One narration track: every sentence at its scene's start.
  const audio = path.join(workDir, 'narration.wav');
  const inputs = spoken.flatMap((s) => ['-i', s.wav]);
  const delays = spoken.map((s, i) => `[${i}]adelay=${s.startMs}:all=1[a${i}]`).join(';');
  const mix = `${delays};${spoken.map((_, i) => `[a${i}]`).join('')}amix=inputs=${spoken.length}:normalize=0:duration=longest,apad=whole_dur=${(totalMs / 1000).toFixed(3)}[out]`;
  await ffmpeg([...inputs, '-filter_complex', mix, '-map', '[out]', '-ac', '1', '-ar', '22050', audio]);

  await mkdir(path.dirname(outBase), { recursive: true });
  await writeFile(path.join(workDir, 'timing.json'), JSON.stringify({ totalMs, spoken }, null, 1));

  // 5. MP4 (H.264 baseline-compatible main profile, AAC), WebM (VP9, Opus), captions.
  const video = ['-f', 'concat', '-safe', '0', '-i', listFile, '-i', audio, '-map', '0:v', '-map', '1:a', '-vf', `fps=${FPS},format=yuv420p`, '-threads', '1', '-shortest'];
  await ffmpeg([...video, '-c:v', 'libx264', '-profile:v', 'main', '-preset', 'slow', '-tune', 'stillimage', '-crf', '30', '-g', String(FPS * 10), '-c:a', 'aac', '-b:a', '48k', '-movflags', '+faststart', `${outBase}.mp4`]);
  await ffmpeg([...video, '-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '0', '-g', String(FPS * 10), '-c:a', 'libopus', '-b:a', '32k', `${outBase}.webm`]);
  await writeFile(`${outBase}.vtt`, cues(spoken));

  const hash = createHash('sha256');
  for (const ext of ['mp4', 'webm', 'vtt']) hash.update(await readFile(`${outBase}.${ext}`));
  return hash.digest('hex').slice(0, 12);
}
