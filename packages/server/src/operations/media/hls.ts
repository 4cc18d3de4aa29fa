/**
 * ffmpeg's side of MP4 to multi-stream video: HLS renditions in fragmented MP4, a master playlist
 * and a poster made in a temporary folder, then put into the stream's folder through the same
 * folder and file operations as an upload (so every rule of a multi-stream video upload applies).
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createCollectionFolder } from './create-collection-folder';
import type { MediaContext, UploadPart } from './target';
import { uploadCollectionFiles } from './upload-collection-files';

export interface TranscodeContext extends MediaContext {
  /** The ffmpeg program, or null when the server has none. */
  ffmpeg: string | null;
}

/** The renditions made, by height: those not taller than the source. */
const LADDER = [
  { height: 360, bitrate: 800 },
  { height: 720, bitrate: 2500 },
  { height: 1080, bitrate: 5000 },
];

export const NO_FFMPEG_MESSAGE =
  'Turning an MP4 into a multi-stream video needs ffmpeg on the server, and this server has none; install it (Debian: apt-get install ffmpeg) or set CANOPY_FFMPEG to its path, then restart';

const available = new Map<string, Promise<boolean>>();

/** Whether the program runs (asked once per program). */
export function ffmpegAvailable(program: string | null): Promise<boolean> {
  if (!program) return Promise.resolve(false);
  let known = available.get(program);
  if (!known) {
    known = run(program, ['-version']).then(
      () => true,
      () => false,
    );
    available.set(program, known);
  }
  return known;
}

function ffprobeOf(program: string): string {
  const name = basename(program).replace(/ffmpeg/, 'ffprobe');
  return program.includes('/') ? join(dirname(program), name) : name;
}

/** Runs a program; resolves with its output, rejects with the end of its error output. */
function run(
  program: string,
  args: string[],
  onLine?: (line: string) => void,
  cwd?: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd });
    let out = '';
    let err = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!onLine) return;
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      lines.forEach(onLine);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${basename(program)} exited with ${code}: ${err.trim()}`));
    });
  });
}

interface Probe {
  duration: number;
  height: number;
  audio: boolean;
}

async function probe(ctx: TranscodeContext, file: string): Promise<Probe> {
  const out = await run(ffprobeOf(ctx.ffmpeg!), [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type,height',
    '-of',
    'json',
    file,
  ]);
  const info = JSON.parse(out) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; height?: number }[];
  };
  const video = info.streams?.find((stream) => stream.codec_type === 'video');
  if (!video?.height) throw new Error('the MP4 has no video stream');
  return {
    duration: Number(info.format?.duration ?? 0),
    height: video.height,
    audio: Boolean(info.streams?.some((stream) => stream.codec_type === 'audio')),
  };
}

/** ffmpeg's arguments for the HLS renditions of a source: fMP4 segments named for the folder. */
export function hlsArguments(input: string, info: Probe): string[] {
  const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);
  let ladder = LADDER.filter((rung) => rung.height <= info.height);
  // a small source: itself and half its size
  if (ladder.length === 0) {
    ladder = [
      { height: even(info.height / 2), bitrate: 250 },
      { height: even(info.height), bitrate: 500 },
    ];
  }
  const n = ladder.length;
  const split = ladder.map((_, i) => `[s${i}]`).join('');
  const scales = ladder.map((rung, i) => `[s${i}]scale=-2:${rung.height}[v${i}]`).join(';');
  const args = ['-nostdin', '-y', '-v', 'error', '-i', input];
  args.push('-filter_complex', `[0:v]split=${n}${split};${scales}`);
  ladder.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (info.audio) ladder.forEach(() => args.push('-map', '0:a:0'));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-g', '48', '-keyint_min', '48');
  args.push('-sc_threshold', '0');
  ladder.forEach((rung, i) => {
    args.push(
      `-b:v:${i}`,
      `${rung.bitrate}k`,
      `-maxrate:v:${i}`,
      `${Math.round(rung.bitrate * 1.1)}k`,
    );
    args.push(`-bufsize:v:${i}`, `${rung.bitrate * 2}k`);
  });
  if (info.audio) args.push('-c:a', 'aac', '-b:a', '96k');
  const streams = ladder
    .map((rung, i) => `v:${i}${info.audio ? `,a:${i}` : ''},name:${rung.height}p`)
    .join(' ');
  args.push('-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod');
  args.push('-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', '%v_init.m4s');
  args.push('-hls_segment_filename', '%v_%03d.m4s', '-master_pl_name', 'master.m3u8');
  args.push('-var_stream_map', streams, '-progress', 'pipe:1', '-nostats', '%v.m3u8');
  return args;
}

/** The folder's files in upload order: segments and variant playlists, the poster, the master. */
function uploadOrder(names: string[]): string[] {
  const rank = (name: string) =>
    name === 'master.m3u8' ? 3 : name.endsWith('.jpg') ? 2 : name.endsWith('.m3u8') ? 1 : 0;
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

async function* partsOf(folder: string, names: string[]): AsyncIterable<UploadPart> {
  for (const name of names) {
    yield { kind: 'file', field: 'media', name, stream: createReadStream(join(folder, name)) };
  }
}

/**
 * Makes the stream `contentId` of the MP4 stored at `sourceKey`; `onProgress` hears 0 to 100 as
 * it goes (ffmpeg's share is 0 to 90, the upload the rest). Answers the files made.
 */
export async function makeStream(
  ctx: TranscodeContext,
  sourceKey: string,
  contentId: string,
  onProgress: (progress: number) => void,
): Promise<string[]> {
  const work = await mkdtemp(join(tmpdir(), 'canopy-hls-'));
  try {
    const original = await ctx.storage.get(sourceKey);
    if (!original) throw new Error('the video item has no MP4 in storage');
    const input = join(work, 'source.mp4');
    await pipeline(original.body, createWriteStream(input));
    const info = await probe(ctx, input);
    const out = join(work, 'out');
    await mkdir(out);
    // ffmpeg reports out_time_us as it goes
    const onLine = (line: string) => {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && info.duration > 0) {
        const done = Number(match[1]) / 1e6 / info.duration;
        onProgress(Math.min(90, Math.max(0, Math.round(done * 90))));
      }
    };
    await run(ctx.ffmpeg!, hlsArguments(input, info), onLine, out);
    await run(ctx.ffmpeg!, [
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-ss',
      String(Math.min(1, info.duration / 2)),
      '-i',
      input,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      join(out, 'poster.jpg'),
    ]);
    onProgress(90);
    const names = uploadOrder(await readdir(out));
    await createCollectionFolder(ctx, contentId);
    const result = await uploadCollectionFiles(ctx, contentId, partsOf(out, names));
    return result.files;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
