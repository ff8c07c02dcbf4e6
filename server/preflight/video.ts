import { open } from 'node:fs/promises';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import {
  byteSize,
  type FileFormat,
  FORMAT_LABELS,
  formatsInWords,
  frameRate,
  listOr,
  pixelSize,
  type VideoRequirements,
} from '../../contract/specRequirements';
import { type Check, failed, passed, Refused, warning } from './words';

/** Small enough that boxes of a few bytes each cannot pile up far between two counts. */
const CHUNK = 1024 * 1024;
/** A frame rate within a hundredth of a frame per second of one listed is that rate (29.97 is 30000/1001, not 30). */
const FPS_SLACK = 0.01;

/** A video mp4box could not read: no movie header, or not an MP4 or QuickTime file inside. */
export class UnreadableVideo extends Error {}

/**
 * What mp4box may be given before it finds the movie header: it keeps what it is given until a box is
 * whole, so a box declaring 400 MB would have it keep 400 MB. A spot's header is well under 1 MB; the
 * media data it skips is not given to it.
 */
export const MOVIE_HEADER_BYTES = 32 * 1024 * 1024;

/**
 * Boxes at the top of the file, each of which mp4box keeps as an object: a spot has a handful, a
 * fragmented one a few hundred; a file of eight-byte boxes would fill the heap with millions.
 */
export const MAX_TOP_BOXES = 10_000;

/**
 * The movie's header, read a chunk at a time until mp4box has it: a 500 MB file is never read whole
 * (a header at the end, as some exporters write it, means reading up to it, skipping the media data).
 */
export async function readMovie(path: string): Promise<Movie> {
  const handle = await open(path, 'r');
  try {
    const file = createFile();
    let movie: Movie | null = null;
    let error: string | null = null;
    file.onReady = (info) => {
      movie = info;
    };
    file.onError = (_module, message) => {
      error = message;
    };
    let position = 0;
    let given = 0;
    for (;;) {
      if (given >= MOVIE_HEADER_BYTES)
        throw new Refused(
          'movie header',
          `No movie header in the first ${byteSize(MOVIE_HEADER_BYTES)} of its boxes: export the video again with the header at the start (fast start).`,
        );
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(CHUNK), 0, CHUNK, position);
      if (bytesRead === 0) break;
      given += bytesRead;
      const slice = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead);
      const next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(slice, position));
      if (movie || error) break;
      if (file.boxes.length > MAX_TOP_BOXES)
        throw new Refused(
          'movie header',
          `More than ${MAX_TOP_BOXES.toLocaleString('en-US')} boxes before the movie header; a video has a few hundred at most: export it again.`,
        );
      // mp4box says where it wants to read next (it may skip a large mdat box).
      position = typeof next === 'number' && next > position ? next : position + bytesRead;
    }
    file.flush();
    if (!movie) throw new UnreadableVideo(error ?? 'No movie header.');
    return movie;
  } finally {
    await handle.close();
  }
}

const seconds = (value: number) => `${Number(value.toFixed(2))} s`;

/** An MP4 or QuickTime video: container, codec, frame size, frame rate, length, sound, file size. */
export function videoChecks(
  movie: Movie,
  format: FileFormat,
  size: number,
  video: VideoRequirements,
): Check[] {
  const checks: Check[] = [];
  const label = FORMAT_LABELS[format];
  checks.push(
    video.formats.includes(format)
      ? passed('container', `${label} file.`)
      : failed(
          'container',
          `${label} is not taken for this placement: export ${formatsInWords(video.formats)} instead.`,
        ),
  );
  const track = movie.videoTracks[0];
  if (!track) {
    checks.push(failed('video track', 'The file has no video track: export the video again.'));
    return checks;
  }
  const fourcc = track.codec.slice(0, 4);
  const codec = video.codecs.find((c) => c.fourcc === fourcc);
  const wanted = listOr(video.codecs.map((c) => c.label));
  checks.push(
    codec
      ? passed('codec', `${codec.label} video.`)
      : failed(
          'codec',
          `The video is encoded as ${fourcc}; this placement takes ${wanted}: export it again as ${video.codecs[0]?.label ?? wanted}.`,
        ),
  );
  const frame = {
    width: track.video?.width ?? track.track_width,
    height: track.video?.height ?? track.track_height,
  };
  const frameFits = video.frames.some((f) => f.width === frame.width && f.height === frame.height);
  checks.push(
    frameFits
      ? passed('frame size', `${pixelSize(frame)} frame.`)
      : failed(
          'frame size',
          `${pixelSize(frame)} frame; this placement takes ${listOr(video.frames.map(pixelSize))}: export at ${pixelSize(video.frames[0] ?? frame)}.`,
        ),
  );
  const length = track.duration / track.timescale || movie.duration / movie.timescale;
  const fps = length > 0 ? track.nb_samples / length : 0;
  const rateFits = video.frameRates.some((rate) => Math.abs(rate - fps) <= FPS_SLACK);
  checks.push(
    rateFits
      ? passed('frame rate', `${frameRate(fps)} frames per second.`)
      : failed(
          'frame rate',
          `${frameRate(fps)} frames per second; this placement takes ${listOr(video.frameRates.map(frameRate))}: export at ${frameRate(video.frameRates[0] ?? fps)} fps.`,
        ),
  );
  const target = video.lengths.reduce(
    (best, l) => (Math.abs(l - length) < Math.abs(best - length) ? l : best),
    video.lengths[0] ?? 0,
  );
  checks.push(
    Math.abs(length - target) <= video.lengthTolerance
      ? passed('length', `${seconds(length)}, a ${target}-second spot.`)
      : failed(
          'length',
          `${seconds(length)} long; this placement takes ${listOr(video.lengths.map((l) => `${l}`))} seconds (within ${video.lengthTolerance} s): cut it to ${target} seconds.`,
        ),
  );
  const sound = movie.audioTracks.length > 0;
  if (video.audio === 'required')
    checks.push(
      sound
        ? passed('sound', 'It has a sound track.')
        : failed(
            'sound',
            'There is no sound track; this placement needs one: add the sound and export again.',
          ),
    );
  else if (video.audio === 'none')
    checks.push(
      sound
        ? warning(
            'sound',
            'It has a sound track, but these screens play silently: make sure the ad works without it.',
          )
        : passed('sound', 'No sound track, as these screens play silently.'),
    );
  checks.push(
    size <= video.maxBytes
      ? passed('file size', `${byteSize(size)}, within the ${byteSize(video.maxBytes)} limit.`)
      : failed(
          'file size',
          `${byteSize(size)}; the limit is ${byteSize(video.maxBytes)}: export at a lower bitrate.`,
        ),
  );
  return checks;
}
