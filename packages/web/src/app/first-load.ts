import { createQuerySerializer } from 'openapi-fetch';
import { FILTER_DEFAULTS, listQuery } from '../features/candidates/list-query.ts';

/**
 * What a first visit to the screens most visits open needs at once (decision 030): the screen's
 * code and, for a browser with a session, the reads its route loader starts. The build writes
 * this into dist/first-load.json (vite.config.ts) and the gateway turns it into preload links
 * in index.html, so the browser fetches both while the app's own code loads instead of after
 * it. A preload is used only by a request for the same URL, so each read is written as
 * openapi-fetch writes it (first-load.test.ts holds the loaders to them), relative to the
 * page's <base href>. Pure data: vite.config.ts imports it at build time.
 */
export const FIRST_LOAD: Record<string, { screen: string; reads: string[] }> = {
  '/': { screen: 'src/features/dashboard/DashboardPage.tsx', reads: ['api/dashboard'] },
  '/candidates': {
    screen: 'src/features/candidates/CandidatesPage.tsx',
    reads: [`api/media/candidates?${createQuerySerializer()(listQuery(FILTER_DEFAULTS))}`],
  },
};
