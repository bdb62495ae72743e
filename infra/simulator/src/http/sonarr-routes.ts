/**
 * Sonarr v3-shaped API: the series list (streamed, one call), episodes and episode files per
 * series, monitoring, deletes. Season statistics are computed from the episodes on demand.
 */
import { Router } from 'express';
import { arrCommonRoutes } from './arr-common';
import { sendJson, streamJsonArray } from './respond';
import { episodeDto, episodeFileDto, seriesDto, type Dto } from './sonarr-dto';
import type { Sim } from './sim';

function seriesIndex(sim: Sim, id: unknown): number | null {
  const index = Number(id) - 1;
  return Number.isInteger(index) &&
    index >= 0 &&
    index < sim.state.options.series &&
    sim.state.seriesInSonarr(index)
    ? index
    : null;
}

function deleteEpisodeFile(sim: Sim, fileId: number): boolean {
  const index = sim.state.episodeOfFile(fileId);
  if (index === null) return false;
  sim.state.touchEpisode(index).file = null;
  return true;
}

export function sonarrRoutes(sim: Sim): Router {
  const router = Router();
  const { state } = sim;
  const notFound = { message: 'NotFound' };
  router.use(arrCommonRoutes(sim, 'sonarr'));
  router.get('/api/v3/series', (_req, res, next) => {
    const live = state.sonarrSeries;
    streamJsonArray(res, sim, 'sonarr', live.length, (p) => seriesDto(sim, live.at(p))).catch(next);
  });
  router.get('/api/v3/series/:id', (req, res) => {
    const index = seriesIndex(sim, req.params.id);
    if (index === null) return void res.status(404).json(notFound);
    sendJson(res, sim, 'sonarr', seriesDto(sim, index));
  });
  // Before /series/:id, which would otherwise take 'editor' for an id.
  router.put('/api/v3/series/editor', (req, res) => {
    const body = (req.body ?? {}) as {
      seriesIds?: number[];
      monitored?: boolean;
      tags?: number[];
      applyTags?: string;
    };
    for (const id of body.seriesIds ?? []) {
      const index = seriesIndex(sim, id);
      if (index === null) continue;
      const override = state.touchSeries(index);
      if (typeof body.monitored === 'boolean') override.monitored = body.monitored;
      const tags = override.tags ?? [];
      if (body.tags && body.applyTags === 'add')
        override.tags = [...new Set([...tags, ...body.tags])];
      if (body.tags && body.applyTags === 'remove')
        override.tags = tags.filter((t) => !body.tags?.includes(t));
    }
    res.status(202).json([]);
  });
  router.put('/api/v3/series/:id', (req, res) => {
    const index = seriesIndex(sim, req.params.id);
    if (index === null) return void res.status(404).json(notFound);
    const body = (req.body ?? {}) as {
      monitored?: boolean;
      seasons?: { seasonNumber: number; monitored: boolean }[];
    };
    const override = state.touchSeries(index);
    if (typeof body.monitored === 'boolean') override.monitored = body.monitored;
    override.seasonMonitored = Object.fromEntries(
      (body.seasons ?? []).map((s) => [s.seasonNumber, s.monitored]),
    );
    res.status(202);
    sendJson(res, sim, 'sonarr', seriesDto(sim, index));
  });
  router.delete('/api/v3/series/:id', (req, res) => {
    const index = seriesIndex(sim, req.params.id);
    if (index === null) return void res.status(404).json(notFound);
    const override = state.touchSeries(index);
    override.arrRemoved = true;
    if (req.query.deleteFiles === 'true') override.filesDeleted = true;
    state.changed();
    res.status(200).json({});
  });
  router.get('/api/v3/episode', (req, res) => {
    const index = seriesIndex(sim, req.query.seriesId);
    if (index === null) return void sendJson(res, sim, 'sonarr', []);
    const first = state.catalog.firstEpisode(index);
    const withFile = req.query.includeEpisodeFile === 'true';
    const episodes = Array.from({ length: state.catalog.episodesPerSeries }, (_, i) =>
      episodeDto(sim, first + i, withFile),
    );
    sendJson(res, sim, 'sonarr', episodes);
  });
  router.put('/api/v3/episode/monitor', (req, res) => {
    const body = (req.body ?? {}) as { episodeIds?: number[]; monitored?: boolean };
    for (const id of body.episodeIds ?? []) {
      if (id >= 1 && id <= state.catalog.baseEpisodes)
        state.touchEpisode(id - 1).monitored = body.monitored === true;
    }
    res.status(202).json([]);
  });
  router.get('/api/v3/episodefile', (req, res) => {
    const index = seriesIndex(sim, req.query.seriesId);
    const files: Dto[] = [];
    if (index !== null) {
      const first = state.catalog.firstEpisode(index);
      for (let e = first; e < first + state.catalog.episodesPerSeries; e++) {
        const file = state.episodeFile(e);
        if (file) files.push(episodeFileDto(sim, e, file));
      }
    }
    sendJson(res, sim, 'sonarr', files);
  });
  router.get('/api/v3/episodefile/:id', (req, res) => {
    const index = state.episodeOfFile(Number(req.params.id));
    const file = index === null ? null : state.episodeFile(index);
    if (index === null || !file) return void res.status(404).json(notFound);
    sendJson(res, sim, 'sonarr', episodeFileDto(sim, index, file));
  });
  router.delete('/api/v3/episodefile/bulk', (req, res) => {
    const ids = ((req.body ?? {}) as { episodeFileIds?: number[] }).episodeFileIds ?? [];
    ids.forEach((id) => deleteEpisodeFile(sim, id));
    state.changed();
    res.status(200).json({});
  });
  router.delete('/api/v3/episodefile/:id', (req, res) => {
    const deleted = deleteEpisodeFile(sim, Number(req.params.id));
    state.changed();
    if (!deleted) return void res.status(404).json(notFound);
    res.status(200).json({});
  });
  return router;
}
