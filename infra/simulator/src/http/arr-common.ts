/** What Radarr and Sonarr share: status, tags, disk space, commands, mediaInfo. */
import { Router } from 'express';
import type { FileFacts } from '../library/catalog';
import { sendJson } from './respond';
import type { Sim } from './sim';

type ArrSystem = 'radarr' | 'sonarr';

const TOTAL_SPACE = 64 * 1024 ** 4;
const BASE_FREE = 9 * 1024 ** 4;

const ARR_CODECS: Record<string, string> = {
  h264: 'x264',
  hevc: 'x265',
  av1: 'AV1',
  mpeg4: 'XviD',
};
const ARR_RANGES: Record<FileFacts['rangeType'], string> = {
  SDR: '',
  HDR10: 'HDR10',
  DOVIWithHDR10: 'DV HDR10',
};

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function mediaInfo(facts: FileFacts): Record<string, unknown> {
  const minutes = Math.round(facts.durationMs / 60_000);
  return {
    audioBitrate: 640000,
    audioChannels: 5.1,
    audioCodec: 'EAC3',
    audioLanguages: 'eng',
    videoBitDepth: facts.rangeType === 'SDR' ? 8 : 10,
    videoBitrate: facts.bitrateKbps * 1000,
    videoCodec: ARR_CODECS[facts.codec] ?? facts.codec,
    videoFps: 23.976,
    videoDynamicRange: facts.rangeType === 'SDR' ? '' : 'HDR',
    videoDynamicRangeType: ARR_RANGES[facts.rangeType],
    resolution: `${facts.width}x${facts.height}`,
    runTime: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:00`,
    scanType: 'Progressive',
    subtitles: 'eng',
  };
}

export function quality(facts: FileFacts): Record<string, unknown> {
  const resolution = { sd: 480, '720p': 720, '1080p': 1080, '2160p': 2160 }[facts.quality];
  return {
    quality: {
      id: resolution,
      name: `Bluray-${facts.quality === 'sd' ? '480p' : facts.quality}`,
      source: 'bluray',
      resolution,
    },
    revision: { version: 1, real: 0, isRepack: false },
  };
}

export function arrCommonRoutes(sim: Sim, system: ArrSystem): Router {
  const router = Router();
  const appName = system === 'radarr' ? 'Radarr' : 'Sonarr';
  router.get('/api/v3/system/status', (_req, res) =>
    sendJson(res, sim, system, {
      appName,
      instanceName: appName,
      version: system === 'radarr' ? '5.14.0.9383' : '4.0.11.2680',
      isLinux: true,
      authentication: 'forms',
      urlBase: '',
    }),
  );
  router.get('/api/v3/tag', (_req, res) => sendJson(res, sim, system, sim.tags[system]));
  router.post('/api/v3/tag', (req, res) => {
    const label = textOf((req.body as { label?: unknown } | undefined)?.label).toLowerCase();
    if (!label)
      return void res
        .status(400)
        .json([{ propertyName: 'Label', errorMessage: "'Label' must not be empty." }]);
    const existing = sim.tags[system].find((tag) => tag.label === label);
    const tag = existing ?? { id: Math.max(0, ...sim.tags[system].map((t) => t.id)) + 1, label };
    if (!existing) sim.tags[system].push(tag);
    res.status(201);
    sendJson(res, sim, system, tag);
  });
  router.get('/api/v3/diskspace', (_req, res) =>
    sendJson(res, sim, system, [
      {
        path: '/media',
        label: 'media',
        freeSpace: BASE_FREE + sim.freedBytes[system],
        totalSpace: TOTAL_SPACE,
      },
    ]),
  );
  router.post('/api/v3/command', (req, res) => {
    const name = textOf((req.body as { name?: unknown } | undefined)?.name);
    res.status(201);
    sendJson(res, sim, system, {
      id: Date.now() % 100000,
      name,
      commandName: name,
      status: 'queued',
      queued: new Date().toISOString(),
    });
  });
  return router;
}
