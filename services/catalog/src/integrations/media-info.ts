/**
 * Normalization of technical file facts (domain.md §2.9.3) so that rules see the same values
 * whichever server reported the file.
 */
import type { Events } from '@mcs/contracts';

/** The normalized values the facts events carry (null stands for unknown there). */
export type Resolution = NonNullable<Events.components['schemas']['Resolution']>;
export type VideoCodec = NonNullable<Events.components['schemas']['VideoCodec']>;

/** Width decides (letterboxed films have small heights); height only when width is unknown. */
export function resolutionOf(width: number | null, height: number | null): Resolution | null {
  if (width !== null && width > 0) {
    if (width >= 6000) return '4320p';
    if (width >= 3200) return '2160p';
    if (width >= 1800) return '1080p';
    if (width >= 1200) return '720p';
    return 'sd';
  }
  if (height !== null && height > 0) {
    if (height >= 3000) return '4320p';
    if (height >= 1800) return '2160p';
    if (height >= 1000) return '1080p';
    if (height >= 700) return '720p';
    return 'sd';
  }
  return null;
}

const CODECS: Record<string, VideoCodec> = {
  avc: 'h264',
  avc1: 'h264',
  h264: 'h264',
  x264: 'h264',
  hevc: 'hevc',
  h265: 'hevc',
  x265: 'hevc',
  hvc1: 'hevc',
  hev1: 'hevc',
  av1: 'av1',
  vp9: 'vp9',
  mpeg2video: 'mpeg2',
  mpeg2: 'mpeg2',
  mpeg4: 'mpeg4',
  xvid: 'mpeg4',
  divx: 'mpeg4',
  vc1: 'vc1',
  wvc1: 'vc1',
};

export function videoCodecOf(codec: string | null): VideoCodec | null {
  if (codec === null || codec.trim() === '') return null;
  const key = codec
    .trim()
    .toLowerCase()
    .replace(/[\s.-]/g, '');
  return CODECS[key] ?? 'other';
}

export interface DynamicRange {
  hdr: boolean | null;
  dolbyVision: boolean | null;
}

const UNKNOWN_RANGE: DynamicRange = { hdr: null, dolbyVision: null };

/**
 * Jellyfin/Emby `VideoRangeType` (`SDR`, `HDR10`, `HDR10Plus`, `HLG`, `DOVI`,
 * `DOVIWithHDR10`, …) or, on older servers, only `VideoRange` (`SDR`/`HDR`).
 */
export function rangeFromJellyfin(range: string | null, rangeType: string | null): DynamicRange {
  const type = (rangeType ?? '').toUpperCase();
  if (type !== '' && type !== 'UNKNOWN') {
    const dolbyVision = type.startsWith('DOVI');
    return { hdr: type !== 'SDR', dolbyVision };
  }
  const basic = (range ?? '').toUpperCase();
  if (basic === 'SDR') return { hdr: false, dolbyVision: false };
  if (basic === 'HDR') return { hdr: true, dolbyVision: null };
  return UNKNOWN_RANGE;
}

/** Radarr/Sonarr `mediaInfo.videoDynamicRangeType`: `""`, `HDR10`, `HDR10Plus`, `HLG`, `DV`, `DV HDR10`, … */
export function rangeFromArr(rangeType: string | null): DynamicRange {
  if (rangeType === null) return UNKNOWN_RANGE;
  const tokens = rangeType
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const dolbyVision = tokens.includes('DV');
  const hdr = dolbyVision || tokens.some((t) => t === 'HDR10' || t === 'HDR10PLUS' || t === 'HLG');
  return { hdr, dolbyVision };
}

/** Plex video stream: `colorTrc` smpte2084 (HDR10) or arib-std-b67 (HLG), `DOVIPresent`. */
export function rangeFromPlex(colorTrc: string | null, doviPresent: boolean | null): DynamicRange {
  if (colorTrc === null && doviPresent === null) return UNKNOWN_RANGE;
  const dolbyVision = doviPresent === true;
  const trc = (colorTrc ?? '').toLowerCase();
  return { hdr: dolbyVision || trc === 'smpte2084' || trc === 'arib-std-b67', dolbyVision };
}

/** `1920x1080` (Radarr/Sonarr mediaInfo.resolution) → width and height. */
export function parseDimensions(text: string | null): {
  width: number | null;
  height: number | null;
} {
  const match = text === null ? null : /^(\d+)x(\d+)$/.exec(text.trim());
  return match
    ? { width: Number(match[1]), height: Number(match[2]) }
    : { width: null, height: null };
}

/** Last path segment for either separator: Windows servers report `D:\Movies\…`. */
export function fileNameOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut >= 0 ? path.slice(cut + 1) : path;
}
